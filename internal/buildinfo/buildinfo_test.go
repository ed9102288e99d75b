package buildinfo

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestFrom(t *testing.T) {
	fyne := &debug.Module{Path: fyneModule, Version: "v2.6.3"}
	patched := &debug.Module{Path: fyneModule, Version: "v2.6.3", Replace: &debug.Module{Path: "./third_party/fyne/v2"}}
	// The copy the Makefile's go.work used to replace Fyne with (before go.mod's replace): an
	// old patch, not the one in the tree.
	oldWork := &debug.Module{Path: fyneModule, Version: "v2.6.3", Replace: &debug.Module{Path: "/src/coupboard/build/fyne-work/fyne"}}
	otherReplace := &debug.Module{Path: fyneModule, Version: "v2.6.3", Replace: &debug.Module{Path: "/home/me/fyne-fork"}}
	ebiten := &debug.Module{Path: ebitenModule, Version: "v2.8.8"}
	vcs := []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-11-20T10:00:00Z"}, {Key: "vcs.modified", Value: "true"}}
	for _, tc := range []struct {
		name            string
		ver, com, when  string
		bi              *debug.BuildInfo
		wantVer, wantC  string
		wantDate        string
		wantFyne        string
		wantPatched     bool
		wantEbiten      string
		wantShort       string
		wantLineContain string
	}{
		{name: "linker flags win over VCS", ver: "1.2.3", com: "abc", when: "2026-11-26T00:00:00Z",
			bi:      &debug.BuildInfo{GoVersion: "go1.25.1", Main: debug.Module{Version: "(devel)"}, Settings: vcs, Deps: []*debug.Module{patched}},
			wantVer: "1.2.3", wantC: "abc", wantDate: "2026-11-26T00:00:00Z", wantFyne: "v2.6.3", wantPatched: true, wantShort: "1.2.3+abc",
			wantLineContain: "fyne    v2.6.3, coupboard patch in"},
		{name: "fallback on VCS settings", bi: &debug.BuildInfo{GoVersion: "go1.25.1", Main: debug.Module{Version: "(devel)"}, Settings: vcs, Deps: []*debug.Module{fyne}},
			wantVer: "(devel)", wantC: "0123456789ab-dirty", wantDate: "2026-11-20T10:00:00Z", wantFyne: "v2.6.3", wantShort: "(devel)+0123456-dirty",
			wantLineContain: "WITHOUT coupboard's patch"},
		{name: "go install of a tagged module", bi: &debug.BuildInfo{GoVersion: "go1.25.1", Main: debug.Module{Version: "v0.9.0"}, Deps: []*debug.Module{ebiten}},
			wantVer: "v0.9.0", wantC: Unknown, wantDate: Unknown, wantEbiten: "v2.8.8", wantShort: "v0.9.0", wantLineContain: "fyne    not linked"},
		{name: "a replacement that is not the patch", bi: &debug.BuildInfo{Deps: []*debug.Module{otherReplace}},
			wantVer: "(devel)", wantC: Unknown, wantDate: Unknown, wantFyne: "v2.6.3", wantShort: "(devel)", wantLineContain: "WITHOUT"},
		{name: "an old go.work's copy is not the patch", bi: &debug.BuildInfo{Deps: []*debug.Module{oldWork}},
			wantVer: "(devel)", wantC: Unknown, wantDate: Unknown, wantFyne: "v2.6.3", wantShort: "(devel)", wantLineContain: "WITHOUT"},
		{name: "no build information", wantVer: "(devel)", wantC: Unknown, wantDate: Unknown, wantShort: "(devel)", wantLineContain: "commit  unknown"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := from("coupboard", tc.ver, tc.com, tc.when, tc.bi)
			if in.Version != tc.wantVer || in.Commit != tc.wantC || in.Date != tc.wantDate {
				t.Errorf("version, commit, date = %q %q %q, want %q %q %q", in.Version, in.Commit, in.Date, tc.wantVer, tc.wantC, tc.wantDate)
			}
			if in.Fyne != tc.wantFyne || in.FynePatched != tc.wantPatched || in.Ebiten != tc.wantEbiten {
				t.Errorf("fyne %q patched %v ebiten %q, want %q %v %q", in.Fyne, in.FynePatched, in.Ebiten, tc.wantFyne, tc.wantPatched, tc.wantEbiten)
			}
			if got := in.Short(); got != tc.wantShort {
				t.Errorf("Short() = %q, want %q", got, tc.wantShort)
			}
			s := in.String()
			if !strings.HasPrefix(s, "coupboard "+tc.wantVer+"\n") || !strings.Contains(s, tc.wantLineContain) || !strings.Contains(s, "go      ") {
				t.Errorf("String() =\n%s\nwant it to start with the version and contain %q", s, tc.wantLineContain)
			}
		})
	}
}

// TestReadThisBinary checks Read on the test binary itself: it links no UI toolkit, and its Go
// version is the toolchain's.
func TestReadThisBinary(t *testing.T) {
	in := Read("buildinfo.test")
	if in.Go == "" || !strings.HasPrefix(in.Go, "go") {
		t.Errorf("Go = %q", in.Go)
	}
	if in.Fyne != "" || in.Ebiten != "" {
		t.Errorf("this package links no toolkit, got fyne %q ebiten %q", in.Fyne, in.Ebiten)
	}
}

// TestIsPatched: the patched Fyne's directory is matched at a path-segment boundary only.
func TestIsPatched(t *testing.T) {
	for path, want := range map[string]bool{
		"./third_party/fyne/v2":               true,
		"third_party/fyne/v2":                 true,
		"/src/coupboard/third_party/fyne/v2/": true,
		"../coupboard/third_party/fyne/v2":    true,
		"./my-third_party/fyne/v2":            false,
		"./vendor/third_party/fyne/v22":       false,
		"fyne.io/fyne/v2":                     false,
	} {
		if got := isPatched(path); got != want {
			t.Errorf("isPatched(%q) = %v, want %v", path, got, want)
		}
	}
}
