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
	out, err := cli(t, dataHome, "replay", "--profile", "vic-baccarat-2002", "--start", start, file)
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

// sameRoundsAsScript checks issue 22's round trip on one shoe of a journal: `coupboard replay`
// of `coupboard export --format script` prints the same rounds as `export --format json`.
func sameRoundsAsScript(t testing.TB, dataHome, journal string, shoe int) error {
	t.Helper()
	rows, err := exportShoe(t, dataHome, journal, shoe)
	if err != nil {
		return err
	}
	var want []row
	for _, r := range rows {
		if r.Kind == "review" { // a coup held for review has no result yet: replay prints none either
			continue
		}
		want = append(want, row{Round: r.Round, Kind: r.Kind, Player: r.Player, Banker: r.Banker, PlayerTotal: r.PlayerTotal,
			BankerTotal: r.BankerTotal, Winner: r.Winner, PlayerPair: r.PlayerPair, BankerPair: r.BankerPair})
	}
	script, err := cli(t, dataHome, "export", "--db", journal, "--shoe", fmt.Sprint(shoe), "--format", "script", "--demo")
	if err != nil {
		return err
	}
	got, err := scriptRounds(t, dataHome, string(script))
	if err != nil {
		return err
	}
	if !reflect.DeepEqual(got, want) {
		for i := range min(len(got), len(want)) {
			if !reflect.DeepEqual(got[i], want[i]) {
				return fmt.Errorf("shoe %d round %d: replay of the script %+v, export %+v\nscript:\n%s", shoe, i+1, got[i], want[i], script)
			}
		}
		return fmt.Errorf("shoe %d: replay of the script prints %d rounds, export %d\nscript:\n%s", shoe, len(got), len(want), script)
	}
	return nil
}

// TestDemoJournalAsScript runs the headless demo (its warm start deals 30-40 coups at once,
// then a fast simulated shoe), stops it cleanly, and requires that every shoe of its journal,
// exported as a table script and replayed, gives the rounds export gives.
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
	shoes := shown[len(shown)-1].Header.Shoe
	for s := 1; s <= shoes; s++ {
		if err := sameRoundsAsScript(t, dir, journal, s); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("demo journal: %d shoes, each replayed from its table script to the same rounds", shoes)
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
