//go:build !wasm && !test_web_driver && !android && !ios && !mobile

package gl

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"math/rand"
	"sort"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/internal/cache"
	paint "fyne.io/fyne/v2/internal/painter"
	"fyne.io/fyne/v2/test"
)

// fakeContext records the textures a painter makes and deletes; the painter's other GL calls
// in Clear are no-ops. Any other call panics (nil embedded interface), which keeps the test
// honest about what Clear and getTexture touch.
type fakeContext struct {
	context
	next    Texture
	deleted map[Texture]bool
}

func (f *fakeContext) Clear(uint32)                     {}
func (f *fakeContext) ClearColor(_, _, _, _ float32)    {}
func (f *fakeContext) GetError() uint32                 { return 0 }
func (f *fakeContext) DeleteTexture(tex Texture)        { f.deleted[tex] = true }
func (f *fakeContext) create(fyne.CanvasObject) Texture { f.next++; return f.next }
func (f *fakeContext) texture(p *painter, o *canvas.Text) Texture {
	tex, err := p.getTexture(o, f.create)
	if err != nil {
		panic(err)
	}
	return tex
}

// TestClearFreesTextsNotDrawn checks coupboard's change 3 (third_party/fyne/README.md): at the
// start of a frame the painter frees the texture of every text run of its canvas that the
// last frame did not draw, keeps those it drew, and leaves other canvases' runs alone. (With
// no budget for runs off the screen: change 6 keeps some, TestClearKeepsRecentTexts.)
func TestClearFreesTextsNotDrawn(t *testing.T) {
	test.NewTempApp(t)
	ctx := &fakeContext{deleted: map[Texture]bool{}}
	c := test.NewCanvas()
	p := &painter{canvas: c, ctx: ctx, textBudget: -1}
	other := &painter{canvas: test.NewCanvas(), ctx: ctx}

	hand := canvas.NewText("Hand 41", color.Black)
	shoe := canvas.NewText("Shoe 3", color.Black)
	p.Clear() // the first frame
	handTex, shoeTex := ctx.texture(p, hand), ctx.texture(p, shoe)
	otherTex := ctx.texture(other, canvas.NewText("Hand 41", color.White))
	if again := ctx.texture(p, hand); again != handTex {
		t.Fatalf("a run drawn twice in a frame got a second texture: %d, then %d", handTex, again)
	}

	p.Clear() // frame 2 draws both again
	if len(ctx.deleted) != 0 {
		t.Fatalf("Clear freed textures of runs the last frame drew: %v", ctx.deleted)
	}
	ctx.texture(p, shoe)
	hand.Text = "Hand 42"
	hand42 := ctx.texture(p, hand)

	p.Clear() // frame 3: "Hand 41" was not drawn in frame 2
	if !ctx.deleted[handTex] {
		t.Errorf("the texture of %q, not drawn in the last frame, was not freed", "Hand 41")
	}
	if ctx.deleted[shoeTex] || ctx.deleted[hand42] {
		t.Errorf("Clear freed a texture the last frame drew: deleted %v", ctx.deleted)
	}
	if ctx.deleted[otherTex] {
		t.Errorf("Clear freed a texture of another canvas")
	}
	if tex := ctx.texture(p, shoe); tex != shoeTex {
		t.Errorf("a kept run was made again: texture %d, was %d", tex, shoeTex)
	}
	hand.Text = "Hand 41"
	if tex := ctx.texture(p, hand); tex == handTex {
		t.Errorf("a freed run reused its deleted texture %d", tex)
	}
}

