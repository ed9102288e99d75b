package journal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// BadRecord names the first record where the chain is broken and says what is wrong.
type BadRecord struct {
	Seq     int64  `json:"seq"`
	Problem string `json:"problem"`
}

// String formats the bad record for a person: "record 17: …".
func (b *BadRecord) String() string { return fmt.Sprintf("record %d: %s", b.Seq, b.Problem) }

// VerifyResult is what Verify found.
type VerifyResult struct {
	Records       int64      `json:"records"`        // records checked
	FirstSeq      int64      `json:"first_seq"`      // first record checked (0: none)
	LastSeq       int64      `json:"last_seq"`       // last record checked (0: none)
	Head          Hash       `json:"head"`           // hash of the last good record: keep it to detect later rewrites
	PrunedThrough int64      `json:"pruned_through"` // records up to this seq were pruned under a checkpoint
	Bad           *BadRecord `json:"bad,omitempty"`  // the first bad record, nil when the chain is intact
	// Losses are the losses of committed records a supervisor accepted (KindLossAccepted
	// records): the chain jumps over them by the record's authority, and says so.
	Losses []AcceptedLoss `json:"losses_accepted,omitempty"`
}

// OK reports whether the chain is intact.
func (v VerifyResult) OK() bool { return v.Bad == nil }

// Verify checks the whole chain in one read transaction: every record's hash matches its
// contents, every record carries the previous record's hash, seqs have no gaps, the first
// record follows the prune anchor and a prune checkpoint authorises what was pruned, and no
// record the pit bus acknowledged is missing. It stops at the first bad record. An error is
// returned only when the database cannot be read.
func (j *Journal) Verify() (VerifyResult, error) {
	if j.empty {
		return VerifyResult{}, nil
	}
	return j.verifyFrom(context.Background(), 0)
}

// anchor reads the prune anchor: the last pruned seq and its hash (zero when nothing was pruned).
func (j *Journal) anchor(ctx context.Context, q queryer) (link, error) {
	var (
		a link
		h []byte
	)
	err := q.QueryRowContext(ctx, "SELECT through_seq, through_hash FROM anchor WHERE id = 1").Scan(&a.seq, &h)
	if errors.Is(err, sql.ErrNoRows) {
		return link{}, nil
	}
	if err != nil {
		return link{}, classify("read prune anchor of "+j.path, err)
	}
	copy(a.hash[:], h)
	return a, nil
}

