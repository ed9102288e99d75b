// Package serialin reads the smart shoe: the wire protocol decoders (CSP1 and vendor
// adapters), the serial and TCP port manager with its heartbeat watchdog and reconnect,
// and the shoe simulator used by the demo and the tests (spec/shoe-protocol.md).
package serialin
