//go:build !wasm && !test_web_driver && !android && !ios && !mobile

package gl

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
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
// last frame did not draw, keeps those it drew, and leaves other canvases' runs alone.
func TestClearFreesTextsNotDrawn(t *testing.T) {
	test.NewTempApp(t)
	ctx := &fakeContext{deleted: map[Texture]bool{}}
	c := test.NewCanvas()
	p := &painter{canvas: c, ctx: ctx}
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
