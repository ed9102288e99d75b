// Package outbox makes a table's journal the pit bus's outbox (issue 6): it reads the journal's
// derived records — finished rounds and rounds corrected after the fact, shoe events, sign and status changes, notices posted on
// the sign, coups held for review and their resolution — as bus messages,
// and keeps the bus's acknowledgement in the journal. Input records (which hold cards as the
// shoe read them, face-down ones included) are never published; a round message carries the
// result and the cards of the finished round, all of them turned by then.
package outbox

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/reddog"
	"github.com/coupboard/coupboard/pitwire"
)

// Journal is a table's journal seen as the bus's outbox. It is safe for concurrent use (the
// journal is): the loop appends while the publisher reads.
type Journal struct {
	j     *journal.Journal
	table string
	pacer pacer // the hands per hour, counted as the journal is read (feed.go)
}

// New is the outbox of table's journal.
func New(j *journal.Journal, table string) *Journal { return &Journal{j: j, table: table} }

// After returns, in order, up to max messages for records with a sequence greater than seq.
// Records that are not published (inputs, other events) are skipped.
func (o *Journal) After(seq uint64, max int) ([]pitwire.Message, error) {
	var out []pitwire.Message
	errStop := fmt.Errorf("enough")
	rounds := shoeRounds{from: int64(seq) + 1}
	err := o.j.Scan(rounds.from, func(r journal.Record) error {
		m, ok, jr, err := message(r)
		if err == nil {
			m.Pace, err = o.pace(r, m, ok) // every record read, so the count follows the journal
		}
		if err == nil && jr != nil && jr.Corrected {
			m, ok, err = o.correction(&rounds, r, *jr) // a corrected round: not a hand dealt, so not paced
		}
		if err != nil {
			return fmt.Errorf("outbox record %d: %w", r.Seq, err)
		}
		if jr != nil {
			rounds.saw(r, *jr)
		}
		if ok {
			if m.Table == "" {
				m.Table = o.table
			}
			out = append(out, m)
			if len(out) >= max {
				return errStop
			}
		}
		return nil
	})
	if err != nil && err != errStop {
		return out, err
	}
	return out, nil
}

// Acked is the highest sequence the bus has acknowledged.
func (o *Journal) Acked() (uint64, error) {
	n, err := o.j.Published()
	return uint64(n), err
}

// Ack records durably that the bus has everything up to seq.
func (o *Journal) Ack(seq uint64) error { return o.j.SetPublished(int64(seq)) }

// Message is the bus message of one journal record, and false for a record that is not published.
func Message(r journal.Record) (pitwire.Message, bool, error) {
	m, ok, _, err := message(r)
	return m, ok, err
}

// message is Message, with the round a KindRound record holds (nil for any other record), so
// that After decodes each record once.
func message(r journal.Record) (pitwire.Message, bool, *journal.Round, error) {
	m := pitwire.Message{V: pitwire.Version, Table: r.Table, Seq: uint64(r.Seq), Time: r.Time, Shoe: int(r.Shoe)}
	if r.Kind == journal.KindRound {
		jr, err := journal.DecodeRound(r.Payload)
		if err != nil {
			return m, false, nil, err
		}
		if jr.Corrected { // not a new round: Journal.After publishes it as round_corrected (correction)
			return m, false, &jr, nil
		}
		m.Type, m.Shoe = pitwire.TypeRound, int(jr.Shoe)
		m.Round = roundOf(jr)
		return m, true, &jr, nil
	}
	m, ok, err := eventMessage(r, m)
	return m, ok, nil, err
}

