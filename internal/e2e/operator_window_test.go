package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The operator screen in the real window (issue 21, item 5, and its journal): the windowed demo
// under Xvfb, driven with xdotool as a dealer and a supervisor would drive it — F2, the operator
// id and PIN on the keyboard, a tap on every tab, the window resized between sign-ins, Escape to
// sign out and go back to the table — many times; then SIGTERM while a supervisor is signed in.
// The window must survive all of it (no X error, no panic), every sign-in and sign-out must be
// in the journal, and the SIGTERM must journal the supervisor's sign-out ("shutdown") before
// the clean stop. A kiosk left through Exit kiosk and its confirmation journals "kiosk exit".

// xdo runs xdotool on display with args; it fails the test on an error.
func xdo(t *testing.T, display string, args ...string) string {
	t.Helper()
	cmd := exec.Command("xdotool", args...)
	cmd.Env = env("", display)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("xdotool %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// tableWindow waits for the table's window on display and returns its id.
func tableWindow(t *testing.T, display string, p *proc) string {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		cmd := exec.Command("xdotool", "search", "--onlyvisible", "--name", "coupboard")
		cmd.Env = env("", display)
		if out, _ := cmd.Output(); len(bytes.TrimSpace(out)) > 0 {
			id, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
			time.Sleep(2 * time.Second) // the first frames under a software renderer
			return id
		}
		select {
		case <-p.Done:
			t.Fatalf("the table exited (%v) before its window showed; stderr:\n%s", p.Err, p.Stderr)
		default:
		}
	}
	t.Fatalf("no window within 60 s; stderr:\n%s", p.Stderr)
	return ""
}

// signIns reads the journal's sign-in attempts and sign-outs (coupboard export --signins) of
// the last 12 hours at least, whatever the hour: the export takes a day, so it reads the day of
// a zone where it is now between 12:00 and 13:00 (noonZone), and a test near midnight UTC
// misses none of its records.
func signIns(t *testing.T, data, db string) []map[string]any {
	t.Helper()
	zone, day := noonZone(time.Now())
	out := cli(t, data, "export", "--db", db, "--date", day, "--tz", zone, "--signins", "--format", "json")
	var rows []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("export line %q: %v", sc.Text(), err)
		}
		rows = append(rows, m)
	}
	return rows
}

// noonZone is the IANA zone of whole hours where it is between 12:00 and 13:00 at now
// (Etc/GMT-N is N hours ahead of UTC, Etc/GMT+N behind), and the day it is there.
func noonZone(now time.Time) (zone, day string) {
	off := 12 - now.UTC().Hour() // -11 to +12: zones Etc/GMT+11 to Etc/GMT-12 exist
	switch {
	case off > 0:
		zone = fmt.Sprintf("Etc/GMT-%d", off)
	case off < 0:
		zone = fmt.Sprintf("Etc/GMT+%d", -off)
	default:
		zone = "UTC"
	}
	return zone, now.UTC().Add(time.Duration(off) * time.Hour).Format("2006-01-02")
}

func count(rows []map[string]any, event, reason string) int {
	n := 0
	for _, r := range rows {
		if r["event"] == event && (reason == "" || r["reason"] == reason) {
			n++
		}
	}
	return n
}

// grantedSignIns counts the granted sign-ins among rows.
func grantedSignIns(rows []map[string]any) int {
	n := 0
	for _, r := range rows {
		if r["event"] == "sign_in" && r["outcome"] == "granted" {
			n++
		}
	}
	return n
}

// operatorSignIn opens the operator screen of the running table p (F2) and signs in on the
// keyboard, then waits until its journal db holds the attempt's access record, which it
// returns (granted or refused: its "outcome"). No wait is needed between F2 and the id: the
// window handles its keys in order, and F2 shows the PIN pad and gives it the keyboard before
// the next key (app/operator.go); a key lost would leave no record, and the wait fails saying so.
func operatorSignIn(t *testing.T, display, data, db string, p *proc, id, pin string) map[string]any {
	t.Helper()
	before := count(signIns(t, data, db), "sign_in", "")
	xdo(t, display, "key", "F2")
	xdo(t, display, "type", "--delay", "30", id)
	xdo(t, display, "key", "Return")
	xdo(t, display, "type", "--delay", "30", pin)
	xdo(t, display, "key", "Return")
	var rows []map[string]any
	waitSignIns(t, data, db, p, "the sign-in attempt of "+id, func(r []map[string]any) bool {
		rows = r
		return count(r, "sign_in", "") > before
	})
	var last map[string]any
	for _, r := range rows {
		if r["event"] == "sign_in" {
			last = r
		}
	}
	if last["operator"] != id {
		t.Fatalf("the sign-in attempt journalled is %v, want operator %s's", last, id)
	}
	return last
}

