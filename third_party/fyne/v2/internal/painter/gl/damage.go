package gl

// coupboard patch 4 (third_party/fyne/README.md): damage-limited frames. Upstream paints every
// visible object of a window in every frame. Between BeginFrame and EndFrame the painter records
// the frame instead; EndFrame compares what each object would draw with the last frame and draws
// only the objects that meet the boxes (at most maxBoxes) around what changed, and one band of
// rows in turn as a backstop (bands), with the scissor limited to each box in turn. It draws
// where the last frame's pixels are: in the window's own framebuffer when the window keeps it
// (BeginFrame's preserved: the window presents the boxes with glXCopySubBufferMESA under a
// software renderer), else in an offscreen framebuffer that it then copies whole to the window
// before the swap. When the GL driver has neither, every frame is drawn whole, as upstream.
// (With COUPBOARD_FULL_FRAMES the window does not record frames at all: loop.go's repaintWindow.)

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/internal/cache"
	paint "fyne.io/fyne/v2/internal/painter"
	"fyne.io/fyne/v2/theme"
)

// bands is how many bands of rows the window is cut into for the backstop: every frame that
// draws anything also draws one band, the next in turn, so every pixel is drawn anew at least
// once in that many frames (within a minute while a clock ticks each second). It bounds how
// long a change the comparison missed could stay on the screen, without a whole frame's cost
// falling on whatever frame comes due (a whole 1280x720 frame costs a card 10 ms under llvmpipe).
const bands = 60

// frameOpKind is what a recorded call was.
type frameOpKind uint8

const (
	opClear  frameOpKind = iota // Clear
	opPaint                     // Paint(obj, pos, size)
	opClip                      // StartClipping(pos, size)
	opUnclip                    // StopClipping
)

// frameOp is one recorded painter call.
type frameOp struct {
	kind frameOpKind
	obj  fyne.CanvasObject
	pos  fyne.Position
	size fyne.Size // opPaint: the frame's size; opClip: the clip's size
}

// frameTarget is an offscreen colour buffer the size of the window, which keeps its pixels from
// one frame to the next (a window's back buffer need not).
type frameTarget interface {
	// Bind makes the target the framebuffer that drawing goes to, making it first at w×h
	// pixels when it is not that size yet; fresh reports that it was made, so its pixels are
	// undefined. On an error the window's framebuffer is bound.
	Bind(w, h int) (fresh bool, err error)
	// Present copies the target to the window's framebuffer and binds the window's again.
	Present()
	// Pixels reads the target's pixels (RGBA, bottom row first); for the frame check.
	Pixels() []uint8
}

// drawSig is everything about a drawn object that decides its pixels. Two frames in which an
// object has the same drawSig (and the same objects come before it) draw the same pixels.
type drawSig struct {
	kind     uint8
	always   bool // drawn anew in every frame: content the painter cannot compare
	pos      fyne.Position
	size     fyne.Size
	clipping bool
	clip     [4]int32
	c1, c2   [4]uint32 // colours (RGBA)
	f        [8]float32
	i        [2]int
	style    fyne.TextStyle
	text     string
	source   string
	tex      cache.TextureType
}

// The kinds of drawn object a drawSig tells apart.
const (
	kindRect uint8 = iota + 1
	kindCircle
	kindLine
	kindText
	kindRaster // drawn from a texture Fyne caches per object
	kindImage  // likewise
	kindUncompared
)

// drawRecord is one drawn object of a frame: its drawSig and the box of framebuffer pixels
// (x, y from the bottom left, width, height) it may touch.
type drawRecord struct {
	sig drawSig
	box [4]int32
}

// frameKey is what, when it changes, makes the whole window change.
type frameKey struct {
	w, h       int
	scale      float32
	background [4]uint32
}

// damageState is the painter's state for damage-limited frames.
type damageState struct {
	recording  bool
	ops        []frameOp
	outW, outH int

	// limited is true while a frame is drawn within box only.
	limited bool
	box     [4]int32

	preserved bool        // this frame draws in the window's own, preserved framebuffer
	window    frameTarget // the window's framebuffer, when preserved
	target    frameTarget // the offscreen framebuffer otherwise
	noTarget  bool        // the driver has none, or it failed: draw every frame whole
	check     bool        // COUPBOARD_CHECK_FRAMES: draw each limited frame whole as well and compare
	log       bool        // COUPBOARD_DAMAGE_LOG: say each frame's boxes on standard error
	unmerged  int         // the boxes the last damaged found before merging (for log)
	prev      map[fyne.CanvasObject]drawRecord
	prevOrder []fyne.CanvasObject
	prevKey   frameKey
	band      int // the band the next frame draws (bands)
}

