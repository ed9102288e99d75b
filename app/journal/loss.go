package journal

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/coupboard/coupboard/internal/strictjson"
)

// KindLossAccepted is the record of a supervisor accepting that committed records were lost
// from the end of the journal (payload: LossAccepted). It is the only record whose seq may
// jump: it takes the seq after the last one the head file says was committed, so the lost
// records' numbers are never used again (the pit bus saw them under those numbers), and it
// chains to the last record that survived.
const KindLossAccepted = "journal.loss_accepted"

// LossVersion is the version of the LossAccepted payload this package writes and reads.
const LossVersion = 1

// LossAccepted is the payload of a KindLossAccepted record: which committed records were
// lost, what the head file said, what survived, what Open found and where the damaged
// files were copied. Who accepted it and why are the record's actor and reason; when is its
// time.
type LossAccepted struct {
	V int `json:"v"`
	// FromSeq to ThroughSeq are the records lost (the head file's committed head is ThroughSeq).
	FromSeq    int64 `json:"from_seq"`
	ThroughSeq int64 `json:"through_seq"`
	// CommittedHash is the hash the head file recorded for record ThroughSeq.
	CommittedHash Hash `json:"committed_hash"`
	// SurvivingSeq and SurvivingHash are the last record that survived (0 and the zero hash:
	// none did); the acceptance chains to it.
	SurvivingSeq  int64 `json:"surviving_seq"`
	SurvivingHash Hash  `json:"surviving_hash"`
	// Found is what the start-up checks said (Startup.Missing).
	Found string `json:"found"`
	// Quarantine is the directory holding the journal's files as they were before SQLite
	// opened them: the evidence of what was lost.
	Quarantine string `json:"quarantine"`
}

// DecodeLossAccepted parses the payload of a KindLossAccepted record, strictly.
func DecodeLossAccepted(payload []byte) (LossAccepted, error) {
	var la LossAccepted
	if err := strictjson.Decode(payload, &la); err != nil {
		return LossAccepted{}, fmt.Errorf("decode loss acceptance: %w", err)
	}
	switch {
	case la.V != LossVersion:
		return LossAccepted{}, fmt.Errorf("decode loss acceptance: field \"v\": version %d, this program reads %d", la.V, LossVersion)
	case la.FromSeq < 1 || la.ThroughSeq < la.FromSeq:
		return LossAccepted{}, fmt.Errorf("decode loss acceptance: fields \"from_seq\", \"through_seq\": %d to %d is not a range of records", la.FromSeq, la.ThroughSeq)
	case la.SurvivingSeq != la.FromSeq-1:
		return LossAccepted{}, fmt.Errorf("decode loss acceptance: field \"surviving_seq\": %d does not come just before the lost record %d", la.SurvivingSeq, la.FromSeq)
	}
	return la, nil
}

// Lost is how many records were lost.
func (la LossAccepted) Lost() int64 { return la.ThroughSeq - la.FromSeq + 1 }

// AcceptedLoss is an accepted loss as the chain holds it: the record and what it says.
type AcceptedLoss struct {
	Seq    int64     `json:"seq"` // the KindLossAccepted record
	Time   time.Time `json:"time"`
	Actor  Actor     `json:"actor"`
	Reason string    `json:"reason"`
	LossAccepted
}

// String says the accepted loss for a person.
func (a AcceptedLoss) String() string {
	return fmt.Sprintf("records %d to %d (%d) were lost and the loss was accepted in record %d by %s %s at %s: %q; the head file had said %d records were committed (hash %s); the damaged files are in %s",
		a.FromSeq, a.ThroughSeq, a.Lost(), a.Seq, a.Actor.Role, a.Actor.ID, a.Time.UTC().Format(time.RFC3339), a.Reason,
		a.ThroughSeq, a.CommittedHash, a.Quarantine)
}

// AcceptedLossOf reads r, a KindLossAccepted record.
func AcceptedLossOf(r Record) (AcceptedLoss, error) {
	la, err := DecodeLossAccepted(r.Payload)
	if err != nil {
		return AcceptedLoss{}, err
	}
	return AcceptedLoss{Seq: r.Seq, Time: r.Time, Actor: r.Actor, Reason: r.Reason, LossAccepted: la}, nil
}