// demoWindow starts the windowed demo with args on a new Xvfb of size, journalling in a
// temporary directory: the display, that directory, the journal, the process and its window.
// It skips the test without xdotool.
func demoWindow(t *testing.T, size string, args ...string) (display, data, db string, p *proc, win string) {
	t.Helper()
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool not installed (apt-get install xdotool)")
	}
	display = startXvfb(t, size)
	data = t.TempDir()
	db = filepath.Join(data, "table.db")
	cmd := exec.Command(bin, append([]string{"--demo", "--journal", db, "--sim-speed", "20"}, args...)...)
	cmd.Env = env(data, display)
	p = startProc(t, cmd)
	return display, data, db, p, tableWindow(t, display, p)
}

func TestOperatorWindowSignInOutTabsResize(t *testing.T) {
	display, data, db, p, win := demoWindow(t, "1920x1080", "--size", "1280x720")
	// The tabs' centres along the bar (the operator screen's bar is 176 px down at any width;
	// a dealer has fewer tabs, and a tap where there is none does nothing).
	tabs := []int{45, 137, 260, 389, 556, 722, 850}
	sizes := [][2]int{{1280, 720}, {1280, 800}, {1024, 768}, {1920, 1080}, {800, 600}}
	const cycles = 20
	for i := range cycles {
		id, pin := "4", "9999" // supervisor
		if i%2 == 1 {
			id, pin = "17", "1111" // dealer
		}
		if r := operatorSignIn(t, display, data, db, p, id, pin); r["outcome"] != "granted" {
			t.Fatalf("cycle %d: the sign-in of %s: %v", i+1, id, r)
		}
		for _, x := range tabs {
			xdo(t, display, "mousemove", "--window", win, fmt.Sprint(x), "176", "click", "1")
			time.Sleep(120 * time.Millisecond)
		}
		sz := sizes[i%len(sizes)]
		xdo(t, display, "windowsize", win, fmt.Sprint(sz[0]), fmt.Sprint(sz[1]))
		time.Sleep(300 * time.Millisecond)
		xdo(t, display, "key", "Escape") // signs out and goes back to the table
		waitSignIns(t, data, db, p, fmt.Sprintf("cycle %d: sign-out", i+1), func(rows []map[string]any) bool { return count(rows, "sign_out", "signed out") > i })
		select {
		case <-p.Done:
			t.Fatalf("cycle %d: the table exited (%v); stderr:\n%s", i+1, p.Err, p.Stderr)
		default:
		}
	}
	xdo(t, display, "windowsize", win, "1280", "720")
	at := sigtermSignedIn(t, display, data, db, p, cycles+1, rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 24)))
	rows := signIns(t, data, db)
	granted := grantedSignIns(rows)
	if granted != cycles+1 || count(rows, "sign_out", "signed out") != cycles || count(rows, "sign_out", "shutdown") != 1 {
		t.Fatalf("journal: %d sign-ins granted, %d signed out, %d at shutdown; want %d, %d, 1:\n%v",
			granted, count(rows, "sign_out", "signed out"), count(rows, "sign_out", "shutdown"), cycles+1, cycles, rows)
	}
	if last := rows[len(rows)-1]; last["event"] != "sign_out" || last["reason"] != "shutdown" || last["operator"] != "4" || last["role"] != "supervisor" {
		t.Fatalf("SIGTERM %v after the sign-in was journalled: the last access record is %v, want the supervisor's sign-out at shutdown", at, last)
	}
}

// waitSignIns waits until the access records of the running table p's journal db satisfy
// ok (what names the wait in the failure).
func waitSignIns(t *testing.T, data, db string, p *proc, what string, ok func([]map[string]any) bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !ok(signIns(t, data, db)); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not in the journal after 30 s; stderr:\n%s", what, p.Stderr)
		}
	}
}

// sigtermSignedIn signs the supervisor in on the running table p (the granted-th sign-in of
// its journal db), waits until the sign-in is in the journal, then a random moment more (up to
// 1.5 s: the event loop asleep or ticking, a card being painted, the operator screen's timer),
// and sends SIGTERM; the table must exit cleanly, without a crash. It returns that moment.
func sigtermSignedIn(t *testing.T, display, data, db string, p *proc, granted int, rng *rand.Rand) time.Duration {
	t.Helper()
	// The test is of a signed-in supervisor, not of a sign-in racing the shutdown (a key
	// handled after the signal is refused: app/operator's Session.End): the sign-in is in the
	// journal before the signal.
	if r := operatorSignIn(t, display, data, db, p, "4", "9999"); r["outcome"] != "granted" || grantedSignIns(signIns(t, data, db)) != granted {
		t.Fatalf("sign-in %d: %v", granted, r)
	}
	at := time.Duration(rng.Int64N(int64(1500 * time.Millisecond)))
	time.Sleep(at)
	_ = p.Cmd.Process.Signal(syscall.SIGTERM)
	if err := p.Wait(t, 30*time.Second); err != nil {
		t.Fatalf("SIGTERM %v after a supervisor's sign-in: exit %v; stderr:\n%s", at, err, p.Stderr)
	}
	checkCrash(t, "SIGTERM", p.Stderr.String())
	return at
}

