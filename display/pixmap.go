package display

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"fyne.io/fyne/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/coupboard/coupboard/themes"
)

// pen is what the drawing code of marks draws with: a scene (canvas objects) or a pixmap (one
// image). Coordinates are in the widget's units; a nil colour draws nothing.
type pen interface {
	rect(x, y, w, h float32, fill, stroke color.Color, strokeW, radius float32)
	circle(cx, cy, rad float32, fill, stroke color.Color, strokeW float32)
	line(x1, y1, x2, y2 float32, col color.Color, width float32)
	text(s string, x, y, w, h, size float32, col color.Color, bold bool, align fyne.TextAlign) float32
}

// pixmap draws into one image what a scene would draw as canvas objects. The road grids use it:
// late in a shoe they hold hundreds of marks, and as canvas objects each is a GL draw call in
// every frame the window paints, a card dealt included; as one image they are one texture,
// drawn again only when the road changes (docs/performance.md, §5). Shapes are anti-aliased
// by their edge distance; a stroke is centred on the edge, as the canvas objects' are.
type pixmap struct {
	img    *image.RGBA
	scale  float32 // pixels per unit
	ox, oy float32 // the units at the image's top-left corner
	glyphs *glyphCache
}

// px is a unit coordinate in pixels.
func (m *pixmap) px(x, y float32) (float32, float32) {
	return (x - m.ox) * m.scale, (y - m.oy) * m.scale
}

// box is the part of the image within [x0, x1) × [y0, y1) pixels, widened to whole pixels.
func (m *pixmap) box(x0, y0, x1, y1 float32) image.Rectangle {
	r := image.Rect(int(math.Floor(float64(x0))), int(math.Floor(float64(y0))), int(math.Ceil(float64(x1))), int(math.Ceil(float64(y1))))
	return r.Intersect(m.img.Rect)
}

// blend paints the pixel at (x, y) with c over what is there, at coverage cov (0 to 1).
func (m *pixmap) blend(x, y int, c color.NRGBA, cov float32) {
	if cov <= 0 {
		return
	}
	a := float32(c.A) / 255 * min(cov, 1)
	i := m.img.PixOffset(x, y)
	p := m.img.Pix[i : i+4 : i+4]
	keep := 1 - a
	p[0] = uint8(float32(c.R)*a + float32(p[0])*keep + 0.5)
	p[1] = uint8(float32(c.G)*a + float32(p[1])*keep + 0.5)
	p[2] = uint8(float32(c.B)*a + float32(p[2])*keep + 0.5)
	p[3] = uint8(255*a + float32(p[3])*keep + 0.5)
}

// shade paints a shape given by its signed edge distance (negative inside, in pixels) over
// the pixel box b, widened for the stroke: fill inside, and a stroke of width sw pixels
// centred on the edge.
func (m *pixmap) shade(b image.Rectangle, fill, stroke color.Color, sw float32, dist func(x, y float32) float32) {
	f, hasFill := nrgba(fill)
	s, hasStroke := nrgba(stroke)
	hasStroke = hasStroke && sw > 0
	if !hasFill && !hasStroke {
		return
	}
	half := float32(0)
	if hasStroke {
		half = sw / 2
		b = b.Inset(-int(math.Ceil(float64(half)))).Intersect(m.img.Rect)
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			d := dist(float32(x)+0.5, float32(y)+0.5)
			outer := clamp01(0.5 - d + half)
			if outer <= 0 {
				continue
			}
			if !hasStroke {
				m.blend(x, y, f, outer)
				continue
			}
			inner := clamp01(0.5 - d - half)
			if hasFill {
				m.blend(x, y, f, inner)
			}
			m.blend(x, y, s, outer-inner)
		}
	}
}

func (m *pixmap) rect(x, y, w, h float32, fill, stroke color.Color, strokeW, radius float32) {
	x0, y0 := m.px(x, y)
	x1, y1 := m.px(x+w, y+h)
	cx, cy, hx, hy := (x0+x1)/2, (y0+y1)/2, (x1-x0)/2, (y1-y0)/2
	r := min(radius*m.scale, hx, hy)
	m.shade(m.box(x0, y0, x1, y1), fill, stroke, strokeW*m.scale, func(px, py float32) float32 {
		// the signed distance to a rounded box (Inigo Quilez)
		qx, qy := abs32(px-cx)-hx+r, abs32(py-cy)-hy+r
		out := hypot32(max(qx, 0), max(qy, 0))
		return out + min(max(qx, qy), 0) - r
	})
}

func (m *pixmap) circle(cx, cy, rad float32, fill, stroke color.Color, strokeW float32) {
	x, y := m.px(cx, cy)
	r := rad * m.scale
	m.shade(m.box(x-r, y-r, x+r, y+r), fill, stroke, strokeW*m.scale, func(px, py float32) float32 {
		return hypot32(px-x, py-y) - r
	})
}

func (m *pixmap) line(x1, y1, x2, y2 float32, col color.Color, width float32) {
	c, ok := nrgba(col)
	if !ok {
		return
	}
	ax, ay := m.px(x1, y1)
	bx, by := m.px(x2, y2)
	hw := max(width*m.scale, 1) / 2
	if ax == bx || ay == by { // a grid line: whole pixels, so that it stays sharp
		w := float32(math.Round(float64(2 * hw)))
		if ax == bx {
			x := float32(math.Round(float64(ax - w/2)))
			m.fill(m.box(x, min(ay, by), x+w, max(ay, by)), c)
		} else {
			y := float32(math.Round(float64(ay - w/2)))
			m.fill(m.box(min(ax, bx), y, max(ax, bx), y+w), c)
		}
		return
	}
	hw += 0.5 // as thick as the driver's anti-aliased lines look
	dx, dy := bx-ax, by-ay
	l2 := dx*dx + dy*dy
	b := m.box(min(ax, bx)-hw, min(ay, by)-hw, max(ax, bx)+hw, max(ay, by)+hw)
	m.shade(b, col, nil, 0, func(px, py float32) float32 {
		t := clamp01(((px-ax)*dx + (py-ay)*dy) / l2)
		return hypot32(px-ax-t*dx, py-ay-t*dy) - hw
	})
}