// verifyFrom checks the chain from record from to the head. When from is at or before the
// first record it checks the whole chain, the anchor and the prune authorisation; otherwise
// it takes the hash stored in record from-1 as given (the tail check on Open).
func (j *Journal) verifyFrom(ctx context.Context, from int64) (VerifyResult, error) {
	what := "verify journal " + j.path
	tx, err := j.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return VerifyResult{}, classify(what, err)
	}
	defer tx.Rollback() //nolint:errcheck // read-only
	a, err := j.anchor(ctx, tx)
	if err != nil {
		return VerifyResult{}, err
	}
	res := VerifyResult{PrunedThrough: a.seq}
	full := from <= a.seq+1
	expect, prev := a.seq+1, a.hash
	if !full {
		// No record before from (they were lost, and the loss accepted): check everything.
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM records WHERE seq < ?", from).Scan(&n); err != nil {
			return VerifyResult{}, classify(what, err)
		}
		full = n == 0
	}
	if full {
		from = 0 // read everything, so records at or below the anchor are seen too
	} else {
		// The record before from (not necessarily from-1: an accepted loss may lie between;
		// a record deleted there is found as a jump from it).
		var (
			h    []byte
			last int64
		)
		err := tx.QueryRowContext(ctx, "SELECT seq, hash FROM records WHERE seq < ? ORDER BY seq DESC LIMIT 1", from).Scan(&last, &h)
		if err != nil {
			return VerifyResult{}, classify(what, err)
		}
		expect, from = last+1, last+1
		copy(prev[:], h)
	}
	var authorised int64
	bad := func(seq int64, format string, args ...any) error {
		res.Bad = &BadRecord{Seq: seq, Problem: fmt.Sprintf(format, args...)}
		return errStop
	}
	err = each(ctx, tx, what, func(r Record) error {
		if r.Kind == KindLossAccepted {
			// The one record whose seq may jump: over the records it accepts as lost, which
			// must be exactly those between the record before it and itself.
			al, err := AcceptedLossOf(r)
			switch {
			case err != nil:
				return bad(r.Seq, "loss acceptance unreadable: %v", err)
			case r.Seq < expect:
			case al.FromSeq != expect || al.ThroughSeq != r.Seq-1:
				return bad(r.Seq, "accepts the loss of records %d to %d, but the chain goes from record %d to record %d", al.FromSeq, al.ThroughSeq, expect-1, r.Seq)
			case al.SurvivingHash != prev:
				return bad(r.Seq, "accepts a loss after record %d with hash %s, but that record's hash is %s", al.SurvivingSeq, al.SurvivingHash, prev)
			default:
				res.Losses = append(res.Losses, al)
				expect = r.Seq
			}
		}
		switch {
		case r.Seq < expect:
			return bad(r.Seq, "present although records up to %d were pruned (anchor edited or record inserted)", a.seq)
		case r.Seq > expect && expect == a.seq+1 && full:
			return bad(expect, "missing: the journal starts at record %d but should start at %d", r.Seq, expect)
		case r.Seq > expect:
			return bad(expect, "missing: the chain jumps from record %d to record %d (deleted)", expect-1, r.Seq)
		}
		if r.ComputeHash() != r.Hash {
			return bad(r.Seq, "contents do not match its hash (changed)")
		}
		if r.PrevHash != prev {
			if r.Seq == a.seq+1 && full {
				return bad(r.Seq, "does not chain to the prune anchor (record %d's hash)", a.seq)
			}
			return bad(r.Seq, "does not chain to record %d: its prev hash is not that record's hash (record %d changed and rehashed, or a record inserted or removed here)", r.Seq-1, r.Seq-1)
		}
		if r.Kind == KindPrune {
			cp, err := DecodeCheckpoint(r.Payload)
			switch {
			case err != nil:
				return bad(r.Seq, "prune checkpoint unreadable: %v", err)
			case cp.ThroughSeq >= r.Seq:
				return bad(r.Seq, "prune checkpoint authorises records up to %d, at or after itself", cp.ThroughSeq)
			case cp.ThroughSeq == a.seq && cp.ThroughHash != a.hash:
				return bad(r.Seq, "prune checkpoint's hash of record %d differs from the prune anchor", a.seq)
			}
			authorised = max(authorised, cp.ThroughSeq)
		}
		if res.FirstSeq == 0 {
			res.FirstSeq = r.Seq
		}
		res.LastSeq = r.Seq
		res.Records++
		prev = r.Hash
		expect = r.Seq + 1
		return nil
	}, selectColumns+" WHERE seq >= ? ORDER BY seq", from)
	if err != nil {
		return VerifyResult{}, err
	}
	res.Head = prev
	if res.Bad != nil || !full {
		return res, nil
	}
	if a.seq > authorised {
		res.Bad = &BadRecord{Seq: authorised + 1, Problem: fmt.Sprintf(
			"missing: records %d to %d were deleted and no prune checkpoint in the chain authorises it", authorised+1, a.seq)}
		return res, nil
	}
	var published int64
	err = tx.QueryRowContext(ctx, "SELECT seq FROM published WHERE id = 1").Scan(&published)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return VerifyResult{}, classify(what, err)
	}
	if last := expect - 1; published > last {
		res.Bad = &BadRecord{Seq: last + 1, Problem: fmt.Sprintf(
			"missing: records %d to %d were deleted; the pit bus had acknowledged them", last+1, published)}
	}
	return res, nil
}
