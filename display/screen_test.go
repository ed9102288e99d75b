package display

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/sample"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/themes"
)

func style(t *testing.T, themeID string, lang i18n.Lang) Style {
	t.Helper()
	th, err := themes.Builtin(themeID)
	if err != nil {
		t.Fatal(err)
	}
	words, err := i18n.New(lang)
	if err != nil {
		t.Fatal(err)
	}
	return Style{Theme: th, Words: words}
}

var (
	landscape = fyne.NewSize(1280, 720)
	portrait  = fyne.NewSize(720, 1280)
)

// TestGolden draws every sample state and compares it with its golden image under testdata/.
func TestGolden(t *testing.T) {
	tests := []struct {
		file, state, theme string
		lang               i18n.Lang
		size               fyne.Size
	}{
		{"empty.png", "empty", themes.ClassicID, i18n.English, landscape},
		{"noshoe.png", "noshoe", themes.ClassicID, i18n.English, landscape},
		{"midshoe.png", "midshoe", themes.ClassicID, i18n.English, landscape},
		{"natural.png", "natural", themes.ClassicID, i18n.English, landscape},
		{"tie.png", "tie", themes.ClassicID, i18n.English, landscape},
		{"sixhalf.png", "sixhalf", themes.ClassicID, i18n.English, landscape},
		{"insurance_runs.png", "insurance", themes.ClassicID, i18n.English, landscape},
		{"facedown.png", "facedown", themes.ClassicID, i18n.English, landscape},
		{"lastcoup.png", "lastcoup", themes.ClassicID, i18n.English, landscape},
		{"notice.png", "notice", themes.ClassicID, i18n.English, landscape},
		{"review_error.png", "review", themes.ClassicID, i18n.English, landscape},
		{"zh_hans_review_error.png", "review", themes.ClassicID, i18n.SimplifiedChinese, landscape},
		{"manual.png", "manual", themes.ClassicID, i18n.English, landscape},
		{"status_warnings.png", "warnings", themes.ClassicID, i18n.English, landscape},
		{"status_warnings_zh-Hant.png", "warnings", themes.ClassicID, i18n.TraditionalChinese, landscape},
		{"closed.png", "closed", themes.ClassicID, i18n.English, landscape},
		{"dummy_nobet.png", "dummy", themes.ClassicID, i18n.English, landscape},
		{"reddog_spread.png", "reddog", themes.ClassicID, i18n.English, landscape},
		{"reddog_trips_portrait.png", "reddogtrips", themes.NightID, i18n.SimplifiedChinese, portrait},
		{"idle.png", "idle", themes.ClassicID, i18n.English, landscape},
		{"portrait_midshoe.png", "midshoe", themes.ClassicID, i18n.English, portrait},
		{"portrait_insurance_runs.png", "insurance", themes.ClassicID, i18n.English, portrait},
		{"portrait_idle.png", "idle", themes.ClassicID, i18n.English, portrait},
		{"portrait_closed.png", "closed", themes.ClassicID, i18n.English, portrait},
		{"night_midshoe.png", "midshoe", themes.NightID, i18n.English, landscape},
		{"night_portrait_notice.png", "notice", themes.NightID, i18n.English, portrait},
		{"contrast_midshoe.png", "midshoe", themes.ContrastID, i18n.English, landscape},
		{"zh_hans_midshoe.png", "midshoe", themes.ClassicID, i18n.SimplifiedChinese, landscape},
		{"zh_hant_insurance_runs.png", "insurance", themes.NightID, i18n.TraditionalChinese, landscape},
		{"zh_hans_portrait_sixhalf.png", "sixhalf", themes.ClassicID, i18n.SimplifiedChinese, portrait},
		{"zh_hant_notice.png", "notice", themes.ContrastID, i18n.TraditionalChinese, landscape},
		{"fullhd_midshoe.png", "midshoe", themes.ClassicID, i18n.English, fyne.NewSize(1920, 1080)},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			test.NewTempApp(t)
			s, err := sample.State(tt.state)
			if err != nil {
				t.Fatal(err)
			}
			img := Render(style(t, tt.theme, tt.lang), s, tt.size)
			test.AssertImageMatches(t, tt.file, img)
		})
	}
}

