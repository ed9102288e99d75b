package journal

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/internal/strictjson"
)

// DefaultPruneBatch is how many records one pruning transaction deletes when
// Options.PruneBatch is 0; appends wait at most for one such transaction.
const DefaultPruneBatch = 200

// Checkpoint is the payload of a KindPrune record: Prune may delete the records up to and
// including ThroughSeq, whose hash was ThroughHash.
type Checkpoint struct {
	ThroughSeq  int64     `json:"through_seq"`
	ThroughHash Hash      `json:"through_hash"`
	OlderThan   time.Time `json:"older_than"` // the retention cut-off the prune applied
}

// DecodeCheckpoint parses the payload of a KindPrune record, strictly.
func DecodeCheckpoint(payload []byte) (Checkpoint, error) {
	var cp Checkpoint
	if err := strictjson.Decode(payload, &cp); err != nil {
		return Checkpoint{}, fmt.Errorf("decode prune checkpoint: %w", err)
	}
	if cp.ThroughSeq <= 0 {
		return Checkpoint{}, fmt.Errorf("decode prune checkpoint: through_seq %d is not a record", cp.ThroughSeq)
	}
	return cp, nil
}

// PruneResult says what one Prune did.
type PruneResult struct {
	ThroughSeq int64 // records up to this seq are now gone (0: nothing to prune)
	Deleted    int64 // records deleted by this call
	Checkpoint int64 // seq of the checkpoint record it appended (0: none)
}

// Prune deletes whole shoes all of whose records are older than olderThan, from the front of
// the journal. It never deletes the newest shoe (the one the head record belongs to) nor,
// with Options.KeepUnpublished, records the pit bus has not acknowledged. It first appends a
// checkpoint record (time now) authorising the deletion, then deletes in transactions of
// Options.PruneBatch records, letting appends run between them, so it can run in its own
// goroutine beside the event loop. When ctx is cancelled it stops between transactions; a
// later Prune finishes the job. Verify stays valid at every step (see the package doc).
func (j *Journal) Prune(ctx context.Context, olderThan, now time.Time) (PruneResult, error) {
	through, res, err := j.beginPrune(ctx, olderThan, now)
	if err != nil || res.Checkpoint == 0 {
		return res, err
	}
	batch := int64(j.opts.PruneBatch)
	if batch <= 0 {
		batch = DefaultPruneBatch
	}
	for {
		if err := ctx.Err(); err != nil {
			return res, fmt.Errorf("prune journal %s: stopped at record %d of %d: %w", j.path, res.ThroughSeq, through, err)
		}
		done, err := j.pruneBatch(ctx, through, batch, &res)
		if err != nil || done {
			return res, err
		}
	}
}

// beginPrune finds how far Prune may go and, when there is anything to delete, appends the
// checkpoint record authorising it (res.Checkpoint is then its seq).
func (j *Journal) beginPrune(ctx context.Context, olderThan, now time.Time) (through int64, res PruneResult, err error) {
	what := "prune journal " + j.path
	through, err = j.pruneLimit(ctx, olderThan)
	if err != nil {
		return 0, res, err
	}
	a, err := j.anchor(ctx, j.db)
	if err != nil {
		return 0, res, err
	}
	res.ThroughSeq = a.seq
	if through <= a.seq {
		return through, res, nil
	}
	var h []byte
	if err := j.db.QueryRowContext(ctx, "SELECT hash FROM records WHERE seq = ?", through).Scan(&h); err != nil {
		return 0, res, classify(what, err)
	}
	cp := Checkpoint{ThroughSeq: through, OlderThan: olderThan.UTC()}
	copy(cp.ThroughHash[:], h)
	payload, err := json.Marshal(cp)
	if err != nil {
		return 0, res, fmt.Errorf("%s: encode checkpoint: %w", what, err)
	}
	err = j.appendCheckpoint(ctx, payload, now, &res)
	return through, res, err
}

