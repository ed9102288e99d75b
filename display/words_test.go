package display

import (
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
)

func TestMoney(t *testing.T) {
	tests := []struct {
		m    view.Money
		want string
	}{
		{0, "$0"}, {500, "$5"}, {250, "$2.50"}, {100000, "$1,000"}, {2500000, "$25,000"},
		{123456789, "$1,234,567.89"}, {-2550, "-$25.50"},
	}
	for _, tt := range tests {
		if got := money("$", tt.m); got != tt.want {
			t.Errorf("money(%d) = %q, want %q", tt.m, got, tt.want)
		}
	}
}

func TestCountdown(t *testing.T) {
	now := time.Date(2026, 11, 22, 21, 10, 18, 0, time.UTC)
	tests := []struct {
		at   time.Time
		want string
	}{
		{now.Add(19*time.Minute + 42*time.Second), "19:42"},
		{now.Add(20 * time.Minute), "20:00"},
		{now.Add(500 * time.Millisecond), "0:01"}, // rounded up: never 0:00 before the time
		{now.Add(4*time.Hour + 49*time.Minute + 42*time.Second), "4:49:42"},
		{now, ""},
		{now.Add(-time.Minute), ""},
	}
	for _, tt := range tests {
		if got := countdown(now, tt.at); got != tt.want {
			t.Errorf("countdown(%v) = %q, want %q", tt.at.Sub(now), got, tt.want)
		}
	}
}

func TestResultWords(t *testing.T) {
	en := i18n.Catalogue{}
	tests := []struct {
		r    view.Result
		want string
	}{
		{view.Result{Winner: engine.Banker, BankerTotal: 7, PlayerTotal: 5, TotalsKnown: true}, "BANKER WINS 7 TO 5"},
		{view.Result{Winner: engine.Player, BankerTotal: 3, PlayerTotal: 6, TotalsKnown: true}, "PLAYER WINS 6 TO 3"},
		{view.Result{Winner: engine.Player, PlayerTotal: 9, BankerTotal: 6, Natural: true, TotalsKnown: true}, "PLAYER NATURAL 9"},
		{view.Result{Winner: engine.Banker, PlayerTotal: 8, BankerTotal: 9, Natural: true, TotalsKnown: true}, "BANKER NATURAL 9"},
		// Player's natural 8 loses to... nothing here: Banker won 7 to 5 after drawing, no natural.
		{view.Result{Winner: engine.Tie, PlayerTotal: 6, BankerTotal: 6, TotalsKnown: true}, "TIE 6"},
		{view.Result{Winner: engine.Tie, PlayerTotal: 8, BankerTotal: 8, Natural: true, TotalsKnown: true}, "TIE 8"},
		{view.Result{Winner: engine.Banker}, "BANKER WINS"},
		{view.Result{Winner: engine.Tie}, "TIE"},
	}
	for _, tt := range tests {
		if got := resultWords(en, tt.r); got != tt.want {
			t.Errorf("resultWords(%+v) = %q, want %q", tt.r, got, tt.want)
		}
	}
	hans, err := i18n.New(i18n.SimplifiedChinese)
	if err != nil {
		t.Fatal(err)
	}
	if got := resultWords(hans, tests[0].r); got != "庄赢 7 比 5" {
		t.Errorf("zh-Hans = %q", got)
	}
}

func TestNoticeWords(t *testing.T) {
	at := time.Date(2026, 11, 22, 21, 30, 0, 0, time.UTC)
	en := i18n.Catalogue{}
	// The notice names the wager whose minimum or maximum changes (s66(2), 001 3.1).
	for _, tt := range []struct {
		n    view.Notice
		want string
	}{
		{view.Notice{Kind: view.NoticeMinimum, Amount: 5000, At: at}, "Player / Banker minimum changes to $50 at 21:30"},
		{view.Notice{Kind: view.NoticeMinimum, Wager: view.WagerTie, Amount: 2500, At: at}, "Tie minimum changes to $25 at 21:30"},
		{view.Notice{Kind: view.NoticeMaximum, Wager: view.WagerRuns, Amount: 50000, At: at}, "Runs maximum changes to $500 at 21:30"},
		{view.Notice{Kind: view.NoticeMinimum, Wager: view.WagerRedDog, Amount: 2500, At: at}, "Red Dog minimum changes to $25 at 21:30"},
		{view.Notice{Kind: view.NoticeReopening, At: at}, "This table reopens at 21:30"},
	} {
		if got := noticeWords(en, "$", tt.n); got != tt.want {
			t.Errorf("notice %+v = %q, want %q", tt.n, got, tt.want)
		}
	}
	hant, err := i18n.New(i18n.TraditionalChinese)
	if err != nil {
		t.Fatal(err)
	}
	if got := noticeWords(hant, "$", view.Notice{Kind: view.NoticeMinimum, Amount: 5000, At: at}); got != "閒 / 莊 最低限額於 21:30 改為 $50" {
		t.Errorf("zh-Hant minimum notice = %q", got)
	}
}