// TestClearKeepsRecentTexts checks coupboard's change 6: the runs the last frame did not draw
// keep their textures, the most recently drawn first, while their pixels fit the budget; the
// rest are freed, and a kept run drawn again is not made again.
func TestClearKeepsRecentTexts(t *testing.T) {
	test.NewTempApp(t)
	ctx := &fakeContext{deleted: map[Texture]bool{}}
	p := &painter{canvas: test.NewCanvas(), ctx: ctx, pixScale: 1}
	text := func(s string) *canvas.Text { return canvas.NewText(s, color.Black) }
	dealing, banner, rank := text("Dealing"), text("BANKER WINS 9 TO 6"), text("K")
	px := func(o *canvas.Text) int {
		ctx.texture(p, o)
		return p.textsMade[p.textEntry(o)].pixels
	}

	p.Clear() // frame 1 draws the three
	dPx, bPx, rPx := px(dealing), px(banner), px(rank)
	if dPx <= 1 || bPx <= dPx || rPx <= 1 {
		t.Fatalf("texture sizes: Dealing %d, banner %d, K %d pixels", dPx, bPx, rPx)
	}
	dTex, bTex, rTex := ctx.texture(p, dealing), ctx.texture(p, banner), ctx.texture(p, rank)
	p.textBudget = bPx + rPx // room for the banner and K off the screen, not for Dealing as well

	p.Clear() // frame 2 draws the banner only
	ctx.texture(p, banner)
	p.Clear() // frame 3 draws nothing: Dealing and K, off the screen, fit
	if len(ctx.deleted) != 0 {
		t.Fatalf("frame 3 freed %v; Dealing and K fit the budget", ctx.deleted)
	}
	if !hasTexture(p, dealing) || !hasTexture(p, rank) {
		t.Fatal("runs within the budget lost their textures")
	}
	// frame 4: the banner (drawn in frame 2) is kept first, then K, the smaller of frame 1's;
	// Dealing no longer fits
	p.Clear()
	if !ctx.deleted[dTex] || ctx.deleted[rTex] || ctx.deleted[bTex] {
		t.Fatalf("deleted %v; want Dealing (%d) freed, the banner (%d) and K (%d) kept", ctx.deleted, dTex, bTex, rTex)
	}
	if len(p.textsMade) != 2 {
		t.Errorf("the painter still tracks %d runs, want the two with textures", len(p.textsMade))
	}
	if tex := ctx.texture(p, banner); tex != bTex {
		t.Errorf("a kept run was made again: texture %d, was %d", tex, bTex)
	}
	if tex := ctx.texture(p, dealing); tex == dTex {
		t.Errorf("a freed run reused its deleted texture %d", tex)
	}
}

// hasTexture reports whether o's run has a texture in the cache.
func hasTexture(p *painter, o *canvas.Text) bool {
	_, ok := cache.GetTextTexture(p.textEntry(o))
	return ok
}

// TestClearForgetsTextsFreedElsewhere: runs whose textures the cache freed itself (expiry, a
// canvas gone) are not kept for the budget: they would have pushed out runs that still have
// textures.
func TestClearForgetsTextsFreedElsewhere(t *testing.T) {
	test.NewTempApp(t)
	ctx := &fakeContext{deleted: map[Texture]bool{}}
	p := &painter{canvas: test.NewCanvas(), ctx: ctx, pixScale: 1}
	text := func(s string) *canvas.Text { return canvas.NewText(s, color.Black) }
	dealing, banner, rank := text("Dealing"), text("PLAYER WINS 8 TO 6"), text("Q")

	p.Clear() // frame A draws Dealing
	dTex := ctx.texture(p, dealing)
	p.Clear() // frame B draws the banner and Q
	ctx.texture(p, banner)
	ctx.texture(p, rank)
	p.textBudget = p.textsMade[p.textEntry(banner)].pixels + p.textsMade[p.textEntry(rank)].pixels
	// the cache frees the banner's and Q's textures itself
	cache.DeleteTextTexture(p.textEntry(banner))
	cache.DeleteTextTexture(p.textEntry(rank))
	p.Clear() // frame C draws nothing
	p.Clear() // frame D: off the screen, the banner and Q (frame B) come before Dealing (frame A)
	if ctx.deleted[dTex] || !hasTexture(p, dealing) {
		t.Errorf("Dealing's texture was freed for runs whose textures were gone (deleted %v)", ctx.deleted)
	}
	if len(p.textsMade) != 1 {
		t.Errorf("the painter still tracks %d runs, want Dealing's alone", len(p.textsMade))
	}
	// frame E notes a run that gets no texture (the damage records note a text a frame does not
	// repaint; an empty text is never rasterized): once off the screen it is forgotten too
	p.noteText(p.textEntry(text("never rasterized")))
	p.Clear() // frame F
	p.Clear() // frame G
	if len(p.textsMade) != 1 || ctx.deleted[dTex] {
		t.Errorf("after a run without a texture left the screen: %d runs tracked, Dealing deleted %v; want Dealing's alone, kept", len(p.textsMade), ctx.deleted[dTex])
	}
}

