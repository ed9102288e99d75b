package crashtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/internal/testbin"
)

// bin is the coupboard binary TestMain builds for every test of the package.
var bin string

func TestMain(m *testing.M) { testbin.Main(m, "crashtest", &bin) }

// env is the child's environment: a UTF-8 locale (Fyne) and its own data directory.
func env(dataHome string) []string {
	out := []string{"LANG=en_US.UTF-8", "XDG_DATA_HOME=" + dataHome}
	for _, kv := range os.Environ() {
		switch {
		case strings.HasPrefix(kv, "LANG="), strings.HasPrefix(kv, "LC_ALL="), strings.HasPrefix(kv, "XDG_DATA_HOME="),
			strings.HasPrefix(kv, "COUPBOARD_CONFIG="):
			continue
		}
		out = append(out, kv)
	}
	return out
}

// proc is a running coupboard process.
type proc = testbin.Proc

// startProc starts cmd (already configured) and kills it at the end of the test if it is still running.
func startProc(t testing.TB, cmd *exec.Cmd) *proc { return testbin.Start(t, cmd) }

// table starts `coupboard --headless --demo` on journal with the trace going to trace
// ("-": returned by the reader).
func table(t testing.TB, dataHome, journal, trace string, speed int, extra ...string) *proc {
	t.Helper()
	args := append([]string{"--headless", "--demo", "--journal", journal, "--sim-speed", fmt.Sprint(speed), "--trace", trace}, extra...)
	cmd := exec.Command(bin, args...)
	cmd.Env = env(dataHome)
	return startProc(t, cmd)
}

// traceFile reads the screens in a trace file. A last line without its newline (the process
// was killed while writing it) is not a screen that was shown and is not returned.
func traceFile(t testing.TB, path string) []view.Screen {
	t.Helper()
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []view.Screen
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			break
		}
		var s view.Screen
		if err := json.Unmarshal(b[:i], &s); err != nil {
			t.Fatalf("trace %s line %d: %v", path, len(out)+1, err)
		}
		out = append(out, s)
		b = b[i+1:]
	}
	return out
}

// firstScreen starts the table with --trace - and returns its first screen and the process
// (still running; its standard output is drained in the background).
func firstScreen(t testing.TB, dataHome, journal string, speed int) (view.Screen, *proc) {
	t.Helper()
	cmd := exec.Command(bin, "--headless", "--demo", "--journal", journal, "--sim-speed", fmt.Sprint(speed), "--trace", "-")
	cmd.Env = env(dataHome)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := startProc(t, cmd)
	r := bufio.NewReaderSize(out, 1<<16)
	type res struct {
		line []byte
		err  error
	}
	ch := make(chan res, 1)
	go func() {
		line, err := r.ReadBytes('\n')
		ch <- res{line, err}
		_, _ = io.Copy(io.Discard, r)
	}()
	var got res
	select {
	case got = <-ch:
	case <-time.After(15 * time.Second):
		t.Fatalf("no first screen within 15 s; stderr:\n%s", p.Stderr)
	}
	if got.err != nil {
		_ = p.Wait(t, 10*time.Second)
		t.Fatalf("first screen: %v; exit %v; stderr:\n%s", got.err, p.Err, p.Stderr)
	}
	var s view.Screen
	if err := json.Unmarshal(got.line, &s); err != nil {
		t.Fatalf("first screen: %v", err)
	}
	return s, p
}

// cli runs a coupboard subcommand and returns its standard output.
func cli(t testing.TB, dataHome string, args ...string) ([]byte, error) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = env(dataHome)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("coupboard %s: %w: %s", strings.Join(args, " "), err, stderr.String())
	}
	return out, nil
}

// row is the part of an exported round the tests compare.
type row struct {
	Shoe        int64    `json:"shoe"`
	Round       int      `json:"round"`
	Seq         int64    `json:"seq"`
	Kind        string   `json:"kind"`
	Player      []string `json:"player"`
	Banker      []string `json:"banker"`
	PlayerTotal int      `json:"player_total"`
	BankerTotal int      `json:"banker_total"`
	Winner      string   `json:"winner"`
	PlayerPair  bool     `json:"player_pair"`
	BankerPair  bool     `json:"banker_pair"`
	Hash        string   `json:"hash"`
}

// exportShoe is `coupboard export --db journal --shoe n --format json`, checked: rounds are
// numbered 1..len with no repeat and no gap.
func exportShoe(t testing.TB, dataHome, journal string, shoe int) ([]row, error) {
	t.Helper()
	out, err := cli(t, dataHome, "export", "--db", journal, "--shoe", fmt.Sprint(shoe), "--format", "json")
	if err != nil {
		return nil, err
	}
	var rows []row
	for _, line := range bytes.Split(bytes.TrimSpace(out), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var r row
		if err := json.Unmarshal(line, &r); err != nil {
			return nil, fmt.Errorf("export shoe %d: %w in %q", shoe, err, line)
		}
		rows = append(rows, r)
	}
	for i, r := range rows {
		if r.Round != i+1 {
			return rows, fmt.Errorf("export shoe %d: row %d is round %d (want %d): a lost or duplicated round", shoe, i+1, r.Round, i+1)
		}
		if r.Shoe != int64(shoe) {
			return rows, fmt.Errorf("export shoe %d: row %d says shoe %d", shoe, i+1, r.Shoe)
		}
	}
	return rows, nil
}

