package pitboard

import (
	"bytes"
	"image/color"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/coupboard/coupboard/themes"
	"github.com/coupboard/coupboard/themes/ebitentheme"
	"github.com/hajimehoshi/ebiten/v2"
)

// runner is a game whose only job is to run the tests while Ebiten's loop is running, and to
// run their drawing on the game's goroutine (onGame), as the real board does. Run the tests
// under Xvfb.
type runner struct {
	m       *testing.M
	started bool
	done    chan int
	code    int
}

// work is what the tests ask the game goroutine to run.
var work = make(chan func())

// onGame runs f on the game's goroutine, during an Update, and waits for it.
func onGame(f func()) {
	done := make(chan struct{})
	work <- func() { f(); close(done) }
	<-done
}

func (r *runner) Update() error {
	if !r.started {
		r.started = true
		go func() { r.done <- r.m.Run() }()
	}
	for {
		select {
		case f := <-work:
			f()
		case r.code = <-r.done:
			return ebiten.Termination
		default:
			return nil
		}
	}
}

func (r *runner) Draw(*ebiten.Image)         {}
func (r *runner) Layout(w, h int) (int, int) { return w, h }

func TestMain(m *testing.M) {
	r := &runner{m: m, done: make(chan int, 1)}
	ebiten.SetWindowSize(320, 200)
	if err := ebiten.RunGame(r); err != nil {
		panic(err)
	}
	os.Exit(r.code)
}

var t0 = time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)

func msg(id string, seq uint64, typ pitwire.Type) pitwire.Message {
	return pitwire.Message{V: pitwire.Version, Table: id, Seq: seq, Type: typ, Time: t0, Shoe: 1}
}

// testBoard is a board of tables: T1 live with a banker win last, T2 never heard (offline).
func testBoard(t *testing.T) (*Board, *ebitentheme.Theme, chan<- pitwire.Message) {
	t.Helper()
	th, err := ebitentheme.New(themes.Night())
	if err != nil {
		t.Fatal(err)
	}
	model := pitmodel.New(pitmodel.Config{})
	feed := make(chan pitwire.Message, 16)
	st := msg("T1", 1, pitwire.TypeShoeStarted)
	st.Status = &pitwire.Status{Name: "Baccarat 1", Game: "Baccarat", State: pitwire.StateOpen}
	r := msg("T1", 2, pitwire.TypeRound)
	r.Round = &pitwire.Round{N: 1, Kind: engine.KindNormal, Winner: "B", PlayerTotal: 2, BankerTotal: 8, Natural: true, PlayerCards: 2, BankerCards: 2}
	hb := msg("T1", 2, pitwire.TypeHeartbeat)
	other := msg("T2", 1, pitwire.TypeShoeStarted)
	for _, m := range []pitwire.Message{st, r, hb, other} {
		feed <- m
	}
	b := New(model, feed, th, Options{Now: func() time.Time { return t0.Add(time.Second) }})
	var err2 error
	onGame(func() { err2 = b.Update() })
	if err2 != nil {
		t.Fatal(err2)
	}
	if got := model.Len(); got != 2 {
		t.Fatalf("board has %d tables after Update, want 2", got)
	}
	return b, th, feed
}

func near(a, b color.RGBA) bool {
	d := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return d(a.R, b.R) < 8 && d(a.G, b.G) < 8 && d(a.B, b.B) < 8
}

