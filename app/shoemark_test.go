package app

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/serialin"
)

// shoeInput is one shoe input as journalled, in words: "token 9H" or "doubt lost: <detail>".
func shoeInput(t *testing.T, r journal.Record) string {
	t.Helper()
	in, err := table.DecodeInput(r.Payload)
	if err != nil {
		t.Fatalf("record %d: %v", r.Seq, err)
	}
	switch g := in.Game; {
	case g == nil:
		return fmt.Sprintf("input %+v", in)
	case g.Kind == engine.InToken:
		return "token " + desk.TokenString(g.Token)
	case g.Kind == engine.InDoubt:
		return fmt.Sprintf("doubt %s: %s", g.Doubt.Kind, g.Doubt.Detail)
	}
	return fmt.Sprintf("game input %+v", *in.Game)
}

// shoeInputsAfter are the shoe inputs journalled after record seq.
func shoeInputsAfter(t *testing.T, j *journal.Journal, seq int64) []string {
	t.Helper()
	var out []string
	if err := j.Scan(seq+1, func(r journal.Record) error {
		if r.Kind == journal.KindShoe {
			out = append(out, shoeInput(t, r))
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestShoeSequenceTakenUpAcrossACleanStop runs a table on a real pseudo-terminal shoe, stops it
// between coups as an upgrade does (the drain), lets the shoe send while the table is down, and
// starts it again on the same journal: the new reader takes up the sequence where the clean stop
// left it (the shoe mark journalled with it). A card sent while the table was down is taken in
// order; an old frame, a lost one, or the shoe's restart is a doubt for the supervisor, never a
// card taken silently (before the mark, the new reader took whatever came first).
func TestShoeSequenceTakenUpAcrossACleanStop(t *testing.T) {
	frame := func(typ string, seq int, f ...string) []byte { return serialin.Frame(typ, seq, f...) }
	for _, tc := range []struct {
		name        string
		down, after [][]byte // what the shoe sends while the table is stopped, and once it is back
		want        []string // the shoe inputs journalled after the restart, each a prefix
	}{
		{"a card dealt while down is taken in order",
			[][]byte{frame("CARD", 3, "9H")}, [][]byte{frame("CARD", 4, "5D")},
			[]string{"token 9H", "token 5D"}},
		{"a resend of the last frame taken is dropped",
			[][]byte{frame("HBT", 2, "300"), frame("CARD", 3, "9H")}, nil,
			[]string{"token 9H"}},
		{"an old frame is refused as a replay",
			nil, [][]byte{frame("STAT", 1, "NEWSHOE")},
			[]string{"doubt replay: SEQ 0001 is behind 0002, the last frame the table took before it stopped"}},
		{"a frame lost while down is a gap",
			[][]byte{frame("CARD", 4, "9H")}, nil,
			[]string{"doubt lost: 1 frame(s): SEQ 0004 follows 0002", "token 9H"}},
		{"the same SEQ with another body is a conflict",
			[][]byte{frame("CARD", 2, "9H")}, nil,
			[]string{"doubt conflict: SEQ 0002: same SEQ as \"HBT,0002,300\""}},
		{"a shoe restarted while down is a restart",
			[][]byte{frame("HELO", 0, "ACME", "SHOE-8", "1.2.1", "CSP1"), frame("CARD", 1, "9H")}, nil,
			[]string{"doubt restart: ACME SHOE-8 1.2.1: HELO after SEQ 0002, the last frame the table took before it stopped (from ACME,SHOE-8,1.2.0,CSP1)", "token 9H"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			line, err := serialin.NewPTYLine("", nil)
			if err != nil {
				t.Skipf("no pseudo-terminals here: %v", err)
			}
			defer line.Close()
			cfg := parseConfig(t, fmt.Sprintf(`
[table]
id = "BAC-09"
[limits.banker]
min = "25"
max = "5000"
[shoe]
port = %q
[journal]
path = %q
`, line.Path(), filepath.Join(t.TempDir(), "bac-09.db")))
			send := func(frames [][]byte) {
				for _, f := range frames {
					if _, err := line.Write(f); err != nil {
						t.Fatal(err)
					}
				}
			}
			tb, stderr, _ := startTraced(t, cfg)
			closed := false
			defer func() {
				if !closed {
					tb.close()
				}
			}()
			send([][]byte{frame("HELO", 0, "ACME", "SHOE-8", "1.2.0", "CSP1"), frame("STAT", 1, "NEWSHOE"), frame("HBT", 2, "300")})
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			for {
				m, err := tb.loop.ShoeMark(ctx)
				if err != nil {
					t.Fatalf("the loop did not take SEQ 0002 in 20 s: %v; log:\n%s", err, stderr.String())
				}
				if m != nil && m.Seq == 2 {
					break
				}
				time.Sleep(5 * time.Millisecond)
			}
			// The drain, as run does it, then the table's own stop.
			req, stop := make(chan os.Signal, 1), make(chan os.Signal, 2)
			var d drainer
			go d.watch(tb, req, stop)
			req <- DrainSignal
			select {
			case <-stop:
			case <-time.After(20 * time.Second):
				t.Fatalf("no drain in 20 s; log:\n%s", stderr.String())
			}
			tb.close()
			closed = true

			// The clean stop's transaction ends with the mark.
			j, err := journal.Open(cfg.Journal.Path, journal.Options{ReadOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			head, _ := j.Head()
			var last journal.Record
			if err := j.Scan(head, func(r journal.Record) error { last = r; return nil }); err != nil {
				t.Fatal(err)
			}
			j.Close()
			if last.Kind != journal.KindShoeMark {
				t.Fatalf("the journal ends with %s, want the shoe mark", last.Kind)
			}
			m, err := journal.DecodeShoeMark(last.Payload)
			if want := (journal.ShoeMark{V: 1, Seq: 2, Frame: "HBT,0002,300", Hello: "ACME,SHOE-8,1.2.0,CSP1"}); err != nil || m != want {
				t.Fatalf("shoe mark %+v (%v), want %+v", m, err, want)
			}

			send(tc.down)
			tb2, stderr2, _ := startTraced(t, cfg)
			defer tb2.close()
			send(tc.after)
			var got []string
			for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
				if got = shoeInputsAfter(t, tb2.j, head); len(got) >= len(tc.want) {
					break
				}
			}
			time.Sleep(100 * time.Millisecond) // nothing more may come
			got = shoeInputsAfter(t, tb2.j, head)
			ok := len(got) == len(tc.want)
			for i := 0; ok && i < len(got); i++ {
				ok = strings.HasPrefix(got[i], tc.want[i])
			}
			if !ok {
				t.Errorf("after the restart the journal has\n\t%s\nwant\n\t%s\nlog:\n%s", strings.Join(got, "\n\t"), strings.Join(tc.want, "\n\t"), stderr2.String())
			}
			if !strings.Contains(stderr2.String(), "shoe: taking up the sequence after SEQ 0002") {
				t.Errorf("the log does not say where the sequence was taken up:\n%s", stderr2.String())
			}
		})
	}
}
