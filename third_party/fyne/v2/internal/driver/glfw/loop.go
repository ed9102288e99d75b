// Patched by coupboard (third_party/fyne/README.md): the loop waits for input, a queued
// function or a timeout instead of waking 60 times a second while nothing changes.

package glfw

import (
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/internal/app"
	"fyne.io/fyne/v2/internal/async"
	"fyne.io/fyne/v2/internal/cache"
	"fyne.io/fyne/v2/internal/driver/common"
	"fyne.io/fyne/v2/internal/painter"
	"fyne.io/fyne/v2/internal/scale"
)

type funcData struct {
	f    func()
	done chan struct{} // Zero allocation signalling channel
}

// channel for queuing functions on the main thread
var (
	funcQueue        = async.NewUnboundedChan[funcData]()
	running, drained atomic.Bool
)

// The idle wait (coupboard patch). When no frame has been painted for idleAfterTicks ticks,
// runGL stops its 60 Hz ticker and sleeps in waitEvents until a window event arrives, a
// function is queued, the driver quits, or idleTimeout passes.
const (
	idleAfterTicks = 20               // a third of a second: longer than an Entry cursor's still phases (300 ms)
	idleTimeout    = 1 * time.Second  // the longest sleep: the cache cleaner's pace and a backstop
	frameInterval  = time.Second / 60 // the ticker's period: frames are painted at most this often
)

var (
	// queued counts functions sent to funcQueue and not yet taken by runGL. It is raised
	// before the send, so a function still in transit through the unbounded channel keeps
	// the loop from sleeping.
	queued atomic.Int64
	// waitMu guards waiting: a waker posts an empty event only while runGL sleeps in
	// waitEvents, and so never after runGL has terminated GLFW.
	waitMu  sync.Mutex
	waiting bool
)

// wakeMain makes runGL return from its idle wait, if it is in it.
func wakeMain() {
	waitMu.Lock()
	if waiting {
		postEmptyEvent()
	}
	waitMu.Unlock()
}

// idleWait sleeps until input, a queued function, Quit or idleTimeout, unless a function
// is already queued or the driver is quitting.
func (d *gLDriver) idleWait() {
	waitMu.Lock()
	waiting = true
	waitMu.Unlock()
	select {
	case <-d.done:
	default:
		if queued.Load() == 0 {
			waitEvents(idleTimeout)
		}
	}
	waitMu.Lock()
	waiting = false
	waitMu.Unlock()
}

// Arrange that main.main runs on main thread.
func init() {
	runtime.LockOSThread()
	async.SetMainGoroutine()
}

// force a function f to run on the main thread
func runOnMain(f func()) {
	runOnMainWithWait(f, true)
}

// force a function f to run on the main thread and specify if we should wait for it to return
func runOnMainWithWait(f func(), wait bool) {
	// If we are on main before app run just execute - otherwise add it to the main queue and wait.
	// We also need to run it as-is if the app is in the process of shutting down as the queue will be stopped.
	if (!running.Load() && async.IsMainGoroutine()) || drained.Load() {
		f()
		return
	}

	queued.Add(1)
	if wait {
		done := common.DonePool.Get()
		defer common.DonePool.Put(done)

		funcQueue.In() <- funcData{f: f, done: done}
		wakeMain()
		<-done
	} else {
		funcQueue.In() <- funcData{f: f}
		wakeMain()
	}
}

// drawSingleFrame paints the windows whose canvas is dirty and reports whether it painted any.
func (d *gLDriver) drawSingleFrame() (painted bool) {
	refreshed := false
	for _, win := range d.windowList() {
		w := win.(*window)
		if w.closing {
			continue
		}

		// CheckDirtyAndClear must be checked after visibility,
		// because when a window becomes visible, it could be
		// showing old content without a dirty flag set to true.
		// Do the clear if and only if the window is visible.
		if !w.visible || !w.canvas.CheckDirtyAndClear() {
			// Window hidden or not being redrawn, mark canvasForObject
			// cache alive if it hasn't been done recently
			// n.b. we need to make sure threshold is a bit *after*
			// time.Now() - CacheDuration()
			threshold := time.Now().Add(10*time.Second - cache.ValidDuration)
			if w.lastWalkedTime.Before(threshold) {
				w.canvas.WalkTrees(nil, func(node *common.RenderCacheNode, _ fyne.Position) {
					// marks canvas for object cache entry alive
					_ = cache.GetCanvasForObject(node.Obj())
					// marks renderer cache entry alive
					if wid, ok := node.Obj().(fyne.Widget); ok {
						_, _ = cache.CachedRenderer(wid)
					}
				})
				w.lastWalkedTime = time.Now()
			}
			continue
		}

		painted = true
		w.RunWithContext(func() {
			if w.driver.repaintWindow(w) {
				refreshed = true
			}
		})
	}
	cache.Clean(refreshed)
	return painted
}

