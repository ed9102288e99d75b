// Package journal is the table's crash-safe, hash-chained record of everything that happened:
// every input (decoded shoe event, manual entry, operator command with role and reason,
// configuration change) and the derived records (finished rounds, events) the app writes in
// the same transaction as the input that caused them.
//
// The journal is an embedded SQLite database (modernc.org/sqlite, pure Go) in WAL mode with
// synchronous=FULL: AppendBatch returns only after its transaction is on disk, so the app can
// draw or publish an input's effect after AppendBatch returns and never before
// (architecture.md, invariant 3). State is rebuilt by replaying the records with Scan.
//
// Every record carries the SHA-256 hash of the previous one, and its own hash covers its whole
// canonical encoding (see Record.ComputeHash), so a changed, deleted or inserted record breaks
// the chain; Verify walks it and names the first bad record.
//
// Pruning and the chain: Prune deletes whole old shoes from the front of the chain. Before it
// deletes anything it appends a chained checkpoint record (kind KindPrune) whose payload names
// the last record it may delete and that record's hash; each deleting transaction also moves the
// anchor (the last deleted seq and hash) forward. Verify then starts from the anchor: the first
// remaining record must follow it and chain to its hash, and some checkpoint still in the chain
// must authorise a prune at least that far. Deleting records beyond what a checkpoint authorises,
// or deleting the checkpoint, is detected like any other deletion.
//
// What a hash chain cannot detect on its own: someone with write access who rewrites a record
// and recomputes every later hash, or who deletes the newest records. Verify reports the head
// hash so that an auditor (or the pit bus, which sees every record) can keep it elsewhere and
// compare; the published marker (SetPublished) also exposes deletion of records the bus has seen.
//
// Damage at start-up: the newest records of a crashed table are in SQLite's write-ahead log, and
// SQLite silently reads a journal without them when the log is lost, damaged or cut, or the
// database file is cut. The head file (HeadSuffix) keeps the last committed seq and hash outside
// SQLite, so Open finds such a loss; it also checks the whole chain. A read-write Open refuses a
// damaged journal (DamageError) after copying its files, as they were before SQLite opened them,
// into a quarantine directory beside it; a foreign SQLite file is refused (ErrForeign).
//
// The journal does not know the game rules: payloads are JSON the app defines, except Round,
// the payload of "round" records that recall and export read. The payload of an input record
// (KindShoe, KindManual, KindOperator, KindConfig) has its own versioned schema, package
// app/journal/inputs.
package journal
