package table

import (
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/journal"
)

// Recovery says what start-up rebuilt from the journal.
type Recovery struct {
	Inputs  int       // input records replayed
	Coups   int       // rounds restored (every shoe in the journal)
	Clean   bool      // the last run ended with a clean stop (or the journal was empty)
	At      time.Time // when the journal was replayed
	InCoup  bool      // a coup was in progress when the last run stopped
	CoupN   int       // that coup's number
	Damaged string    // what the journal's start-up checks found wrong, if anything
	// LossAccepted says the last loss of committed records a supervisor accepted (coupboard
	// journal accept-loss), until the table stops cleanly after it ("" when none).
	LossAccepted string
	Through      int64 // the last journal sequence replayed
	Pending      int   // changes posted to the sign that are still to come at At
	Duration     time.Duration
	// Differ is how many journalled inputs the table's rules now refuse where the journal
	// records no refusal, or accept where it records one (a journal written before refusals
	// were recorded, or by a release with other rules); DifferAlert says so in words, for the
	// supervisor ("" when none). Replay never drops an input: the journal is the record.
	Differ      int
	DifferAlert string
	// DifferRaised is set when the journal already holds DifferAlert, raised at an earlier
	// start: the same differences are raised once, not again at every start.
	DifferRaised bool
	// ShoeMark is where the shoe's sequence stood at the clean stop that ended the last run
	// (its journal.KindShoeMark record), for the new shoe reader to take up; nil after an
	// unclean stop, or a clean stop with no frame taken (or written before marks were kept).
	ShoeMark *journal.ShoeMark
}

// Banner is the recovery line the table screen shows after an unclean stop, e.g.
// "Recovered at 21:04 — 47 coups restored"; empty after a clean stop.
func (r Recovery) Banner() string {
	if r.Clean && r.Damaged == "" && r.LossAccepted == "" {
		return ""
	}
	s := fmt.Sprintf("Recovered at %s — %d coups restored", r.At.Format("15:04"), r.Coups)
	damage := r.Damaged
	if r.LossAccepted != "" {
		if damage != "" {
			damage += "; "
		}
		damage += r.LossAccepted
	}
	if damage != "" {
		s += " (journal damage: " + damage + ")"
	}
	return s
}

// ReplayState rebuilds a baccarat table's state from its journal (see Replay).
func ReplayState(j *journal.Journal, setup Setup, now time.Time) (*State, Recovery, error) {
	st, err := NewState(setup)
	if err != nil {
		return nil, Recovery{}, err
	}
	rec, err := Replay(j, st, now)
	if err != nil {
		return nil, rec, err
	}
	return st, rec, nil
}

// Replay rebuilds a table's state from its journal into st, a machine with nothing played:
// every input record, in order, applied at the time it was recorded. Derived records (rounds,
// events) are outputs and are not re-applied; they are counted. Only the intact part of a
// damaged journal is replayed. now stamps the Recovery.
func Replay(j *journal.Journal, st Machine, now time.Time) (Recovery, error) {
	rec := Recovery{Clean: true, At: now}
	su := j.Startup()
	// Damaged's parts are joined by "; ", each a fmt.Sprintf of Replay's own (the screens word
	// them: display/i18n damageEntries, TestDamageFormatsFollowReplay) or the journal's text.
	if su.Damaged() {
		rec.Damaged = fmt.Sprintf("intact through record %d", su.IntactThrough)
		if su.TailBad != nil {
			rec.Damaged += "; " + su.TailBad.String()
		}
	}
	// What start-up found that loses nothing but must be seen (e.g. a missing head file).
	for _, w := range su.Warnings {
		if rec.Damaged != "" {
			rec.Damaged += "; "
		}
		rec.Damaged += w
	}
	if su.Quarantine != "" {
		rec.Damaged += "; " + fmt.Sprintf("files copied to %s", su.Quarantine)
	}
	limit := su.IntactThrough
	var d differ
	loss := "" // the last accepted loss, until a clean stop after it
	err := j.Scan(0, func(r journal.Record) error {
		if limit > 0 && r.Seq > limit {
			return nil
		}
		rec.Through = r.Seq
		switch r.Kind {
		case journal.KindRound, KindRoundRedDog:
			rec.Coups++
			return nil
		case journal.KindEvent:
			d.record(r)
			return nil
		case journal.KindLossAccepted:
			// Records lost from the journal's end, accepted by a supervisor: the table plays on
			// the records before them, and says so until it next stops cleanly.
			l, err := journal.AcceptedLossOf(r)
			if err != nil {
				return fmt.Errorf("replay record %d: %w", r.Seq, err)
			}
			loss = fmt.Sprintf("records %d to %d lost, the loss accepted by %s %s at %s", l.FromSeq, l.ThroughSeq,
				r.Actor.Role, r.Actor.ID, r.Time.In(now.Location()).Format("2006-01-02 15:04"))
			rec.Clean, rec.ShoeMark = false, nil
			return nil
		case journal.KindShoeMark:
			// Written after its clean stop, in the same transaction: it stands while the clean
			// stop is the last input.
			m, err := journal.DecodeShoeMark(r.Payload)
			if err != nil {
				return fmt.Errorf("replay record %d: %w", r.Seq, err)
			}
			if rec.Clean && rec.Inputs > 0 {
				rec.ShoeMark = &m
			}
			return nil
		case journal.KindShoe, journal.KindManual, journal.KindOperator, journal.KindConfig:
		default:
			return nil
		}
		in, err := DecodeInput(r.Payload)
		if err != nil {
			return fmt.Errorf("replay record %d: %w", r.Seq, err)
		}
		a := st.Apply(in, r.Time)
		d.input(r.Seq, in, a.Refusals)
		rec.Inputs++
		rec.Clean = in.Op != nil && in.Op.Kind == OpCleanStop
		rec.ShoeMark = nil // a clean stop's mark follows it
		if rec.Clean {
			loss = ""
		}
		return nil
	})
	if err != nil {
		return rec, fmt.Errorf("replay journal %s: %w", j.Path(), err)
	}
	d.done()
	rec.LossAccepted = loss
	rec.Differ, rec.DifferAlert = d.n, d.alert()
	rec.DifferRaised = rec.DifferAlert != "" && rec.DifferAlert == d.raised
	rec.InCoup, rec.CoupN = st.InCoup()
	rec.Pending = st.Pending(now)
	return rec, nil
}
