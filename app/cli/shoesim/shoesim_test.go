package shoesim

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/serialin"
)

// startSim runs the command with args on a goroutine and returns the first stdout line
// (where to connect), the rest of stdout, and the command's result.
func startSim(t *testing.T, ctx context.Context, stdin string, args ...string) (string, *bufio.Reader, *bytes.Buffer, chan error) {
	t.Helper()
	pr, pw := io.Pipe()
	var stderr bytes.Buffer
	done := make(chan error, 1)
	go func() {
		done <- RunContext(ctx, args, strings.NewReader(stdin), pw, &stderr)
		pw.Close()
	}()
	r := bufio.NewReader(pr)
	first, err := r.ReadString('\n')
	if err != nil {
		t.Fatalf("no first line on stdout: %v (stderr %s, result %v)", err, stderr.String(), <-done)
	}
	return strings.TrimSpace(first), r, &stderr, done
}

func cardsFrom(t *testing.T, m *serialin.Manager, n int, d time.Duration) []string {
	t.Helper()
	var cards, log []string
	timeout := time.After(d)
	for len(cards) < n {
		select {
		case ev := <-m.Events():
			log = append(log, time.Now().Format("05.000")+" "+ev.String())
			if ev.Kind == serialin.KindCard {
				cards = append(cards, ev.Card.String())
			}
		case <-timeout:
			t.Fatalf("got %d cards of %d within %v: %v\n%s", len(cards), n, d, cards, strings.Join(log, "\n"))
		}
	}
	return cards
}

func TestScriptOverPTY(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "shoe.txt")
	os.WriteFile(script, []byte("shoe\n3H 4D 9S QC # burn\n2C KD 5H 4S 3D\nAH 6C AD KS 7H 2S\ncut\n9D 8C KH AC\n"), 0o644)
	link := filepath.Join(dir, "coupboard-shoe")
	path, rest, stderr, done := startSim(t, context.Background(), "", "--script", script, "--speed", "0", "--exit", "--link", link, "--seed", "1")
	go io.Copy(io.Discard, rest)
	if !strings.HasPrefix(path, "/dev/") {
		t.Fatalf("first line %q is not a device path", path)
	}
	if target, err := os.Readlink(link); err != nil || target != path {
		t.Fatalf("link %s -> %q, %v; want %s", link, target, err, path)
	}
	m, err := serialin.Start(serialin.Config{Path: link}, serialin.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	got := cardsFrom(t, m, 19, 30*time.Second)
	want := "3H 4D 9S QC 2C KD 5H 4S 3D AH 6C AD KS 7H 2S 9D 8C KH AC"
	if strings.Join(got, " ") != want {
		t.Errorf("cards %v, want %s", got, want)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr.String(), "21 messages") { // shoe, 19 cards, cut
		t.Errorf("summary: %s", stderr.String())
	}
}

func TestRandomShoeOverTCPWithHeartbeats(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr, rest, _, done := startSim(t, ctx, "", "--listen", "127.0.0.1:0", "--speed", "0", "--seed", "42", "--heartbeat", "50ms", "--results")
	go io.Copy(io.Discard, rest)
	if _, _, err := net.SplitHostPort(addr); err != nil {
		t.Fatalf("first line %q is not an address", addr)
	}
	m, err := serialin.Start(serialin.Config{TCP: addr}, serialin.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	var cards, results, hbt int
	var shoeDone bool
	timeout := time.After(10 * time.Second)
	for !shoeDone || hbt < 2 {
		select {
		case ev := <-m.Events():
			switch ev.Kind {
			case serialin.KindCard:
				cards++
			case serialin.KindResult:
				results++
			case serialin.KindHeartbeat:
				if cards > 0 {
					shoeDone = true
					hbt++
				}
			}
			if ev.Kind.Diagnostic() {
				t.Errorf("diagnostic from a clean simulator: %v", ev)
			}
		case <-timeout:
			t.Fatalf("%d cards, %d results, %d heartbeats after the shoe", cards, results, hbt)
		}
	}
	// An 8-deck shoe to the cut card 14-30 cards from the back, plus one coup.
	if cards < 416-30 || cards > 416-14+6 || results < 60 {
		t.Errorf("%d cards and %d results in a random shoe", cards, results)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("interrupted simulator: %v", err)
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--protocol", "acme"},
		{"--burn", "two"},
		{"--gap", "1.5"},
		{"--listen", ":0", "--link", "/tmp/x"},
		{"--script", "/nonexistent/shoe.txt"},
		{"extra"},
		{"--nosuchflag"},
	} {
		var stderr bytes.Buffer
		if err := RunContext(context.Background(), args, strings.NewReader(""), io.Discard, &stderr); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

func TestBadScriptNamesTheLine(t *testing.T) {
	err := RunContext(context.Background(), []string{"--script", "-"}, strings.NewReader("shoe\n9H XX\n"), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("got %v, want an error naming line 2", err)
	}
}

// --unplug-after closes the pseudo-terminal, opens a new one, prints its path and re-points
// --link; a host reading the link reconnects and gets the rest of the shoe.
func TestUnplugRepointsLink(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "shoe")
	_, rest, _, done := startSim(t, context.Background(), "shoe 9H KD 2C 4S AH 7D",
		"--script", "-", "--speed", "100", "--exit", "--link", link,
		"--unplug-after", "3", "--unplug-for", "100ms", "--seed", "3")
	m, err := serialin.Start(serialin.Config{Path: link, MinBackoff: 10 * time.Millisecond}, serialin.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	second, err := rest.ReadString('\n')
	if err != nil {
		t.Fatalf("no second path on stdout after the replug: %v", err)
	}
	if target, err := os.Readlink(link); err != nil || target != strings.TrimSpace(second) {
		t.Errorf("link -> %q, %v; want the new path %q", target, err, second)
	}
	go io.Copy(io.Discard, rest)
	got := cardsFrom(t, m, 6, 30*time.Second)
	if strings.Join(got, " ") != "9H KD 2C 4S AH 7D" {
		t.Errorf("cards %v", got)
	}
	if st := m.Status(); st.Connects != 2 {
		t.Errorf("%d connects, want 2", st.Connects)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