// pruneLimit returns the last seq Prune may delete: the end of the newest shoe all of whose
// records are older than olderThan and that is followed by another record (0: none).
func (j *Journal) pruneLimit(ctx context.Context, olderThan time.Time) (int64, error) {
	what := "prune journal " + j.path
	var firstNew sql.NullInt64
	if err := j.db.QueryRowContext(ctx, "SELECT min(seq) FROM records WHERE time_ns >= ?", olderThan.UnixNano()).Scan(&firstNew); err != nil {
		return 0, classify(what, err)
	}
	limit := int64(1) << 62
	if firstNew.Valid {
		limit = firstNew.Int64
	}
	if j.opts.KeepUnpublished {
		p, err := j.Published()
		if err != nil {
			return 0, err
		}
		limit = min(limit, p+1)
	}
	var through int64
	err := j.db.QueryRowContext(ctx, `SELECT a.seq FROM records a JOIN records b ON b.seq = a.seq + 1
		WHERE a.seq < ? AND a.shoe <> b.shoe ORDER BY a.seq DESC LIMIT 1`, limit).Scan(&through)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, classify(what, err)
	}
	return through, nil
}

// appendCheckpoint appends the KindPrune record, with the table id and shoe of the head record.
func (j *Journal) appendCheckpoint(ctx context.Context, payload []byte, now time.Time, res *PruneResult) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	rec := Record{Time: now.UTC(), Table: j.opts.Table, Kind: KindPrune, Source: SourceJournal, Payload: payload}
	var table string
	err := j.db.QueryRowContext(ctx, "SELECT table_id, shoe FROM records WHERE seq = ?", j.head.seq).Scan(&table, &rec.Shoe)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return classify("prune journal "+j.path+": read head", err)
	}
	if rec.Table == "" {
		rec.Table = table
	}
	if err := rec.validate(); err != nil {
		return fmt.Errorf("prune journal %s: checkpoint: %w", j.path, err)
	}
	recs := []Record{rec}
	if err := j.appendLocked(ctx, recs, nil); err != nil {
		return err
	}
	res.Checkpoint = recs[0].Seq
	return nil
}

// pruneBatch deletes the next batch of at most n records up to through in one transaction
// and moves the anchor; done is true when the anchor has reached through.
func (j *Journal) pruneBatch(ctx context.Context, through, n int64, res *PruneResult) (done bool, err error) {
	what := "prune journal " + j.path
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		return false, fmt.Errorf("%s: %w", what, ErrClosed)
	}
	tx, err := j.db.BeginTx(ctx, nil)
	if err != nil {
		return false, classify(what, err)
	}
	defer tx.Rollback() //nolint:errcheck // after Commit this is a no-op
	a, err := j.anchor(ctx, tx)
	if err != nil {
		return false, err
	}
	res.ThroughSeq = a.seq
	if a.seq >= through {
		return true, nil
	}
	hi := min(a.seq+n, through)
	var h []byte
	if err := tx.QueryRowContext(ctx, "SELECT hash FROM records WHERE seq = ?", hi).Scan(&h); err != nil {
		return false, classify(fmt.Sprintf("%s: read record %d", what, hi), err)
	}
	r, err := tx.ExecContext(ctx, "DELETE FROM records WHERE seq <= ?", hi)
	if err != nil {
		return false, classify(what, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO anchor (id, through_seq, through_hash) VALUES (1, ?, ?)
		ON CONFLICT(id) DO UPDATE SET through_seq = excluded.through_seq, through_hash = excluded.through_hash`, hi, h); err != nil {
		return false, classify(what, err)
	}
	if err := tx.Commit(); err != nil {
		return false, classify(what+": commit", err)
	}
	deleted, _ := r.RowsAffected()
	res.Deleted += deleted
	res.ThroughSeq = hi
	return hi >= through, nil
}

// Retain prunes the journal each time a tick arrives: shoes older than keep before the tick's
// time go. It returns when ctx is cancelled or ticks is closed; report (if not nil) hears the
// outcome of every prune. Run it in its own goroutine, e.g.
//
//	go j.Retain(ctx, 90*24*time.Hour, time.NewTicker(time.Hour).C, logPrune)
func (j *Journal) Retain(ctx context.Context, keep time.Duration, ticks <-chan time.Time, report func(PruneResult, error)) {
	for {
		select {
		case <-ctx.Done():
			return
		case t, ok := <-ticks:
			if !ok {
				return
			}
			res, err := j.Prune(ctx, t.Add(-keep), t)
			if report != nil {
				report(res, err)
			}
		}
	}
}