func TestDrawTiles(t *testing.T) {
	b, th, _ := testBoard(t)
	const w, h = 1200, 400
	var img *ebiten.Image
	onGame(func() { img = ebiten.NewImage(w, h); b.Draw(img) })
	g := Fit(2, w, h-max(28, h/28), 300, 190, 1.7)
	x1, y1 := g.Cell(0, 0, max(28, h/28))
	x2, y2 := g.Cell(1, 0, max(28, h/28))
	m := tileMetrics(float64(g.TileW-max(3, g.TileW/80)), float64(g.TileH-max(3, g.TileW/80)))

	// T1's last-result box, just inside its top-left corner, is Banker red.
	bx := x1 + int(m.pad) + 3
	by := y1 + int(m.pad+m.title*1.1+m.small*1.6) + 3
	at := func(x, y int) (c color.RGBA) {
		onGame(func() { c = color.RGBAModel.Convert(img.At(x, y)).(color.RGBA) })
		return c
	}
	if got, want := at(bx, by), color.RGBAModel.Convert(th.Palette.Banker).(color.RGBA); !near(got, want) {
		t.Errorf("T1 result box at %d,%d is %v, want Banker %v", bx, by, got, want)
	}
	// T2 has never sent a heartbeat: its tile is veiled, not drawn as if live. Its panel
	// colour shows through the veil darker than T1's panel.
	p1 := at(x1+g.TileW-20, y1+g.TileH/2)
	p2 := at(x2+g.TileW-20, y2+g.TileH/2)
	if near(p1, p2) {
		t.Errorf("offline tile T2 looks like live tile T1 (%v vs %v)", p2, p1)
	}
	if st := b.Stats(); st.Frames != 1 || st.Redrawn != 2 {
		t.Errorf("stats %+v, want 1 frame and 2 tiles painted", st)
	}
	// Nothing changed: the next frame is not drawn again and no tile is repainted.
	onGame(func() { b.Draw(img) })
	if st := b.Stats(); st.Frames != 1 || st.Redrawn != 2 {
		t.Errorf("an unchanged frame was drawn again: %+v", st)
	}
}

func TestTileRepaintedOnlyWhenItsTableChanges(t *testing.T) {
	b, _, feed := testBoard(t)
	b.opts.RedrawAlways = true
	var img *ebiten.Image
	onGame(func() { img = ebiten.NewImage(1200, 400); b.Draw(img); b.Draw(img) })
	if got := b.Stats().Redrawn; got != 2 {
		t.Fatalf("after two frames %d tiles painted, want 2", got)
	}
	r := msg("T1", 3, pitwire.TypeRound)
	r.Round = &pitwire.Round{N: 2, Kind: engine.KindNormal, Winner: "P", PlayerTotal: 9, BankerTotal: 0, Natural: true, PlayerCards: 2, BankerCards: 2}
	feed <- r
	var err error
	onGame(func() { err = b.Update(); b.Draw(img) })
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Stats().Redrawn; got != 3 {
		t.Fatalf("after T1 changed %d tiles painted, want 3 (T1 only)", got)
	}
}

// TestAlertLine: an open bus (Options.Warning) and a forged message (a table speaking for
// another) are shown in a line in the error colour under the header; without them the tiles
// start under the header.
func TestAlertLine(t *testing.T) {
	b, th, feed := testBoard(t)
	const w, h = 1200, 400
	header := max(28, h/28)
	var img *ebiten.Image
	at := func(x, y int) (c color.RGBA) {
		onGame(func() { c = color.RGBAModel.Convert(img.At(x, y)).(color.RGBA) })
		return c
	}
	errColour := color.RGBAModel.Convert(th.Palette.Error).(color.RGBA)
	onGame(func() { img = ebiten.NewImage(w, h); b.Draw(img) })
	if near(at(2, header+2), errColour) {
		t.Fatal("an alert line with nothing to say")
	}

	forged := msg("T2", 9, pitwire.TypeRound)
	forged.Round = &pitwire.Round{N: 1, Kind: engine.KindNormal, Winner: "B", PlayerTotal: 2, BankerTotal: 8, Natural: true, PlayerCards: 2, BankerCards: 2}
	forged.Subject = pitwire.Subject("T1", pitwire.TypeRound)
	feed <- forged
	var err error
	onGame(func() { err = b.Update(); b.Draw(img) })
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := b.Model().Forged(); n != 1 || b.Stats().Errors != 1 {
		t.Fatalf("forged %d, errors %d: want the forged message refused and counted", n, b.Stats().Errors)
	}
	if got := at(2, header+2); !near(got, errColour) {
		t.Fatalf("with a forged message refused, under the header is %v, want the error colour %v", got, errColour)
	}
	if got := b.alert(); !strings.Contains(got, "1 forged message(s) refused") || !strings.Contains(got, "table T2, type round on subject table.T1.round") {
		t.Fatalf("alert %q", got)
	}

	b2, _, _ := testBoard(t)
	b2.opts.Warning = "OPEN BUS"
	onGame(func() { b2.Draw(img) })
	if got := at(2, header+2); !near(got, errColour) {
		t.Fatalf("with an open bus, under the header is %v, want the error colour %v", got, errColour)
	}
}