// BeginFrame starts recording a frame (coupboard patch 4).
func (p *painter) BeginFrame(preserved bool) {
	d := &p.damage
	if preserved != d.preserved {
		d.preserved, d.prev = preserved, nil // the other framebuffer's pixels are not the last frame's
	}
	d.recording = true
	d.ops = d.ops[:0]
}

// Invalidate makes the next frame draw the whole window (coupboard patch 4).
func (p *painter) Invalidate() {
	p.damage.prev = nil
}

// EndFrame draws the frame recorded since BeginFrame (coupboard patch 4).
func (p *painter) EndFrame() [][4]int32 {
	d := &p.damage
	d.recording = false
	ops := d.ops
	defer func() {
		for i := range ops {
			ops[i] = frameOp{} // drop the references to this frame's objects
		}
		d.ops = ops[:0]
	}()
	if len(ops) == 0 {
		return nil
	}
	if d.target == nil && d.window == nil && !d.noTarget {
		d.check = os.Getenv("COUPBOARD_CHECK_FRAMES") != ""
		d.log = os.Getenv("COUPBOARD_DAMAGE_LOG") != ""
		d.target, d.window = newFrameTarget(), windowTarget()
		d.noTarget = d.target == nil && d.window == nil
	}
	t := d.target
	if d.preserved {
		t = d.window
	}
	if t == nil || ops[0].kind != opClear || d.outW <= 0 || d.outH <= 0 {
		p.replay(ops, nil, true)
		return [][4]int32{p.frameBox()}
	}
	fresh, err := t.Bind(d.outW, d.outH)
	if err != nil {
		fyne.LogError("damage-limited frames are off", err)
		d.target, d.window, d.noTarget, d.prev = nil, nil, true, nil
		p.replay(ops, nil, true)
		return [][4]int32{p.frameBox()}
	}
	p.freeTextsNotDrawn()
	recs, order, dup := p.records(ops)
	boxes, whole := p.damaged(recs, order, dup || fresh)
	d.prev, d.prevOrder = recs, order
	if d.log {
		logDamage(len(order), d.unmerged, boxes, whole)
	}
	for i := range boxes {
		p.replay(ops, &boxes[i], false)
	}
	if d.check && !whole && len(boxes) > 0 {
		p.checkFrame(t, ops, boxes)
	}
	p.noteTextures(recs)
	t.Present()
	return boxes
}

// noteTextures records, in this frame's records, the textures that drawing it made: an image
// or raster without one when the frame was recorded has one now (it was drawn: every such object
// is damage), and the next frame must find it unchanged unless Fyne frees it again. Without
// this a road image made at a coup's end would count as changed in the frame after, and the
// next card would redraw it.
func (p *painter) noteTextures(recs map[fyne.CanvasObject]drawRecord) {
	for o, r := range recs {
		if !r.sig.always || (r.sig.kind != kindRaster && r.sig.kind != kindImage) {
			continue
		}
		if tex, always := texture(o); !always {
			r.sig.tex, r.sig.always = tex, false
			recs[o] = r
		}
	}
}

// frameBox is the box of the whole window.
func (p *painter) frameBox() [4]int32 {
	return [4]int32{0, 0, int32(p.damage.outW), int32(p.damage.outH)}
}

// records walks the recorded ops and returns the drawRecord of every drawn object, the objects
// in drawing order, and whether an object was drawn twice (then the frame is drawn whole). It
// notes every text run as drawn, drawn again or not, so that patch 3 keeps its texture.
func (p *painter) records(ops []frameOp) (map[fyne.CanvasObject]drawRecord, []fyne.CanvasObject, bool) {
	recs := make(map[fyne.CanvasObject]drawRecord, len(ops))
	order := make([]fyne.CanvasObject, 0, len(ops))
	dup := false
	clipping, clip := false, [4]int32{}
	for _, op := range ops {
		switch op.kind {
		case opClip:
			clipping, clip = true, p.clipBox(op.pos, op.size)
		case opUnclip:
			clipping = false
		case opPaint:
			if !op.obj.Visible() {
				continue
			}
			sig, box, ok := p.signature(op.obj, op.pos, op.size)
			if !ok {
				continue
			}
			if clipping {
				sig.clipping, sig.clip = true, clip
				box = intersectBox(box, clip)
			}
			if _, seen := recs[op.obj]; seen {
				dup = true
			}
			recs[op.obj] = drawRecord{sig: sig, box: box}
			order = append(order, op.obj)
		}
	}
	return recs, order, dup
}