// ErrLossNotAcceptable: the journal's damage is not a loss from its end (a record edited or
// deleted in the chain, a malformed file, a log without its database file), or it is not
// damaged; only a backup or a new journal recovers it.
var ErrLossNotAcceptable = errors.New("the journal's damage cannot be accepted as a loss")

// LossCheck is what CheckLoss found: the journal's examination and, when the damage is a loss
// of committed records from its end, the loss a supervisor may accept.
type LossCheck struct {
	Startup Startup
	// Quarantine is the directory the damaged files were copied to (as Open does).
	Quarantine string
	// Loss is the loss to accept (V, the ranges, the hashes, Found, Quarantine).
	Loss LossAccepted
}

// CheckLoss examines the journal at path exactly as a read-write Open does (the head file,
// the files' bytes kept, SQLite's quick_check, the whole chain, the head file comparison),
// copies a damaged journal's files into a quarantine directory, and says whether the damage
// is a loss that AcceptLoss may accept: committed records lost from the end of an otherwise
// intact chain. Any other damage, or none, is ErrLossNotAcceptable with the reason. It never
// writes the journal's files.
func CheckLoss(path string) (LossCheck, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return LossCheck{}, fmt.Errorf("check journal %s: %w", path, err)
	}
	ex, err := examineForWrite(abs, Options{})
	defer ex.snap.done()
	if err != nil {
		if ex.quarantine {
			if q, qerr := quarantine(abs, ex.snap, ex.s); qerr == nil {
				err = fmt.Errorf("%w; its files as they were are kept in %s", err, q)
			}
		}
		return LossCheck{Startup: ex.s}, err
	}
	return checkLoss(abs, ex)
}

// checkLoss decides on the examination ex of the journal at abs.
func checkLoss(abs string, ex examination) (LossCheck, error) {
	s := ex.s
	c := LossCheck{Startup: s}
	refuse := func(why string) (LossCheck, error) {
		return c, fmt.Errorf("journal %s: %w: %s. %s", abs, ErrLossNotAcceptable, why, RecoveryAdvice(abs))
	}
	if !s.Damaged() {
		return c, fmt.Errorf("journal %s: %w: it is not damaged (%d records, head %d, head file %d): the table plays on it as it is", abs, ErrLossNotAcceptable, s.Records, s.HeadSeq, s.CommittedSeq)
	}
	q, err := quarantine(abs, ex.snap, s)
	if err != nil {
		return c, fmt.Errorf("journal %s is damaged (%v) and its files could not be copied aside: %w", abs, s.Problems(), err)
	}
	c.Quarantine, c.Startup.Quarantine = q, q
	switch {
	case len(s.Integrity) > 0:
		return refuse("SQLite finds the file malformed (" + s.Integrity[0] + "): records may be lost or changed anywhere in it")
	case s.TailBad != nil:
		return refuse("the chain is broken inside the journal, not at its end (" + s.TailBad.String() + "): a record was edited, inserted or deleted")
	case s.LostThrough == 0:
		return refuse(s.Missing)
	}
	c.Loss = LossAccepted{V: LossVersion, FromSeq: s.LostFrom, ThroughSeq: s.LostThrough, CommittedHash: ex.head.hash,
		SurvivingSeq: s.HeadSeq, SurvivingHash: s.HeadHash, Found: s.Missing, Quarantine: q}
	if s.HeadSeq != s.LostFrom-1 {
		return refuse(fmt.Sprintf("the journal ends at record %d, not just before the lost records %d to %d", s.HeadSeq, s.LostFrom, s.LostThrough))
	}
	return c, nil
}

// Acceptance is a supervisor's acceptance of a loss: who, when and why. Who was checked
// (PIN and role) by the caller.
type Acceptance struct {
	Actor  Actor
	Reason string
	Time   time.Time
	Table  string // the table id the record carries (default: the surviving head's)
}

