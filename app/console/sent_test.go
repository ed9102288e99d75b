package console

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestSentPostingCancelledAndKeptAcrossRestart: on a real bus with simulated tables, a posting
// sent from the console is accepted by each table; its Cancel sends each table the dated
// !withdraw, which each withdraws, and the page says so per table. A pit server started again
// (a new command sender on the same bus) lists the posting, its answers and who cancelled it,
// read back from the streams, naming the person from the people file as before the restart.
func TestSentPostingCancelledAndKeptAcrossRestart(t *testing.T) {
	r := newRig(t)
	ids := []string{"BAC-1", "BAC-2"}
	start, tables := simPit(t, r.clk.Now, ids)
	s1 := start()
	r.con.opt.Poster = Commands{Sender: s1}
	b := r.browser()
	page := b.signIn("101", "2468")
	csrf := csrfOf(t, page)
	b.post("/", url.Values{"csrf": {csrf}, "action": {"post"}, "pit": {"A"}, "kind": {"limits"},
		"at": {"09:30"}, "main_min": {"50"}, "main_max": {"5,000"}})
	all := s1.Commands()
	if len(all) != 1 {
		t.Fatalf("the console sent %d commands, want 1", len(all))
	}
	id := all[0].ID
	until := func(what string, cond func(string) bool) string {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			_, page := b.get("/")
			if cond(page) {
				return page
			}
			if time.Now().After(deadline) {
				t.Fatalf("timed out waiting for %s:\n%s", what, page)
			}
		}
	}
	until("both tables' answers", func(p string) bool { return len(effectiveAt0930.FindAllString(p, -1)) == 2 })
	until("the Cancel", func(p string) bool { return strings.Contains(p, "Cancel this change") })

	res, _ := b.post("/cancel", url.Values{"csrf": {csrf}, "id": {id}})
	if res.StatusCode != 303 {
		t.Fatalf("cancel: %d", res.StatusCode)
	}
	page = until("both tables withdraw", func(p string) bool {
		return strings.Count(p, `<li class="ans-cancelled">`) == 2 && strings.Count(p, `class="wd wd-withdrawn"`) == 2
	})
	if strings.Contains(page, "Cancel this change") || !strings.Contains(page, "cancelled at 09:00:30 by Ana Lee (101)") {
		t.Errorf("after the Cancel:\n%s", page)
	}
	for _, id := range ids {
		if n := len(tables[id].Scheduled()); n != 0 {
			t.Errorf("%s still has %d changes posted", id, n)
		}
	}

	// The pit server again: a new sender reads the day back from the bus; a new console lists it.
	s1.Close()
	r2 := newRig(t)
	r2.con.opt.Poster = Commands{Sender: start()}
	b2 := r2.browser()
	page = b2.signIn("101", "2468")
	// The new sender reads the answers back from the bus in the background: wait for both.
	for deadline := time.Now().Add(20 * time.Second); strings.Count(page, "· withdrawn") != 2 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		_, page = b2.get("/")
	}
	for _, w := range []string{`data-posting="` + id + `"`, "!limits at=2026-11-26T09:30:00 player=50-5000 banker=50-5000", "posted by Ana Lee (101)", "cancelled at 09:00:30 by Ana Lee (101)"} {
		if !strings.Contains(page, w) {
			t.Errorf("after a restart the page lacks %q:\n%s", w, page)
		}
	}
	if n := strings.Count(page, "· withdrawn"); n != 2 {
		t.Errorf("after a restart %d tables say withdrawn, want 2", n)
	}
}

// effectiveAt0930 is a table's answer that the change is in effect at 09:30 UTC, dated.
var effectiveAt0930 = regexp.MustCompile(`accepted: in effect at [0-9]{4}-[0-9]{2}-[0-9]{2} 09:30:00 UTC`)