func (d *gLDriver) runGL() {
	if !running.CompareAndSwap(false, true) {
		return // Run was called twice.
	}

	d.init()
	if d.trayStart != nil {
		d.trayStart()
	}

	fyne.CurrentApp().Settings().AddListener(func(set fyne.Settings) {
		painter.ClearFontCache()
		cache.ResetThemeCaches()
		app.ApplySettingsWithCallback(set, fyne.CurrentApp(), func(w fyne.Window) {
			c, ok := w.Canvas().(*glCanvas)
			if !ok {
				return
			}
			c.applyThemeOutOfTreeObjects()
			c.reloadScale()
			// coupboard patch 4: a new theme may change a font, which no object's signature
			// shows; draw the next frame whole.
			if p := c.Painter(); p != nil {
				p.Invalidate()
			}
		})
	})

	if f := fyne.CurrentApp().Lifecycle().(*app.Lifecycle).OnStarted(); f != nil {
		f()
	}

	go func() { // Quit closes d.done: wake the loop if it sleeps
		<-d.done
		wakeMain()
	}()

	eventTick := time.NewTicker(frameInterval)
	quiet := 0              // ticks in a row that painted nothing
	var lastPaint time.Time // when a frame was last painted
	for {
		select {
		case <-d.done:
			eventTick.Stop()
			d.Terminate()
			l := fyne.CurrentApp().Lifecycle().(*app.Lifecycle)
			if f := l.OnStopped(); f != nil {
				l.QueueEvent(f)
			}

			// as we are shutting down make sure we drain the pending funcQueue and close it out.
			// coupboard patch: drained is set first, so that a function queued from now on runs on
			// its caller's goroutine (runOnMainWithWait), and every function already counted in
			// queued is answered, also one still in transit through the unbounded queue (upstream
			// answered only those already at its end: a lifecycle event's DoFromGoroutine that
			// arrived just after waited for ever, and Run with it, after a SIGTERM). The queue is
			// not closed: a caller that saw drained unset an instant before would send on it.
			drained.Store(true)
			for queued.Load() > 0 {
				f := <-funcQueue.Out()
				queued.Add(-1)
				if f.done != nil {
					f.done <- struct{}{}
				}
			}
			return
		case f := <-funcQueue.Out():
			queued.Add(-1)
			f.f()
			if f.done != nil {
				f.done <- struct{}{}
			}
			if !d.runQueued() {
				continue // Quit ran: shut down without painting
			}
			// What the functions changed is painted at once when no frame was painted in the last
			// frame interval (after a sleep, or between a dealer's cards), rather than on the next
			// tick, up to a tick later; in a burst, the rest wait for the tick (60 Hz at most).
			// Tick at least twice more.
			if time.Since(lastPaint) >= frameInterval && d.frame() {
				quiet, lastPaint = 0, time.Now()
			}
			if quiet > idleAfterTicks-2 {
				quiet = idleAfterTicks - 2
			}
		case <-eventTick.C:
			if !d.runQueued() {
				continue
			}
			if d.frame() {
				quiet, lastPaint = 0, time.Now()
			} else {
				quiet++
			}
			if quiet >= idleAfterTicks {
				eventTick.Stop()
				d.idleWait()
				// one tick to handle what woke the loop; a paint or a function keeps it awake
				quiet = idleAfterTicks - 1
				eventTick.Reset(frameInterval)
			}
		}
	}
}

// runQueued runs the functions queued before it was called, and reports false when one of them
// quit the app (d.done). (coupboard patch: the loop catches up with what was queued before it
// paints, so a burst of changes is painted once, whole, and a queued Quit does not wait behind
// one frame per queued function when frames are slow. Upstream ran one function per turn of
// its loop.) Counting first bounds the catch-up: what a fast producer queues meanwhile waits
// for the next turn, so painting is never starved either.
func (d *gLDriver) runQueued() bool {
	for n := queued.Load(); n > 0; n-- {
		select {
		case <-d.done:
			return false
		default:
		}
		f := <-funcQueue.Out() // counted in queued: in the queue or on its way out
		queued.Add(-1)
		f.f()
		if f.done != nil {
			f.done <- struct{}{}
		}
	}
	select {
	case <-d.done:
		return false
	default:
		return true
	}
}

