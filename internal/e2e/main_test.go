package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/internal/testbin"
)

// bin is the coupboard binary TestMain builds for every test of the package.
var bin string

// TestMain builds the binary; for measurements (COUPBOARD_E2E_MEASURE=1), the release build.
func TestMain(m *testing.M) {
	var flags []string
	if os.Getenv("COUPBOARD_E2E_MEASURE") == "1" {
		flags = testbin.ReleaseFlags
	}
	testbin.Main(m, "e2e", &bin, flags...)
}

// env is the child's environment: a UTF-8 locale (Fyne), its own data directory, and display
// (":N", or "" to keep the inherited one).
func env(dataHome, display string) []string {
	out := []string{"LANG=en_US.UTF-8", "XDG_DATA_HOME=" + dataHome, "XDG_CONFIG_HOME=" + dataHome}
	if display != "" {
		out = append(out, "DISPLAY="+display)
	}
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "LANG", "LC_ALL", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "COUPBOARD_CONFIG":
			continue
		case "DISPLAY":
			if display != "" {
				continue
			}
		}
		out = append(out, kv)
	}
	return out
}

// proc is a running child process.
type proc = testbin.Proc

// startProc starts cmd and kills it at the end of the test if it is still running.
func startProc(t testing.TB, cmd *exec.Cmd) *proc { return testbin.Start(t, cmd) }

// startTraced starts a table whose command line has --trace - and returns it with the
// screens it writes.
func startTraced(t testing.TB, cmd *exec.Cmd) (*proc, <-chan stamped) {
	t.Helper()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := startProc(t, cmd)
	return p, screens(out)
}

// stop sends SIGINT and waits for the exit (SIGKILL, and a failed test, after 10 s).
func stop(t testing.TB, p *proc) {
	t.Helper()
	_ = p.Interrupt(t)
}

// xserver returns an X display: $DISPLAY when set, otherwise a new Xvfb of the given size
// (listening on its Unix socket only), stopped at the end of the test. It skips the test
// when there is none.
func xserver(t testing.TB, size string) string {
	t.Helper()
	if d := os.Getenv("DISPLAY"); d != "" {
		return d
	}
	return startXvfb(t, size)
}

// startXvfb starts a new Xvfb of the given size (listening on its Unix socket only), stopped at
// the end of the test, and returns its display; it skips the test when there is none.
func startXvfb(t testing.TB, size string) string {
	t.Helper()
	xvfb, err := exec.LookPath("Xvfb")
	if err != nil {
		t.Skip("no X server: DISPLAY is not set and Xvfb is not installed (apt-get install xvfb, or run under xvfb-run)")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(xvfb, "-displayfd", "3", "-screen", "0", size+"x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	startProc(t, cmd)
	w.Close()
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if _, err := strconv.Atoi(n); err != nil {
			t.Skipf("Xvfb did not start (%q)", n)
		}
		return ":" + n
	case <-time.After(10 * time.Second):
		t.Skip("Xvfb did not report a display within 10 s")
	}
	return ""
}

// screens reads the JSON screens a table writes with --trace - and sends them, with the time
// each line was read, on the returned channel (closed at the end of the output).
type stamped struct {
	At     time.Time
	Screen view.Screen
	Raw    []byte
}

func screens(r io.Reader) <-chan stamped {
	ch := make(chan stamped, 4096)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			at := time.Now()
			var s view.Screen
			if json.Unmarshal(sc.Bytes(), &s) == nil {
				ch <- stamped{At: at, Screen: s, Raw: append([]byte(nil), sc.Bytes()...)}
			}
		}
	}()
	return ch
}

// config writes a table configuration whose shoe is the pseudo-terminal port.
func config(t testing.TB, dir, port string) string {
	t.Helper()
	c := fmt.Sprintf(`[table]
id = "e2e"
name = "Baccarat E2E"
casino = "coupboard e2e"
currency = "AUD"

[game]
profile = "vic-baccarat-2002"

[limits.player]
min = "25"
max = "5000"
multiple = "5"

[limits.banker]
min = "25"
max = "5000"
multiple = "5"

[limits.tie]
min = "5"
max = "500"
multiple = "5"

[shoe]
port = %q
protocol = "csp1"

[journal]
path = %q
retention_days = 0
`, port, filepath.Join(dir, "e2e.db"))
	path := filepath.Join(dir, "coupboard.toml")
	if err := os.WriteFile(path, []byte(c), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// cli runs a coupboard subcommand and returns its standard output.
func cli(t testing.TB, dataHome string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = env(dataHome, "")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("coupboard %s: %v: %s", strings.Join(args, " "), err, stderr.String())
	}
	return out
}
