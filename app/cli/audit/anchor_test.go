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
