// Package gl provides a full Fyne render implementation using system OpenGL libraries.
package gl

import (
	"fmt"
	"image"
	"sort"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/internal/cache"
	"fyne.io/fyne/v2/internal/driver"
	"fyne.io/fyne/v2/theme"
)

// Painter defines the functionality of our OpenGL based renderer
type Painter interface {
	// Init tell a new painter to initialise, usually called after a context is available
	Init()
	// Capture requests that the specified canvas be drawn to an in-memory image
	Capture(fyne.Canvas) image.Image
	// Clear tells our painter to prepare a fresh paint
	Clear()
	// Free is used to indicate that a certain canvas object is no longer needed
	Free(fyne.CanvasObject)
	// Paint a single fyne.CanvasObject but not its children.
	Paint(fyne.CanvasObject, fyne.Position, fyne.Size)
	// SetFrameBufferScale tells us when we have more than 1 framebuffer pixel for each output pixel
	SetFrameBufferScale(float32)
	// SetOutputSize is used to change the resolution of our output viewport
	SetOutputSize(int, int)
	// StartClipping tells us that the following paint actions should be clipped to the specified area.
	StartClipping(fyne.Position, fyne.Size)
	// StopClipping stops clipping paint actions.
	StopClipping()
	// BeginFrame starts recording a frame: Clear, Paint and the clipping calls until EndFrame
	// are recorded, not drawn (coupboard patch 4, damage.go). preserved tells that the
	// window's framebuffer keeps its pixels from one frame to the next (the window presents
	// with a copy, not a swap), so the painter draws in it directly.
	BeginFrame(preserved bool)
	// EndFrame draws the recorded frame: only the parts of the window that changed since the
	// last frame when it can keep the last frame's pixels, else all of it. It returns the boxes
	// of framebuffer pixels it drew (x, y from the bottom left, width, height): none when
	// nothing changed.
	EndFrame() [][4]int32
	// Invalidate makes the next frame draw the whole window (its pixels were lost).
	Invalidate()
}

// NewPainter creates a new GL based renderer for the provided canvas.
// If it is a master painter it will also initialise OpenGL
func NewPainter(c fyne.Canvas, ctx driver.WithContext) Painter {
	p := &painter{canvas: c, contextProvider: ctx}
	p.SetFrameBufferScale(1.0)
	return p
}

type painter struct {
	canvas                fyne.Canvas
	ctx                   context
	contextProvider       driver.WithContext
	program               ProgramState
	lineProgram           ProgramState
	rectangleProgram      ProgramState
	roundRectangleProgram ProgramState
	polygonProgram        ProgramState
	arcProgram            ProgramState
	texScale              float32
	pixScale              float32 // pre-calculate scale*texScale for each draw

	// clip is the scissor box of the current clipping, in framebuffer pixels, while clipping is
	// true (coupboard patch: fillByClear scissors within it).
	clip     [4]int32
	clipping bool

	// textsMade holds every text run this painter drew or made a texture for and has not
	// forgotten, by its cache entry (coupboard patches 3, 6 and 9). textsDrawn lists the runs
	// drawn since the last Clear, the start of a frame, and textsBefore those of the frame
	// before; textsOff the runs off the screen that keep their textures, the most recently
	// drawn first (patch 9: kept in that order from frame to frame instead of sorted again in
	// each). textBudget is how many pixels of texture the runs the last frame did not draw may
	// keep: 0 is keptTextPixels, a negative one none.
	textsMade   map[cache.FontCacheEntry]*textUse
	textsDrawn  []*textUse
	textsBefore []*textUse
	textsOff    []*textUse
	textsSpare  []*textUse // textsOff's other buffer
	textBudget  int

	// damage holds the state of damage-limited frames (coupboard patch 4, damage.go).
	damage damageState
}

type ProgramState struct {
	ref        Program
	buff       Buffer
	uniforms   map[string]*UniformState
	attributes map[string]Attribute
}

type UniformState struct {
	ref  Uniform
	prev [4]float32
}

func (p *painter) SetUniform1f(pState ProgramState, name string, v float32) {
	u := pState.uniforms[name]
	if u.prev[0] == v {
		return
	}
	u.prev[0] = v
	p.ctx.Uniform1f(u.ref, v)
}

func (p *painter) SetUniform2f(pState ProgramState, name string, v0, v1 float32) {
	u := pState.uniforms[name]
	if u.prev[0] == v0 && u.prev[1] == v1 {
		return
	}
	u.prev[0] = v0
	u.prev[1] = v1
	p.ctx.Uniform2f(u.ref, v0, v1)
}

func (p *painter) SetUniform4f(pState ProgramState, name string, v0, v1, v2, v3 float32) {
	u := pState.uniforms[name]
	if u.prev[0] == v0 && u.prev[1] == v1 && u.prev[2] == v2 && u.prev[3] == v3 {
		return
	}
	u.prev[0] = v0
	u.prev[1] = v1
	u.prev[2] = v2
	u.prev[3] = v3
	p.ctx.Uniform4f(u.ref, v0, v1, v2, v3)
}

