//go:build !wasm && !test_web_driver && !android && !ios && !mobile

package gl

import (
	"fmt"
	"image/color"
	"math"
	"math/rand"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/internal/cache"
	"fyne.io/fyne/v2/test"
)

// TestDamageBoxes checks coupboard's change 4 (third_party/fyne/README.md): which boxes a frame
// is drawn in after each kind of change, with no GL (damaged does not draw).
func TestDamageBoxes(t *testing.T) {
	p, frame := damagePainter(t)

	panel := canvas.NewRectangle(color.White)
	panel.Resize(fyne.NewSize(400, 300))
	total := canvas.NewText("6", color.Black)
	total.Move(fyne.NewPos(20, 20))
	total.Resize(fyne.NewSize(40, 30))
	clock := canvas.NewText("06:28", color.Black)
	clock.Move(fyne.NewPos(300, 260))
	clock.Resize(fyne.NewSize(80, 30))
	objs := []fyne.CanvasObject{panel, total, clock}

	// draw returns a frame's boxes without the backstop's band, which it checks: the last box
	// of every partial frame that draws anything, the next band of rows in turn.
	bandRows := int32((300 + bands - 1) / bands)
	nextBand := int32(0)
	draw := func(objs ...fyne.CanvasObject) ([][4]int32, bool) {
		t.Helper()
		recs, order, dup := p.records(frameOps(frame, objs...))
		boxes, whole := p.damaged(recs, order, dup)
		p.damage.prev, p.damage.prevOrder = recs, order
		if whole || len(boxes) == 0 {
			return boxes, whole
		}
		band := boxes[len(boxes)-1]
		if want := [4]int32{0, nextBand * bandRows, 400, bandRows}; band != want {
			t.Errorf("the backstop's band is %v, want %v", band, want)
		}
		nextBand = (nextBand + 1) % bands
		return boxes[:len(boxes)-1], whole
	}
	whole := [4]int32{0, 0, 400, 300}
	within := func(b, in [4]int32) bool {
		return b[0] >= in[0] && b[1] >= in[1] && b[0]+b[2] <= in[0]+in[2] && b[1]+b[3] <= in[1]+in[3]
	}
	if boxes, all := draw(objs...); !all || len(boxes) != 1 || boxes[0] != whole {
		t.Fatalf("first frame: boxes %v whole %v, want the whole window", boxes, all)
	}
	if boxes, all := draw(objs...); all || len(boxes) != 0 {
		t.Errorf("unchanged frame: boxes %v whole %v, want none", boxes, all)
	}

	total.Text = "7"
	boxes, all := draw(objs...)
	totalBox := p.damage.prev[total].box
	if all || len(boxes) != 1 || boxes[0] != totalBox {
		t.Errorf("a changed text: boxes %v whole %v, want its box %v only", boxes, all, totalBox)
	}
	// Its box is where the painter draws it: y from the bottom, with a margin.
	if !within([4]int32{20, 300 - 50, 40, 30}, totalBox) || !within(totalBox, whole) {
		t.Errorf("the text's box %v does not hold its pixels (20,250 40x30)", totalBox)
	}

	total.Text, clock.Text = "8", "06:29"
	if boxes, all = draw(objs...); all || len(boxes) != 2 {
		t.Errorf("two distant changes: boxes %v whole %v, want two boxes", boxes, all)
	}

	old := p.damage.prev[clock].box
	clock.Move(fyne.NewPos(200, 260))
	boxes, all = draw(objs...)
	covered := func(b [4]int32) bool {
		for _, x := range boxes {
			if within(b, x) {
				return true
			}
		}
		return false
	}
	if all || len(boxes) == 0 || !covered(old) || !covered(p.damage.prev[clock].box) {
		t.Errorf("a moved text: boxes %v whole %v, want boxes over its old %v and its new place", boxes, all, old)
	}

	gone := p.damage.prev[total].box
	if boxes, all = draw(panel, clock); all || len(boxes) != 1 || boxes[0] != gone {
		t.Errorf("a removed text: boxes %v whole %v, want its old box %v", boxes, all, gone)
	}
	if boxes, all = draw(panel, total, clock); all || len(boxes) != 1 || boxes[0] != gone {
		t.Errorf("an added text: boxes %v whole %v, want its box %v", boxes, all, gone)
	}
	if _, all = draw(panel, clock, total); !all {
		t.Errorf("two objects changed order: want the whole window")
	}
	panel.FillColor = color.Black
	if _, all = draw(panel, clock, total); !all {
		t.Errorf("the panel under everything changed: want the whole window (over 60%%)")
	}
	if _, all = draw(panel, clock, total, clock); !all {
		t.Errorf("an object drawn twice: want the whole window")
	}
	// The backstop: in bands partial frames, every row of the window is drawn (draw checks
	// that the bands come in turn, and wrap).
	for i := 0; i < bands+1; i++ {
		clock.Text = fmt.Sprintf("06:%02d", i)
		if _, all = draw(panel, clock, total); all {
			t.Fatalf("frame %d: a clock tick drew the whole window", i)
		}
	}
	p.Invalidate()
	if _, all = draw(panel, clock, total); !all {
		t.Errorf("after Invalidate: want the whole window")
	}
	if u := p.textsMade[p.textEntry(total)]; u == nil || !u.drawn {
		t.Errorf("an undrawn text's run is not noted as drawn (change 3 would free its texture)")
	}
}