// TestSetNowMovesCountdown checks that a clock tick alone moves the header clock and the
// notices' countdowns.
func TestSetNowMovesCountdown(t *testing.T) {
	test.NewTempApp(t)
	s, err := sample.State("notice")
	if err != nil {
		t.Fatal(err)
	}
	scr := NewTableScreen(style(t, themes.ClassicID, i18n.English))
	w := test.NewTempWindow(t, scr)
	w.Resize(landscape)
	scr.Apply(s)
	has := func(o fyne.CanvasObject, want string) bool {
		return slices.Contains(texts(t, o), want)
	}
	if !has(scr.notices, "in 19:42") || !has(scr.header, "21:10") {
		t.Fatalf("at 21:10:18: notices %q, header %q", texts(t, scr.notices), texts(t, scr.header))
	}
	scr.SetNow(s.Now.Add(10 * time.Minute))
	if !has(scr.notices, "in 9:42") || !has(scr.header, "21:20") {
		t.Errorf("at 21:20:18: notices %q, header %q", texts(t, scr.notices), texts(t, scr.header))
	}
	scr.SetNow(s.Now.Add(20 * time.Minute))
	if !has(scr.notices, "now") {
		t.Errorf("at 21:30:18: notices %q, want the minimum notice to say now", texts(t, scr.notices))
	}
}

func BenchmarkApply(b *testing.B) {
	test.NewTempApp(b)
	s, err := sample.State("midshoe")
	if err != nil {
		b.Fatal(err)
	}
	scr := NewTableScreen(Style{Theme: themes.Classic()})
	w := test.NewTempWindow(b, scr)
	w.Resize(fyne.NewSize(1920, 1080))
	b.ResetTimer()
	for b.Loop() {
		scr.Apply(s)
	}
}

func BenchmarkSetNow(b *testing.B) {
	test.NewTempApp(b)
	s, err := sample.State("notice")
	if err != nil {
		b.Fatal(err)
	}
	scr := NewTableScreen(Style{Theme: themes.Classic()})
	w := test.NewTempWindow(b, scr)
	w.Resize(fyne.NewSize(1920, 1080))
	scr.Apply(s)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		scr.SetNow(s.Now.Add(time.Duration(i) * time.Second))
	}
}

func BenchmarkRender1920x1080(b *testing.B) {
	test.NewTempApp(b)
	s, err := sample.State("midshoe")
	if err != nil {
		b.Fatal(err)
	}
	st := Style{Theme: themes.Classic()}
	for b.Loop() {
		Render(st, s, fyne.NewSize(1920, 1080))
	}
}

// TestApplyCoupShowsOnlyTheCoup checks the first of the two steps the app hands a screen over
// in: the coup (and the mode) change, the roads and statistics wait for Apply.
func TestApplyCoupShowsOnlyTheCoup(t *testing.T) {
	test.NewTempApp(t)
	before, err := sample.State("midshoe")
	if err != nil {
		t.Fatal(err)
	}
	natural, err := sample.State("natural")
	if err != nil {
		t.Fatal(err)
	}
	after := before
	after.Coup, after.Roads, after.Stats = natural.Coup, view.Roads{}, view.Stats{Hands: 99}
	if reflect.DeepEqual(before.Coup, after.Coup) || reflect.DeepEqual(before.Roads, after.Roads) {
		t.Fatal("the sample states do not differ in coup and roads")
	}
	scr := NewTableScreen(Style{Theme: themes.Classic()})
	w := test.NewTempWindow(t, scr)
	w.Resize(landscape)
	scr.Apply(before)

	scr.ApplyCoup(after)
	if !reflect.DeepEqual(scr.result.coup, after.Coup) || !reflect.DeepEqual(scr.player.cards, after.Coup.Player) {
		t.Error("ApplyCoup did not show the new coup")
	}
	if !reflect.DeepEqual(scr.big.road, before.Roads.Big) || scr.stats.stats != before.Stats {
		t.Error("ApplyCoup changed the roads or the statistics")
	}

	scr.Apply(after)
	if !reflect.DeepEqual(scr.big.road, after.Roads.Big) || scr.stats.stats != after.Stats || !reflect.DeepEqual(scr.result.coup, after.Coup) {
		t.Error("Apply after ApplyCoup did not show the whole screen")
	}
}

