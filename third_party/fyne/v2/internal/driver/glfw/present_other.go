//go:build !((linux || freebsd || netbsd || openbsd) && !wayland && !wasm && !test_web_driver && !android && !ios && !mobile)

// Added by coupboard (third_party/fyne/README.md, change 4).

package glfw

import "github.com/go-gl/glfw/v3.3/glfw"

// subBufferCopier: windows swap their buffers on this platform.
type subBufferCopier struct{}

func newSubBufferCopier(*glfw.Window) *subBufferCopier { return nil }

func (*subBufferCopier) present([][4]int32) error { return nil }