// frame is one tick of the loop: it handles window events, resizes the windows that asked for
// it, advances animations and paints the windows that changed, and reports whether it painted.
// (coupboard patch: upstream has this body inline in runGL's tick.)
func (d *gLDriver) frame() bool {
	// coupboard patch: after Quit (SIGTERM, or the last window closed) the windows are closing
	// and their viewports are gone to Fyne (window.view() is nil): handling a window event now
	// (a pointer entering a window that has just mapped) would call GLFW on a nil window. The
	// loop's next turn shuts down instead. (Upstream had this only by chance: its tick rarely
	// came due in the instant between Quit and the shutdown; here a queued function, such as
	// the Quit itself, is followed by a frame at once.)
	select {
	case <-d.done:
		return false
	default:
	}
	d.pollEvents()
	for i := 0; i < len(d.windows); i++ {
		w := d.windows[i].(*window)
		if w.viewport == nil {
			continue
		}

		if w.viewport.ShouldClose() {
			d.destroyWindow(w, i)
			i-- // Trailing windows are moved forward one step.
			continue
		}

		expand := w.shouldExpand
		fullScreen := w.fullScreen

		if expand && !fullScreen {
			w.fitContent()
			shouldExpand := w.shouldExpand
			w.shouldExpand = false
			view := w.viewport

			if shouldExpand && runtime.GOOS != "js" {
				view.SetSize(w.shouldWidth, w.shouldHeight)
			}
		}
	}

	d.animation.TickAnimations()
	return d.drawSingleFrame()
}

func (d *gLDriver) destroyWindow(w *window, index int) {
	delete(presenters, w)
	w.visible = false
	w.viewport.Destroy()
	w.destroy(d)

	if index < len(d.windows)-1 {
		copy(d.windows[index:], d.windows[index+1:])
	}
	d.windows[len(d.windows)-1] = nil
	d.windows = d.windows[:len(d.windows)-1]

	if len(d.windows) == 0 {
		d.Quit()
	}
}

func (d *gLDriver) repaintWindow(w *window) bool {
	canvas := w.canvas
	freed := false
	if canvas.EnsureMinSize() {
		w.shouldExpand = true
	}
	freed = canvas.FreeDirtyTextures() > 0

	updateGLContext(w)
	// coupboard patch 4: the painter records the frame and draws only what changed
	// (internal/painter/gl/damage.go); under a software renderer the window keeps its back
	// buffer and copies the box drawn to the screen instead of swapping.
	view := w.viewport
	pr := presenters.of(w)
	copying := view != nil && w.visible && pr.copying(w)
	var boxes [][4]int32
	if pr.whole {
		canvas.paint(canvas.Size())
	} else {
		canvas.Painter().BeginFrame(copying)
		canvas.paint(canvas.Size())
		boxes = canvas.Painter().EndFrame()
	}

	if view != nil && w.visible {
		if copying {
			pr.present(w, boxes)
		} else {
			view.SwapBuffers()
		}
	}

	// mark that we have walked the window and don't
	// need to walk it again to mark caches alive
	w.lastWalkedTime = time.Now()
	return freed
}

// refreshWindow requests that the specified window be redrawn
func refreshWindow(w *window) {
	w.canvas.SetDirty()
	// coupboard patch 4: the window's pixels may be lost (an expose): draw and present it whole.
	if p := w.canvas.Painter(); p != nil {
		p.Invalidate()
	}
}

// presenters holds how each window presents its frames (coupboard patch 4); it is used on the
// main thread only.
var presenters = windowPresenters{}

// presentation is how a window presents its frames.
type presentation struct {
	whole  bool             // COUPBOARD_FULL_FRAMES: paint every frame whole and swap, as upstream
	copier *subBufferCopier // copy the boxes drawn from the kept back buffer; nil: swap
	// size is the framebuffer size Fyne drew at when the window last swapped to make Mesa take
	// the X window's size, and window that size (zero before the first frame): a copy is safe
	// only while they are equal and Fyne still draws at that size (copying).
	size, window [2]int
}