// TestShoeKeepsItsLayout: from a shoe's start to its end the screen is laid out once. The
// shoe's first card, and a coup cancelled or held for review (an empty coup mid-shoe), fill or
// empty the coup's boxes and move nothing; only the day's first shoe, before which the coup is
// a band, lays the screen out again (its start, seconds before its first card).
func TestShoeKeepsItsLayout(t *testing.T) {
	state := func(name string) view.Screen {
		s, err := sample.State(name)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	firstCard := state("empty")
	firstCard.Coup.Player = state("natural").Coup.Player[:1]
	cancelled := state("midshoe")
	cancelled.Coup = view.Coup{}
	for _, tc := range []struct {
		name     string
		from, to view.Screen
		moves    bool
	}{
		{"the shoe's first card", state("empty"), firstCard, false},
		{"a coup cancelled mid-shoe", state("midshoe"), cancelled, false},
		{"the next coup's first card after it", cancelled, state("midshoe"), false},
		{"a coup's result (ApplyCoup's partial screen, then the rest)", state("midshoe"), state("natural"), false},
		{"the day's first shoe starts", state("noshoe"), state("empty"), true},
	} {
		for _, size := range []fyne.Size{landscape, portrait} {
			t.Run(fmt.Sprintf("%s %v", tc.name, size), func(t *testing.T) {
				test.NewTempApp(t)
				scr := NewTableScreen(Style{Theme: themes.Classic()})
				test.NewTempWindow(t, scr).Resize(size)
				geometry := func() string {
					var b strings.Builder
					for _, o := range []fyne.CanvasObject{scr.player, scr.banker, scr.result, scr.big, scr.bead, scr.bigEye, scr.small, scr.cockroach, scr.ask, scr.stats, scr.sign} {
						fmt.Fprintf(&b, "%v %v; ", o.Position(), o.Size())
					}
					return b.String()
				}
				scr.Apply(tc.from)
				before := geometry()
				scr.ApplyCoup(tc.to)
				scr.ApplyRest()
				if after := geometry(); (after != before) != tc.moves {
					t.Errorf("moved %v, want %v:\nbefore %s\nafter  %s", after != before, tc.moves, before, after)
				}
			})
		}
	}
}

func TestApplyCoupFirstIsApply(t *testing.T) {
	test.NewTempApp(t)
	s, err := sample.State("midshoe")
	if err != nil {
		t.Fatal(err)
	}
	scr := NewTableScreen(Style{Theme: themes.Classic()})
	test.NewTempWindow(t, scr).Resize(landscape)
	scr.ApplyCoup(s)
	if !reflect.DeepEqual(scr.big.road, s.Roads.Big) || scr.stats.stats != s.Stats {
		t.Error("the first ApplyCoup did not show the whole screen")
	}
}

// TestApplyRest checks the second step: ApplyRest shows the whole of the newest screen
// ApplyCoup was given, whatever came between, and nothing once Apply has shown a screen since.
func TestApplyRest(t *testing.T) {
	test.NewTempApp(t)
	midshoe, err := sample.State("midshoe")
	if err != nil {
		t.Fatal(err)
	}
	natural, err := sample.State("natural")
	if err != nil {
		t.Fatal(err)
	}
	one := midshoe
	one.Coup, one.Roads, one.Stats = natural.Coup, view.Roads{}, view.Stats{Hands: 98}
	two := one
	two.Coup, two.Stats = midshoe.Coup, view.Stats{Hands: 99}
	tick := midshoe // a second later, the same coup
	tick.Now, tick.Stats = tick.Now.Add(time.Second), view.Stats{Hands: 97}
	card := midshoe // a card within the coup: the same roads, the cards left one fewer
	card.Coup, card.Stats = natural.Coup, view.Stats{Hands: 96}
	for _, tt := range []struct {
		name  string
		steps func(t *testing.T, scr *TableScreen)
		want  view.Screen
	}{
		{"the rest of the coup shown", func(t *testing.T, scr *TableScreen) {
			if !scr.ApplyCoup(one) {
				t.Error("ApplyCoup of a new coup left no rest")
			}
			scr.ApplyRest()
		}, one},
		{"two coups before the rest: the newest", func(t *testing.T, scr *TableScreen) {
			scr.ApplyCoup(one)
			scr.ApplyCoup(two)
			scr.ApplyRest()
			scr.ApplyRest() // the second call of two queued: nothing left
		}, two},
		{"Apply since: nothing left", func(t *testing.T, scr *TableScreen) {
			scr.ApplyCoup(one)
			scr.Apply(two)
			scr.ApplyRest()
		}, two},
		{"no coup given: nothing", func(t *testing.T, scr *TableScreen) { scr.ApplyRest() }, midshoe},
		{"the same coup: all at once", func(t *testing.T, scr *TableScreen) {
			if scr.ApplyCoup(tick) {
				t.Error("ApplyCoup of the coup shown left a rest")
			}
		}, tick},
		{"a card within a coup: all at once", func(t *testing.T, scr *TableScreen) {
			if scr.ApplyCoup(card) {
				t.Error("ApplyCoup of a card that ends no coup left a rest")
			}
		}, card},
	} {
		t.Run(tt.name, func(t *testing.T) {
			scr := NewTableScreen(Style{Theme: themes.Classic()})
			test.NewTempWindow(t, scr).Resize(landscape)
			scr.Apply(midshoe)
			tt.steps(t, scr)
			if !reflect.DeepEqual(scr.screen, tt.want) || !reflect.DeepEqual(scr.big.road, tt.want.Roads.Big) ||
				scr.stats.stats != tt.want.Stats || !reflect.DeepEqual(scr.result.coup, tt.want.Coup) {
				t.Errorf("shows hands=%d, coup of %d+%d cards; want hands=%d, %d+%d", scr.stats.stats.Hands,
					len(scr.result.coup.Player), len(scr.result.coup.Banker), tt.want.Stats.Hands, len(tt.want.Coup.Player), len(tt.want.Coup.Banker))
			}
		})
	}
}

// TestNewTimeRepaintsNoticesWhenACountdownMoves: every screen the table hands over carries a
// new time, a card's too; the notices are painted again only when one of their countdowns
// reads differently (whole seconds), through Apply and SetNow alike, and still say "now" when
// the time comes.
func TestNewTimeRepaintsNoticesWhenACountdownMoves(t *testing.T) {
	test.NewTempApp(t)
	s, err := sample.State("notice") // at 21:10:18, a minimum changing at 21:30
	if err != nil {
		t.Fatal(err)
	}
	lastCoup := s
	lastCoup.Notices = []view.Notice{{Kind: view.NoticeLastCoup}} // no countdown
	for _, tt := range []struct {
		name   string
		from   view.Screen
		after  time.Duration
		setNow bool
		want   bool // the notices show the new time
	}{
		{"a card 300 ms later", s, 300 * time.Millisecond, false, false},
		{"a card a second later", s, time.Second, false, true},
		{"a tick a second later", s, time.Second, true, true},
		{"a tick 200 ms later", s, 200 * time.Millisecond, true, false},
		{"a tick at the time: now", s, 20*time.Minute - 18*time.Second, true, true},
		{"no countdown, a minute later", lastCoup, time.Minute, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			scr := NewTableScreen(style(t, themes.ClassicID, i18n.English))
			test.NewTempWindow(t, scr).Resize(landscape)
			scr.Apply(tt.from)
			now := tt.from.Now.Add(tt.after)
			if tt.setNow {
				scr.SetNow(now)
			} else {
				next := tt.from
				next.Now = now
				scr.Apply(next)
			}
			if got := scr.notices.now.Equal(now); got != tt.want {
				t.Errorf("the notices repainted at the new time: %v, want %v", got, tt.want)
			}
		})
	}
}

