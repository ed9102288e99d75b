//go:build (!gles && !arm && !arm64 && !android && !ios && !mobile && !test_web_driver && !wasm) || (darwin && !mobile && !ios && !wasm && !test_web_driver)

package gl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/go-gl/gl/v2.1/gl"
)

// fboTarget is a frameTarget on an OpenGL framebuffer object with a texture for its colour
// (coupboard patch 4). The texture is RGBA with 8 bits a channel, as GLFW's windows are:
// under llvmpipe, blending onto another format rounds an antialiased edge differently.
type fboTarget struct {
	fbo, tex uint32
	w, h     int
}

// newFrameTarget returns an offscreen target when the context is OpenGL 3.0 or later (which
// has framebuffer objects and glBlitFramebuffer), else nil: frames are then drawn whole.
func newFrameTarget() frameTarget {
	v := gl.GoStr(gl.GetString(gl.VERSION))
	major, _, _ := strings.Cut(v, ".")
	if n, err := strconv.Atoi(strings.TrimSpace(major)); err != nil || n < 3 {
		return nil
	}
	return &fboTarget{}
}

func (t *fboTarget) Bind(w, h int) (bool, error) {
	fresh := false
	if t.fbo == 0 || w != t.w || h != t.h {
		t.release()
		gl.GenTextures(1, &t.tex)
		gl.BindTexture(gl.TEXTURE_2D, t.tex)
		gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, int32(w), int32(h), 0, gl.RGBA, gl.UNSIGNED_BYTE, nil)
		gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST)
		gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
		gl.GenFramebuffers(1, &t.fbo)
		gl.BindFramebuffer(gl.FRAMEBUFFER, t.fbo)
		gl.FramebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, t.tex, 0)
		if s := gl.CheckFramebufferStatus(gl.FRAMEBUFFER); s != gl.FRAMEBUFFER_COMPLETE {
			t.release()
			return false, fmt.Errorf("offscreen framebuffer %dx%d: status 0x%x", w, h, s)
		}
		if e := gl.GetError(); e != gl.NO_ERROR {
			t.release()
			return false, fmt.Errorf("offscreen framebuffer %dx%d: GL error 0x%x", w, h, e)
		}
		t.w, t.h, fresh = w, h, true
	}
	gl.BindFramebuffer(gl.FRAMEBUFFER, t.fbo)
	return fresh, nil
}

func (t *fboTarget) Present() {
	gl.Disable(gl.SCISSOR_TEST)
	gl.BindFramebuffer(gl.READ_FRAMEBUFFER, t.fbo)
	gl.BindFramebuffer(gl.DRAW_FRAMEBUFFER, 0)
	gl.BlitFramebuffer(0, 0, int32(t.w), int32(t.h), 0, 0, int32(t.w), int32(t.h), gl.COLOR_BUFFER_BIT, gl.NEAREST)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
}

func (t *fboTarget) Pixels() []uint8 {
	px := make([]uint8, t.w*t.h*4)
	gl.BindFramebuffer(gl.READ_FRAMEBUFFER, t.fbo)
	gl.ReadPixels(0, 0, int32(t.w), int32(t.h), gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(px))
	return px
}

// release deletes the framebuffer and its texture and binds the window's framebuffer.
func (t *fboTarget) release() {
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	if t.fbo != 0 {
		gl.DeleteFramebuffers(1, &t.fbo)
	}
	if t.tex != 0 {
		gl.DeleteTextures(1, &t.tex)
	}
	t.fbo, t.tex, t.w, t.h = 0, 0, 0, 0
}

// backTarget is the window's own framebuffer, drawn in directly when the window keeps its
// pixels (it presents with a copy of the box drawn, not a swap).
type backTarget struct{ w, h int }

// windowTarget returns the target for windows that keep their pixels.
func windowTarget() frameTarget { return &backTarget{} }

func (t *backTarget) Bind(w, h int) (bool, error) {
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	t.w, t.h = w, h
	return false, nil // a new size changes the frame key: the frame is drawn whole
}

func (t *backTarget) Present() { gl.Disable(gl.SCISSOR_TEST) }

func (t *backTarget) Pixels() []uint8 {
	px := make([]uint8, t.w*t.h*4)
	gl.BindFramebuffer(gl.READ_FRAMEBUFFER, 0)
	gl.ReadBuffer(gl.BACK)
	gl.ReadPixels(0, 0, int32(t.w), int32(t.h), gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(px))
	return px
}
