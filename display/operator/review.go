package operator

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/opwords"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

// The supervisor's resolution of a coup under review (issue 21, "doubt stops the coup"): the
// shoe line lost, garbled, replayed or contradicted something, so the coup shows no result and
// counts nowhere until a supervisor, looking at the cards on the table, confirms the cards as
// read, enters them, or cancels the coup, by the book's irregularity rules (engine doubt.go).

// ParseCards reads cards typed in deal order, separated by spaces or commas ("9H KD 2C 7S").
func ParseCards(s string) ([]engine.Card, error) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	if len(f) == 0 {
		return nil, fmt.Errorf("type the cards in deal order: P1 B1 P2 B2, then any third cards")
	}
	if len(f) > 6 {
		return nil, fmt.Errorf("%d cards typed: a coup has at most 6", len(f))
	}
	out := make([]engine.Card, 0, len(f))
	for i, t := range f {
		c, err := engine.ParseCard(strings.ToUpper(t))
		if err != nil {
			return nil, fmt.Errorf("card %d %q: %w", i+1, t, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// ReviewLines says in words what waits for the supervisor's review, one line each; none when
// nothing does.
func ReviewLines(snap view.Operator) []string { return reviewLines(i18n.Catalogue{}, snap) }

// reviewLines is ReviewLines in w's language, the engine's reasons worded in it too (the
// journal keeps them in English).
func reviewLines(w i18n.Catalogue, snap view.Operator) []string {
	if snap.RedDog != nil {
		return redDogReviewLines(w, snap)
	}
	g := snap.Game
	var out []string
	if g.InCoup && g.Held {
		read := w.T(i18n.RevHands, opwords.CardList(g.Player), opwords.CardList(g.Banker))
		if d := g.PlayerFaceDown + g.BankerFaceDown; d > 0 {
			read += ", " + w.T(i18n.OpFaceDown, d)
		}
		out = append(out, w.T(i18n.RevHeld, g.Coup, read))
		for _, why := range opwords.Reasons(w, snap.Currency, g.HeldWhy) {
			out = append(out, "  · "+why)
		}
	}
	for _, n := range g.Disputed {
		line := w.T(i18n.RevDisputed, n)
		for _, r := range snap.Rounds {
			if r.N == n {
				line += " " + w.T(i18n.RevCards, w.T(i18n.RevHands, opwords.CardList(r.Player.List()), opwords.CardList(r.Banker.List())))
			}
		}
		out = append(out, line)
	}
	if len(out) > 0 || g.Review && !g.NextHeld {
		for _, why := range g.Reasons {
			if !contains(g.HeldWhy, why) {
				out = append(out, "  · "+w.Reason(why, snap.Currency))
			}
		}
	}
	if g.NextHeld {
		out = append(out, w.T(i18n.RevNextHeld))
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// reviewPanel is the Corrections tab's box for a coup under review: what is in doubt and why,
// and the supervisor's three resolutions. It is hidden while nothing waits for review.
type reviewPanel struct {
	box     *fyne.Container
	what    *widget.Label
	cards   *widget.Entry
	confirm *widget.Button
	enter   *widget.Button
	cancel  *widget.Button
	// held is a coup in progress under review; disputed, at a baccarat table, the finished
	// rounds under review whose cards Enter cards may give (!reconstruct N, 000 13.10, 001 9.4,
	// 002/004 12.6). Both from the last snapshot drawn.
	held     bool
	disputed []int
	sc       *Screen
}

func newReviewPanel(sc *Screen) *reviewPanel {
	p := &reviewPanel{sc: sc, what: widget.NewLabel(""), cards: widget.NewEntry()}
	p.what.Wrapping = fyne.TextWrapWord
	p.cards.SetPlaceHolder(sc.t(i18n.OpReviewCards))
	p.confirm = widget.NewButton(sc.t(i18n.OpConfirmCards), func() { _ = sc.do(view.Request{Kind: view.RequestAcceptReview}) })
	p.confirm.Importance = widget.HighImportance
	p.enter = widget.NewButton(sc.t(i18n.OpEnterCards), func() {
		cs, err := ParseCards(p.cards.Text)
		if err != nil {
			sc.c.Say(opwords.M(i18n.LogEnterCardsErr, err.Error()))
			sc.Update()
			return
		}
		req := view.Request{Kind: view.RequestReconstruct, Cards: cs}
		if !p.held { // a finished round under review: the cards really dealt for it
			n, ok := p.disputedRound()
			if !ok {
				sc.c.Say(opwords.M(i18n.LogTypeEnterRound))
				sc.Update()
				return
			}
			req.Round = n
		}
		if sc.do(req) == nil {
			p.cards.SetText("")
		}
	})
	p.cancel = widget.NewButton(sc.t(i18n.OpCancelCoup), func() { _ = sc.do(view.Request{Kind: view.RequestWord, Word: engine.TokVoid}) })
	p.cancel.Importance = widget.DangerImportance
	title := widget.NewLabelWithStyle(sc.t(i18n.OpReviewTitle), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.box = container.NewVBox(title, p.what,
		container.NewBorder(nil, nil, nil, p.enter, p.cards),
		container.NewGridWithColumns(2, p.confirm, p.cancel), widget.NewSeparator())
	p.box.Hide()
	return p
}

// update shows the panel while something waits for review.
func (p *reviewPanel) update(snap view.Operator) {
	lines := reviewLines(p.sc.words, snap)
	if len(lines) == 0 {
		p.box.Hide()
		return
	}
	p.what.SetText(strings.Join(lines, "\n"))
	if snap.RedDog != nil {
		p.cards.SetPlaceHolder(p.sc.t(i18n.RdCardsHint))
	}
	held := snap.Game.InCoup && snap.Game.Held
	p.held, p.disputed = held, nil
	if snap.RedDog == nil { // Red Dog has no "!reconstruct N"
		p.disputed = snap.Game.Disputed
	}
	enable(p.cancel, held)
	enable(p.enter, held || len(p.disputed) > 0)
	enable(p.cards, held || len(p.disputed) > 0)
	p.box.Show()
}

// enable enables w when on, disables it otherwise.
func enable(w fyne.Disableable, on bool) {
	if on {
		w.Enable()
	} else {
		w.Disable()
	}
}

// disputedRound is the finished round whose cards Enter cards gives: the number in the round
// field (the one Void round and Dispute round read) when one is typed (the engine refuses, with
// the rule, a round not under review), else the only round under review; false when neither
// says which.
func (p *reviewPanel) disputedRound() (int, bool) {
	if n, err := strconv.Atoi(strings.TrimSpace(p.sc.fix.roundN.Text)); err == nil && n > 0 {
		return n, true
	}
	if len(p.disputed) == 1 {
		return p.disputed[0], true
	}
	return 0, false
}