// windowPresenters maps a window to its presentation.
type windowPresenters map[*window]*presentation

// of returns w's presentation, deciding it at the window's first frame (its context is
// current). COUPBOARD_OFFSCREEN_FRAMES draws offscreen and swaps, as with a GPU (for tests).
func (m windowPresenters) of(w *window) *presentation {
	pr, ok := m[w]
	if !ok {
		pr = &presentation{}
		if w.viewport != nil {
			pr.whole = os.Getenv("COUPBOARD_FULL_FRAMES") != ""
			if !pr.whole && os.Getenv("COUPBOARD_OFFSCREEN_FRAMES") == "" {
				pr.copier = newSubBufferCopier(w.viewport)
			}
			m[w] = pr
		}
	}
	return pr
}

// copying reports whether this frame of a window that keeps its back buffer is drawn in it
// and presented with a copy of the boxes drawn (else it is drawn offscreen and swapped, as
// with a GPU driver); it is called before the frame is drawn.
//
// Mesa's software GLX (drisw) sizes a window's back buffer from the X window when the context
// is made current and after each swap, never on glXCopySubBufferMESA. After the window grows
// (the operator screen's minimum size, a resize, a portrait rotation) the back buffer would
// still be the old size, and a copy of a box outside it makes the X server refuse Mesa's
// XShmPutImage with BadValue, which Xlib's default handler turns into the process's exit. So
// at a new size (and the first frame) the window first swaps, which shows the last frame
// again and makes Mesa take the X window's size at the next drawing call, and the frame is
// drawn whole. A copy is made only while the X window (asked after that swap) is the size Fyne
// draws at: while they differ (Fyne has asked for a size the window has not taken yet), the
// window swaps, and asks again before the next frame.
func (pr *presentation) copying(w *window) bool {
	if pr.copier == nil {
		return false
	}
	if size := outputSize(w); size != pr.size || pr.window != size {
		w.viewport.SwapBuffers()
		width, height := w.viewport.GetFramebufferSize() // the X window's size now (a round trip)
		pr.size, pr.window = size, [2]int{width, height}
		w.canvas.Painter().Invalidate()
	}
	return pr.window == pr.size
}

// present copies the boxes drawn, clipped to the frame, to the window. A resize by another
// client between Mesa taking the window's size and this copy can still make it fail: the
// copy traps X errors (present_x11.go), and on one the window swaps instead, now, and paints
// whole frames from then on, as upstream.
func (pr *presentation) present(w *window, boxes [][4]int32) {
	frame := [4]int32{0, 0, int32(pr.size[0]), int32(pr.size[1])}
	inside := boxes[:0:0]
	for _, b := range boxes {
		if b = clipBox(b, frame); b[2] > 0 && b[3] > 0 {
			inside = append(inside, b)
		}
	}
	if err := pr.copier.present(inside); err != nil {
		fyne.LogError("a window could not present part of its frame; it paints whole frames from now on", err)
		pr.copier, pr.whole = nil, true // upstream's way, the safest
		w.viewport.SwapBuffers()
		w.canvas.SetDirty()
	}
}

// clipBox is the part of box (x, y, width, height) inside frame; its width or height is not
// positive when there is none.
func clipBox(box, frame [4]int32) [4]int32 {
	for i := 0; i < 2; i++ { // x, then y (this module's Go version predates min and max)
		lo, hi := box[i], box[i]+box[i+2]
		if lo < frame[i] {
			lo = frame[i]
		}
		if end := frame[i] + frame[i+2]; hi > end {
			hi = end
		}
		box[i], box[i+2] = lo, hi-lo
	}
	return box
}

// outputSize is the size of w's framebuffer in pixels, as the painter draws it (updateGLContext).
func outputSize(w *window) [2]int {
	canvas := w.canvas
	size := canvas.Size()
	return [2]int{
		int(float32(scale.ToScreenCoordinate(canvas, size.Width)) * canvas.texScale),
		int(float32(scale.ToScreenCoordinate(canvas, size.Height)) * canvas.texScale),
	}
}

func updateGLContext(w *window) {
	canvas := w.canvas

	// w.width and w.height are not correct if we are maximised, so figure from canvas
	// (coupboard patch 4: in outputSize, which the presentation uses too)
	size := outputSize(w)

	canvas.Painter().SetFrameBufferScale(canvas.texScale)
	canvas.Painter().SetOutputSize(size[0], size[1])
}
