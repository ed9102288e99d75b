//go:build !wasm && !test_web_driver

// Added by coupboard (third_party/fyne/README.md): the GLFW calls of the idle wait in loop.go.

package glfw

import (
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// waitEvents sleeps until a window event or an empty event arrives, or timeout passes, and
// handles the events like pollEvents.
func waitEvents(timeout time.Duration) {
	glfw.WaitEventsTimeout(timeout.Seconds())
}

// postEmptyEvent makes a waitEvents in progress return. It may be called from any goroutine.
func postEmptyEvent() {
	glfw.PostEmptyEvent()
}