// maxBoxes is the most boxes a frame is drawn in; more are merged.
const maxBoxes = 4

// damaged compares this frame's records with the last frame's and returns the boxes to draw
// (none when nothing changed; else the boxes around the changes and, last, the backstop's band)
// and whether they are the whole window.
func (p *painter) damaged(recs map[fyne.CanvasObject]drawRecord, order []fyne.CanvasObject, whole bool) (boxes [][4]int32, all bool) {
	d := &p.damage
	d.unmerged = 0
	full := p.frameBox()
	bg := theme.Color(theme.ColorNameBackground)
	key := frameKey{w: d.outW, h: d.outH, scale: p.pixScale, background: rgba(bg)}
	if whole || d.prev == nil || key != d.prevKey {
		d.prevKey = key
		return [][4]int32{full}, true
	}
	add := func(b [4]int32) {
		if b = intersectBox(b, full); b[2] > 0 && b[3] > 0 {
			boxes = append(boxes, b)
		}
	}
	j := 0
	for _, o := range order {
		r := recs[o]
		old, ok := d.prev[o]
		if !ok {
			add(r.box)
			continue
		}
		if r.sig.always || old.sig != r.sig || old.box != r.box {
			add(r.box)
			add(old.box)
		}
		// The objects in both frames must keep their order, or where they overlap changes.
		for j < len(d.prevOrder) {
			if _, in := recs[d.prevOrder[j]]; in {
				break
			}
			j++
		}
		if j == len(d.prevOrder) || d.prevOrder[j] != o {
			return [][4]int32{full}, true
		}
		j++
	}
	for o, old := range d.prev {
		if _, ok := recs[o]; !ok {
			add(old.box)
		}
	}
	// A frame that changes most of the window (a layout: every widget moved) has hundreds of
	// boxes, and merging them costs n³ (14 ms of a shoe's first card under llvmpipe): when the
	// boxes cover, unmerged, over 60% of the window, the merged boxes would too.
	d.unmerged = len(boxes)
	if len(boxes) > maxBoxes && coverAtLeast(boxes, full, 6, 10) {
		return [][4]int32{full}, true
	}
	boxes = mergeBoxes(boxes, maxBoxes)
	area := int64(0)
	for _, b := range boxes {
		area += int64(b[2]) * int64(b[3])
	}
	if area*10 >= int64(full[2])*int64(full[3])*6 {
		return [][4]int32{full}, true
	}
	if len(boxes) > 0 {
		// Not merged with the others: a union with a full-width band would be wide.
		boxes = append(boxes, p.nextBand())
	}
	return boxes, false
}

// logDamage says on standard error what a frame drew (COUPBOARD_DAMAGE_LOG, a diagnostic:
// docs/performance.md §24): how many objects it has, how many boxes around changes it found
// (0 when it did not compare: the first frame, a resize, objects that changed order), and the
// boxes it drew (x, y from the bottom left, width, height; the last of a partial frame is the
// backstop's band), with the share of the window they cover.
func logDamage(objects, unmerged int, boxes [][4]int32, whole bool) {
	area := int64(0)
	var b strings.Builder
	for _, x := range boxes {
		area += int64(x[2]) * int64(x[3])
		fmt.Fprintf(&b, " %d,%d,%dx%d", x[0], x[1], x[2], x[3])
	}
	fmt.Fprintf(os.Stderr, "coupboard damage: objects=%d changes=%d whole=%v drawn=%d px boxes:%s\n",
		objects, unmerged, whole, area, b.String())
}

// coverCell is the side, in pixels, of the cells coverAtLeast counts.
const coverCell = 4

