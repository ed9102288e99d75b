package operator

import (
	"strings"
	"testing"
	"time"

	opctl "github.com/coupboard/coupboard/app/operator"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
)

// TestRedDogCoupAndRecallViews: at a Red Dog table the entry tab shows the boxes by name, the
// spread and what the deal waits for, and the recall tab the session's rounds with cards,
// spread, result and review; a journalled Red Dog round reads the same in recall. Golden
// images: reddog_entry.png, reddog_recall.png.
func TestRedDogCoupAndRecallViews(t *testing.T) {
	lt := newLiveRedDog(t)
	r := newRigOn(t, lt, lt.clock.Now, Options{})
	r.signIn("4", supervisorPIN)
	lt.shoe(t, rdScript(t, "shoe QC 3H 9S 5D 4H 5C 8D 8S 8H 2C KD")...)
	r.tab("Entry")
	r.sc.Update()
	e := r.sc.entry
	if e.rowA.Text != "Right · left" || e.player.Text != "2C   KD" || e.banker.Text != "—   spread 10" ||
		!strings.Contains(e.status.Text, "Spread 10: raises open, up to 100% of the wager (7.2.1.1)") || e.result.Text != "Round 4 in progress" {
		t.Errorf("entry: %q %q %q / %q / %q", e.rowA.Text, e.player.Text, e.banker.Text, e.result.Text, e.status.Text)
	}
	if e.turnP.Visible() || e.resultOnly.Visible() {
		t.Error("baccarat's turn and result-only controls shown at Red Dog")
	}
	r.capture("reddog_entry.png")
	r.tab("Recall")
	want := "#3 win 11:1  8D 8S 8H  a pair\n#2 push  4H 5C  no spread (consecutive)\n#1 win 1:1  3H 9S 5D  spread 5"
	if r.sc.recall.list.Text != want || !strings.Contains(r.sc.recall.title.Text, "the last 3 rounds") {
		t.Errorf("recall %q:\n%s\nwant\n%s", r.sc.recall.title.Text, r.sc.recall.list.Text, want)
	}
	r.capture("reddog_recall.png")

	var rec journal.Record
	for _, x := range lt.records() {
		if x.Kind == table.KindRoundRedDog {
			rec = x
		}
	}
	if got := opctl.RecallLine(rec, time.UTC); !strings.HasSuffix(got, " #3 win 11:1  8D 8S 8H  a pair  shoe") {
		t.Errorf("recall line of a journalled round: %q", got)
	}
}

// records reads every journal record of the Red Dog table back.
func (lt *liveRedDog) records() []journal.Record {
	var out []journal.Record
	if err := lt.j.Scan(0, func(r journal.Record) error { out = append(out, r); return nil }); err != nil {
		lt.t.Fatal(err)
	}
	return out
}
