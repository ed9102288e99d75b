package journal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

const insertRecord = `INSERT INTO records
	(seq, time_ns, table_id, kind, source, actor_role, actor_id, reason, shoe, payload, prev_hash, hash)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

// AppendBatch appends recs, in order, in one transaction and returns them with Seq, PrevHash
// and Hash filled in. When it returns nil the transaction is committed and synced to disk
// (WAL, synchronous=FULL): the records survive a crash or power cut. When it returns an error
// nothing was appended. Records are validated first; a bad one (ErrInvalidRecord) refuses the
// whole batch. Records without a Table get Options.Table. The caller's records are not modified.
func (j *Journal) AppendBatch(recs ...Record) ([]Record, error) {
	if len(recs) == 0 {
		return nil, nil
	}
	out, err := j.prepare(recs)
	if err != nil {
		return nil, err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if err := j.appendLocked(context.Background(), out, nil); err != nil {
		return nil, err
	}
	return out, nil
}

// AppendWith is AppendBatch for a batch that names its own first record: build is called once,
// with the journal locked (it must not use the journal), with the sequence number the batch's
// first record will get, and its records are appended as AppendBatch does. A pit command's
// answer names the command's record, and is written in the command's own transaction. An error
// from build appends nothing and is returned as it is.
func (j *Journal) AppendWith(build func(first int64) ([]Record, error)) ([]Record, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	recs, err := build(j.head.seq + 1)
	if err != nil || len(recs) == 0 {
		return nil, err
	}
	out, err := j.prepare(recs)
	if err != nil {
		return nil, err
	}
	if err := j.appendLocked(context.Background(), out, nil); err != nil {
		return nil, err
	}
	return out, nil
}

// prepare is a copy of recs to append: validated, with the table filled in and the time in UTC.
func (j *Journal) prepare(recs []Record) ([]Record, error) {
	out := make([]Record, len(recs))
	for i, r := range recs {
		if r.Table == "" {
			r.Table = j.opts.Table
		}
		r.Time = r.Time.UTC()
		if err := r.validate(); err != nil {
			return nil, fmt.Errorf("append to journal %s: record %d of %d: %w", j.path, i+1, len(recs), err)
		}
		r.Payload = append([]byte(nil), r.Payload...)
		out[i] = r
	}
	return out, nil
}

// appendLocked chains recs onto the head, writes them in one transaction (running extra in it
// too when not nil) and commits. j.mu must be held. On success it advances the head.
func (j *Journal) appendLocked(ctx context.Context, recs []Record, extra func(*sql.Tx) error) error {
	if j.closed {
		return fmt.Errorf("append to journal %s: %w", j.path, ErrClosed)
	}
	if j.opts.ReadOnly {
		return fmt.Errorf("append to journal %s: %w: opened with Options.ReadOnly", j.path, ErrReadOnly)
	}
	head := j.head
	for i := range recs {
		recs[i].Seq = head.seq + 1
		recs[i].PrevHash = head.hash
		recs[i].Hash = recs[i].ComputeHash()
		head = link{seq: recs[i].Seq, hash: recs[i].Hash}
	}
	return j.commitLocked(ctx, recs, extra)
}

// commitLocked writes recs, chained already, in one transaction (running extra in it too when
// not nil), commits, and makes the last one the head. j.mu must be held.
func (j *Journal) commitLocked(ctx context.Context, recs []Record, extra func(*sql.Tx) error) error {
	head := link{seq: recs[len(recs)-1].Seq, hash: recs[len(recs)-1].Hash}
	tx, err := j.db.BeginTx(ctx, nil)
	if err != nil {
		return classify("append to journal "+j.path+": begin", err)
	}
	committed := false
	defer func() {
		if !committed {
			tx.Rollback() //nolint:errcheck // the error that matters is already being returned
		}
	}()
	for i := range recs {
		r := &recs[i]
		payload := r.Payload
		if payload == nil {
			payload = []byte{}
		}
		if _, err := tx.ExecContext(ctx, insertRecord, r.Seq, r.Time.UnixNano(), r.Table, r.Kind, r.Source,
			r.Actor.Role, r.Actor.ID, r.Reason, r.Shoe, payload, r.PrevHash[:], r.Hash[:]); err != nil {
			return classify(fmt.Sprintf("append to journal %s: record seq %d (%s)", j.path, r.Seq, r.Kind), err)
		}
	}
	if extra != nil {
		if err := extra(tx); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return classify("append to journal "+j.path+": commit", err)
	}
	committed = true
	j.head = head
	j.writeHead()
	return nil
}

// writeHead records the new head in the head file (synced right after, off the append path).
// The records are committed already, so a failure here loses nothing: the journal is then
// ahead of the head file, which start-up accepts. The failure is kept (HeadError, and Close
// returns it) and the next commit tries again.
func (j *Journal) writeHead() {
	if j.headf == nil {
		return
	}
	j.headErr = j.headf.write(j.head.seq, j.head.hash)
}

// HeadError returns the last failure to write the head file, or nil once a write succeeds.
// While it is not nil, start-up cannot detect the loss of records committed since.
func (j *Journal) HeadError() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.headErr
}

// SetPublished records that the pit bus has acknowledged every record up to and including
// seq, so the journal serves as the publisher's outbox (see Unpublished). The marker only
// moves forward; seq beyond the head is refused.
func (j *Journal) SetPublished(seq int64) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		return fmt.Errorf("set published mark in %s: %w", j.path, ErrClosed)
	}
	if j.opts.ReadOnly {
		return fmt.Errorf("set published mark in %s: %w", j.path, ErrReadOnly)
	}
	if seq < 0 || seq > j.head.seq {
		return fmt.Errorf("set published mark in %s: seq %d is not in the journal (head %d)", j.path, seq, j.head.seq)
	}
	cur, err := j.Published()
	if err != nil {
		return err
	}
	if seq < cur {
		return fmt.Errorf("set published mark in %s: seq %d is before the current mark %d", j.path, seq, cur)
	}
	if seq == cur {
		return nil
	}
	_, err = j.db.Exec(`INSERT INTO published (id, seq) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET seq = excluded.seq`, seq)
	return classify(fmt.Sprintf("set published mark in %s to %d", j.path, seq), err)
}

// Published returns the seq up to which the pit bus has acknowledged records (0: none).
func (j *Journal) Published() (int64, error) {
	if j.empty {
		return 0, nil
	}
	var seq int64
	err := j.db.QueryRow("SELECT seq FROM published WHERE id = 1").Scan(&seq)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, classify("read published mark in "+j.path, err)
	}
	return seq, nil
}

// Unpublished returns up to limit records after the published mark, oldest first: what the
// pit publisher still has to send (limit <= 0: all of them).
func (j *Journal) Unpublished(limit int) ([]Record, error) {
	from, err := j.Published()
	if err != nil {
		return nil, err
	}
	var out []Record
	err = j.Scan(from+1, func(r Record) error {
		if limit > 0 && len(out) >= limit {
			return errStop
		}
		out = append(out, r)
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		return nil, err
	}
	return out, nil
}