// AcceptLoss records that the committed records the journal at path lost from its end are
// accepted as lost, so that the table plays on the records that survived. It examines the
// journal again (CheckLoss; the loss must be the one want names, so a supervisor accepts
// what they were shown), then appends, in one transaction, the KindLossAccepted record
// (seq ThroughSeq+1, chained to the last surviving record; source SourceOperator, a.Actor
// and a.Reason) followed by extra (e.g. the sign-in attempts; their seqs follow), and only
// then rewrites the head file: a crash before that leaves the journal ahead of the head
// file, which Open accepts, never a head file that forgets the loss. The quarantine copy is
// kept. It returns the records written.
func AcceptLoss(path string, want LossAccepted, a Acceptance, extra ...Record) ([]Record, error) {
	if a.Actor.Role == "" || a.Actor.ID == "" || a.Reason == "" {
		return nil, fmt.Errorf("accept the loss of journal %s: %w: who accepts it (role and id) and why are required", path, ErrInvalidRecord)
	}
	c, err := CheckLoss(path)
	if err != nil {
		return nil, err
	}
	if c.Loss != want {
		return nil, fmt.Errorf("accept the loss of journal %s: the journal changed since it was checked: it now lost records %d to %d (surviving head %d), not %d to %d", c.Startup.Path, c.Loss.FromSeq, c.Loss.ThroughSeq, c.Loss.SurvivingSeq, want.FromSeq, want.ThroughSeq)
	}
	abs := c.Startup.Path
	payload, err := json.Marshal(c.Loss)
	if err != nil {
		return nil, fmt.Errorf("accept the loss of journal %s: %w", abs, err)
	}
	table := a.Table
	db, err := sql.Open("sqlite", dsn(abs, Options{}, false))
	if err != nil {
		return nil, classify("open journal "+abs, err)
	}
	defer db.Close()
	j := &Journal{db: db, path: abs}
	ctx := context.Background()
	id, err := j.identify(ctx)
	if err != nil {
		return nil, err
	}
	switch id {
	case idEmpty:
		if err := j.createSchema(ctx); err != nil {
			return nil, err
		}
	case idLegacy:
		if _, err := db.ExecContext(ctx, fmt.Sprintf("PRAGMA application_id = %d", ApplicationID)); err != nil {
			return nil, classify("open journal "+abs+": mark it a coupboard journal", err)
		}
	}
	var cur Startup
	if err := j.examineChainHead(ctx, &cur); err != nil {
		return nil, err
	}
	if cur.HeadSeq != c.Loss.SurvivingSeq || cur.HeadHash != c.Loss.SurvivingHash {
		return nil, fmt.Errorf("accept the loss of journal %s: %w: it ended at record %d when examined and at %d when opened for writing", abs, ErrDamaged, c.Loss.SurvivingSeq, cur.HeadSeq)
	}
	var shoe int64 // the shoe of the last surviving record: the acceptance is recorded in it
	if cur.HeadSeq > 0 {
		var headTable string
		if err := db.QueryRowContext(ctx, "SELECT table_id, shoe FROM records WHERE seq = ?", cur.HeadSeq).Scan(&headTable, &shoe); err != nil {
			return nil, classify("accept the loss of journal "+abs+": read the last surviving record", err)
		}
		if table == "" {
			table = headTable
		}
	}
	recs := []Record{{Time: a.Time.UTC(), Table: table, Kind: KindLossAccepted, Source: SourceOperator, Actor: a.Actor,
		Reason: a.Reason, Shoe: shoe, Payload: payload}}
	recs = append(recs, extra...)
	prev := link{seq: c.Loss.ThroughSeq, hash: c.Loss.SurvivingHash}
	for i := range recs {
		r := &recs[i]
		if r.Table == "" {
			r.Table = table
		}
		r.Time = r.Time.UTC()
		if err := r.validate(); err != nil {
			return nil, fmt.Errorf("accept the loss of journal %s: record %d of %d: %w", abs, i+1, len(recs), err)
		}
		r.Seq, r.PrevHash = prev.seq+1, prev.hash
		r.Hash = r.ComputeHash()
		prev = link{seq: r.Seq, hash: r.Hash}
	}
	j.mu.Lock()
	err = j.commitLocked(ctx, recs, nil)
	j.mu.Unlock()
	if err != nil {
		return nil, err
	}
	hf, err := openHeadFile(abs+HeadSuffix, headState{})
	if err != nil {
		return recs, err
	}
	return recs, errors.Join(hf.writeBoth(prev.seq, prev.hash), hf.close())
}
