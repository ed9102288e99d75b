package display

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/themes"
)

// rdCards is one box's card, face up, from its code ("7H"); "" is an empty box.
func rdCards(t testing.TB, code string) []view.Card {
	t.Helper()
	if code == "" {
		return nil
	}
	c, err := engine.ParseCard(code)
	if err != nil {
		t.Fatal(err)
	}
	return []view.Card{view.Up(c)}
}

// rdRound is a round dealt right, left, centre, as the table's machine would describe it
// under vic-red-dog-1997 (spread, 8.1.1 payouts), for the history and the boxes.
func rdRound(t testing.TB, right, left, centre string, kind view.RedDogKind, spread, pays int, out view.RedDogOutcome) view.RedDogCoup {
	return view.RedDogCoup{Right: rdCards(t, right), Left: rdCards(t, left), Centre: rdCards(t, centre),
		Kind: kind, Spread: spread, Pays: pays, Outcome: out}
}

// rdPays is vic-red-dog-1997's pay table (003 8.1.1).
var rdPays = []view.RedDogPay{{Spread: 1, Pays: 5}, {Spread: 2, Pays: 4}, {Spread: 3, Pays: 2}, {Spread: 4, OrMore: true, Pays: 1}, {Trips: true, Pays: 11}}

// rdScreen is a Red Dog table at 21:10:18 with the round c in the boxes and history rounds
// numbered up to n-1 before it.
func rdScreen(t testing.TB, c view.RedDogCoup, n int, history []view.RedDogCoup) view.Screen {
	s := view.Screen{
		Now:    time.Date(2026, 11, 22, 21, 10, 18, 0, time.Local),
		Header: view.Header{Casino: "Riverside Casino", Table: "RD-02", Game: view.RedDog, Shoe: 1, Coup: n},
		Sign: view.Sign{Currency: "$",
			Limits:  []view.Limit{{Wager: view.WagerRedDog, Min: 1000, Max: 100000, Multiple: 500}},
			Markers: []view.Marker{{Seat: 4, Higher: true, Max: 500000}}},
		Coup:   view.Coup{RedDog: &c},
		RedDog: &view.RedDogBoard{Pays: rdPays},
		Status: view.Status{Link: view.LinkConnected},
	}
	first := n - len(history)
	for i, h := range history {
		s.RedDog.History = append(s.RedDog.History, view.RedDogRound{N: first + i, Coup: h})
	}
	return s
}

// rdHistory is eight finished rounds: every outcome, a no spread, a pair pushed, trips.
func rdHistory(t testing.TB) []view.RedDogCoup {
	return []view.RedDogCoup{
		rdRound(t, "4C", "JD", "9S", view.RedDogSpread, 6, 1, view.RedDogWin),
		rdRound(t, "KH", "QS", "", view.RedDogConsecutive, 0, 0, view.RedDogPush),
		rdRound(t, "2D", "7C", "AH", view.RedDogSpread, 4, 1, view.RedDogLose),
		rdRound(t, "9H", "9C", "3S", view.RedDogPair, 0, 11, view.RedDogPush),
		rdRound(t, "5S", "8H", "6D", view.RedDogSpread, 2, 4, view.RedDogWin),
		rdRound(t, "TD", "QC", "JH", view.RedDogSpread, 1, 5, view.RedDogWin),
		rdRound(t, "6C", "6H", "6S", view.RedDogPair, 0, 11, view.RedDogTrips),
		rdRound(t, "3H", "AS", "KD", view.RedDogSpread, 10, 1, view.RedDogWin),
	}
}

