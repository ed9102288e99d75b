// Package bus is the pit bus: tables publish their coups and state changes over NATS
// JetStream, and the pit board reads them.
//
// The table side is a Publisher that reads its table's journal through the Outbox interface
// (the journal is the outbox) and publishes every record on table.<id>.<type> with
// Nats-Msg-Id "<id>:<seq>", in order, waiting for JetStream's acknowledgement of each before
// marking it acknowledged. It runs in its own goroutine, never blocks the table's event loop,
// reconnects forever, and after an outage resends everything not yet acknowledged, so the
// board sees every record once (duplicates are dropped by the stream and again by the board).
//
// The board side is a Subscriber: an ordered JetStream consumer over the TABLES stream from
// its first message (so a restarted board rebuilds its state) plus the tables' heartbeats.
// The stream keeps the current shoe of every table (and the one before): the Keeper, run
// where the stream is administered, purges a table's older shoes as new ones start.
//
// Server starts the embedded NATS server (JetStream on local disk) with per-table
// credentials that may publish only on their own subjects and read-only board credentials.
// The JSON schema of the messages is in package message.
package bus