// TestDamageRasterTexture: a raster (a road image) is new content while Fyne has no texture for
// it; once a frame has drawn it, and so made its texture, the next frame finds it unchanged,
// until a refresh frees the texture again.
func TestDamageRasterTexture(t *testing.T) {
	p, frame := damagePainter(t)

	panel := canvas.NewRectangle(color.White)
	panel.Resize(frame)
	road := canvas.NewRasterWithPixels(func(x, y, w, h int) color.Color { return color.Black })
	road.Move(fyne.NewPos(100, 100))
	road.Resize(fyne.NewSize(120, 60))
	// draw records a frame and compares it as EndFrame does; made stands for the GL drawing
	// (replay), which makes the raster's texture when it has none.
	draw := func(made cache.TextureType) ([][4]int32, bool) {
		recs, order, dup := p.records(frameOps(frame, panel, road))
		boxes, whole := p.damaged(recs, order, dup)
		if _, ok := cache.GetTexture(road); !ok {
			cache.SetTexture(road, made, p.canvas)
		}
		p.noteTextures(recs)
		p.damage.prev, p.damage.prevOrder = recs, order
		return boxes, whole
	}
	draw(1)
	boxes, all := draw(1)
	roadBox := p.damage.prev[road].box
	if all || len(boxes) != 0 {
		t.Errorf("the frame after the raster's texture was made: boxes %v whole %v, want none", boxes, all)
	}
	cache.DeleteTexture(road) // what a refresh of the raster does
	// Its box, and the backstop's band.
	if boxes, all = draw(2); all || len(boxes) != 2 || boxes[0] != roadBox {
		t.Errorf("a refreshed raster: boxes %v whole %v, want its box %v", boxes, all, roadBox)
	}
	if boxes, all = draw(2); all || len(boxes) != 0 {
		t.Errorf("the frame after that: boxes %v whole %v, want none", boxes, all)
	}
}

// damagePainter is a painter of a 400x300 window at scale 1 with no GL (damaged does not draw),
// and the window's size.
func damagePainter(t *testing.T) (*painter, fyne.Size) {
	test.NewTempApp(t)
	p := &painter{canvas: test.NewCanvas(), ctx: &fakeContext{deleted: map[Texture]bool{}}}
	p.pixScale = 1
	p.damage.outW, p.damage.outH = 400, 300
	return p, fyne.NewSize(400, 300)
}

// frameOps is the recording of a frame that clears the window and paints objs where they are.
func frameOps(frame fyne.Size, objs ...fyne.CanvasObject) []frameOp {
	ops := []frameOp{{kind: opClear}}
	for _, o := range objs {
		ops = append(ops, frameOp{kind: opPaint, obj: o, pos: o.Position(), size: frame})
	}
	return ops
}

