//go:build !((!gles && !arm && !arm64 && !android && !ios && !mobile && !test_web_driver && !wasm) || (darwin && !mobile && !ios && !wasm && !test_web_driver))

package gl

// newFrameTarget: this build's GL has no offscreen target; frames are drawn whole.
func newFrameTarget() frameTarget { return nil }

// windowTarget: none in this build.
func windowTarget() frameTarget { return nil }