// TestClearKeepsOffScreenRunsInOrder checks patch 9 against patch 6's rule, written out
// plainly as a model: at each frame's start, the runs the last frame did not draw, sorted by the
// last frame that drew them (the most recent first) and, of one frame, by size (the smallest
// first), keep their textures while they fit the budget, and every run after the first that
// does not fit is freed. Two hundred frames each draw a random set of forty runs of distinct
// sizes; now and then the cache frees a run's texture itself (expiry), which the model
// forgets. After each frame's start the runs with a texture must be the model's, and the painter
// must track those alone.
func TestClearKeepsOffScreenRunsInOrder(t *testing.T) {
	test.NewTempApp(t)
	ctx := &fakeContext{deleted: map[Texture]bool{}}
	p := &painter{canvas: test.NewCanvas(), ctx: ctx, pixScale: 1, textBudget: 5000}
	rng := rand.New(rand.NewSource(9))
	const runs = 40
	texts := make([]*canvas.Text, runs)
	size := make([]int, runs) // distinct, so the model's order is the only one
	for i := range texts {
		texts[i] = canvas.NewText(fmt.Sprintf("run %d", i), color.Black)
		size[i] = 100 + 37*((i*13)%runs)
	}
	made := map[int]bool{} // the model: the runs with a texture, and the last frame that drew each
	last := map[int]int{}
	var drawn []int
	for frame := 1; frame <= 200; frame++ {
		p.Clear()
		// the model's frame start: drawn (the last frame's) kept; the others in order, within budget
		on := map[int]bool{}
		for _, i := range drawn {
			on[i] = true
		}
		var off []int
		for i := range made {
			if !on[i] {
				off = append(off, i)
			}
		}
		sort.Slice(off, func(a, b int) bool {
			if last[off[a]] != last[off[b]] {
				return last[off[a]] > last[off[b]]
			}
			return size[off[a]] < size[off[b]]
		})
		budget := p.textBudget
		for _, i := range off {
			if budget >= size[i] {
				budget -= size[i]
				continue
			}
			budget = -1
			delete(made, i)
		}
		for i := range texts {
			if got := hasTexture(p, texts[i]); got != made[i] {
				t.Fatalf("frame %d: run %d has a texture %v, the model says %v", frame, i, got, made[i])
			}
		}
		if len(p.textsMade) != len(made) || len(p.textsOff) != len(made)-len(drawn) {
			t.Fatalf("frame %d: the painter tracks %d runs, %d kept off the screen; the model has %d with textures, %d of them off it",
				frame, len(p.textsMade), len(p.textsOff), len(made), len(made)-len(drawn))
		}
		if frame%17 == 0 && len(off) > 0 { // the cache frees a kept run's texture itself
			i := off[rng.Intn(len(off))]
			if made[i] {
				cache.DeleteTextTexture(p.textEntry(texts[i]))
				delete(made, i)
			}
		}
		drawn = drawn[:0]
		for _, i := range rng.Perm(runs)[:1+rng.Intn(8)] {
			ctx.texture(p, texts[i])
			p.textsMade[p.textEntry(texts[i])].pixels = size[i]
			made[i], last[i] = true, frame
			drawn = append(drawn, i)
		}
	}
	if len(ctx.deleted) < 50 {
		t.Errorf("only %d textures freed in 200 frames: the budget did not bite", len(ctx.deleted))
	}
}