// auditVerify is `coupboard audit verify --db journal`.
func auditVerify(t testing.TB, dataHome, journal string) error {
	t.Helper()
	_, err := cli(t, dataHome, "audit", "verify", "--db", journal)
	return err
}

// beads is the bead plate in dealing order (down each column, then the next column).
func beads(s view.Screen) []view.Cell {
	var out []view.Cell
	for _, col := range s.Roads.Bead.Columns {
		for _, c := range col {
			if c.Mark == view.MarkNone {
				return out
			}
			out = append(out, c)
		}
	}
	return out
}

// sameBead compares two bead cells, ignoring which is the newest.
func sameBead(a, b view.Cell) bool {
	a.Newest, b.Newest = false, false
	return a == b
}

// prefixOf reports how the roads shown on screen shown are not a prefix of the roads on
// screen rec (the same shoe): every bead shown is there unchanged, and every big-road cell
// shown is there unchanged, except that the newest cell may have gained ties and the
// leading-tie placeholder may have become the first hand.
func prefixOf(shown, rec view.Screen) error {
	sb, rb := beads(shown), beads(rec)
	if len(rb) < len(sb) {
		return fmt.Errorf("bead plate: %d hands shown, %d after restart", len(sb), len(rb))
	}
	for i := range sb {
		if !sameBead(sb[i], rb[i]) {
			return fmt.Errorf("bead plate hand %d: shown %+v, after restart %+v", i+1, sb[i], rb[i])
		}
	}
	sc, rc := shown.Roads.Big.Columns, rec.Roads.Big.Columns
	if len(rc) < len(sc) {
		return fmt.Errorf("big road: %d columns shown, %d after restart", len(sc), len(rc))
	}
	for x, col := range sc {
		for y, c := range col {
			if c.Mark == view.MarkNone {
				continue
			}
			r := rc[x][y]
			switch {
			case c.Mark == view.MarkTie && x == 0 && y == 0 && r.Mark != view.MarkNone && r.Ties >= c.Ties:
				// the leading-tie placeholder, now the first hand with its ties
			case c.Newest && r.Mark == c.Mark && r.BankerPair == c.BankerPair && r.PlayerPair == c.PlayerPair && r.Ties >= c.Ties:
			case r.Mark == c.Mark && r.BankerPair == c.BankerPair && r.PlayerPair == c.PlayerPair && r.Ties == c.Ties:
			default:
				return fmt.Errorf("big road column %d row %d: shown %+v, after restart %+v", x+1, y+1, c, r)
			}
		}
	}
	return nil
}

// matchesRows reports how the bead plate of s disagrees with the journal's rounds of its
// shoe: every bead shown must be a journalled round with the same winner, total and pairs.
func matchesRows(s view.Screen, rows []row) error {
	sb := beads(s)
	var played []row
	for _, r := range rows {
		if r.Kind != "cancelled" {
			played = append(played, r)
		}
	}
	if len(played) < len(sb) {
		return fmt.Errorf("shoe %d: %d hands shown, %d rounds in the journal", s.Header.Shoe, len(sb), len(played))
	}
	for i, c := range sb {
		r := played[i]
		want := map[string]view.Mark{"B": view.MarkBanker, "P": view.MarkPlayer, "T": view.MarkTie}[r.Winner]
		total := r.BankerTotal
		if r.Winner == "P" {
			total = r.PlayerTotal
		}
		if c.Mark != want || c.BankerPair != r.BankerPair || c.PlayerPair != r.PlayerPair || (c.TotalKnown && c.Total != total) {
			return fmt.Errorf("shoe %d hand %d: shown %+v, journal round %+v", s.Header.Shoe, i+1, c, r)
		}
	}
	return nil
}

// scheduled are the notices of changes posted to the sign (not those of the coup in play).
func scheduled(s view.Screen) []view.Notice {
	var out []view.Notice
	for _, n := range s.Notices {
		switch n.Kind {
		case view.NoticeMinimum, view.NoticeMaximum, view.NoticeLimits, view.NoticeDifferential, view.NoticeSettlement, view.NoticeClosing:
			out = append(out, n)
		}
	}
	return out
}

// sameLimits reports how the sign and the posted notices of two screens differ.
func sameLimits(shown, rec view.Screen) error {
	a, _ := json.Marshal(shown.Sign)
	b, _ := json.Marshal(rec.Sign)
	if !bytes.Equal(a, b) {
		return fmt.Errorf("limit sign: shown %s, after restart %s", a, b)
	}
	sn, rn := scheduled(shown), scheduled(rec)
	if len(sn) != len(rn) {
		return fmt.Errorf("notices: shown %+v, after restart %+v", sn, rn)
	}
	for i := range sn {
		if sn[i].Kind != rn[i].Kind || sn[i].Amount != rn[i].Amount || !sn[i].At.Equal(rn[i].At) {
			return fmt.Errorf("notice %d: shown %+v, after restart %+v", i+1, sn[i], rn[i])
		}
	}
	return nil
}
