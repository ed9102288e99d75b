// Package serialin reads the smart shoe: the wire protocol decoders (CSP1 and vendor
// adapters), the serial and TCP port manager with its heartbeat watchdog and reconnect,
// and the shoe simulator used by the demo and the tests (spec/shoe-protocol.md).
//
// Decoders (CSP1, Cardline) turn bytes into Events in any chunking, hold at most one frame
// (MaxFrame bytes), do no I/O and never panic. Diagnostics (noise, corrupt, duplicate,
// conflict, gap, stale, misread) never change game state; only a KindCard (or a manual
// entry) moves a coup. Adapters are registered by name in a Registry value, and the
// configuration chooses one.
//
// The Manager opens a port by path, USB VID/PID or TCP address on its own goroutine, reads
// with a timeout, reports a silent line after 2.5 heartbeats, reconnects with backoff after
// an unplug, and delivers events and link changes (KindLink) in order on one channel for
// the app's event loop. Close never blocks the caller.
//
// Sim, with PTYLine or TCPLine, is a simulated shoe: a shoe script or random shuffled shoes
// dealt by the table of play, heartbeats, and line faults (noise, corruption, resends,
// gaps, a reboot, an unplug and replug). SimShoe runs one in the background for the demo.
package serialin