// TestTextImageAsUpstream checks that a text's texture image (textImage, patch 8: rasterized
// into RGBA) has upstream's pixels (rasterized into NRGBA, then drawn over a transparent RGBA
// image by imgToTexture) within the rounding of upstream's two conversions: one step of 255 in
// any channel of any pixel, for opaque and translucent colours, bold and italic texts, and a
// glyph the font lacks.
func TestTextImageAsUpstream(t *testing.T) {
	for _, tc := range []struct {
		text  string
		fill  color.Color
		size  float32
		style fyne.TextStyle
		scale float32
	}{
		{"BANKER WINS 8 TO 6", color.NRGBA{R: 255, G: 255, B: 255, A: 255}, 48, fyne.TextStyle{Bold: true}, 1},
		{"Cards left 384", color.NRGBA{R: 0x33, G: 0x33, B: 0x33, A: 255}, 20, fyne.TextStyle{}, 1},
		{"Dealing", color.NRGBA{R: 0x80, G: 0x80, B: 0x80, A: 0x99}, 36, fyne.TextStyle{Italic: true}, 1.5},
		{"庄 閒 和 Tie", color.NRGBA{R: 0xc0, G: 0x20, B: 0x20, A: 255}, 24, fyne.TextStyle{}, 2},
		{"Missing: स", color.Black, 18, fyne.TextStyle{Monospace: true}, 1},
	} {
		t.Run(tc.text, func(t *testing.T) {
			text := canvas.NewText(tc.text, tc.fill)
			text.TextSize, text.TextStyle = tc.size, tc.style
			size := text.MinSize()
			w, h := int(math.Ceil(float64(size.Width*tc.scale)))+4, int(math.Ceil(float64(size.Height*tc.scale)))
			got := textImage(text, tc.fill, w, h, tc.scale)

			up := image.NewNRGBA(image.Rect(0, 0, w, h))
			face := paint.CachedFontFace(text.TextStyle, text.FontSource, text)
			paint.DrawString(up, text.Text, tc.fill, face.Fonts, text.TextSize, tc.scale, text.TextStyle)
			want := image.NewRGBA(up.Rect)
			draw.Draw(want, want.Rect, up, image.Point{}, draw.Over)

			inked, worst := 0, 0
			for i := range want.Pix {
				d := int(got.Pix[i]) - int(want.Pix[i])
				if d < 0 {
					d = -d
				}
				if d > worst {
					worst = d
				}
				if i%4 == 3 && want.Pix[i] != 0 {
					inked++
				}
			}
			if inked < 20 {
				t.Fatalf("%d pixels inked: the text was not drawn", inked)
			}
			if worst > 1 {
				t.Errorf("a channel differs by %d from upstream's texture (%d pixels inked)", worst, inked)
			}
		})
	}
}

// BenchmarkClearKeptTexts is the texts' part of a frame's start on a table screen late in a
// shoe (coupboard patch 9): runs on the screen, drawn again in every frame, and runs off the
// screen that keep their textures within the budget (counts, coup numbers, percentages shown
// earlier). The demo at 1280x720, its budget full, has 58-65 on the screen and about 410 kept.
// One op is a Clear and the frame's texts.
func BenchmarkClearKeptTexts(b *testing.B) {
	for _, bc := range []struct{ shown, kept int }{{65, 410}, {150, 1000}} {
		b.Run(fmt.Sprintf("shown=%d,kept=%d", bc.shown, bc.kept), func(b *testing.B) {
			test.NewTempApp(b)
			ctx := &fakeContext{deleted: map[Texture]bool{}}
			p := &painter{canvas: test.NewCanvas(), ctx: ctx, pixScale: 1}
			var shown []*canvas.Text
			for i := 0; i < bc.shown; i++ {
				shown = append(shown, canvas.NewText(fmt.Sprintf("shown %d", i), color.Black))
			}
			for i := 0; i < bc.kept; i++ { // frames of a hundred runs each, off the screen since
				if i%100 == 0 {
					p.Clear()
				}
				ctx.texture(p, canvas.NewText(fmt.Sprint(i), color.Black))
			}
			draw := func() {
				p.Clear()
				for _, t := range shown {
					ctx.texture(p, t)
				}
			}
			draw()
			draw()
			if len(ctx.deleted) != 0 || len(p.textsMade) != bc.shown+bc.kept {
				b.Fatalf("set-up: %d textures freed, %d runs tracked; want none freed, %d", len(ctx.deleted), len(p.textsMade), bc.shown+bc.kept)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				draw()
			}
		})
	}
}