func (p *painter) UpdateVertexArray(pState ProgramState, name string, size, stride, offset int) {
	a := pState.attributes[name]

	p.ctx.VertexAttribPointerWithOffset(a, size, float, false, stride*floatSize, offset*floatSize)
	p.logError()
}

// Declare conformity to Painter interface
var _ Painter = (*painter)(nil)

func (p *painter) Clear() {
	if p.damage.recording {
		p.damage.ops = append(p.damage.ops, frameOp{kind: opClear})
		return
	}
	p.freeTextsNotDrawn()
	p.clearColour()
}

// freeTextsNotDrawn frees the textures of the text runs of this canvas that the last frame did
// not draw, except the most recently drawn of them within the painter's budget of pixels, and
// starts a new frame (coupboard patches 3, 6 and 9).
func (p *painter) freeTextsNotDrawn() {
	// coupboard patch (third_party/fyne/README.md, change 3): a frame paints every visible
	// object, so a text run the last frame did not draw is off the screen; free its texture now
	// instead of a cache period later. A run drawn again is made again, as after expiry.
	// Patch 6: but the runs off the screen most recently keep their textures up to a budget of
	// pixels (keptTextPixels): a table screen shows the same runs again and again (a card's
	// rank and suit, a hand's total, "Dealing", a result), and making one again costs 0.1-2 ms
	// of the frame that shows it under a software renderer.
	// Patch 9: the runs off the screen are kept in their order from frame to frame. A frame
	// sorts only the runs that left the screen with it (the frame before drew them, it did
	// not), puts them first, and frees only what falls beyond the budget. Sorting all of them
	// in every frame, by two map look-ups per comparison, and then ranging over the whole
	// texture cache took 2 ms of every frame with a thousand kept runs (late in a shoe).
	if p.textsMade == nil {
		return
	}
	budget := p.textBudget
	if budget == 0 {
		budget = keptTextPixels
	}
	off := p.textsSpare[:0]
	for _, u := range p.textsBefore { // left the screen with the last frame
		if !u.drawn {
			off = append(off, u)
		}
	}
	// of one frame, the smallest first
	sort.Slice(off, func(i, j int) bool { return off[i].pixels < off[j].pixels })
	for _, u := range p.textsOff { // off the screen before, and still
		if !u.drawn {
			off = append(off, u)
		}
	}
	kept := 0
	for _, u := range off {
		if u.gone { // no texture (freed otherwise: expired, its canvas gone; or never made): forget it
			delete(p.textsMade, u.ent)
			continue
		}
		if budget >= u.pixels {
			budget -= u.pixels
			off[kept] = u
			kept++
			continue
		}
		budget = -1 // older runs go too, so the ones kept are always the most recent
		delete(p.textsMade, u.ent)
		cache.DeleteTextTexture(u.ent)
		u.gone = true
	}
	for i := kept; i < len(off); i++ {
		off[i] = nil
	}
	for i := range p.textsOff {
		p.textsOff[i] = nil
	}
	p.textsSpare, p.textsOff = p.textsOff[:0], off[:kept]
	for i := range p.textsBefore {
		p.textsBefore[i] = nil
	}
	for _, u := range p.textsDrawn {
		u.drawn = false
	}
	p.textsBefore, p.textsDrawn = p.textsDrawn, p.textsBefore[:0]
}

// keptTextPixels is how many pixels of text textures (4 bytes each) a painter keeps for runs
// that are off the screen (coupboard patch 6): 4 MiB, a hundred result banners or thousands of
// card ranks, totals and counts.
const keptTextPixels = 1 << 20

// textUse is what the painter knows of a text run it drew (patches 6 and 9).
type textUse struct {
	ent    cache.FontCacheEntry
	pixels int  // its texture's width × height, when this painter made it
	drawn  bool // in textsDrawn: drawn since the last Clear
	gone   bool // no texture of this painter's: none made yet, or freed (here, or by the cache)
}

// clearColour clears the colour buffer (within the scissor box, if one is in force) to the
// theme's background.
func (p *painter) clearColour() {
	r, g, b, a := theme.Color(theme.ColorNameBackground).RGBA()
	p.ctx.ClearColor(float32(r)/max16bit, float32(g)/max16bit, float32(b)/max16bit, float32(a)/max16bit)
	p.ctx.Clear(bitColorBuffer | bitDepthBuffer)
	p.logError()
}

func (p *painter) Free(obj fyne.CanvasObject) {
	p.freeTexture(obj)
}

func (p *painter) Paint(obj fyne.CanvasObject, pos fyne.Position, frame fyne.Size) {
	if p.damage.recording {
		p.damage.ops = append(p.damage.ops, frameOp{kind: opPaint, obj: obj, pos: pos, size: frame})
		return
	}
	if obj.Visible() {
		p.drawObject(obj, pos, frame)
	}
}

