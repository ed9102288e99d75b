package archtest

import (
	"bytes"
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/coupboard/coupboard"

// pkg is the part of `go list -json` these tests read.
type pkg struct {
	ImportPath string
	Standard   bool
	Deps       []string
	ForTest    string
}

// list runs `go list -deps -json` (with -test when test is set) over the module.
func list(t *testing.T, test bool, patterns ...string) []pkg {
	t.Helper()
	args := []string{"list", "-e", "-json=ImportPath,Standard,Deps,ForTest"}
	if test {
		args = append(args, "-test")
	}
	args = append(args, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = "../.."
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	var pkgs []pkg
	dec := json.NewDecoder(&out)
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("decode go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// standard reports whether an import path is in the standard library (no dot in its first element).
func standard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// TestPureCore fails when engine/ or roadmap/ (their non-test code) import anything outside
// the standard library, apart from roadmap importing engine (architecture.md, invariant 1).
func TestPureCore(t *testing.T) {
	for _, p := range list(t, false, "./engine/...", "./roadmap/...") {
		for _, d := range p.Deps {
			if standard(d) {
				continue
			}
			if strings.HasPrefix(d, module+"/engine") {
				continue
			}
			t.Errorf("%s imports %s: the pure core may import only the standard library (and roadmap the engine)", p.ImportPath, d)
		}
	}
}

// TestPitWirePure fails when pitwire (the pit bus's wire schema, shared by the tables, the
// pit server and the pit board) imports anything but the standard library and the pure core.
func TestPitWirePure(t *testing.T) {
	for _, p := range list(t, false, "./pitwire/...") {
		for _, d := range p.Deps {
			if standard(d) || strings.HasPrefix(d, module+"/engine") || strings.HasPrefix(d, module+"/pitwire") || d == module+"/internal/strictjson" {
				continue
			}
			if !strings.HasPrefix(d, module) && p.ImportPath == module+"/pitwire/schema" {
				continue // the schema validator's JSON Schema library
			}
			t.Errorf("%s imports %s: the wire schema is pure (standard library and engine only)", p.ImportPath, d)
		}
	}
}

// TestDisplayImportsNoApp fails when a package under display/ (its non-test code) depends on
// app/: the display draws what app gives it. The pit board's model and screen read the wire
// schema (pitwire), not the bus.
func TestDisplayImportsNoApp(t *testing.T) {
	for _, p := range list(t, false, "./display/...") {
		for _, d := range p.Deps {
			if strings.HasPrefix(d, module+"/app/") || d == module+"/app" {
				t.Errorf("%s depends on %s: nothing under display/ reads app/", p.ImportPath, d)
			}
		}
	}
}

// TestFyneAndEbitenApart fails when any package or test binary of the module links both
// Fyne and Ebiten: both embed GLFW and the link fails with duplicate symbols.
func TestFyneAndEbitenApart(t *testing.T) {
	for _, p := range list(t, true, "./...") {
		var fyne, ebiten bool
		for _, d := range append(p.Deps, p.ImportPath) {
			fyne = fyne || strings.HasPrefix(d, "fyne.io/fyne/v2")
			ebiten = ebiten || strings.HasPrefix(d, "github.com/hajimehoshi/ebiten/v2")
		}
		if fyne && ebiten {
			t.Errorf("%s links both Fyne and Ebiten", p.ImportPath)
		}
	}
}

// TestHeadlessCommands fails when the pit server or the example feed consumer links a UI
// toolkit: they run on servers with no display (issue 26).
func TestHeadlessCommands(t *testing.T) {
	for _, p := range list(t, false, "./cmd/pitserver", "./examples/...") {
		for _, d := range p.Deps {
			for _, ui := range []string{"fyne.io/", "github.com/hajimehoshi/ebiten", "github.com/go-gl/"} {
				if strings.HasPrefix(d, ui) {
					t.Errorf("%s links %s: it must run without a display", p.ImportPath, d)
				}
			}
		}
	}
}

// TestStandardHeuristic keeps the helper above honest.
func TestStandardHeuristic(t *testing.T) {
	for path, want := range map[string]bool{"fmt": true, "net/http": true, "fyne.io/fyne/v2": false, module + "/engine": false} {
		if got := standard(path); got != want {
			t.Errorf("standard(%q) = %v, want %v", path, got, want)
		}
	}
}