// TestMergeBoxes: boxes that overlap or touch are merged, then the cheapest pairs until four
// remain; every pixel stays covered.
func TestMergeBoxes(t *testing.T) {
	for _, c := range []struct {
		name string
		in   [][4]int32
		want int
	}{
		{"none", nil, 0},
		{"apart", [][4]int32{{0, 0, 10, 10}, {100, 100, 10, 10}}, 2},
		{"overlap", [][4]int32{{0, 0, 10, 10}, {5, 5, 10, 10}}, 1},
		{"touch", [][4]int32{{0, 0, 10, 10}, {10, 0, 10, 10}}, 1},
		{"six apart", [][4]int32{{0, 0, 5, 5}, {50, 0, 5, 5}, {100, 0, 5, 5}, {150, 0, 5, 5}, {200, 0, 5, 5}, {250, 0, 5, 5}}, 4},
	} {
		in := append([][4]int32(nil), c.in...)
		got := mergeBoxes(in, maxBoxes)
		if len(got) != c.want {
			t.Errorf("%s: %d boxes %v, want %d", c.name, len(got), got, c.want)
		}
		for _, b := range c.in {
			covered := false
			for _, g := range got {
				if b[0] >= g[0] && b[1] >= g[1] && b[0]+b[2] <= g[0]+g[2] && b[1]+b[3] <= g[1]+g[3] {
					covered = true
				}
			}
			if !covered {
				t.Errorf("%s: box %v is not covered by %v", c.name, b, got)
			}
		}
	}
}

// TestCoverAtLeast: the cover of unmerged boxes is counted once where they overlap, and is a
// lower bound: it never reports more than the boxes cover (checked against every pixel for
// random boxes), so a frame it makes whole is one the merged boxes would make whole.
func TestCoverAtLeast(t *testing.T) {
	full := [4]int32{0, 0, 400, 300}
	var tiles [][4]int32 // 400 boxes of 20x15 pixels, edge to edge: a layout's texts
	for y := int32(0); y < 300; y += 15 {
		for x := int32(0); x < 400; x += 20 {
			tiles = append(tiles, [4]int32{x, y, 20, 15})
		}
	}
	for _, c := range []struct {
		name  string
		boxes [][4]int32
		want  bool
	}{
		{"none", nil, false},
		{"the whole window", [][4]int32{full}, true},
		{"half", [][4]int32{{0, 0, 400, 150}}, false},
		{"two halves", [][4]int32{{0, 0, 400, 150}, {0, 150, 400, 150}}, true},
		{"one 55% box twice", [][4]int32{{0, 0, 400, 165}, {0, 0, 400, 165}}, false},
		{"two 40% boxes overlapping by 25%", [][4]int32{{0, 0, 400, 120}, {0, 45, 400, 120}}, false},
		{"62% at the top, its edge within a cell", [][4]int32{{0, 114, 400, 186}}, true},
		{"59% at the top", [][4]int32{{0, 123, 400, 177}}, false},
		{"small boxes tiling the window", tiles, true},
	} {
		if got := coverAtLeast(c.boxes, full, 6, 10); got != c.want {
			t.Errorf("%s: coverAtLeast %v, want %v", c.name, got, c.want)
		}
	}
	// A window 402 pixels wide: its last column of cells is 2 pixels wide, and counts so.
	narrow := [4]int32{0, 0, 402, 300}
	for _, c := range []struct {
		name  string
		boxes [][4]int32
		want  bool
	}{
		{"60% less a pixel", [][4]int32{{0, 0, 240, 300}}, false},
		{"and the cut column", [][4]int32{{0, 0, 240, 300}, {400, 0, 2, 300}}, true},
		{"and a pixel short of it", [][4]int32{{0, 0, 240, 300}, {401, 0, 1, 300}}, false},
	} {
		if got := coverAtLeast(c.boxes, narrow, 6, 10); got != c.want {
			t.Errorf("%s: coverAtLeast %v, want %v", c.name, got, c.want)
		}
	}

	// Random boxes within the window: whenever coverAtLeast says 60%, the pixels say so too.
	rnd := rand.New(rand.NewSource(23))
	for i := 0; i < 300; i++ {
		var boxes [][4]int32
		for n := 1 + rnd.Intn(40); n > 0; n-- {
			x, y := rnd.Int31n(400), rnd.Int31n(300)
			boxes = append(boxes, [4]int32{x, y, 1 + rnd.Int31n(400-x), 1 + rnd.Int31n(300-y)})
		}
		px := make([]bool, 400*300)
		covered := 0
		for _, b := range boxes {
			for y := b[1]; y < b[1]+b[3]; y++ {
				for x := b[0]; x < b[0]+b[2]; x++ {
					if !px[y*400+x] {
						px[y*400+x] = true
						covered++
					}
				}
			}
		}
		if coverAtLeast(boxes, full, 6, 10) && covered*10 < 400*300*6 {
			t.Fatalf("boxes %v cover %d pixels of %d, under 60%%, yet coverAtLeast says 60%%", boxes, covered, 400*300)
		}
	}
}

