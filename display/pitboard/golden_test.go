package pitboard

import (
	"flag"
	"fmt"
	"image"
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

var update = flag.Bool("update", false, "write the pit board goldens (testdata/board_*.png) instead of comparing")

// goldenBoard is a board of six tables in every state a tile shows: open on a hot Banker
// streak with a natural and a pair, closing in 15 minutes after a result entered by hand,
// closed until 09:00, stale, offline, and holding coup 2 for review; the first with its hands
// per hour; the pit bus with a node down; in language lang.
func goldenBoard(t *testing.T, lang i18n.Lang) *Board {
	t.Helper()
	th, err := ebitentheme.New(themes.Night())
	if err != nil {
		t.Fatal(err)
	}
	words, err := i18n.New(lang)
	if err != nil {
		t.Fatal(err)
	}
	now := t0
	model := pitmodel.New(pitmodel.Config{})
	feed := make(chan pitwire.Message, 64)
	// The board reads from bus-1 of a three-node pit bus whose bus-2 is down.
	bus := func() pitmodel.Bus {
		return pitmodel.Bus{Watched: true, Connected: true, Node: "bus-1", Down: []string{"bus-2"}}
	}
	b := New(model, feed, th, Options{Words: words, Now: func() time.Time { return now }, Bus: bus})
	seq := map[string]uint64{}
	send := func(id string, typ pitwire.Type, fill func(*pitwire.Message)) {
		seq[id]++
		m := msg(id, seq[id], typ)
		if fill != nil {
			fill(&m)
		}
		if typ == pitwire.TypeHeartbeat {
			seq[id]-- // a heartbeat carries the sequence of the last message
			m.Seq = seq[id]
		}
		feed <- m
	}
	limits := &pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{{Bet: "player_banker", Min: 2500, Max: 500000}}}
	open := func(id, name string, st pitwire.Status) {
		st.Name, st.Game = name, "Baccarat — 5% commission"
		send(id, pitwire.TypeShoeStarted, func(m *pitwire.Message) { m.Status, m.Limits = &st, limits })
	}
	round := func(id string, n int, r pitwire.Round) {
		r.N, r.Kind = n, engine.KindNormal
		if !r.ResultOnly {
			r.PlayerCards, r.BankerCards = 2, 2
		}
		send(id, pitwire.TypeRound, func(m *pitwire.Message) { m.Round = &r })
	}
	open("T1", "Baccarat 1", pitwire.Status{State: pitwire.StateOpen})
	round("T1", 1, pitwire.Round{Winner: "P", PlayerTotal: 8, BankerTotal: 3})
	round("T1", 2, pitwire.Round{Winner: "T", PlayerTotal: 6, BankerTotal: 6})
	for n := 3; n <= 8; n++ {
		round("T1", n, pitwire.Round{Winner: "B", PlayerTotal: 4, BankerTotal: 7})
	}
	seq["T1"]++ // the last round carries the table's pace
	last := msg("T1", seq["T1"], pitwire.TypeRound)
	last.Round = &pitwire.Round{N: 9, Kind: engine.KindNormal, Winner: "B", PlayerTotal: 2, BankerTotal: 9, Natural: true, BankerPair: true, PlayerCards: 2, BankerCards: 2}
	last.Pace = &pitwire.Pace{HandsPerHour: 64}
	feed <- last
	open("T2", "Baccarat 2", pitwire.Status{State: pitwire.StateClosing, ClosesAt: t0.Add(15 * time.Minute)})
	round("T2", 1, pitwire.Round{Winner: "B", PlayerTotal: 5, BankerTotal: 6})
	round("T2", 2, pitwire.Round{Winner: "P", ResultOnly: true, PlayerPair: true})
	open("T3", "Baccarat 3", pitwire.Status{State: pitwire.StateClosed, OpensAt: time.Date(2026, 11, 23, 9, 0, 0, 0, time.Local)})
	open("T4", "Baccarat 4", pitwire.Status{State: pitwire.StateOpen})
	round("T4", 1, pitwire.Round{Winner: "P", PlayerTotal: 9, BankerTotal: 7, Natural: true})
	open("T5", "Baccarat 5", pitwire.Status{State: pitwire.StateOpen})
	open("T6", "Baccarat 6", pitwire.Status{State: pitwire.StateOpen})
	round("T6", 1, pitwire.Round{Winner: "B", PlayerTotal: 1, BankerTotal: 5})
	send("T6", pitwire.TypeReview, func(m *pitwire.Message) {
		m.Review = &pitwire.Review{N: 2, State: pitwire.ReviewHeld, Reasons: []string{"lost"}}
	})
	for _, id := range []string{"T1", "T2", "T3", "T4", "T6"} {
		send(id, pitwire.TypeHeartbeat, nil)
	}
	onGame(func() { err = b.Update() })
	if err != nil {
		t.Fatal(err)
	}
	now = t0.Add(10 * time.Second) // T4 has been silent 10 s (stale); T5 never spoke (offline)
	for _, id := range []string{"T1", "T2", "T3", "T6"} {
		send(id, pitwire.TypeHeartbeat, nil)
	}
	onGame(func() { err = b.Update() })
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The pit board in each language of the table screen, drawn at 1280×720 and compared with
// testdata/board_<lang>.png (go test -run TestBoardGolden -update writes them; look at them:
// the Chinese must be glyphs from the bundled font, never boxes). Beside the pixels, the test
// checks that the words drawn are the table screen's words in that language.
func TestBoardGolden(t *testing.T) {
	for _, lang := range i18n.Langs() {
		t.Run(string(lang), func(t *testing.T) {
			b := goldenBoard(t, lang)
			var got *image.RGBA
			onGame(func() {
				img := ebiten.NewImage(1280, 720)
				b.Draw(img)
				got = image.NewRGBA(img.Bounds())
				img.ReadPixels(got.Pix)
			})
			words, _ := i18n.New(lang)
			if b.opts.Title != words.T(i18n.PitTitle) {
				t.Errorf("title %q", b.opts.Title)
			}
			if b.stats.Errors != 0 {
				t.Errorf("%d messages refused: %v", b.stats.Errors, b.err)
			}
			for id, want := range map[string]string{"T1": words.T(i18n.PitOpen), "T2": words.T(i18n.PitClosingIn, 15),
				"T4": words.T(i18n.PitStale), "T5": words.T(i18n.PitOffline), "T6": words.T(i18n.PitReview, 2)} {
				tbl, _ := b.model.Table(id)
				if bd := b.badge(tbl, b.opts.Now()); bd.label != want {
					t.Errorf("%s badge %q, want %q", id, bd.label, want)
				}
			}
			if a, want := b.alert(), words.T(i18n.PitNodeDown, "bus-2", "bus-1"); a != want {
				t.Errorf("alert line %q, want %q", a, want)
			}
			if tbl, _ := b.model.Table("T1"); tbl.HandsPerHour != 64 {
				t.Errorf("T1 shows %d hands per hour", tbl.HandsPerHour)
			}
			path := filepath.Join("testdata", fmt.Sprintf("board_%s.png", lang))
			if *update {
				writePNG(t, path, got)
				return
			}
			want := readPNG(t, path)
			if diff := differing(got, want); diff > len(got.Pix)/4/200 { // 0.5 % of the pixels
				failed := filepath.Join("testdata", "failed", fmt.Sprintf("board_%s.png", lang))
				writePNG(t, failed, got)
				t.Errorf("%d pixels differ from %s; the board drawn is in %s", diff, path, failed)
			}
		})
	}
}

// differing counts the pixels of a and b that differ by more than a rounding step in any channel.
func differing(a, b *image.RGBA) int {
	if a.Bounds() != b.Bounds() {
		return len(a.Pix) / 4
	}
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		for c := range 3 {
			d := int(a.Pix[i+c]) - int(b.Pix[i+c])
			if d > 8 || d < -8 {
				n++
				break
			}
		}
	}
	return n
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

func readPNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (write the goldens with -update)", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			out.Set(x, y, img.At(x, y))
		}
	}
	return out
}
