//go:build (linux || freebsd || netbsd || openbsd) && !wayland && !wasm && !test_web_driver && !android && !ios && !mobile

// Added by coupboard (third_party/fyne/README.md, change 4): present part of a window.

package glfw

/*
#cgo LDFLAGS: -lX11
#include <X11/Xlib.h>

typedef void (*copySubBufferFn)(void *dpy, unsigned long drawable, int x, int y, int width, int height);
typedef const unsigned char *(*getStringFn)(unsigned int name);

static const char *callGetString(void *fn, unsigned int name) {
	return (const char *)((getStringFn)fn)(name);
}

// The X error caught while presenting (0: none), and its request.
static int presentError, presentMajor, presentMinor;

static int catchPresentError(Display *dpy, XErrorEvent *ev) {
	if (presentError == 0) {
		presentError = ev->error_code;
		presentMajor = ev->request_code;
		presentMinor = ev->minor_code;
	}
	return 0;
}

// copyBoxes copies n boxes (x, y, width, height each) of the back buffer to the window, with
// an X error handler of its own in force until the server has answered every request (XSync),
// and returns the first X error (0: none). Xlib's default handler would print the error and
// exit the process. GLFW traps its own requests' errors the same way (_glfwGrabErrorHandlerX11).
static int copyBoxes(void *fn, void *dpy, unsigned long drawable, const int *boxes, int n, int *major, int *minor) {
	presentError = 0;
	XErrorHandler old = XSetErrorHandler(catchPresentError);
	for (int i = 0; i < n; i++) {
		const int *b = boxes + 4 * i;
		((copySubBufferFn)fn)(dpy, drawable, b[0], b[1], b[2], b[3]);
	}
	XSync((Display *)dpy, False);
	XSetErrorHandler(old);
	*major = presentMajor;
	*minor = presentMinor;
	return presentError;
}
*/
import "C"

import (
	"fmt"
	"strings"
	"unsafe"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// subBufferCopier presents boxes of a window's back buffer with glXCopySubBufferMESA, which
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

// present copies boxes (x, y from the bottom left, width, height) of the back buffer to the
// window; each must lie within the back buffer (the caller clips them to the frame it drew,
// whose size the back buffer has: loop.go's presentation.present). An X error the server
// reports for them (a back buffer that is not the size the frame was drawn at, after a resize
// the window has not yet seen) is returned, not fatal.
func (c *subBufferCopier) present(boxes [][4]int32) error {
	if len(boxes) == 0 {
		return nil
	}
	flat := make([]C.int, 0, 4*len(boxes))
	for _, b := range boxes {
		flat = append(flat, C.int(b[0]), C.int(b[1]), C.int(b[2]), C.int(b[3]))
	}
	var major, minor C.int
	if code := C.copyBoxes(c.fn, c.dpy, c.drawable, &flat[0], C.int(len(boxes)), &major, &minor); code != 0 {
		return fmt.Errorf("X error %d (request %d.%d) presenting %v", int(code), int(major), int(minor), boxes)
	}
	return nil
}
