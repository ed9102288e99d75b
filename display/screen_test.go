package display

import (
	"reflect"
	"slices"
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