// TestDamageLayoutIsWhole: a layout moves every object of the window a little; the frame is
// drawn whole, as merging its boxes would decide.
func TestDamageLayoutIsWhole(t *testing.T) {
	p, frame := damagePainter(t)
	var objs []fyne.CanvasObject
	for y := float32(0); y < 300; y += 15 {
		for x := float32(0); x < 400; x += 20 {
			r := canvas.NewRectangle(color.White)
			r.Move(fyne.NewPos(x, y))
			r.Resize(fyne.NewSize(18, 13))
			objs = append(objs, r)
		}
	}
	draw := func() bool {
		recs, order, dup := p.records(frameOps(frame, objs...))
		_, whole := p.damaged(recs, order, dup)
		p.damage.prev, p.damage.prevOrder = recs, order
		return whole
	}
	draw()
	if draw() {
		t.Fatal("an unchanged frame is drawn whole")
	}
	var boxes [][4]int32
	for _, o := range objs {
		boxes = append(boxes, p.damage.prev[o].box)
		o.Move(o.Position().AddXY(1, 1))
	}
	for _, o := range objs {
		r := p.damage.prev[o] // drawn again where it is now: its box is the one the frame adds
		r.box = p.pixelBox(o.Position(), o.Size(), 0, frame)
		boxes = append(boxes, r.box)
	}
	if !coverAtLeast(boxes, p.frameBox(), 6, 10) {
		t.Error("the boxes of every object moved do not cover 60% by coverAtLeast: the frame would merge them")
	}
	if !draw() {
		t.Error("every object moved: the frame is not drawn whole")
	}
	area := int64(0)
	for _, b := range mergeBoxes(boxes, maxBoxes) {
		area += int64(b[2]) * int64(b[3])
	}
	if area*10 < 400*300*6 {
		t.Errorf("the objects' old boxes merged cover %d pixels: the test's layout is not one merging makes whole", area)
	}
}

// BenchmarkLayoutDamage: the boxes of a frame that moves every object of a 1280x720 window
// (150 boxes, as a shoe's first card lays the table screen out anew), found whole by
// coverAtLeast (patch 0005) and by merging them (before it). docs/performance.md §24.
func BenchmarkLayoutDamage(b *testing.B) {
	full := [4]int32{0, 0, 1280, 720}
	var boxes [][4]int32
	for y := int32(0); y < 720; y += 72 {
		for x := int32(0); x < 1280; x += 160 {
			boxes = append(boxes, [4]int32{x, y, 158, 70}, [4]int32{x + 3, y + 2, 155, 68}) // old and new place
		}
	}
	for len(boxes) < 150 {
		boxes = append(boxes, [4]int32{int32(len(boxes)) * 8, 300, 30, 30}) // texts within the panels
	}
	b.Run("cover", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if !coverAtLeast(boxes, full, 6, 10) {
				b.Fatal("not found whole")
			}
		}
	})
	b.Run("merge", func(b *testing.B) {
		in := make([][4]int32, len(boxes))
		for i := 0; i < b.N; i++ {
			copy(in, boxes)
			mergeBoxes(in, maxBoxes)
		}
	})
}

// mergeBoxesPairwise is mergeBoxes as it was before it merged touching boxes first and halved
// many: the search of every pair after every merge. TestMergeBoxesAsBefore holds the two equal
// where the new one searches pairs too.
func mergeBoxesPairwise(boxes [][4]int32, most int) [][4]int32 {
	area := func(b [4]int32) int64 { return int64(b[2]) * int64(b[3]) }
	for {
		bi, bj, best := -1, -1, int64(math.MaxInt64)
		for i := 0; i < len(boxes); i++ {
			for j := i + 1; j < len(boxes); j++ {
				u := unionBox(boxes[i], boxes[j])
				grow := area(u) - area(boxes[i]) - area(boxes[j])
				if touching(boxes[i], boxes[j]) {
					grow = math.MinInt64
				}
				if grow < best {
					bi, bj, best = i, j, grow
				}
			}
		}
		if bi < 0 || (best != math.MinInt64 && len(boxes) <= most) {
			return boxes
		}
		boxes[bi] = unionBox(boxes[bi], boxes[bj])
		boxes = append(boxes[:bj], boxes[bj+1:]...)
	}
}

