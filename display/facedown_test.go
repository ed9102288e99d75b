package display

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/sample"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/themes"
)

// texts is every string drawn by o and everything inside it.
func texts(t *testing.T, o fyne.CanvasObject) []string {
	switch x := o.(type) {
	case *canvas.Text:
		return []string{x.Text}
	case fyne.Widget:
		var out []string
		for _, c := range test.TempWidgetRenderer(t, x).Objects() {
			out = append(out, texts(t, c)...)
		}
		return out
	case *fyne.Container:
		var out []string
		for _, c := range x.Objects {
			out = append(out, texts(t, c)...)
		}
		return out
	}
	return nil
}

// faces is every rank and suit a card face can show.
var faces = []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "♠", "♥", "♦", "♣"}

// TestFaceDownShowsNothing puts face-down cards on the table screen, together with a result
// the app must never send before the cards are turned (the screen must hold it back
// anyway), and checks that no rank, suit, total or result is drawn for the coup.
func TestFaceDownShowsNothing(t *testing.T) {
	test.NewTempApp(t)
	s, err := sample.State("empty")
	if err != nil {
		t.Fatal(err)
	}
	r := view.ResultFrom(engine.Outcome{Winner: engine.Banker, BankerTotal: 7, PlayerTotal: 5, BankerPair: true}, view.SettleCommission)
	s.Coup = view.Coup{Player: []view.Card{view.Down(), view.Down()}, Banker: []view.Card{view.Down(), view.Down(), view.Down()}, Result: &r}
	for _, lang := range i18n.Langs() {
		words, err := i18n.New(lang)
		if err != nil {
			t.Fatal(err)
		}
		scr := NewTableScreen(Style{Theme: themes.Classic(), Words: words})
		w := test.NewTempWindow(t, scr)
		w.Resize(fyne.NewSize(1280, 720))
		scr.Apply(s)
		var coup []string
		for _, o := range []fyne.CanvasObject{scr.player, scr.banker, scr.result} {
			coup = append(coup, texts(t, o)...)
		}
		for _, txt := range coup {
			if slices.Contains(faces, txt) {
				t.Errorf("%s: a face-down coup shows %q", lang, txt)
			}
			if strings.ContainsAny(txt, "0123456789") {
				t.Errorf("%s: a face-down coup shows a number: %q", lang, txt)
			}
		}
		shown := strings.Join(coup, "\n")
		for _, k := range []i18n.Key{i18n.PairBanker, i18n.Dealing} {
			want := k == i18n.Dealing
			if got := strings.Contains(shown, words.T(k)); got != want {
				t.Errorf("%s: the coup shows %q: %v, want %v", lang, words.T(k), got, want)
			}
		}
		all := strings.Join(texts(t, scr), "\n")
		if strings.Contains(all, resultWords(words, r)) {
			t.Errorf("%s: the result %q is on screen while cards are face down", lang, resultWords(words, r))
		}
	}
}

// TestPartlyTurnedHand checks that a turned card shows its face but the hand's total waits
// for the last card, and that turning it shows the total.
func TestPartlyTurnedHand(t *testing.T) {
	test.NewTempApp(t)
	eight, err := engine.ParseCard("8S")
	if err != nil {
		t.Fatal(err)
	}
	king, err := engine.ParseCard("KD")
	if err != nil {
		t.Fatal(err)
	}
	h := NewHand(Style{Theme: themes.Classic()}, false)
	w := test.NewTempWindow(t, h)
	w.Resize(fyne.NewSize(600, 300))
	h.Set([]view.Card{view.Up(eight), view.Down()})
	count := func(s string) int {
		n := 0
		for _, txt := range texts(t, h) {
			if txt == s {
				n++
			}
		}
		return n
	}
	if n := count("8"); n != 1 {
		t.Errorf("8S and a face-down card: %d texts \"8\", want 1 (the card's rank, no total)", n)
	}
	if n := count("♠"); n != 1 {
		t.Errorf("8S: %d spades drawn, want 1", n)
	}
	h.Set([]view.Card{view.Up(eight), view.Up(king)})
	if n := count("8"); n != 2 {
		t.Errorf("8S KD: %d texts \"8\", want 2 (the rank and the total)", n)
	}
}

// TestRedDogFaceDownShowsNothing: a Red Dog round whose cards are still face down shows no
// face, no spread and no outcome, even if the view model (wrongly) carries them.
func TestRedDogFaceDownShowsNothing(t *testing.T) {
	test.NewTempApp(t)
	words, err := i18n.New(i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	st := Style{Theme: themes.Night(), Words: words}
	rd := view.RedDogCoup{Right: []view.Card{view.Down()}, Left: []view.Card{view.Down()}, Kind: view.RedDogSpread, Spread: 2, Pays: 4, Outcome: view.RedDogWin}
	scr := NewTableScreen(st)
	w := test.NewTempWindow(t, scr)
	w.Resize(fyne.NewSize(1280, 720))
	s, err := sample.State("reddog")
	if err != nil {
		t.Fatal(err)
	}
	s.Coup = view.Coup{RedDog: &rd}
	scr.Apply(s)
	var shown []string
	for _, o := range []fyne.CanvasObject{scr.redDog, scr.result} {
		shown = append(shown, texts(t, o)...)
	}
	for _, txt := range shown {
		if slices.Contains(faces, txt) || strings.ContainsAny(txt, "0123456789") {
			t.Errorf("a face-down Red Dog round shows %q", txt)
		}
	}
	if !slices.Contains(shown, words.T(i18n.PlaceBets)) {
		t.Errorf("a face-down Red Dog round shows %q, want %q", shown, words.T(i18n.PlaceBets))
	}
}