// eventMessage is the bus message m of a record other than a baccarat round.
func eventMessage(r journal.Record, m pitwire.Message) (pitwire.Message, bool, error) {
	switch r.Kind {
	case journal.KindRoundRedDog: // a Red Dog table's round (003)
		rd, err := reddog.DecodeRound(reddog.VicRedDog1997(), r.Payload)
		if err != nil {
			return m, false, err
		}
		round := pitwire.RedDogRoundOf(rd)
		m.Type, m.RedDog = pitwire.TypeRedDogRound, &round
		return m, true, nil
	case journal.KindAccess:
		a, err := accessOf(r)
		if err != nil {
			return m, false, err
		}
		m.Type, m.Access = pitwire.TypeAccess, a
		return m, true, nil
	case journal.KindEvent:
		var ev journal.Event
		if err := json.Unmarshal(r.Payload, &ev); err != nil {
			return m, false, fmt.Errorf("decode event: %w", err)
		}
		m.Shoe = ev.Shoe
		switch ev.Event {
		case "shoe":
			m.Type = pitwire.TypeShoeStarted
			m.Limits, m.Status = limitsOf(ev.Sign), statusOf(ev.Status)
		case "shoe_end":
			m.Type = pitwire.TypeShoeEnded
		case "void":
			m.Type, m.Round = pitwire.TypeRound, &pitwire.Round{N: ev.N, Kind: engine.KindCancelled}
		case "shuffle": // Red Dog: a shuffled shoe loaded (N 0), or the discards reshuffled in round N (9.7)
			if ev.N != 0 {
				return m, false, nil
			}
			m.Type = pitwire.TypeShoeStarted
		case "cancel": // Red Dog: round N invalidated after it was settled (003 10.3, 10.4)
			m.Type, m.RedDog = pitwire.TypeRedDogRound, &pitwire.RedDogRound{N: ev.N, Kind: engine.KindCancelled}
		case "limits":
			if ev.Sign == nil {
				return m, false, nil
			}
			m.Type, m.Limits = pitwire.TypeLimits, limitsOf(ev.Sign)
		case "status":
			if ev.Status == nil {
				return m, false, nil
			}
			m.Type, m.Status = pitwire.TypeStatus, statusOf(ev.Status)
		case "review": // a coup held for review: the kind of reason only, never its words (they may name a face-down card)
			if ev.N < 1 {
				return m, false, nil // not a coup: a card that joins no round (the alert is the table's)
			}
			m.Type, m.Review = pitwire.TypeReview, &pitwire.Review{N: ev.N, State: pitwire.ReviewHeld, Reasons: []string{pitwire.ReviewReasonOf(ev.Reason)}, Rule: ev.Rule}
		case "resolved": // the supervisor resolved the review of coup N (Reason is how)
			if ev.N < 1 {
				return m, false, nil
			}
			m.Type, m.Review = pitwire.TypeReview, &pitwire.Review{N: ev.N, State: pitwire.ReviewResolved, Resolution: ev.Reason, Rule: ev.Rule}
		case journal.EventNotice: // a notice posted on the sign, one item of a change (versioned: journal.NoticeVersion)
			if ev.V != journal.NoticeVersion || ev.Notice == nil {
				return m, false, fmt.Errorf("notice record version %d, want %d", ev.V, journal.NoticeVersion)
			}
			m.Type, m.Notice = pitwire.TypeNotice, ev.Notice
		case journal.EventWithdrawn: // a change of the sign withdrawn: its notices come off (versioned: journal.WithdrawnVersion)
			if ev.V != journal.WithdrawnVersion || ev.Withdrawn == nil {
				return m, false, fmt.Errorf("withdrawn record version %d, want %d", ev.V, journal.WithdrawnVersion)
			}
			m.Type, m.Withdrawn = pitwire.TypeWithdrawn, ev.Withdrawn
		default:
			return m, false, nil
		}
		return m, true, nil
	}
	return m, false, nil
}

// correction is the round_corrected message of round record r, which corrects an earlier
// record of its round (jr, its round, is journal.Round.Corrected), with the result that record
// gave: the newest record of round N of the shoe before r (the round as dealt, or an earlier
// correction), which rounds knows. The journal is pruned by whole shoes, so that record is
// there; its absence is damage, an error.
func (o *Journal) correction(rounds *shoeRounds, r journal.Record, jr journal.Round) (pitwire.Message, bool, error) {
	m := pitwire.Message{V: pitwire.Version, Table: r.Table, Seq: uint64(r.Seq), Time: r.Time, Shoe: int(r.Shoe)}
	replaced, found, err := rounds.newest(o.j, jr.Shoe, jr.N)
	if err != nil {
		return m, false, fmt.Errorf("corrected round %d: %w", jr.N, err)
	}
	if !found {
		return m, false, fmt.Errorf("corrected round %d of shoe %d: the journal holds no earlier record of it", jr.N, jr.Shoe)
	}
	rule := ""
	if jr.Review != nil {
		rule = jr.Review.Rule
	}
	m.Type, m.Shoe = pitwire.TypeRoundCorrected, int(jr.Shoe)
	m.Corrected = &pitwire.Correction{Round: *roundOf(jr), Replaces: *roundOf(replaced), Rule: rule}
	return m, true, nil
}