// TestTileShowsSoftware checks that a heartbeat naming the table's build repaints its tile and
// writes the version at the right end of the game line, and nowhere else.
func TestTileShowsSoftware(t *testing.T) {
	b, _, feed := testBoard(t)
	const w, h = 1200, 400
	var before, after *ebiten.Image
	onGame(func() { before = ebiten.NewImage(w, h); b.Draw(before) })
	hb := msg("T1", 2, pitwire.TypeHeartbeat)
	hb.Software = "coupboard 0.9.0+3f2a9c1"
	feed <- hb
	var err error
	onGame(func() { err = b.Update(); after = ebiten.NewImage(w, h); b.Draw(after) })
	if err != nil {
		t.Fatal(err)
	}
	if tb, _ := b.model.Table("T1"); softwareText(tb) != "v0.9.0+3f2a9c1" {
		t.Fatalf("softwareText = %q", softwareText(tb))
	}
	if got := b.Stats().Redrawn; got != 3 {
		t.Errorf("after the heartbeat %d tiles painted, want 3 (T1 again)", got)
	}
	g := Fit(2, w, h-max(28, h/28), 300, 190, 1.7)
	x1, y1 := g.Cell(0, 0, max(28, h/28))
	m := tileMetrics(float64(g.TileW-max(3, g.TileW/80)), float64(g.TileH-max(3, g.TileW/80)))
	lineY := y1 + int(m.pad+m.title*1.1+m.small*0.7)
	var changedIn, changedOut int
	onGame(func() {
		for y := y1; y < y1+g.TileH; y++ {
			for x := x1; x < x1+g.TileW; x++ {
				if before.At(x, y) == after.At(x, y) {
					continue
				}
				if y >= lineY-int(m.small) && y <= lineY+int(m.small) && x > x1+g.TileW/2 {
					changedIn++
				} else {
					changedOut++
				}
			}
		}
	})
	if changedIn == 0 || changedOut > 0 {
		t.Errorf("pixels changed: %d in the right half of the game line (want some), %d elsewhere (want none)", changedIn, changedOut)
	}
}

// pixels are img's pixels, read on the game goroutine.
func pixels(img *ebiten.Image) []byte {
	var px []byte
	onGame(func() {
		px = make([]byte, 4*img.Bounds().Dx()*img.Bounds().Dy())
		img.ReadPixels(px)
	})
	return px
}

