// Package buildinfo says which build of coupboard (or of the pit board) is running: its
// version, commit and build date, set by the Makefile with -ldflags -X, and the Go toolchain
// and UI toolkit it was built with, read from the binary's own build information. It is what
// `--version` prints, what the table journals at start-up and what it publishes to the pit.
package buildinfo

import (
	"fmt"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
)

// Set by the Makefile (go build -ldflags "-X …/internal/buildinfo.version=1.2.3 …"). Empty in
// a plain `go build`: Read then falls back on the module and VCS information Go records.
var (
	version string
	commit  string
	date    string
)

// The module paths of the UI toolkits, and the directory the patched Fyne is replaced by
// (go.mod: replace fyne.io/fyne/v2 => ./third_party/fyne/v2).
const (
	fyneModule   = "fyne.io/fyne/v2"
	ebitenModule = "github.com/hajimehoshi/ebiten/v2"
	patchedDir   = "third_party/fyne/v2"
)

// Unknown stands for a field no source could fill.
const Unknown = "unknown"

// Info is one build's identity.
type Info struct {
	Program     string // "coupboard" or "pitboard"
	Version     string // e.g. "0.9.0"; "(devel)" for a build from a source tree without the Makefile
	Commit      string // git commit (short), "-dirty" when the tree had changes; Unknown if not recorded
	Date        string // build date (RFC 3339, UTC) or commit date; Unknown if not recorded
	Go          string // Go toolchain, e.g. "go1.25.1"
	Platform    string // GOOS/GOARCH
	Fyne        string // Fyne module version; "" when the binary does not link Fyne
	FynePatched bool   // Fyne is coupboard's patched copy (third_party/fyne)
	Ebiten      string // Ebiten module version; "" when the binary does not link Ebiten
}

// Read is the running binary's Info.
func Read(program string) Info {
	bi, _ := debug.ReadBuildInfo()
	return from(program, version, commit, date, bi)
}

// from builds the Info of program from the linker-set values and the build information bi
// (nil when the binary carries none).
func from(program, ver, com, when string, bi *debug.BuildInfo) Info {
	in := Info{Program: program, Version: ver, Commit: com, Date: when, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi != nil {
		in.Go = bi.GoVersion
		if in.Version == "" {
			in.Version = bi.Main.Version
		}
		var rev, at string
		dirty := false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if in.Commit == "" && rev != "" {
			in.Commit = short(rev)
			if dirty {
				in.Commit += "-dirty"
			}
		}
		if in.Date == "" {
			in.Date = at
		}
		for _, m := range bi.Deps {
			switch m.Path {
			case fyneModule:
				in.Fyne = m.Version
				in.FynePatched = m.Replace != nil && isPatched(m.Replace.Path)
			case ebitenModule:
				in.Ebiten = m.Version
			}
		}
	}
	if in.Version == "" {
		in.Version = "(devel)"
	}
	if in.Commit == "" {
		in.Commit = Unknown
	}
	if in.Date == "" {
		in.Date = Unknown
	}
	return in
}

func short(rev string) string {
	if len(rev) > 12 {
		return rev[:12]
	}
	return rev
}

// Short is the one-token identity a pit board tile or a log line shows: the version and, when
// known, the commit's first 7 digits and whether the tree was dirty ("0.9.0+3f2a9c1", "0.9.0+3f2a9c1-dirty").
func (in Info) Short() string {
	if in.Commit == Unknown {
		return in.Version
	}
	c, dirty := strings.CutSuffix(in.Commit, "-dirty")
	if len(c) > 7 {
		c = c[:7]
	}
	if dirty {
		c += "-dirty"
	}
	return in.Version + "+" + c
}

// String is the multi-line text of --version.
func (in Info) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n", in.Program, in.Version)
	fmt.Fprintf(&b, "commit  %s\n", in.Commit)
	fmt.Fprintf(&b, "built   %s\n", in.Date)
	fmt.Fprintf(&b, "go      %s %s\n", in.Go, in.Platform)
	switch {
	case in.Fyne == "":
		fmt.Fprintf(&b, "fyne    not linked\n")
	case in.FynePatched:
		fmt.Fprintf(&b, "fyne    %s, coupboard patch in (third_party/fyne)\n", in.Fyne)
	default:
		fmt.Fprintf(&b, "fyne    %s, WITHOUT coupboard's patch (the window wakes 60 times a second; build in the repository with GOWORK unset)\n", in.Fyne)
	}
	if in.Ebiten != "" {
		fmt.Fprintf(&b, "ebiten  %s\n", in.Ebiten)
	}
	return b.String()
}

// isPatched reports whether a replace directive's path is the repository's patched Fyne: the
// directory patchedDir itself, or a path ending in it at a path-segment boundary (so that
// "my-third_party/fyne/v2" is not it).
func isPatched(path string) bool {
	p := strings.TrimRight(filepath.ToSlash(path), "/")
	return p == patchedDir || strings.HasSuffix(p, "/"+patchedDir)
}