// coverAtLeast reports whether boxes, all within full, cover at least num/den of its pixels. It
// counts only the cells of coverCell² pixels (cut at full's edges) that one box covers wholly, a
// lower bound of the pixels covered: it never reports more than the boxes cover, and when it
// reports less, mergeBoxes decides. At a layout's change it finds in a fraction of a millisecond
// what merging the boxes finds in milliseconds.
func coverAtLeast(boxes [][4]int32, full [4]int32, num, den int64) bool {
	cols, rows := (full[2]+coverCell-1)/coverCell, (full[3]+coverCell-1)/coverCell
	if cols <= 0 || rows <= 0 {
		return false
	}
	// lo and hi are the first cell a box edge at v covers wholly from v on, and the cell after
	// the last it covers wholly up to v (a cell cut by the frame's edge ends there).
	lo := func(v, o, n int32) int32 { return hi32(0, lo32(n, (v-o+coverCell-1)/coverCell)) }
	hi := func(v, o, end, n int32) int32 {
		if v >= end {
			return n
		}
		return hi32(0, lo32(n, (v-o)/coverCell))
	}
	covered := make([]bool, int(cols)*int(rows))
	area := int64(0)
	for _, b := range boxes {
		x1, x2 := lo(b[0], full[0], cols), hi(b[0]+b[2], full[0], full[0]+full[2], cols)
		y1, y2 := lo(b[1], full[1], rows), hi(b[1]+b[3], full[1], full[1]+full[3], rows)
		for y := y1; y < y2; y++ {
			h := lo32(coverCell, full[3]-y*coverCell)
			for x := x1; x < x2; x++ {
				if i := int(y)*int(cols) + int(x); !covered[i] {
					covered[i] = true
					area += int64(lo32(coverCell, full[2]-x*coverCell)) * int64(h)
				}
			}
		}
	}
	return area*den >= int64(full[2])*int64(full[3])*num
}

// nextBand is the band of rows (full width) that this frame draws as the backstop (bands).
func (p *painter) nextBand() [4]int32 {
	d := &p.damage
	rows := int32((d.outH + bands - 1) / bands)
	y := int32(d.band) * rows
	if y >= int32(d.outH) {
		y, d.band = 0, 0
	}
	d.band++
	return [4]int32{0, y, int32(d.outW), hi32(0, lo32(rows, int32(d.outH)-y))}
}