// TestLayoutPaintsEachWidgetOnce: a layout that plans the screen more than once (three notices
// over a coup in play, whose rows shrink so that the roads keep their floor, and then the big
// road's name goes beside its grid and, in portrait, the limit sign compacts; at 800×1280 the
// roads go in two rows too, the bead plate's name beside its grid) moves and sizes each widget
// once, so each is painted once, at its final size.
func TestLayoutPaintsEachWidgetOnce(t *testing.T) {
	test.NewTempApp(t)
	for _, tt := range []struct {
		state   string
		size    fyne.Size
		notices int // the first of sampleNotices in place of the state's own; 0 for its own
	}{{"notices3", fyne.NewSize(1920, 1080), 0}, {"notices3", fyne.NewSize(1280, 720), 0}, {"notices-runs", fyne.NewSize(1080, 1920), 0},
		{"insurance", fyne.NewSize(720, 1280), 3}, {"insurance", fyne.NewSize(800, 1280), 3}} {
		s, err := sample.State(tt.state)
		if err != nil {
			t.Fatal(err)
		}
		if tt.notices > 0 {
			s.Notices = sampleNotices()[:tt.notices]
		}
		size := tt.size
		scr := NewTableScreen(style(t, themes.ClassicID, i18n.English))
		w := test.NewTempWindow(t, scr)
		w.Resize(fyne.NewSize(1000, 800))
		scr.Apply(s)
		r := test.WidgetRenderer(scr).(*screenRenderer)
		widgets := map[string]fyne.Widget{"header": scr.header, "notices": scr.notices, "sign": scr.sign, "stats": scr.stats,
			"player": scr.player, "result": scr.result, "big road": scr.big, "big eye boy": scr.bigEye, "ask": scr.ask,
			"bead plate": scr.bead}
		if s.Runs != nil {
			widgets["runs"] = scr.runs
		}
		before := map[string]int{}
		for name, wd := range widgets {
			before[name] = test.WidgetRenderer(wd).(*paintRenderer).paints
		}
		plans := r.plans
		w.Resize(size)
		if r.plans-plans < 2 {
			t.Errorf("%s %v: %d plans: want a layout of more than one, for the test to mean anything", tt.state, size, r.plans-plans)
		}
		if tt.notices > 0 && (!scr.big.beside || !scr.sign.compact) {
			t.Errorf("%s %v: the big road's name beside it %v, the sign compact %v: want both, for the test to mean anything", tt.state, size, scr.big.beside, scr.sign.compact)
		}
		if paired := scr.bead.Position().Y == scr.big.Position().Y; size.Width == 800 && (!paired || !scr.bead.beside) {
			t.Errorf("%s %v: the roads in two rows %v, the bead plate's name beside it %v: want both, for the test to mean anything", tt.state, size, paired, scr.bead.beside)
		}
		for name, wd := range widgets {
			if n := test.WidgetRenderer(wd).(*paintRenderer).paints - before[name]; n != 1 {
				t.Errorf("%s %v: the %s painted %d times in one layout, want once", tt.state, size, name, n)
			}
		}
	}
}