// redDogStates are the Red Dog screen states with golden images under testdata/.
func redDogStates(t testing.TB) map[string]view.Screen {
	h := rdHistory(t)
	withNotice := rdScreen(t, rdRound(t, "7H", "TS", "", view.RedDogSpread, 2, 4, view.RedDogPending), 9, h)
	withNotice.Notices = []view.Notice{
		{Kind: view.NoticeMinimum, Wager: view.WagerRedDog, Amount: 2500, At: withNotice.Now.Add(19*time.Minute + 42*time.Second)},
		{Kind: view.NoticeClosing, At: withNotice.Now.Add(3*time.Hour + 49*time.Minute + 42*time.Second)},
	}
	closed := rdScreen(t, view.RedDogCoup{}, 0, h)
	closed.Mode, closed.Header.Shoe = view.Closed, 0
	history := rdScreen(t, rdRound(t, "5C", "QH", "9D", view.RedDogSpread, 6, 1, view.RedDogWin), 9, h)
	history.RedDog.History = append(history.RedDog.History[1:], view.RedDogRound{N: 9, Coup: *history.Coup.RedDog})
	history.RedDog.History[2].Cancelled = true
	return map[string]view.Screen{
		"reddog_waiting":  rdScreen(t, view.RedDogCoup{}, 0, nil),
		"reddog_first":    rdScreen(t, rdRound(t, "QD", "", "", view.RedDogDealing, 0, 0, view.RedDogPending), 9, h),
		"reddog_spread3":  rdScreen(t, rdRound(t, "4S", "8D", "", view.RedDogSpread, 3, 2, view.RedDogPending), 9, h),
		"reddog_pair":     rdScreen(t, rdRound(t, "JC", "JD", "", view.RedDogPair, 0, 11, view.RedDogPending), 9, h),
		"reddog_nospread": rdScreen(t, rdRound(t, "8C", "9D", "", view.RedDogConsecutive, 0, 0, view.RedDogPush), 9, h),
		"reddog_win":      rdScreen(t, rdRound(t, "2H", "9S", "5D", view.RedDogSpread, 6, 1, view.RedDogWin), 9, h),
		"reddog_lose":     rdScreen(t, rdRound(t, "4S", "8D", "KC", view.RedDogSpread, 3, 2, view.RedDogLose), 9, h),
		"reddog_push":     rdScreen(t, rdRound(t, "JC", "JD", "4H", view.RedDogPair, 0, 11, view.RedDogPush), 9, h),
		"reddog_trips":    rdScreen(t, rdRound(t, "JC", "JD", "JS", view.RedDogPair, 0, 11, view.RedDogTrips), 9, h),
		"reddog_history":  history,
		"reddog_notice":   withNotice,
		"reddog_closed":   closed,
	}
}

// TestRedDogGolden draws every Red Dog state and compares it with its golden image.
func TestRedDogGolden(t *testing.T) {
	states := redDogStates(t)
	tests := []struct {
		file, state, theme string
		lang               i18n.Lang
		size               fyne.Size
	}{
		{"reddog_waiting.png", "reddog_waiting", themes.ClassicID, i18n.English, landscape},
		{"reddog_first.png", "reddog_first", themes.ClassicID, i18n.English, landscape},
		{"reddog_spread3.png", "reddog_spread3", themes.ClassicID, i18n.English, landscape},
		{"reddog_pair.png", "reddog_pair", themes.ClassicID, i18n.English, landscape},
		{"reddog_nospread.png", "reddog_nospread", themes.ClassicID, i18n.English, landscape},
		{"reddog_win.png", "reddog_win", themes.ClassicID, i18n.English, landscape},
		{"reddog_lose.png", "reddog_lose", themes.ClassicID, i18n.English, landscape},
		{"reddog_push.png", "reddog_push", themes.ClassicID, i18n.English, landscape},
		{"reddog_trips.png", "reddog_trips", themes.ClassicID, i18n.English, landscape},
		{"reddog_history.png", "reddog_history", themes.ClassicID, i18n.English, landscape},
		{"reddog_notice.png", "reddog_notice", themes.ClassicID, i18n.English, landscape},
		{"reddog_closed.png", "reddog_closed", themes.ClassicID, i18n.English, landscape},
		{"reddog_portrait_spread.png", "reddog_spread3", themes.NightID, i18n.English, portrait},
		{"reddog_zh_hans_pair.png", "reddog_pair", themes.ClassicID, i18n.SimplifiedChinese, landscape},
		{"reddog_zh_hant_portrait_history.png", "reddog_history", themes.ContrastID, i18n.TraditionalChinese, portrait},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			test.NewTempApp(t)
			img := Render(style(t, tt.theme, tt.lang), states[tt.state], tt.size)
			test.AssertImageMatches(t, tt.file, img)
		})
	}
}

