package audit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/pitwire"
)

// ErrRewritten is returned (wrapped) when the journal does not match the heads the pit bus
// anchored: it was rewritten (or cut short) after those heads were published.
var ErrRewritten = errors.New("journal does not match the heads anchored on the pit bus")

// BusCheck is the comparison of the journal with the heads the pit bus anchored for its
// table (`audit verify --against-bus`).
type BusCheck struct {
	URL     string `json:"url"`
	Table   string `json:"table"`
	Anchors int    `json:"anchors"`  // heads the bus holds for the table
	Checked int    `json:"checked"`  // of those, compared with the journal's record
	Pruned  int    `json:"pruned"`   // of those, before the journal's first record (pruned): not comparable
	LastSeq uint64 `json:"last_seq"` // the newest anchored record (0: none)
	// Lost counts the heads anchored for records lost from the journal whose loss a supervisor
	// accepted (coupboard journal accept-loss); LostAccepted says, per accepted loss, which of
	// its records the bus had anchored and who accepted the loss when. They are not compared
	// with the journal, which no longer holds them; the last one the head file recorded is
	// compared with the hash the acceptance kept of it.
	Lost         int      `json:"lost"`
	LostAccepted []string `json:"lost_accepted,omitempty"`
	Mismatch     string   `json:"mismatch,omitempty"`
}

// busOptions are the flags of --against-bus.
type busOptions struct {
	urls, table, user, nkeySeed, ca string
	open                            bool
}

// checkAgainstBus reads the heads the bus anchored for the journal's table and compares each
// with the journal's record of that sequence (compareHeads); losses are the journal's accepted
// losses.
func checkAgainstBus(j *journal.Journal, o busOptions, losses []journal.AcceptedLoss) (*BusCheck, error) {
	table := o.table
	if table == "" {
		seq, _ := j.Head()
		if seq > 0 {
			_ = j.Scan(seq, func(r journal.Record) error { table = r.Table; return errStop })
		}
	}
	if table == "" {
		return nil, fmt.Errorf("--against-bus: the journal names no table: give --bus-table")
	}
	cfg := bus.ConnConfig{
		URLs: strings.Split(o.urls, ","), Name: "coupboard audit verify", User: o.user, Password: os.Getenv("COUPBOARD_BUS_PASSWORD"),
		NKeySeedFile: o.nkeySeed, TLS: bus.TLS{CAFile: o.ca}, Open: o.open,
	}
	if !cfg.HasCredentials() && !o.open {
		return nil, fmt.Errorf("--against-bus: no credentials: give --bus-user (password in COUPBOARD_BUS_PASSWORD) or --bus-nkey-seed (a board's read-only credentials), or --open-bus for a bus without any")
	}
	nc, err := bus.Connect(cfg)
	if err != nil {
		return nil, fmt.Errorf("--against-bus: %w", err)
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	heads, err := bus.ReadHeads(ctx, nc, table)
	if err != nil {
		return nil, fmt.Errorf("--against-bus %s: %w", o.urls, err)
	}
	c, err := compareHeads(j, heads, losses)
	if err != nil {
		return nil, fmt.Errorf("--against-bus: %w", err)
	}
	c.URL, c.Table = o.urls, table
	return c, nil
}

// compareHeads compares the heads anchored on the bus (pitwire head messages, oldest first)
// with the journal: each anchored record the journal holds must have the anchored hash; an
// anchored record past the journal's end means records were removed; one before its first
// record was pruned; one inside an accepted loss is reported lost with who accepted it and
// when, and the last record the head file had recorded must have the hash the acceptance kept.
func compareHeads(j *journal.Journal, heads []pitwire.Message, losses []journal.AcceptedLoss) (*BusCheck, error) {
	c := &BusCheck{Anchors: len(heads)}
	lostIn := make([]int, len(losses))
	want := make(map[int64]string, len(heads))
	when := make(map[int64]time.Time, len(heads))
	first := int64(0) // the journal's first record (after a prune, not 1)
	_ = j.Scan(1, func(r journal.Record) error { first = r.Seq; return errStop })
	last, _ := j.Head()
	for _, h := range heads {
		seq := int64(h.Seq)
		c.LastSeq = max(c.LastSeq, h.Seq)
		if i := lossOf(losses, seq); i >= 0 {
			c.Lost++
			lostIn[i]++
			if l := losses[i]; seq == l.ThroughSeq && h.Head.Hash != l.CommittedHash.String() && c.Mismatch == "" {
				c.Mismatch = fmt.Sprintf("the bus anchored record %d (hash %s) at %s, but the head file had recorded hash %s for it when its loss was accepted in record %d",
					seq, h.Head.Hash, h.Time.Format(time.RFC3339), l.CommittedHash, l.Seq)
			}
			continue
		}
		switch {
		case seq > last && c.Mismatch == "":
			c.Mismatch = fmt.Sprintf("the bus anchored record %d (hash %s) at %s, but the journal ends at record %d: records were removed",
				seq, h.Head.Hash, h.Time.Format(time.RFC3339), last)
		case first == 0 || seq < first:
			c.Pruned++
		default:
			want[seq], when[seq] = h.Head.Hash, h.Time
		}
	}
	if len(want) > 0 {
		err := j.Scan(first, func(r journal.Record) error {
			h, ok := want[r.Seq]
			if !ok {
				return nil
			}
			c.Checked++
			if got := r.Hash.String(); got != h && c.Mismatch == "" {
				c.Mismatch = fmt.Sprintf("record %d: the journal's hash is %s, the bus anchored %s at %s: the journal was rewritten after that",
					r.Seq, got, h, when[r.Seq].Format(time.RFC3339))
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("read the journal: %w", err)
		}
	}
	for i, l := range losses {
		if lostIn[i] > 0 {
			c.LostAccepted = append(c.LostAccepted, fmt.Sprintf("%d anchored head(s) in records %d to %d: lost, accepted by %s %s at %s (record %d)",
				lostIn[i], l.FromSeq, l.ThroughSeq, l.Actor.Role, l.Actor.ID, l.Time.UTC().Format(time.RFC3339), l.Seq))
		}
	}
	return c, nil
}

// lossOf is the index of the accepted loss that lost record seq, or -1.
func lossOf(losses []journal.AcceptedLoss, seq int64) int {
	for i, l := range losses {
		if seq >= l.FromSeq && seq <= l.ThroughSeq {
			return i
		}
	}
	return -1
}

var errStop = errors.New("stop")