func (p *painter) SetFrameBufferScale(scale float32) {
	p.texScale = scale
	p.pixScale = p.canvas.Scale() * p.texScale
}

func (p *painter) SetOutputSize(width, height int) {
	p.damage.outW, p.damage.outH = width, height
	p.ctx.Viewport(0, 0, width, height)
	p.logError()
}

func (p *painter) StartClipping(pos fyne.Position, size fyne.Size) {
	if p.damage.recording {
		p.damage.ops = append(p.damage.ops, frameOp{kind: opClip, pos: pos, size: size})
		return
	}
	p.clip, p.clipping = p.clipBox(pos, size), true
	p.applyScissor()
}

// clipBox is the scissor box, in framebuffer pixels, of a clip at pos of size size.
func (p *painter) clipBox(pos fyne.Position, size fyne.Size) [4]int32 {
	x := p.textureScale(pos.X)
	y := p.textureScale(p.canvas.Size().Height - pos.Y - size.Height)
	w := p.textureScale(size.Width)
	h := p.textureScale(size.Height)
	return [4]int32{int32(x), int32(y), int32(w), int32(h)}
}

func (p *painter) StopClipping() {
	if p.damage.recording {
		p.damage.ops = append(p.damage.ops, frameOp{kind: opUnclip})
		return
	}
	p.clipping = false
	p.applyScissor()
}

// applyScissor puts in force the scissor box of the current clipping, limited to the damage
// box of the frame being drawn (coupboard patch 4), or no scissor when there is neither.
func (p *painter) applyScissor() {
	var box [4]int32
	switch {
	case p.clipping && p.damage.limited:
		box = intersectBox(p.clip, p.damage.box)
	case p.clipping:
		box = p.clip
	case p.damage.limited:
		box = p.damage.box
	default:
		p.ctx.Disable(scissorTest)
		p.logError()
		return
	}
	if box[2] < 0 {
		box[2] = 0
	}
	if box[3] < 0 {
		box[3] = 0
	}
	p.ctx.Scissor(box[0], box[1], box[2], box[3])
	p.ctx.Enable(scissorTest)
	p.logError()
}

func (p *painter) compileShader(source string, shaderType uint32) (Shader, error) {
	shader := p.ctx.CreateShader(shaderType)

	p.ctx.ShaderSource(shader, source)
	p.logError()
	p.ctx.CompileShader(shader)
	p.logError()

	info := p.ctx.GetShaderInfoLog(shader)
	if p.ctx.GetShaderi(shader, compileStatus) == glFalse {
		return noShader, fmt.Errorf("failed to compile OpenGL shader:\n%s\n>>> SHADER SOURCE\n%s\n<<< SHADER SOURCE", info, source)
	}

	// The info is probably a null terminated string.
	// An empty info has been seen as "\x00" or "\x00\x00".
	if len(info) > 0 && info != "\x00" && info != "\x00\x00" {
		fmt.Printf("OpenGL shader compilation output:\n%s\n>>> SHADER SOURCE\n%s\n<<< SHADER SOURCE\n", info, source)
	}

	return shader, nil
}

func (p *painter) createProgram(shaderFilename string) Program {
	// Why a switch over a filename?
	// Because this allows for a minimal change, once we reach Go 1.16 and use go:embed instead of
	// fyne bundle.
	vertexSrc, fragmentSrc := shaderSourceNamed(shaderFilename)
	if vertexSrc == nil {
		panic("shader not found: " + shaderFilename)
	}

	vertShader, err := p.compileShader(string(vertexSrc), vertexShader)
	if err != nil {
		panic(err)
	}
	fragShader, err := p.compileShader(string(fragmentSrc), fragmentShader)
	if err != nil {
		panic(err)
	}

	prog := p.ctx.CreateProgram()
	p.ctx.AttachShader(prog, vertShader)
	p.ctx.AttachShader(prog, fragShader)
	p.ctx.LinkProgram(prog)

	info := p.ctx.GetProgramInfoLog(prog)
	if p.ctx.GetProgrami(prog, linkStatus) == glFalse {
		panic(fmt.Errorf("failed to link OpenGL program:\n%s", info))
	}

	// The info is probably a null terminated string.
	// An empty info has been seen as "\x00" or "\x00\x00".
	if len(info) > 0 && info != "\x00" && info != "\x00\x00" {
		fmt.Printf("OpenGL program linking output:\n%s\n", info)
	}

	if glErr := p.ctx.GetError(); glErr != 0 {
		panic(fmt.Sprintf("failed to link OpenGL program; error code: %x", glErr))
	}

	p.ctx.UseProgram(prog)

	return prog
}

func (p *painter) logError() {
	logGLError(p.ctx.GetError)
}
