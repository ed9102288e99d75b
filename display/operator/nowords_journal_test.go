package operator

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/i18n"
)

// damagedBanner is the recovery banner Replay words for a journal of five rounds damaged by
// damage (SQL run on its database after it was closed), opened read-only so that its chain
// check reports the damage rather than refusing it; the banner's damage must name the record.
func damagedBanner(t *testing.T, s table.Setup, damage ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t1.db")
	j, err := journal.Open(path, journal.Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	for n := 1; n <= 5; n++ {
		p, err := journal.Round{N: n, Shoe: 1, Player: []string{"AS", "7D"}, Banker: []string{"TD", "6C"}, PlayerTotal: 8, BankerTotal: 6,
			Winner: "P", Natural: true, Kind: journal.RoundNormal, Source: journal.SourceShoe}.Payload()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := j.AppendBatch(journal.Record{Time: at.Add(time.Duration(n) * time.Minute), Kind: journal.KindRound, Source: journal.SourceShoe, Shoe: 1, Payload: p}); err != nil {
			t.Fatal(err)
		}
	}
	if err := j.SetPublished(5); err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range damage {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	ro, err := journal.Open(path, journal.Options{Table: "t1", ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	st, err := table.NewState(s)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := table.Replay(ro, st, time.Date(2026, 11, 22, 21, 58, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if b := rec.Banner(); strings.Contains(b, "; record ") {
		return b
	}
	t.Fatalf("damage %q: the banner %q names no bad record", damage, rec.Banner())
	return ""
}

// The recovery banner with the journal's chain broken (a record edited, one deleted from the
// middle, records the pit bus had acknowledged deleted from the end), each made by damaging a
// real journal and replaying it, and a replay difference quoting a command's refusal, raised on
// the Corrections tab in Simplified and Traditional Chinese: no English word is left but the
// script's command (issue 23 item 3). The journal keeps the English.
func TestNoEnglishLeftInTheJournalsDamage(t *testing.T) {
	s := setupFor(t, "vic-baccarat-2002")
	banners := []string{
		damagedBanner(t, s, "UPDATE records SET reason = 'edited' WHERE seq = 3"),
		damagedBanner(t, s, "DELETE FROM records WHERE seq = 3"),
		damagedBanner(t, s, "DELETE FROM records WHERE seq > 3"),
	}
	for _, b := range banners[:2] {
		if !strings.Contains(b, "record") {
			t.Fatalf("banner %q", b)
		}
	}
	differ := "replay: 1 journalled command(s) are decided differently by the table's rules now (first: record 9 !dispute 2 is refused now (dispute refused: no such finished round in this shoe) but is not recorded as refused); what the table showed then may differ from what it shows now — check the journal with a supervisor"
	for _, lang := range []i18n.Lang{i18n.SimplifiedChinese, i18n.TraditionalChinese} {
		t.Run(string(lang), func(t *testing.T) {
			w, err := i18n.New(lang)
			if err != nil {
				t.Fatal(err)
			}
			lt := newLiveTableOf(t, s)
			r := newRig(t, lt, Options{Language: lang})
			r.signIn("4", supervisorPIN)
			r.tab(w.T(i18n.OpTabCorrections))
			for _, text := range append(banners, differ) {
				if res := lt.Do(table.Msg{Input: table.Input{Alert: &table.Alert{Text: text}}, Source: journal.SourceConfig}); res.Err != nil {
					t.Fatal(res.Err)
				}
				r.sc.Update()
				if left := englishLeft(r.screenTexts(), s.Name, string(s.Profile.ID), "dispute"); len(left) > 0 {
					t.Errorf("%q: English left %q on screen:\n%s", text, left, r.screenTexts())
				}
			}
		})
	}
}
