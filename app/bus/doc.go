// Package bus is the pit bus: tables publish their coups and state changes over NATS
// JetStream, and the pit board reads them.
//
// The table side is a Publisher that reads its table's journal through the Outbox interface
// (the journal is the outbox) and publishes every record on table.<id>.<type>, in order,
// waiting for JetStream's acknowledgement of each before marking it acknowledged. It runs in
// its own goroutine, never blocks the table's event loop, reconnects forever, and after an
// outage resends everything not yet acknowledged, so the board sees every record once.
//
// A message is bound to the table that sent it. Per-table credentials may publish only on
// table.<id>.> (the server refuses anything else); the board refuses a message whose body
// names another table or type than its subject (message.CheckSubject), and counts and shows
// it. No table's messages can make the stream drop another's: the stream does not
// de-duplicate by Nats-Msg-Id (one namespace for every table, so a table could claim another's
// ids from its own subject); instead each publish is conditional on the stream sequence of
// the table's own newest message (Nats-Expected-Last-Subject-Sequence on table.<id>.*), and
// after any doubt the publisher reads its newest message back from the stream, so a record
// whose acknowledgement was lost is found there, not stored twice. A stream that holds, on a
// table's subjects, a record its journal does not have stops that table's publisher
// (ErrStreamConflict) rather than mark anything published.
//
// The board side is a Subscriber: an ordered JetStream consumer over the TABLES stream from
// its first message (so a restarted board rebuilds its state) plus the tables' heartbeats.
// The stream keeps the current shoe of every table (and the one before): the Keeper, run
// where the stream is administered, purges a table's older shoes as new ones start.
//
// Server starts the embedded NATS server (JetStream on local disk) with per-table
// credentials that may publish only on their own subjects and read-only board credentials.
// With no credentials it starts only when an open bus is asked for (ServerConfig.Open), and
// says so (Server.Open).
// The JSON schema of the messages is in package message.
package bus
