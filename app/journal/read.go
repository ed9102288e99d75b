package journal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"iter"
	"time"
)

// errStop ends a Scan early without an error reaching the caller.
var errStop = errors.New("stop scan")

const selectColumns = `SELECT seq, time_ns, table_id, kind, source, actor_role, actor_id, reason, shoe, payload, prev_hash, hash FROM records`

// queryer is what reads need: the database or a transaction.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// scanRecord reads one row of selectColumns.
func scanRecord(rows *sql.Rows) (Record, error) {
	var (
		r              Record
		ns             int64
		payload        []byte
		prev, hash     []byte
		role, id, reas string
	)
	if err := rows.Scan(&r.Seq, &ns, &r.Table, &r.Kind, &r.Source, &role, &id, &reas, &r.Shoe, &payload, &prev, &hash); err != nil {
		return Record{}, err
	}
	r.Time = time.Unix(0, ns).UTC()
	r.Actor = Actor{Role: role, ID: id}
	r.Reason = reas
	if len(payload) > 0 {
		r.Payload = payload
	}
	// A hash column of the wrong length (a damaged or edited file) is kept as far as it goes:
	// the record then fails Verify instead of stopping a replay.
	copy(r.PrevHash[:], prev)
	copy(r.Hash[:], hash)
	return r, nil
}

// each runs query on q and calls fn for every record it returns, in order, stopping at the
// first error (errStop stops quietly).
func each(ctx context.Context, q queryer, what string, fn func(Record) error, query string, args ...any) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return classify(what, err)
	}
	defer rows.Close()
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			return classify(what, err)
		}
		if err := fn(r); err != nil {
			if errors.Is(err, errStop) {
				return nil
			}
			return err
		}
	}
	return classify(what, rows.Err())
}

// Scan calls fn with every record whose seq is at least from, oldest first: this is how the
// app replays the journal through the engine on start-up. An error from fn stops the scan
// and is returned as is. Records appended while Scan runs may or may not be included.
func (j *Journal) Scan(from int64, fn func(Record) error) error {
	if j.empty {
		return nil
	}
	return each(context.Background(), j.db, fmt.Sprintf("scan journal %s from %d", j.path, from), fn,
		selectColumns+" WHERE seq >= ? ORDER BY seq", from)
}

// Records iterates over the records whose seq is at least from, oldest first; the iteration
// stops at the first error, which it yields with a zero Record.
func (j *Journal) Records(from int64) iter.Seq2[Record, error] {
	return func(yield func(Record, error) bool) {
		stopped := false
		err := j.Scan(from, func(r Record) error {
			if !yield(r, nil) {
				stopped = true
				return errStop
			}
			return nil
		})
		if err != nil && !stopped {
			yield(Record{}, err)
		}
	}
}

// Rounds returns the records of kind KindRound of shoe, oldest first (recall and export by shoe).
func (j *Journal) Rounds(shoe int64) ([]Record, error) {
	return j.collect(fmt.Sprintf("read rounds of shoe %d from %s", shoe, j.path),
		selectColumns+" WHERE kind = ? AND shoe = ? ORDER BY seq", KindRound, shoe)
}

// RoundsBetween returns the records of kind KindRound whose time is in [from, to), oldest
// first (export by date: from is the day's midnight, to the next day's).
func (j *Journal) RoundsBetween(from, to time.Time) ([]Record, error) {
	return j.KindBetween(KindRound, from, to)
}

// KindBetween returns the records of kind whose time is in [from, to), oldest first.
func (j *Journal) KindBetween(kind string, from, to time.Time) ([]Record, error) {
	return j.collect(fmt.Sprintf("read %s records from %s to %s from %s", kind, from.Format(time.RFC3339), to.Format(time.RFC3339), j.path),
		selectColumns+" WHERE kind = ? AND time_ns >= ? AND time_ns < ? ORDER BY seq", kind, from.UnixNano(), to.UnixNano())
}

// OfKind calls fn with every record of kind, oldest first (the PIN lockout replays the
// KindAccess records at start-up); an error from fn stops it and is returned as is.
func (j *Journal) OfKind(kind string, fn func(Record) error) error {
	return each(context.Background(), j.db, fmt.Sprintf("read %s records from %s", kind, j.path), fn,
		selectColumns+" WHERE kind = ? ORDER BY seq", kind)
}

// ShoeRecords returns every record of shoe, oldest first.
func (j *Journal) ShoeRecords(shoe int64) ([]Record, error) {
	return j.collect(fmt.Sprintf("read shoe %d from %s", shoe, j.path),
		selectColumns+" WHERE shoe = ? ORDER BY seq", shoe)
}

// collect runs a query and returns all the records it yields.
func (j *Journal) collect(what, query string, args ...any) ([]Record, error) {
	if j.empty {
		return nil, nil
	}
	var out []Record
	err := each(context.Background(), j.db, what, func(r Record) error {
		out = append(out, r)
		return nil
	}, query, args...)
	if err != nil {
		return nil, err
	}
	return out, nil
}
