package audit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/outbox"
	"github.com/coupboard/coupboard/internal/bustest"
	"github.com/coupboard/coupboard/pitwire"
)

// openJournal opens (creating) table BAC-07's journal at path.
func openJournal(t *testing.T, path string) *journal.Journal {
	t.Helper()
	j, err := journal.Open(path, journal.Options{Table: "BAC-07"})
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// writeJournal appends n card inputs to j, one batch each, calling after (if not nil) after
// each; the card of record forged (0: none) is changed, as a forger rewriting the file would
// change it — every hash after it is then computed anew, so the chain is intact.
func writeJournal(t *testing.T, j *journal.Journal, n, forged int, after func(seq int64)) {
	t.Helper()
	at := time.Date(2026, 11, 20, 22, 0, 0, 0, time.UTC)
	for i := 1; i <= n; i++ {
		card := fmt.Sprintf("%dH", i%8+2)
		if i == forged {
			card = "KS"
		}
		rec := journal.Record{Time: at.Add(time.Duration(i) * time.Minute), Kind: journal.KindShoe, Source: journal.SourceShoe, Shoe: 1,
			Payload: json.RawMessage(fmt.Sprintf(`{"card":%q}`, card))}
		recs, err := j.AppendBatch(rec)
		if err != nil {
			t.Fatal(err)
		}
		if after != nil {
			after(recs[0].Seq)
		}
	}
}

// TestVerifyAgainstBusFindsARewrittenJournal: a table's publisher anchors its journal's head
// on a real bus while the journal is written; the honest journal matches every anchored head,
// and journals rewritten afterwards — one record changed and every hash recomputed, or the
// last records removed — pass the chain check alone but not against the bus.
func TestVerifyAgainstBusFindsARewrittenJournal(t *testing.T) {
	srv := bustest.StartOpen(t)

	// The honest table: its publisher anchors the head after each card (AnchorEvery 1ms;
	// a real table anchors with every coup and every minute).
	honest := filepath.Join(t.TempDir(), "BAC-07.db")
	j := openJournal(t, honest)
	pub, err := bus.NewPublisher(bus.PublisherConfig{Table: "BAC-07", Conn: bus.ConnConfig{URLs: []string{srv.URL()}}, AnchorEvery: time.Millisecond},
		outbox.New(j, "BAC-07"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- pub.Run(ctx) }()
	writeJournal(t, j, 12, 0, func(seq int64) {
		pub.Notify()
		deadline := time.Now().Add(10 * time.Second)
		for pub.Stats().Anchored != uint64(seq) {
			if time.Now().After(deadline) {
				t.Fatalf("record %d never anchored (anchored %d)", seq, pub.Stats().Anchored)
			}
			time.Sleep(5 * time.Millisecond)
		}
	})
	cancel()
	<-done
	j.Close()

	out, err := run("verify", "--db", honest, "--against-bus", srv.URL(), "--open-bus")
	if err != nil {
		t.Fatalf("honest journal: %v\n%s", err, out)
	}
	if !strings.Contains(out, "12 heads anchored for table BAC-07 (newest record 12), 12 compared with the journal") || !strings.HasSuffix(out, "head "+headOf(t, honest)+"\n") {
		t.Errorf("honest journal: %q", out)
	}

	for _, tc := range []struct {
		name      string
		n, forged int
		want      string
	}{
		{"record 5 changed, every hash recomputed", 12, 5, "record 5: the journal's hash is"},
		{"records 9 to 12 removed", 8, 0, "the bus anchored record 9"},
	} {
		path := filepath.Join(t.TempDir(), "BAC-07.db")
		fj := openJournal(t, path)
		writeJournal(t, fj, tc.n, tc.forged, nil)
		fj.Close()
		if out, err := run("verify", "--db", path); err != nil {
			t.Fatalf("%s: the forged chain is intact, yet verify alone says %v\n%s", tc.name, err, out)
		}
		out, err := run("verify", "--db", path, "--against-bus", srv.URL(), "--open-bus")
		if !errors.Is(err, ErrRewritten) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(out, "REWRITTEN: ") {
			t.Errorf("%s: %v\n%s", tc.name, err, out)
		}
		out, _ = run("verify", "--db", path, "--against-bus", srv.URL(), "--open-bus", "--json")
		var rep Report
		if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.OK || rep.Bus == nil || !strings.Contains(rep.Bus.Mismatch, tc.want) {
			t.Errorf("%s: --json %q (%v)", tc.name, out, err)
		}
	}

	// A table the bus never heard of is not vouched for, and says so.
	other := filepath.Join(t.TempDir(), "BAC-07.db")
	oj := openJournal(t, other)
	writeJournal(t, oj, 3, 0, nil)
	oj.Close()
	out, err = run("verify", "--db", other, "--against-bus", srv.URL(), "--open-bus", "--bus-table", "BAC-99")
	if err != nil || !strings.Contains(out, "WARNING: the pit bus holds no head of table BAC-99") {
		t.Errorf("unknown table: %v\n%s", err, out)
	}
	// No credentials is refused unless asked for.
	if _, err := run("verify", "--db", other, "--against-bus", srv.URL()); err == nil || !strings.Contains(err.Error(), "--bus-user") {
		t.Errorf("no credentials: %v", err)
	}
}

func headOf(t *testing.T, path string) string {
	t.Helper()
	j, err := journal.Open(path, journal.Options{ReadOnly: true, TailCheck: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	_, h := j.Head()
	return h.String()
}

// TestCompareHeadsWithAcceptedLoss: heads the bus anchored for records inside a loss a
// supervisor accepted are reported lost, with who accepted it and when, not skipped; the last
// record the head file recorded must still have the hash the acceptance kept, and a head that
// contradicts a record the journal holds still fails.
func TestCompareHeadsWithAcceptedLoss(t *testing.T) {
	path := filepath.Join(t.TempDir(), "BAC-07.db")
	j := openJournal(t, path)
	writeJournal(t, j, 10, 0, nil)
	hashes := map[int64]string{}
	if err := j.Scan(1, func(r journal.Record) error { hashes[r.Seq] = r.Hash.String(); return nil }); err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	at := time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC)
	kept, _ := journal.ParseHash(strings.Repeat("ab", 32))
	loss := journal.AcceptedLoss{Seq: 9, Time: at, Actor: journal.Actor{Role: "supervisor", ID: "4"}, Reason: "the disk failed",
		LossAccepted: journal.LossAccepted{V: journal.LossVersion, FromSeq: 5, ThroughSeq: 7, CommittedHash: kept, SurvivingSeq: 4}}
	head := func(seq int64, hash string) pitwire.Message {
		return pitwire.Message{Seq: uint64(seq), Time: at.Add(-time.Hour), Head: &pitwire.Head{Hash: hash}}
	}
	other := strings.Repeat("cd", 32)
	for _, tc := range []struct {
		name     string
		heads    []pitwire.Message
		checked  int
		lost     int
		mismatch string
	}{
		{"heads inside the loss are lost and accepted; the others match", []pitwire.Message{head(4, hashes[4]), head(5, other), head(6, other), head(7, kept.String()), head(8, hashes[8])},
			2, 3, ""},
		{"the head file's last record anchored with another hash fails", []pitwire.Message{head(7, other)}, 0, 1, "the head file had recorded hash " + kept.String()},
		{"a head contradicting a record the journal holds still fails", []pitwire.Message{head(6, other), head(8, other)}, 1, 1, "record 8: the journal's hash is"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := compareHeads(j, tc.heads, []journal.AcceptedLoss{loss})
			if err != nil {
				t.Fatal(err)
			}
			if c.Checked != tc.checked || c.Lost != tc.lost || !strings.Contains(c.Mismatch, tc.mismatch) || (tc.mismatch == "") != (c.Mismatch == "") {
				t.Errorf("checked %d, lost %d, mismatch %q; want %d, %d, %q", c.Checked, c.Lost, c.Mismatch, tc.checked, tc.lost, tc.mismatch)
			}
			want := fmt.Sprintf("%d anchored head(s) in records 5 to 7: lost, accepted by supervisor 4 at 2026-11-26T03:00:00Z (record 9)", tc.lost)
			if len(c.LostAccepted) != 1 || c.LostAccepted[0] != want {
				t.Errorf("lost accepted %q, want %q", c.LostAccepted, want)
			}
		})
	}
}