// TestIncrementalFrameEqualsFull draws a board frame by frame on one screen, as the window
// does (the screen keeps the previous frame and each frame draws only what changed), and
// checks after every frame that the screen is pixel for pixel what a whole new frame draws.
func TestIncrementalFrameEqualsFull(t *testing.T) {
	b, th, feed := testBoard(t)
	now := t0.Add(time.Second)
	b.opts.Now = func() time.Time { return now }
	// ref draws the same model whole into a new image each time.
	ref := New(b.Model(), nil, th, Options{Now: b.opts.Now, RedrawAlways: true})
	const w, h = 1200, 400
	var screen *ebiten.Image
	onGame(func() { screen = ebiten.NewImage(w, h) })
	round := func(seq uint64, n int, winner string) pitwire.Message {
		r := msg("T1", seq, pitwire.TypeRound)
		r.Round = &pitwire.Round{N: n, Kind: engine.KindNormal, Winner: winner, PlayerTotal: 9, BankerTotal: 7, PlayerCards: 2, BankerCards: 3}
		if winner == "B" {
			r.Round.PlayerTotal, r.Round.BankerTotal = 7, 9
		}
		return r
	}
	hb := func(id string, seq uint64) pitwire.Message { return msg(id, seq, pitwire.TypeHeartbeat) }
	steps := []struct {
		name  string
		at    time.Duration
		msgs  []pitwire.Message
		tiles int // tiles drawn onto the screen by this frame
	}{
		{"first frame: everything", time.Second, nil, 2},
		{"T1 deals, T2 comes alive", 2 * time.Second, []pitwire.Message{round(3, 2, "P"), hb("T1", 3), hb("T2", 1)}, 2},
		{"T1 deals again", 3 * time.Second, []pitwire.Message{round(4, 3, "B"), hb("T1", 4), hb("T2", 1)}, 1},
		{"the clock only", 4 * time.Second, nil, 0},
		{"both go stale", 10 * time.Second, nil, 2},
		{"T2 offline, T1 back", 40 * time.Second, []pitwire.Message{hb("T1", 4)}, 2},
	}
	for _, st := range steps {
		now = t0.Add(st.at)
		for _, m := range st.msgs {
			feed <- m
		}
		before := b.Stats().Tiles
		var err error
		onGame(func() {
			if err = b.Update(); err == nil {
				b.Draw(screen)
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got := b.Stats().Tiles - before; got != st.tiles {
			t.Errorf("%s: %d tiles drawn, want %d", st.name, got, st.tiles)
		}
		var fresh *ebiten.Image
		onGame(func() { fresh = ebiten.NewImage(w, h); ref.Draw(fresh) })
		if got, want := pixels(screen), pixels(fresh); !bytes.Equal(got, want) {
			diff := 0
			for i := range got {
				if got[i] != want[i] {
					diff++
				}
			}
			t.Errorf("%s: the screen drawn frame by frame differs from a whole frame in %d bytes", st.name, diff)
		}
		onGame(func() { fresh.Deallocate() })
	}
}

// TestBusAskedWhenItChanges: the board asks what its connection knows of the pit bus at its
// first Update and then only when the subscriber says it changed (Options.BusChanged), not
// every frame; a node going down and coming back is still shown on the alert line at the next
// Update after the change.
func TestBusAskedWhenItChanges(t *testing.T) {
	b, _, _ := testBoard(t)
	asked := 0
	now := pitmodel.Bus{Watched: true, Connected: true, Node: "bus-1"}
	changed := make(chan struct{}, 1)
	b.opts.Bus = func() pitmodel.Bus { asked++; return now }
	b.opts.BusChanged = changed
	update := func() {
		t.Helper()
		var err error
		onGame(func() { err = b.Update() })
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, step := range []struct {
		name   string
		change *pitmodel.Bus // the bus after this change, signalled; nil: no change
		asked  int
		alert  string // what the alert line says ("" nothing)
	}{
		{"the first update asks", nil, 1, ""},
		{"frames without a change do not ask", nil, 1, ""},
		{"a node down is asked for and shown", &pitmodel.Bus{Watched: true, Connected: true, Node: "bus-1", Down: []string{"bus-2"}}, 2, "bus-2"},
		{"and stays shown without asking", nil, 2, "bus-2"},
		{"the bus unreachable", &pitmodel.Bus{Watched: true}, 3, "unreachable"},
		{"the node back", &pitmodel.Bus{Watched: true, Connected: true, Node: "bus-1"}, 4, ""},
	} {
		if step.change != nil {
			now = *step.change
			changed <- struct{}{}
		}
		for range 5 {
			update()
		}
		if asked != step.asked {
			t.Errorf("%s: Bus asked %d times, want %d", step.name, asked, step.asked)
		}
		got := b.alert()
		if step.alert == "" && got != "" || step.alert != "" && !strings.Contains(got, step.alert) {
			t.Errorf("%s: alert line %q, want %q", step.name, got, step.alert)
		}
	}
}