// randomBoxes is n boxes in a 1280×720 frame, from 2 to 120 pixels a side; each is given twice
// with probability 1/2 (an object's box in this frame and the last, as damaged adds them).
func randomBoxes(rng *rand.Rand, n int) [][4]int32 {
	var out [][4]int32
	for len(out) < n {
		w, h := int32(2+rng.Intn(119)), int32(2+rng.Intn(119))
		b := [4]int32{int32(rng.Intn(1280 - int(w))), int32(rng.Intn(720 - int(h))), w, h}
		out = append(out, b)
		if rng.Intn(2) == 0 && len(out) < n {
			out = append(out, b)
		}
	}
	return out
}

// covers reports whether every pixel of boxes is in got.
func covers(t *testing.T, boxes, got [][4]int32) bool {
	t.Helper()
	for _, b := range boxes {
		for y := b[1]; y < b[1]+b[3]; y++ {
			for x := b[0]; x < b[0]+b[2]; x++ {
				in := false
				for _, g := range got {
					if x >= g[0] && y >= g[1] && x < g[0]+g[2] && y < g[1]+g[3] {
						in = true
						break
					}
				}
				if !in {
					return false
				}
			}
		}
	}
	return true
}

// TestMergeBoxesMany: hundreds of boxes come down to at most four that cover every pixel of
// them, none of which touch when the boxes were few enough to search pair by pair.
func TestMergeBoxesMany(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, n := range []int{1, 3, 5, 16, 17, 40, 200, 1000} {
		for k := 0; k < 5; k++ {
			in := randomBoxes(rng, n)
			got := mergeBoxes(append([][4]int32(nil), in...), maxBoxes)
			if len(got) > maxBoxes {
				t.Errorf("%d boxes: %d after merging, want at most %d", n, len(got), maxBoxes)
			}
			if !covers(t, in, got) {
				t.Errorf("%d boxes: %v does not cover every pixel of %v", n, got, in)
			}
			for i := range got {
				for j := i + 1; j < len(got); j++ {
					if touching(got[i], got[j]) {
						t.Errorf("%d boxes: %v and %v touch after merging", n, got[i], got[j])
					}
				}
			}
		}
	}
}

// TestMergeBoxesAsBefore: up to sixteen boxes merge as the search of every pair merged them,
// to the same area; TestMergeTouching: what it leaves touches nothing.
func TestMergeBoxesAsBefore(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	area := func(bs [][4]int32) (a int64) {
		for _, b := range bs {
			a += int64(b[2]) * int64(b[3])
		}
		return a
	}
	for k := 0; k < 500; k++ {
		in := randomBoxes(rng, 1+rng.Intn(pairwiseBoxes))
		got := mergeBoxes(append([][4]int32(nil), in...), maxBoxes)
		was := mergeBoxesPairwise(append([][4]int32(nil), in...), maxBoxes)
		if len(got) != len(was) || area(got) != area(was) {
			t.Fatalf("boxes %v: merged to %v (area %d), before to %v (area %d)", in, got, area(got), was, area(was))
		}
	}
}

func TestMergeTouching(t *testing.T) {
	// a chain: 0 touches 1 only through their union with 2
	in := [][4]int32{{0, 0, 10, 10}, {30, 0, 10, 10}, {10, 5, 20, 2}, {100, 100, 5, 5}}
	got := mergeTouching(append([][4]int32(nil), in...))
	if len(got) != 2 || !covers(t, in, got) {
		t.Fatalf("merged %v to %v, want the chain as one box and the far box apart", in, got)
	}
}

// BenchmarkMergeBoxes: the boxes of a frame that changes a few objects, 60 (a coup's first card
// clearing both hands and the banner) and 400; the search of every pair is left out at 800
// boxes (seconds a merge).
func BenchmarkMergeBoxes(b *testing.B) {
	for _, n := range []int{12, 120, 800} {
		rng := rand.New(rand.NewSource(3))
		in := randomBoxes(rng, n)
		for _, f := range []struct {
			name  string
			merge func([][4]int32, int) [][4]int32
		}{{"now", mergeBoxes}, {"pairwise", mergeBoxesPairwise}} {
			if f.name == "pairwise" && n > 200 {
				continue
			}
			b.Run(fmt.Sprintf("%s/%d", f.name, n), func(b *testing.B) {
				buf := make([][4]int32, n)
				for i := 0; i < b.N; i++ {
					copy(buf, in)
					f.merge(buf, maxBoxes)
				}
			})
		}
	}
}
