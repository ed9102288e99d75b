package app

import (
	"runtime/debug"
	"strings"
)

// fynePatched reports whether this binary was built against coupboard's patched Fyne
// (third_party/fyne: the window sleeps while nothing changes), which the Makefile's go.work
// substitutes for fyne.io/fyne/v2. A build without it works the same but its window wakes 60
// times a second.
func fynePatched() bool {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, m := range info.Deps {
		if m.Path == "fyne.io/fyne/v2" {
			return m.Replace != nil && strings.HasSuffix(m.Replace.Path, "fyne")
		}
	}
	return false
}
