// Package shoefeed turns what the smart shoe sends (serialin events) into the table's
// journalled inputs, and feeds a port manager into a table loop. Only a valid card or shoe
// status moves the game; diagnostics never do (spec/shoe-protocol.md §2). Input the line cannot
// vouch for — a gap, a misread, conflicting data, replayed frames, a shoe restart, a dropped
// link, a stream after a reconnect that does not prove it is the same shoe's — becomes a doubt
// for the core (engine.DoubtInput), which holds the coup for the supervisor; the shoe's own
// result (RSLT) goes to the core as a cross-check. Jams and faults become alerts that are
// journalled and stay on screen until a supervisor clears them.
package shoefeed

import (
	"context"
	"fmt"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/serialin"
)

// Msgs returns the table messages for one shoe event: journalled inputs, and a link state
// when the connection changed. The event of a frame the decoder took carries where the shoe's
// sequence stands (serialin.Event.Mark): its last message carries it to the loop, or a message
// of the mark alone when the frame journals nothing (a heartbeat), so that the loop journals
// with its clean stop the last frame it took (table.Msg.ShoeMark). Diagnostics that need no
// person give nothing else.
func Msgs(e serialin.Event) []table.Msg {
	out := msgs(e)
	if !e.Marked() {
		return out
	}
	mark := &journal.ShoeMark{V: journal.ShoeMarkVersion, Seq: e.Mark.Seq, Frame: e.Mark.Frame, Hello: e.Mark.Hello}
	if len(out) == 0 {
		return []table.Msg{{ShoeMark: mark}}
	}
	out[len(out)-1].ShoeMark = mark
	return out
}

// Resume is the serialin mark of a journalled shoe mark (nil for none).
func Resume(m *journal.ShoeMark) *serialin.Mark {
	if m == nil {
		return nil
	}
	return &serialin.Mark{Seq: m.Seq, Frame: m.Frame, Hello: m.Hello}
}

func msgs(e serialin.Event) []table.Msg {
	game := func(in engine.Input) table.Msg {
		return table.Msg{Input: table.Input{Game: &in}, Source: journal.SourceShoe}
	}
	alert := func(format string, a ...any) table.Msg {
		return table.Msg{Input: table.Input{Alert: &table.Alert{Text: fmt.Sprintf(format, a...)}}, Source: journal.SourceShoe}
	}
	doubt := func(k engine.DoubtKind, format string, a ...any) table.Msg {
		return game(engine.DoubtInput(k, fmt.Sprintf(format, a...)))
	}
	switch e.Kind {
	case serialin.KindCard:
		if e.Review != "" {
			// cardline: an exact repeat may be a double read; the coup waits for the supervisor.
			return []table.Msg{doubt(engine.DoubtRepeat, "%s: %s", e.Card, e.Review)}
		}
		return []table.Msg{game(engine.CardInput(e.Card, e.Pos, engine.SourceShoe))}
	case serialin.KindBurn:
		out := []table.Msg{game(engine.WordInput(engine.TokBurn, 0))}
		if e.HasCard {
			out = append(out, game(engine.CardInput(e.Card, engine.PosNone, engine.SourceShoe)))
		}
		return out
	case serialin.KindStatus:
		switch e.Code {
		case "NEWSHOE":
			return []table.Msg{game(engine.WordInput(engine.TokShoe, 0))}
		case "CUT":
			return []table.Msg{game(engine.WordInput(engine.TokCut, 0))}
		case "EMPTY":
			return []table.Msg{game(engine.WordInput(engine.TokEmpty, 0))}
		case "JAM":
			return []table.Msg{alert("shoe jammed — clear it; enter cards by hand meanwhile")}
		case "MISREAD":
			return []table.Msg{doubt(engine.DoubtUnreadable, "the shoe reported a card that left it unread")}
		case "FAULT":
			return []table.Msg{alert("shoe fault: %s", e.Text)}
		}
	case serialin.KindHello:
		if e.Restart && e.Reason != "" {
			return []table.Msg{doubt(engine.DoubtRestart, "%s %s %s: %s", e.Hello.Vendor, e.Hello.Model, e.Hello.Firmware, e.Reason)}
		}
		if e.Restart {
			return []table.Msg{doubt(engine.DoubtRestart, "%s %s %s", e.Hello.Vendor, e.Hello.Model, e.Hello.Firmware)}
		}
	case serialin.KindConflict:
		return []table.Msg{doubt(engine.DoubtConflict, "SEQ %04d: %s", e.Seq, e.Reason)}
	case serialin.KindGap:
		return []table.Msg{doubt(engine.DoubtLost, "%d frame(s): %s", e.Gap, e.Reason)}
	case serialin.KindMisread:
		return []table.Msg{doubt(engine.DoubtUnreadable, "SEQ %04d: %s", e.Seq, e.Reason)}
	case serialin.KindStale:
		if e.Count == 1 { // the first of a run; the rest are counted on the diagnostics screen
			return []table.Msg{doubt(engine.DoubtReplay, "%s", e.Reason)}
		}
	case serialin.KindUnproven:
		// After a reconnect, a stream that does not prove it is the shoe's: the first frame of a
		// run holds the coup (the frames themselves never reach the game).
		if e.Count == 1 {
			return []table.Msg{doubt(engine.DoubtDisconnect, "%s", e.Reason)}
		}
	case serialin.KindResult:
		r := e.Result
		return []table.Msg{game(engine.ShoeResultInput(engine.ShoeResult{Winner: r.Winner,
			PlayerTotal: r.PlayerTotal, BankerTotal: r.BankerTotal, PlayerPair: r.PlayerPair, BankerPair: r.BankerPair}))}
	case serialin.KindLink:
		l := LinkOf(e.Link)
		out := []table.Msg{{Link: &l}}
		if e.Link == serialin.LinkDisconnected {
			out = append(out, doubt(engine.DoubtDisconnect, "%s", e.Err))
		}
		return out
	}
	return nil
}

// LinkOf is how the status strip shows a port manager state.
func LinkOf(s serialin.LinkState) view.Link {
	switch s {
	case serialin.LinkConnected:
		return view.LinkConnected
	case serialin.LinkSilent, serialin.LinkUnreadable:
		return view.LinkSilent
	case serialin.LinkUnproven:
		return view.LinkUnproven
	}
	return view.LinkDisconnected
}

// Sender is what Feed delivers messages to: a table loop.
type Sender interface {
	Send(ctx context.Context, m table.Msg) error
}

// Feed delivers every event of the shoe's channel to the loop until ctx is done or the
// channel closes. Sends block while the loop's inbox is full, so no card is dropped.
func Feed(ctx context.Context, events <-chan serialin.Event, to Sender) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case e, ok := <-events:
			if !ok {
				return nil
			}
			for _, m := range Msgs(e) {
				if err := to.Send(ctx, m); err != nil {
					return fmt.Errorf("feed shoe event %s: %w", e.Kind, err)
				}
			}
		}
	}
}