// TestSIGTERMWhileSignedIn starts the windowed demo again and again on one journal, signs the
// supervisor in each time and sends SIGTERM at a random moment while signed in: every run must
// journal the supervisor's sign-out ("shutdown") before its clean stop (issue 21: Fyne's own
// SIGTERM handler used to quit first and lose it in 1 run of 2-5). The number of runs is
// COUPBOARD_E2E_SIGTERM_CYCLES (make sigterm-soak: 100, about 15 minutes); without it the test
// is skipped, and TestOperatorWindowSignInOutTabsResize makes one such run in every make test.
func TestSIGTERMWhileSignedIn(t *testing.T) {
	cycles, _ := strconv.Atoi(os.Getenv("COUPBOARD_E2E_SIGTERM_CYCLES"))
	if cycles <= 0 {
		t.Skip("COUPBOARD_E2E_SIGTERM_CYCLES is not set (make sigterm-soak runs 100)")
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool not installed (apt-get install xdotool)")
	}
	display := startXvfb(t, "1920x1080")
	data := t.TempDir()
	db := filepath.Join(data, "table.db")
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 21))
	var lost []string
	for i := range cycles {
		cmd := exec.Command(bin, "--demo", "--journal", db, "--sim-speed", "20", "--size", "1280x720")
		cmd.Env = env(data, display)
		p := startProc(t, cmd)
		tableWindow(t, display, p)
		at := sigtermSignedIn(t, display, data, db, p, i+1, rng)
		rows := signIns(t, data, db)
		last := rows[len(rows)-1]
		if last["event"] != "sign_out" || last["reason"] != "shutdown" || last["operator"] != "4" {
			lost = append(lost, fmt.Sprintf("run %d, SIGTERM %v after the sign-in: the last access record is %v", i+1, at, last))
		}
	}
	t.Logf("%d runs with SIGTERM while a supervisor was signed in: %d shutdown sign-outs journalled", cycles, cycles-len(lost))
	if len(lost) > 0 {
		t.Fatalf("%d of %d shutdown sign-outs lost:\n%s", len(lost), cycles, strings.Join(lost, "\n"))
	}
}

func TestKioskExitJournalsTheSignOut(t *testing.T) {
	display, data, db, p, win := demoWindow(t, "1280x800", "--kiosk")
	if r := operatorSignIn(t, display, data, db, p, "4", "9999"); r["outcome"] != "granted" {
		t.Fatalf("the supervisor's sign-in: %v", r)
	}
	xdo(t, display, "mousemove", "--window", win, "60", "34", "click", "1") // Exit kiosk, top left
	time.Sleep(700 * time.Millisecond)
	select {
	case <-p.Done:
		t.Fatal("Exit kiosk left without asking")
	default:
	}
	xdo(t, display, "mousemove", "--window", win, "960", "765", "click", "1") // the confirmation's Exit kiosk
	select {
	case <-p.Done:
		if p.Err != nil {
			t.Fatalf("kiosk exit: %v; stderr:\n%s", p.Err, p.Stderr)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("the kiosk did not exit after the confirmation; stderr:\n%s", p.Stderr)
	}
	checkCrash(t, "kiosk exit", p.Stderr.String())
	rows := signIns(t, data, db)
	if n := count(rows, "sign_out", "kiosk exit"); n != 1 {
		t.Fatalf("%d sign-outs at the kiosk exit in the journal: %v", n, rows)
	}
}

// TestNoonZone: at every hour of a day, and at either side of midnight UTC, signIns reads the
// day of a zone this machine knows where it is between 12:00 and 13:00, the day it is there.
func TestNoonZone(t *testing.T) {
	base := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	var times []time.Time
	for h := range 24 {
		times = append(times, base.Add(time.Duration(h)*time.Hour+59*time.Minute+59*time.Second))
	}
	times = append(times, base.Add(-time.Second), base) // 23:59:59 and 00:00:00
	for _, now := range times {
		zone, day := noonZone(now)
		loc, err := time.LoadLocation(zone)
		if err != nil {
			t.Fatalf("%s: %s: %v", now.Format(time.RFC3339), zone, err)
		}
		if local := now.In(loc); local.Hour() != 12 || local.Format("2006-01-02") != day {
			t.Errorf("%s: %s, day %s: it is %s there, want 12:xx on that day", now.Format(time.RFC3339), zone, day, local.Format(time.RFC3339))
		}
	}
}