// mergeBoxes merges boxes that overlap or touch, then the pairs whose union adds the least area,
// until at most most remain. The result covers every pixel of boxes. (coupboard: in about
// quadratic time. A frame that changes many objects, a coup's first card clearing both hands,
// brings dozens of boxes, two for each object that moved, and searching every pair again
// after each merge took a millisecond and more of the frame.)
func mergeBoxes(boxes [][4]int32, most int) [][4]int32 {
	boxes = mergeTouching(boxes)
	// Many boxes apart: merge neighbours in reading order, halving them, until few enough for
	// the search of every pair below.
	for len(boxes) > pairwiseBoxes && len(boxes) > most {
		sort.Slice(boxes, func(i, j int) bool {
			if boxes[i][1] != boxes[j][1] {
				return boxes[i][1] < boxes[j][1]
			}
			return boxes[i][0] < boxes[j][0]
		})
		n := 0
		for i := 0; i < len(boxes); i += 2 {
			b := boxes[i]
			if i+1 < len(boxes) {
				b = unionBox(b, boxes[i+1])
			}
			boxes[n] = b
			n++
		}
		boxes = mergeTouching(boxes[:n])
	}
	area := func(b [4]int32) int64 { return int64(b[2]) * int64(b[3]) }
	for {
		bi, bj, best := -1, -1, int64(math.MaxInt64)
		for i := 0; i < len(boxes); i++ {
			for j := i + 1; j < len(boxes); j++ {
				u := unionBox(boxes[i], boxes[j])
				grow := area(u) - area(boxes[i]) - area(boxes[j])
				if touching(boxes[i], boxes[j]) {
					grow = math.MinInt64 // overlapping or touching: merge first
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

// pairwiseBoxes is the most boxes mergeBoxes searches pair by pair (n³ steps at most).
const pairwiseBoxes = 16

// touching reports whether a and b overlap or share an edge.
func touching(a, b [4]int32) bool {
	x := intersectBox(a, b)
	return x[2] >= 0 && x[3] >= 0
}

// mergeTouching replaces each group of boxes that overlap or touch, directly or through
// others, with the box around it; no two boxes it returns touch. It reuses boxes' array.
func mergeTouching(boxes [][4]int32) [][4]int32 {
	out := boxes[:0]
	for _, b := range boxes {
		// out's boxes touch no other; b takes in each one it touches, and each one its
		// growing box then touches, before it joins them.
		for i := 0; i < len(out); {
			if !touching(out[i], b) {
				i++
				continue
			}
			b = unionBox(out[i], b)
			out[i] = out[len(out)-1]
			out = out[:len(out)-1]
			i = 0
		}
		out = append(out, b)
	}
	return out
}

// replay draws the recorded ops: within box only when box is not nil (objects that do not
// meet it are skipped). freeTexts runs patch 3's freeing at the Clear, as an unrecorded frame.
func (p *painter) replay(ops []frameOp, box *[4]int32, freeTexts bool) {
	d := &p.damage
	d.limited = box != nil
	if box != nil {
		d.box = *box
	}
	p.clipping = false
	p.applyScissor()
	for _, op := range ops {
		switch op.kind {
		case opClear:
			if freeTexts {
				p.freeTextsNotDrawn()
			}
			p.clearColour()
		case opClip:
			p.clip, p.clipping = p.clipBox(op.pos, op.size), true
			p.applyScissor()
		case opUnclip:
			p.clipping = false
			p.applyScissor()
		case opPaint:
			if !op.obj.Visible() {
				continue
			}
			if box != nil {
				r, ok := d.prev[op.obj]
				if !ok {
					continue // nothing the painter draws
				}
				if b := intersectBox(r.box, *box); b[2] <= 0 || b[3] <= 0 {
					continue
				}
			}
			p.drawObject(op.obj, op.pos, op.size)
		}
	}
	d.limited, p.clipping = false, false
	p.applyScissor()
}

// signature returns what obj, drawn at pos in a frame of size frame, draws and the pixels it
// may touch; ok is false for objects the painter does not draw (containers, widgets).
func (p *painter) signature(obj fyne.CanvasObject, pos fyne.Position, frame fyne.Size) (s drawSig, box [4]int32, ok bool) {
	size := obj.Size()
	s.pos, s.size = pos, size
	margin := float32(0)
	switch o := obj.(type) {
	case *canvas.Rectangle:
		s.kind = kindRect
		s.c1, s.c2 = rgba(o.FillColor), rgba(o.StrokeColor)
		s.f = [8]float32{o.StrokeWidth, o.CornerRadius, o.TopRightCornerRadius, o.TopLeftCornerRadius,
			o.BottomRightCornerRadius, o.BottomLeftCornerRadius, o.Aspect}
		margin = o.StrokeWidth
	case *canvas.Circle:
		s.kind = kindCircle
		s.c1, s.c2 = rgba(o.FillColor), rgba(o.StrokeColor)
		s.f[0] = o.StrokeWidth
		margin = o.StrokeWidth
	case *canvas.Line:
		s.kind = kindLine
		s.c1 = rgba(o.StrokeColor)
		s.f = [8]float32{o.StrokeWidth, o.Position1.X, o.Position1.Y, o.Position2.X, o.Position2.Y}
		margin = o.StrokeWidth
	case *canvas.Text:
		s.kind = kindText
		s.c1 = rgba(o.Color)
		s.text, s.style, s.f[0], s.i[0] = o.Text, o.TextStyle, o.TextSize, int(o.Alignment)
		if o.FontSource != nil {
			s.source = o.FontSource.Name()
		}
		ent := p.textEntry(o)
		cache.GetTextTexture(ent) // keeps an undrawn run's texture from expiring
		p.noteText(ent)
		return s, unionBox(p.pixelBox(pos, size, 0, frame), p.textBox(o, pos, frame)), true
	case *canvas.Raster:
		s.kind = kindRaster
		s.f[0], s.i[0] = float32(o.Translucency), int(o.ScaleMode)
		s.tex, s.always = texture(obj)
	case *canvas.Image:
		s.kind = kindImage
		s.f[0], s.f[1], s.i[0], s.i[1] = float32(o.Translucency), o.CornerRadius, int(o.FillMode), int(o.ScaleMode)
		s.tex, s.always = texture(obj)
		if o.FillMode != canvas.ImageFillStretch && o.FillMode != canvas.ImageFillContain {
			return s, p.frameBox(), true // may draw beyond its box
		}
	case *canvas.LinearGradient, *canvas.RadialGradient, *canvas.Polygon, *canvas.Arc:
		s.kind, s.always = kindUncompared, true
		return s, p.frameBox(), true
	default:
		return s, box, false
	}
	return s, p.pixelBox(pos, size, margin, frame), true
}

// texture is the cached texture of an image or raster; always is true when it has none (it
// changed, so Fyne freed it, or it was never drawn): the object is drawn anew.
func texture(obj fyne.CanvasObject) (tex cache.TextureType, always bool) {
	t, ok := cache.GetTexture(obj)
	return t, !ok
}

// textBox is the box drawText draws a text's texture in (its minimum size, aligned and
// centred vertically in its box, as drawText places it).
func (p *painter) textBox(t *canvas.Text, pos fyne.Position, frame fyne.Size) [4]int32 {
	size := t.MinSize()
	container := t.Size()
	switch t.Alignment {
	case fyne.TextAlignTrailing:
		pos.X += container.Width - size.Width
	case fyne.TextAlignCenter:
		pos.X += (container.Width - size.Width) / 2
	}
	if container.Height > size.Height {
		pos.Y += (container.Height - size.Height) / 2
	}
	size.Width += paint.VectorPad(t)
	return p.pixelBox(pos, size, 0, frame)
}

// pixelBox is the box of framebuffer pixels (x, y from the bottom left, width, height) that
// an object at pos of size size may touch, margin logical pixels around it, rounded outwards
// with two pixels more for the painter's rounding and edge softness.
func (p *painter) pixelBox(pos fyne.Position, size fyne.Size, margin float32, frame fyne.Size) [4]int32 {
	s := float64(p.pixScale)
	m := float64(margin)
	fh := float64(frame.Height) * s
	x1 := math.Floor((float64(pos.X)-m)*s) - 2
	x2 := math.Ceil((float64(pos.X+size.Width)+m)*s) + 2
	y1 := math.Floor(fh-(float64(pos.Y+size.Height)+m)*s) - 2
	y2 := math.Ceil(fh-(float64(pos.Y)-m)*s) + 2
	return [4]int32{int32(x1), int32(y1), int32(x2 - x1), int32(y2 - y1)}
}

// unionBox is the smallest box holding both boxes.
func unionBox(a, b [4]int32) [4]int32 {
	x1, y1 := lo32(a[0], b[0]), lo32(a[1], b[1])
	x2, y2 := hi32(a[0]+a[2], b[0]+b[2]), hi32(a[1]+a[3], b[1]+b[3])
	return [4]int32{x1, y1, x2 - x1, y2 - y1}
}

// rgba is a colour as comparable values; nil is transparent.
func rgba(c color.Color) [4]uint32 {
	if c == nil {
		return [4]uint32{}
	}
	r, g, b, a := c.RGBA()
	return [4]uint32{r, g, b, a}
}

// checkFrame (COUPBOARD_CHECK_FRAMES) reads the frame just drawn within box, draws the same frame
// whole on the same framebuffer, and reports on standard error whether the pixels are the same.
func (p *painter) checkFrame(t frameTarget, ops []frameOp, boxes [][4]int32) {
	d := &p.damage
	got := t.Pixels()
	p.replay(ops, nil, false)
	want := t.Pixels()
	diff, first := 0, -1
	for i := 0; i+3 < len(got) && i+3 < len(want); i += 4 {
		if got[i] != want[i] || got[i+1] != want[i+1] || got[i+2] != want[i+2] {
			if diff == 0 {
				first = i / 4
			}
			diff++
		}
	}
	if len(got) != len(want) {
		diff = -1
	}
	at := ""
	if first >= 0 {
		at = fmt.Sprintf(" (first at %d,%d)", first%d.outW, first/d.outW)
	}
	list := ""
	for i, box := range boxes {
		if i > 0 {
			list += "; "
		}
		list += fmt.Sprintf("%d,%d %dx%d", box[0], box[1], box[2], box[3])
	}
	fmt.Fprintf(os.Stderr, "coupboard frame check: boxes %s, pixels differing %d%s\n", list, diff, at)
}
