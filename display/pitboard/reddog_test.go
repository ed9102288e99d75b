package pitboard

import (
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/coupboard/coupboard/themes"
	"github.com/coupboard/coupboard/themes/ebitentheme"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestRedDogTile: a Red Dog table's tile shows its last round in its outcome's colour (a win
// green, a loss red) and a strip of its rounds, and no roads. With COUPBOARD_PITBOARD_SHOT set
// to a directory it writes the frame there as reddog_tile.png, to look at.
func TestRedDogTile(t *testing.T) {
	th, err := ebitentheme.New(themes.Night())
	if err != nil {
		t.Fatal(err)
	}
	model := pitmodel.New(pitmodel.Config{})
	feed := make(chan pitwire.Message, 64)
	st := msg("RD-02", 1, pitwire.TypeShoeStarted)
	st.Status = &pitwire.Status{Name: "Red Dog 2", Game: "Red Dog (003)", State: pitwire.StateOpen}
	feed <- st
	rounds := []pitwire.RedDogRound{
		{Kind: engine.KindNormal, Cards: []string{"3H", "9S", "5D"}, Spread: "5", Outcome: "win", Pays: "1:1"},
		{Kind: engine.KindNormal, Cards: []string{"4H", "5C"}, Spread: "consecutive", Outcome: "push"},
		{Kind: engine.KindNormal, Cards: []string{"8D", "8S", "8H"}, Spread: "pair", Outcome: "win", Pays: "11:1"},
		{Kind: engine.KindNormal, Cards: []string{"2C", "KD", "AS"}, Spread: "10", Outcome: "lose"},
		{Kind: engine.KindNormal, Cards: []string{"QC", "2D", "9H"}, Spread: "9", Outcome: "win", Pays: "1:1"},
		{Kind: engine.KindCancelled},
		{Kind: engine.KindNormal, Cards: []string{"6S", "TH", "TD"}, Spread: "3", Outcome: "lose"},
	}
	for i, r := range rounds {
		r.N = i + 1
		m := msg("RD-02", uint64(i+2), pitwire.TypeRedDogRound)
		m.RedDog = &r
		feed <- m
	}
	feed <- msg("RD-02", uint64(len(rounds)+1), pitwire.TypeHeartbeat)
	b := New(model, feed, th, Options{Now: func() time.Time { return t0.Add(time.Second) }})
	onGame(func() { err = b.Update() })
	if err != nil {
		t.Fatal(err)
	}
	tb, ok := model.Table("RD-02")
	if !ok || len(tb.RedDog) != len(rounds) {
		t.Fatalf("model table %+v", tb)
	}
	const w, h = 640, 400
	var img *ebiten.Image
	onGame(func() { img = ebiten.NewImage(w, h); b.Draw(img) })
	g := Fit(1, w, h-max(28, h/28), 300, 190, 1.7)
	x1, y1 := g.Cell(0, 0, max(28, h/28))
	m := tileMetrics(float64(g.TileW-max(3, g.TileW/80)), float64(g.TileH-max(3, g.TileW/80)))
	at := func(x, y int) (c color.RGBA) {
		onGame(func() { c = color.RGBAModel.Convert(img.At(x, y)).(color.RGBA) })
		return c
	}
	// The last round (a loss) in its box, just inside its top-left corner: red.
	bx := x1 + int(m.pad) + 3
	by := y1 + int(m.pad+m.title*1.1+m.small*1.6) + 3
	if got, want := at(bx, by), color.RGBAModel.Convert(th.Palette.Error).(color.RGBA); !near(got, want) {
		t.Errorf("last-round box at %d,%d is %v, want the loss colour %v", bx, by, got, want)
	}
	if dir := os.Getenv("COUPBOARD_PITBOARD_SHOT"); dir != "" {
		f, err := os.Create(filepath.Join(dir, "reddog_tile.png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		onGame(func() { err = png.Encode(f, img) })
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestRedDogTileWordsInEachLanguage: the Red Dog tile's line about the last round is in the
// board's language (issue 23), cards and payout as the table sent them.
func TestRedDogTileWordsInEachLanguage(t *testing.T) {
	r := pitwire.RedDogRound{N: 7, Kind: engine.KindNormal, Cards: []string{"3H", "9S", "5D"}, Spread: "5", Outcome: "win", Pays: "1:1"}
	for lang, want := range map[i18n.Lang]string{
		i18n.English:            "Round 7 · win 1:1 · spread 5 · 3H 9S 5D",
		i18n.SimplifiedChinese:  "第 7 局 · 赢 1:1 · 差距 5 · 3H 9S 5D",
		i18n.TraditionalChinese: "第 7 局 · 贏 1:1 · 差距 5 · 3H 9S 5D",
	} {
		w, _ := i18n.New(lang)
		if got := redDogLast(w, r); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	w, _ := i18n.New(i18n.SimplifiedChinese)
	if got := redDogLast(w, pitwire.RedDogRound{N: 2, Kind: engine.KindCancelled}); got != "第 2 局已取消" {
		t.Errorf("cancelled: %q", got)
	}
}
