//go:build !wasm && !test_web_driver && !android && !ios && !mobile

package gl

import (
	"fmt"
	"image/color"
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
	if _, ok := p.textsDrawn[p.textEntry(total)]; !ok {
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