// shoeRounds is what one After knows of the baccarat rounds before the record it reads, so
// that a correction finds the result it replaces without reading its shoe's rounds again: the
// newest record of each round it has read, and, read from the journal once a shoe when a
// correction needs it, the newest record of each round of that shoe before the first record
// After reads.
type shoeRounds struct {
	from   int64                       // the first record After reads
	read   map[shoeRound]journal.Round // from the records After has read
	before map[shoeRound]journal.Round // from the journal, records before from
	shoes  map[int64]bool              // the shoes whose records before from are in before
}

// shoeRound is round n of shoe.
type shoeRound struct {
	shoe int64
	n    int
}

// saw notes round record r, whose round is jr: the newest record of its round so far.
func (s *shoeRounds) saw(r journal.Record, jr journal.Round) {
	if s.read == nil {
		s.read = map[shoeRound]journal.Round{}
	}
	s.read[shoeRound{r.Shoe, jr.N}] = jr
}

// newest is the newest record of round n of shoe before the record After reads now, and false
// when the journal holds none.
func (s *shoeRounds) newest(j *journal.Journal, shoe int64, n int) (journal.Round, bool, error) {
	if r, ok := s.read[shoeRound{shoe, n}]; ok {
		return r, true, nil
	}
	if !s.shoes[shoe] {
		recs, err := j.Rounds(shoe)
		if err != nil {
			return journal.Round{}, false, err
		}
		if s.shoes == nil {
			s.shoes, s.before = map[int64]bool{}, map[shoeRound]journal.Round{}
		}
		s.shoes[shoe] = true
		for _, x := range recs {
			if x.Seq >= s.from {
				break // After reads it (read)
			}
			p, err := journal.DecodeRound(x.Payload)
			if err != nil {
				return journal.Round{}, false, fmt.Errorf("record %d: %w", x.Seq, err)
			}
			s.before[shoeRound{shoe, p.N}] = p
		}
	}
	r, ok := s.before[shoeRound{shoe, n}]
	return r, ok, nil
}

// roundOf is a round as the board and the feed see it: the result and the cards, all turned.
func roundOf(r journal.Round) *pitwire.Round {
	if r.Kind == engine.KindCancelled {
		return &pitwire.Round{N: r.N, Kind: engine.KindCancelled}
	}
	if r.ResultOnly {
		return &pitwire.Round{N: r.N, Kind: r.Kind, Winner: r.Winner, Natural: r.Natural, PlayerPair: r.PlayerPair, BankerPair: r.BankerPair, ResultOnly: true}
	}
	first := 0
	for i, code := range r.Banker {
		if i == 2 {
			break
		}
		if c, err := engine.ParseCard(code); err == nil {
			first += c.Point()
		}
	}
	return &pitwire.Round{
		N: r.N, Kind: r.Kind, Winner: r.Winner, PlayerTotal: r.PlayerTotal, BankerTotal: r.BankerTotal,
		Natural: r.Natural, PlayerPair: r.PlayerPair, BankerPair: r.BankerPair,
		PlayerCards: len(r.Player), BankerCards: len(r.Banker), BankerFirstTwo: first % 10,
		// The round is finished: every card is turned (the journal holds a round only then).
		PlayerHand: slices.Clone(r.Player), BankerHand: slices.Clone(r.Banker),
	}
}

func limitsOf(p *journal.SignPayload) *pitwire.Limits {
	if p == nil {
		return nil
	}
	l := pitwire.LimitsOf(p.Currency, p.Wager, p.Sign)
	return &l
}

func statusOf(p *journal.StatusPayload) *pitwire.Status {
	if p == nil {
		return nil
	}
	return &pitwire.Status{Name: p.Name, Game: p.Game, State: pitwire.TableState(p.State), ClosesAt: p.ClosesAt, OpensAt: p.OpensAt}
}

// Head is the sequence and hash of the journal's newest record: what the publisher anchors on
// the bus (bus.HeadOutbox).
func (o *Journal) Head() (uint64, string, error) {
	seq, h := o.j.Head()
	if seq == 0 {
		return 0, "", nil
	}
	return uint64(seq), h.String(), nil
}