// fill paints the pixel box b with c.
func (m *pixmap) fill(b image.Rectangle, c color.NRGBA) {
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			m.blend(x, y, c, 1)
		}
	}
}

// text draws s in the box (x, y, w, h) as scene.text does: at size, shrunk until it fits the
// width, aligned as given; vertically its ink is centred. It returns the width the text takes.
func (m *pixmap) text(s string, x, y, w, h, size float32, col color.Color, bold bool, align fyne.TextAlign) float32 {
	c, ok := nrgba(col)
	if s == "" || w <= 0 || size < 1 || !ok || m.glyphs == nil {
		return 0
	}
	g := m.glyphs.get(s, size*m.scale, bold)
	if fit := w * 0.97 * m.scale; g.advance > fit {
		g = m.glyphs.get(s, size*m.scale*fit/g.advance, bold)
	}
	if g.mask == nil {
		return g.advance / m.scale
	}
	x0, y0 := m.px(x, y)
	left := x0
	switch align {
	case fyne.TextAlignCenter:
		left = x0 + (w*m.scale-g.advance)/2
	case fyne.TextAlignTrailing:
		left = x0 + w*m.scale - g.advance
	}
	ink := g.mask.Rect
	top := y0 + (h*m.scale-float32(ink.Dy()))/2
	at := image.Pt(int(math.Round(float64(left)))+g.inkX, int(math.Round(float64(top))))
	draw.DrawMask(m.img, image.Rectangle{Min: at, Max: at.Add(ink.Size())}, image.NewUniform(c), image.Point{}, g.mask, ink.Min, draw.Over)
	return g.advance / m.scale
}

// glyphCache holds the bundled fonts and the rendered masks of the strings drawn with them:
// a road draws the same few letters again and again.
type glyphCache struct {
	fonts [2]*opentype.Font // regular, bold
	faces map[faceKey]font.Face
	runs  map[runKey]glyphRun
}

type faceKey struct {
	size int // quarter pixels
	bold bool
}

type runKey struct {
	s string
	faceKey
}

// glyphRun is a string rendered: its ink as a mask, where the ink starts from the pen's
// position, and how far the pen advances (pixels).
type glyphRun struct {
	mask    *image.Alpha
	inkX    int
	advance float32
}

// maxRuns bounds the cache: a window resized to many sizes would otherwise keep every size.
const maxRuns = 512

// newGlyphCache parses the bundled fonts.
func newGlyphCache() (*glyphCache, error) {
	g := &glyphCache{faces: map[faceKey]font.Face{}, runs: map[runKey]glyphRun{}}
	for i, w := range []themes.Weight{themes.Regular, themes.Bold} {
		f, err := opentype.Parse(themes.Font(w))
		if err != nil {
			return nil, fmt.Errorf("parse font %s: %w", themes.FontName(w), err)
		}
		g.fonts[i] = f
	}
	return g, nil
}

// get is s rendered at size pixels.
func (g *glyphCache) get(s string, size float32, bold bool) glyphRun {
	k := runKey{s, faceKey{int(math.Round(float64(size * 4))), bold}}
	if r, ok := g.runs[k]; ok {
		return r
	}
	face := g.face(k.faceKey)
	if face == nil {
		return glyphRun{}
	}
	ink, adv := font.BoundString(face, s)
	r := glyphRun{advance: float32(adv) / 64}
	b := image.Rect(ink.Min.X.Floor(), ink.Min.Y.Floor(), ink.Max.X.Ceil(), ink.Max.Y.Ceil())
	if !b.Empty() {
		r.mask = image.NewAlpha(b)
		d := font.Drawer{Dst: r.mask, Src: image.Opaque, Face: face, Dot: fixed.Point26_6{}}
		d.DrawString(s)
		r.inkX = b.Min.X
	}
	if len(g.runs) >= maxRuns {
		clear(g.runs)
	}
	g.runs[k] = r
	return r
}

// face is the font face for k, made once.
func (g *glyphCache) face(k faceKey) font.Face {
	if f, ok := g.faces[k]; ok {
		return f
	}
	i := 0
	if k.bold {
		i = 1
	}
	f, err := opentype.NewFace(g.fonts[i], &opentype.FaceOptions{Size: float64(k.size) / 4, DPI: 72, Hinting: font.HintingNone})
	if err != nil { // a size the font cannot take (none in practice): draw no text
		f = nil
	}
	if len(g.faces) >= maxRuns {
		clear(g.faces)
	}
	g.faces[k] = f
	return f
}

// nrgba is c as non-premultiplied RGBA, and whether there is anything to draw.
func nrgba(c color.Color) (color.NRGBA, bool) {
	if c == nil {
		return color.NRGBA{}, false
	}
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	return n, n.A > 0
}

func clamp01(v float32) float32 { return min(max(v, 0), 1) }

func abs32(v float32) float32 { return float32(math.Abs(float64(v))) }

func hypot32(x, y float32) float32 { return float32(math.Sqrt(float64(x*x + y*y))) }
