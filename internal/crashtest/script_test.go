package crashtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"
)

// scriptRounds is the rounds `coupboard replay` prints for script, compared as export's rows are.
func scriptRounds(t testing.TB, dataHome, script string) ([]row, error) {
	t.Helper()
	start := ""
	for _, l := range strings.Split(script, "\n") {
		if strings.HasPrefix(l, "@") {
			start = strings.TrimPrefix(l, "@") + "Z"
			break
		}
	}
	if start == "" {
		return nil, nil // no input, no round
	}
	file := filepath.Join(t.TempDir(), "shoe.script")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		return nil, err
	}
	out, err := cli(t, dataHome, "replay", "--hold", "--profile", "vic-baccarat-2002", "--start", start, file)
	if err != nil {
		return nil, err
	}
	var rows []row
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var ev struct{ Event string }
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			return nil, fmt.Errorf("replay line %q: %w", sc.Text(), err)
		}
		if ev.Event != "" {
			continue
		}
		var r struct {
			row
			N int `json:"n"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("replay line %q: %w", sc.Text(), err)
		}
		rows = append(rows, row{Round: r.N, Kind: r.Kind, Player: r.Player, Banker: r.Banker, PlayerTotal: r.PlayerTotal,
			BankerTotal: r.BankerTotal, Winner: r.Winner, PlayerPair: r.PlayerPair, BankerPair: r.BankerPair})
	}
	return rows, sc.Err()
}

// today is a --date and --tz that hold the whole of a test run: the day in a zone where it is
// now about noon, so that a run 12 hours either side of now is in it.
func today() (date, tz string) {
	now := time.Now().UTC()
	off := now.Hour() - 12 // Etc/GMT+N is N hours behind UTC
	tz = fmt.Sprintf("Etc/GMT%+d", off)
	if off == 0 {
		tz = "Etc/GMT"
	}
	return now.Add(-time.Duration(off) * time.Hour).Format("2006-01-02"), tz
}

// exportDay is `coupboard export --db journal --date D --tz Z --format json` for today's rounds
// (every shoe of a test's journal).
func exportDay(t testing.TB, dataHome, journal string) ([]row, error) {
	t.Helper()
	date, tz := today()
	out, err := cli(t, dataHome, "export", "--db", journal, "--date", date, "--tz", tz, "--format", "json")
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
			return nil, fmt.Errorf("export %s: %w in %q", date, err, line)
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// sameRoundsAsScript checks issue 22's round trip on a journal: `coupboard replay` of
// `coupboard export --format script` prints the same rounds as `export --format json`, for the
// day's span (the whole journal of a test: a shoe's span may end in a coup that the next
// shoe's first input cancels). It returns how many rounds it compared.
func sameRoundsAsScript(t testing.TB, dataHome, journal string) (int, error) {
	t.Helper()
	rows, err := exportDay(t, dataHome, journal)
	if err != nil {
		return 0, err
	}
	var want []row
	for _, r := range rows {
		if r.Kind == "review" { // a coup held for review has no result yet: replay prints none either
			continue
		}
		want = append(want, row{Round: r.Round, Kind: r.Kind, Player: r.Player, Banker: r.Banker, PlayerTotal: r.PlayerTotal,
			BankerTotal: r.BankerTotal, Winner: r.Winner, PlayerPair: r.PlayerPair, BankerPair: r.BankerPair})
	}
	date, tz := today()
	script, err := cli(t, dataHome, "export", "--db", journal, "--date", date, "--tz", tz, "--format", "script", "--demo")
	if err != nil {
		return 0, err
	}
	got, err := scriptRounds(t, dataHome, string(script))
	if err != nil {
		return 0, err
	}
	if !reflect.DeepEqual(got, want) {
		for i := range min(len(got), len(want)) {
			if !reflect.DeepEqual(got[i], want[i]) {
				return 0, fmt.Errorf("round %d of the day: replay of the script %+v, export %+v\nscript:\n%s", i+1, got[i], want[i], script)
			}
		}
		return 0, fmt.Errorf("replay of the script prints %d rounds, export %d\nscript:\n%s", len(got), len(want), script)
	}
	return len(want), nil
}

// TestDemoJournalAsScript runs the headless demo (its warm start deals 30-40 coups at once,
// then a fast simulated shoe), stops it cleanly, and requires that its journal, exported as a
// table script and replayed, gives the rounds export gives.
func TestDemoJournalAsScript(t *testing.T) {
	dir := t.TempDir()
	journal := filepath.Join(dir, "demo.db")
	trace := filepath.Join(dir, "trace.jsonl")
	p := table(t, dir, journal, trace, simSpeed)
	waitScreen(t, p, trace)
	time.Sleep(1500 * time.Millisecond)
	_ = p.Cmd.Process.Signal(syscall.SIGTERM)
	if err := p.Wait(t, 10*time.Second); err != nil {
		t.Fatalf("exit after SIGTERM: %v; stderr:\n%s", err, p.Stderr)
	}
	shown := traceFile(t, trace)
	if len(shown) == 0 {
		t.Fatal("the demo showed nothing")
	}
	n, err := sameRoundsAsScript(t, dir, journal)
	if err != nil {
		t.Fatal(err)
	}
	if n < 30 {
		t.Fatalf("the demo journal holds %d rounds; its warm start deals 30 or more", n)
	}
	t.Logf("demo journal: %d shoes, %d rounds, replayed from its table script to the same rounds", shown[len(shown)-1].Header.Shoe, n)
}

// waitScreen waits until the table p has written a screen to its trace file.
func waitScreen(t testing.TB, p *proc, trace string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if fi, err := os.Stat(trace); err == nil && fi.Size() > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no screen within 20 s; stderr:\n%s", p.Stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
