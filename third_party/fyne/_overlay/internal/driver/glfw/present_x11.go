//go:build (linux || freebsd || netbsd || openbsd) && !wayland && !wasm && !test_web_driver && !android && !ios && !mobile

// Added by coupboard (third_party/fyne/README.md, change 4): present part of a window.

package glfw

/*
typedef void (*copySubBufferFn)(void *dpy, unsigned long drawable, int x, int y, int width, int height);
typedef const unsigned char *(*getStringFn)(unsigned int name);

static void callCopySubBuffer(void *fn, void *dpy, unsigned long drawable, int x, int y, int w, int h) {
	((copySubBufferFn)fn)(dpy, drawable, x, y, w, h);
}

static const char *callGetString(void *fn, unsigned int name) {
	return (const char *)((getStringFn)fn)(name);
}
*/
import "C"

import (
	"strings"
	"unsafe"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// subBufferCopier presents a box of a window's back buffer with glXCopySubBufferMESA, which
// leaves the back buffer as it was, so the painter can draw only what changed in it.
type subBufferCopier struct {
	fn, dpy  unsafe.Pointer
	drawable C.ulong
}

// newSubBufferCopier returns a copier for the current context's window when the renderer is
// a software one (Mesa llvmpipe or softpipe: drawing the whole window costs milliseconds there)
// and GLX_MESA_copy_sub_buffer is offered; else nil, and the window swaps its buffers and the
// painter draws offscreen. With a GPU, drawing is cheap and a swap is synchronised with the
// display, so a copy, which is not, is not worth it.
func newSubBufferCopier(win *glfw.Window) *subBufferCopier {
	getString := glfw.GetProcAddress("glGetString")
	if getString == nil || !glfw.ExtensionSupported("GLX_MESA_copy_sub_buffer") {
		return nil
	}
	const glRenderer = 0x1F01
	r := C.callGetString(getString, glRenderer)
	if r == nil {
		return nil
	}
	renderer := strings.ToLower(C.GoString(r))
	if !strings.Contains(renderer, "llvmpipe") && !strings.Contains(renderer, "softpipe") {
		return nil
	}
	fn := glfw.GetProcAddress("glXCopySubBufferMESA")
	dpy := unsafe.Pointer(glfw.GetX11Display())
	drawable := win.GetGLXWindow()
	if fn == nil || dpy == nil || drawable == 0 {
		return nil
	}
	return &subBufferCopier{fn: fn, dpy: dpy, drawable: C.ulong(drawable)}
}

// present copies box (x, y from the bottom left, width, height) of the back buffer to the window.
func (c *subBufferCopier) present(box [4]int32) {
	C.callCopySubBuffer(c.fn, c.dpy, c.drawable, C.int(box[0]), C.int(box[1]), C.int(box[2]), C.int(box[3]))
}
