package pitboard

import (
	"fmt"
	"image"
	"syscall"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus/simtable"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/coupboard/coupboard/themes"
	"github.com/coupboard/coupboard/themes/ebitentheme"
	"github.com/hajimehoshi/ebiten/v2"
)

// journal is a minimal committer for simulated tables.
type journal struct {
	id   string
	recs []pitwire.Message
}

func (j *journal) Append(m pitwire.Message) (pitwire.Message, error) {
	m.V, m.Table, m.Seq, m.Time = pitwire.Version, j.id, uint64(len(j.recs)+1), t0
	if err := m.Validate(); err != nil {
		return pitwire.Message{}, err
	}
	j.recs = append(j.recs, m)
	return m, nil
}

// floorBoard is a board of n live tables, each part-way through a shoe of real coups.
func floorBoard(b *testing.B, n int, opts Options) (*Board, []*simtable.Table, []*journal) {
	b.Helper()
	th, err := ebitentheme.New(themes.Night())
	if err != nil {
		b.Fatal(err)
	}
	model := pitmodel.New(pitmodel.Config{})
	sims := make([]*simtable.Table, n)
	js := make([]*journal, n)
	for i := range n {
		j := &journal{id: fmt.Sprintf("T%03d", i+1)}
		sim, err := simtable.New(simtable.Config{ID: j.id, Seed: uint64(i)}, j)
		if err != nil {
			b.Fatal(err)
		}
		if err := sim.Open(); err != nil {
			b.Fatal(err)
		}
		for range 20 + i%50 {
			if _, err := sim.Step(); err != nil {
				b.Fatal(err)
			}
		}
		for _, m := range j.recs {
			if _, err := model.Apply(m, t0); err != nil {
				b.Fatal(err)
			}
		}
		hb := pitwire.Message{V: pitwire.Version, Table: j.id, Seq: uint64(len(j.recs)), Type: pitwire.TypeHeartbeat, Time: t0}
		if _, err := model.Apply(hb, t0); err != nil {
			b.Fatal(err)
		}
		sims[i], js[i] = sim, j
	}
	opts.Now = func() time.Time { return t0 }
	return New(model, nil, th, opts), sims, js
}

// frame draws one frame to img and waits for the GPU (reading one pixel flushes the queue).
func frame(bd *Board, img *ebiten.Image) {
	onGame(func() {
		bd.Draw(img)
		var px [4]byte
		img.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(px[:])
	})
}

func benchFrames(b *testing.B, opts Options) {
	bd, _, _ := floorBoard(b, 200, opts)
	var img *ebiten.Image
	onGame(func() { img = ebiten.NewImage(1920, 1080) })
	frame(bd, img) // paint every tile of the page once
	b.ResetTimer()
	cpu0 := cpuTime()
	for range b.N {
		frame(bd, img)
	}
	reportCPU(b, cpu0)
	b.ReportMetric(float64(bd.Stats().Redrawn), "tiles-painted")
}

// cpuTime is the CPU time (user and system) of the whole process, the GL driver's threads
// included (Mesa's llvmpipe renders on the CPU under Xvfb).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the process CPU time per operation since cpu0: on a shared machine the
// wall time per frame measures the other tenants as much as the board.
func reportCPU(b *testing.B, cpu0 time.Duration) {
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// BenchmarkFrame200Paged is a full 1920×1080 frame of a 200-table board with the default
// tile size (30 tiles a page, tiles cached).
func BenchmarkFrame200Paged(b *testing.B) {
	benchFrames(b, Options{RedrawAlways: true})
}

// BenchmarkFrame200OnePage is a full frame with all 200 tiles on one page (tiles cached).
func BenchmarkFrame200OnePage(b *testing.B) {
	benchFrames(b, Options{RedrawAlways: true, MinTileW: 120, MinTileH: 70})
}

// BenchmarkFrame200OneTableChanged is a frame in which one table of the page dealt a coup:
// its tile is repainted, the others come from the cache.
func BenchmarkFrame200OneTableChanged(b *testing.B) {
	bd, sims, js := floorBoard(b, 200, Options{RedrawAlways: true})
	var img *ebiten.Image
	onGame(func() { img = ebiten.NewImage(1920, 1080) })
	frame(bd, img)
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := range b.N {
		k := i % 30 // a table on the first page
		b.StopTimer()
		if _, err := sims[k].Step(); err != nil {
			b.Fatal(err)
		}
		if _, err := bd.model.Apply(js[k].recs[len(js[k].recs)-1], t0); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		frame(bd, img)
	}
	reportCPU(b, cpu0)
}
