package table

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/pitwire"
)

// noticeRecords are the derived records of the notices one input posted: one per item, in the
// desk's order. currency is the table's ISO 4217 code; redDog names a Red Dog table's one wager.
func noticeRecords(ns []desk.Notice, currency string, redDog bool, shoe int, now time.Time, m Msg) ([]journal.Record, error) {
	out := make([]journal.Record, 0, len(ns))
	for _, n := range ns {
		p, err := noticePayload(n, currency, redDog)
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(journal.Event{Event: journal.EventNotice, V: journal.NoticeVersion, Shoe: shoe, Notice: p})
		if err != nil {
			return nil, fmt.Errorf("encode notice: %w", err)
		}
		out = append(out, journal.Record{Time: now, Kind: journal.KindEvent, Source: m.Source, Actor: m.Actor, Shoe: int64(shoe), Payload: b})
	}
	return out, nil
}

// noticePayload is one desk notice in the feed's terms.
func noticePayload(n desk.Notice, currency string, redDog bool) (*pitwire.Notice, error) {
	p := &pitwire.Notice{Change: n.ChangeID, Item: pitwire.NoticeItemOf(n.Item), Posted: n.Posted, Effective: n.Effective, Rule: n.Rule, Text: n.Text}
	switch p.Item {
	case "":
		return nil, fmt.Errorf("notice %q: unknown item %d", n.Text, n.Item)
	case pitwire.NoticeMinimum, pitwire.NoticeMaximum, pitwire.NoticeMultiple:
		if p.Bet = pitwire.NoticeBetOf(n.Wager, redDog); p.Bet == "" {
			return nil, fmt.Errorf("notice %q: unknown wager %q", n.Text, n.Wager)
		}
		fallthrough
	case pitwire.NoticeDifferentialMin, pitwire.NoticeDifferentialMax:
		old, nw := n.Old, n.New
		p.Old, p.New, p.Currency = &old, &nw, currency
	case pitwire.NoticeSettlement:
		p.OldSettlement, p.NewSettlement = pitwire.SettlementOf(n.OldSettlement), pitwire.SettlementOf(n.NewSettlement)
	}
	return p, nil
}

// withdrawnRecords are the derived records of the changes of the sign one input withdrew
// (a !withdraw): one per change, in the desk's order, each naming the change whose notices
// come off the sign.
func withdrawnRecords(ws []desk.Withdrawal, shoe int, now time.Time, m Msg) ([]journal.Record, error) {
	out := make([]journal.Record, 0, len(ws))
	for _, w := range ws {
		p := &pitwire.Withdrawn{Change: w.ChangeID, Posted: w.Posted, Effective: w.Effective, Kinds: pitwire.WithdrawnKindsOf(w.Kinds), Rule: w.Rule}
		b, err := json.Marshal(journal.Event{Event: journal.EventWithdrawn, V: journal.WithdrawnVersion, Shoe: shoe, Withdrawn: p})
		if err != nil {
			return nil, fmt.Errorf("encode withdrawn change %d: %w", w.ChangeID, err)
		}
		out = append(out, journal.Record{Time: now, Kind: journal.KindEvent, Source: m.Source, Actor: m.Actor, Shoe: int64(shoe), Payload: b})
	}
	return out, nil
}