// TestRedDogWords checks the spread announced in words (003 7.2) and the result, as the
// issue asks: "3-card spread pays 2 to 1", "No spread", "Pair — no raise".
func TestRedDogWords(t *testing.T) {
	st := Style{Theme: themes.Classic()}
	tests := []struct {
		c         view.RedDogCoup
		main, sub string
	}{
		{rdRound(t, "4S", "8D", "", view.RedDogSpread, 3, 2, view.RedDogPending), "3-CARD SPREAD PAYS 2 TO 1", "Raise now"},
		{rdRound(t, "8C", "9D", "", view.RedDogConsecutive, 0, 0, view.RedDogPush), "PUSH", ""},
		{rdRound(t, "8C", "9D", "", view.RedDogConsecutive, 0, 0, view.RedDogPending), "NO SPREAD — PUSH", ""},
		{rdRound(t, "JC", "JD", "", view.RedDogPair, 0, 11, view.RedDogPending), "PAIR — NO RAISE", "Three of a kind pays 11 to 1"},
		{rdRound(t, "2H", "9S", "5D", view.RedDogSpread, 6, 1, view.RedDogWin), "WIN — 6-CARD SPREAD PAYS 1 TO 1", ""},
		{rdRound(t, "4S", "8D", "KC", view.RedDogSpread, 3, 2, view.RedDogLose), "LOSE", ""},
		{rdRound(t, "JC", "JD", "JS", view.RedDogPair, 0, 11, view.RedDogTrips), "THREE OF A KIND — PAYS 11 TO 1", ""},
		{rdRound(t, "QD", "", "", view.RedDogDealing, 0, 0, view.RedDogPending), "", ""},
	}
	for _, tt := range tests {
		main, sub, _, _ := redDogWords(st, tt.c)
		if main != tt.main || sub != tt.sub {
			t.Errorf("%+v: words %q / %q, want %q / %q", tt.c, main, sub, tt.main, tt.sub)
		}
	}
}

// TestRedDogPayLine checks which pay line is highlighted for a round (003 8.1.1): the spread's
// own line, the "or more" line for every larger spread, three of a kind for a pair, none for
// no spread.
func TestRedDogPayLine(t *testing.T) {
	tests := []struct {
		c    view.RedDogCoup
		want int // index in rdPays, -1 for none
	}{
		{view.RedDogCoup{Kind: view.RedDogSpread, Spread: 1}, 0},
		{view.RedDogCoup{Kind: view.RedDogSpread, Spread: 3}, 2},
		{view.RedDogCoup{Kind: view.RedDogSpread, Spread: 4}, 3},
		{view.RedDogCoup{Kind: view.RedDogSpread, Spread: 11}, 3},
		{view.RedDogCoup{Kind: view.RedDogPair}, 4},
		{view.RedDogCoup{Kind: view.RedDogConsecutive}, -1},
		{view.RedDogCoup{Kind: view.RedDogDealing}, -1},
	}
	for _, tt := range tests {
		got := -1
		for i, l := range rdPays {
			if payLineApplies(l, tt.c) {
				if got != -1 {
					t.Errorf("%+v: lines %d and %d both apply", tt.c, got, i)
				}
				got = i
			}
		}
		if got != tt.want {
			t.Errorf("%+v: line %d applies, want %d", tt.c, got, tt.want)
		}
	}
}

// TestRedDogHistoryShowsRounds checks that the history draws each round's number, cards,
// spread and outcome, newest last, and a cancelled round as void.
func TestRedDogHistoryShowsRounds(t *testing.T) {
	test.NewTempApp(t)
	s := redDogStates(t)["reddog_history"]
	scr := NewTableScreen(style(t, themes.ClassicID, i18n.English))
	w := test.NewTempWindow(t, scr)
	w.Resize(landscape)
	scr.Apply(s)
	got := texts(t, scr.redDogLog)
	for _, want := range []string{"Rounds", "9", "5♣", "Q♥", "9♦", "10", "VOID", "LOSE", "11 to 1", "–", "="} {
		if !slices.Contains(got, want) {
			t.Errorf("history lacks %q: %q", want, got)
		}
	}
	if i, j := slices.Index(got, "LOSE"), slices.Index(got, "VOID"); i < 0 || j < 0 || i > j {
		t.Errorf("history order: LOSE (round 3) at %d, VOID (round 4) at %d", i, j)
	}
	pays := strings.Join(texts(t, scr.redDogPay), "|")
	for _, want := range []string{"1-card spread|5 to 1", "3-card spread|2 to 1", "4-card spread or more|1 to 1", "Three of a kind|11 to 1"} {
		if !strings.Contains(pays, want) {
			t.Errorf("pay table %q lacks %q", pays, want)
		}
	}
}

// BenchmarkApplyRedDog measures showing a new Red Dog state (history full) on a full-HD screen.
func BenchmarkApplyRedDog(b *testing.B) {
	test.NewTempApp(b)
	s := redDogStates(b)["reddog_history"]
	scr := NewTableScreen(Style{Theme: themes.Classic()})
	w := test.NewTempWindow(b, scr)
	w.Resize(fyne.NewSize(1920, 1080))
	for b.Loop() {
		scr.Apply(s)
	}
}

// BenchmarkRenderRedDog1920x1080 measures drawing the Red Dog screen into an image.
func BenchmarkRenderRedDog1920x1080(b *testing.B) {
	test.NewTempApp(b)
	s := redDogStates(b)["reddog_history"]
	st := Style{Theme: themes.Classic()}
	for b.Loop() {
		Render(st, s, fyne.NewSize(1920, 1080))
	}
}
