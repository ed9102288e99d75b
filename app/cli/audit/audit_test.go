package audit

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
)

// build writes a journal of 12 records (inputs and operator actions) and returns its path
// and the records.
func build(t *testing.T) (string, []journal.Record) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "BAC-07.db")
	j, err := journal.Open(path, journal.Options{Table: "BAC-07"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	at := time.Date(2026, 11, 20, 22, 0, 0, 0, time.UTC)
	var all []journal.Record
	for i := 0; i < 6; i++ {
		in := journal.Record{Time: at.Add(time.Duration(i) * time.Minute), Kind: journal.KindShoe, Source: journal.SourceShoe, Shoe: 1,
			Payload: json.RawMessage(fmt.Sprintf(`{"card":"%dH"}`, i+2))}
		op := journal.Record{Time: in.Time, Kind: journal.KindOperator, Source: journal.SourceOperator, Shoe: 1,
			Actor: journal.Actor{Role: "supervisor", ID: "S042"}, Reason: "confirm card", Payload: json.RawMessage(`{"cmd":"confirm"}`)}
		recs, err := j.AppendBatch(in, op)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, recs...)
	}
	return path, all
}

func tamper(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func run(args ...string) (string, error) {
	var out, errb bytes.Buffer
	err := Run(args, strings.NewReader(""), &out, &errb)
	return out.String(), err
}

func TestVerifyIntactJournal(t *testing.T) {
	path, all := build(t)
	out, err := run("verify", "--db", path)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("OK: 12 records (seq 1 to 12); head %s\n", all[11].Hash)
	if out != want {
		t.Errorf("output %q, want %q", out, want)
	}
	out, err = run("verify", "--db", path, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("--json output %q: %v", out, err)
	}
	if !rep.OK || rep.Records != 12 || rep.Head != all[11].Hash || rep.Bad != nil {
		t.Errorf("--json report %+v", rep)
	}
}

func TestVerifyDetectsTampering(t *testing.T) {
	tests := []struct {
		name  string
		stmts []string
		want  string
	}{
		{"changed", []string{`UPDATE records SET reason = 'nothing happened' WHERE seq = 4`}, "BAD: record 4: contents do not match its hash (changed)"},
		{"deleted", []string{`DELETE FROM records WHERE seq = 7`}, "BAD: record 7: missing"},
		{"inserted", []string{
			`UPDATE records SET seq = -seq WHERE seq >= 5`,
			`UPDATE records SET seq = 1 - seq WHERE seq < 0`,
			`INSERT INTO records SELECT 5, time_ns, table_id, kind, source, actor_role, actor_id, 'slipped in', shoe, payload, hash, hash FROM records WHERE seq = 4`,
		}, "BAD: record 5: contents do not match its hash"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path, _ := build(t)
			tamper(t, path, tc.stmts...)
			out, err := run("verify", "--db", path)
			if !errors.Is(err, ErrChainBroken) {
				t.Fatalf("verify of a tampered journal returned %v\n%s", err, out)
			}
			if !strings.HasPrefix(out, tc.want) {
				t.Errorf("output %q, want it to start %q", out, tc.want)
			}
		})
	}
}

func TestVerifyUsage(t *testing.T) {
	path, _ := build(t)
	for _, args := range [][]string{{}, {"check"}, {"verify"}, {"verify", "--db", path, "--table", "x"}, {"verify", "--db", path, "x"}} {
		if _, err := run(args...); err == nil {
			t.Errorf("audit %q succeeded", args)
		}
	}
}

// TestVerifyReportsLostCommittedRecords: records deleted from the end leave a valid chain, but
// the head file says they were committed.
func TestVerifyReportsLostCommittedRecords(t *testing.T) {
	path, _ := build(t)
	tamper(t, path, "DELETE FROM records WHERE seq > 10")
	out, err := run("verify", "--db", path)
	if !errors.Is(err, ErrChainBroken) || !strings.Contains(out, "LOST: records 11 to 12 are missing") {
		t.Fatalf("verify = %q, %v", out, err)
	}
	out, _ = run("verify", "--db", path, "--json")
	var rep Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.OK || rep.CommittedSeq != 12 || rep.Missing == "" {
		t.Fatalf("--json = %s (%v)", out, err)
	}
}

// TestVerifyChecksTheWholeChain: an edit to the second of 1,500 records is found.
func TestVerifyChecksTheWholeChain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "BAC-07.db")
	j, err := journal.Open(path, journal.Options{Table: "BAC-07"})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 20, 22, 0, 0, 0, time.UTC)
	var batch []journal.Record
	for i := 0; i < 1500; i++ {
		batch = append(batch, journal.Record{Time: at.Add(time.Duration(i) * time.Second), Kind: journal.KindShoe, Source: journal.SourceShoe,
			Shoe: 1, Payload: json.RawMessage(fmt.Sprintf(`{"i":%d}`, i))})
	}
	if _, err := j.AppendBatch(batch...); err != nil {
		t.Fatal(err)
	}
	j.Close()
	tamper(t, path, `UPDATE records SET payload = '{"i":99}' WHERE seq = 2`)
	out, err := run("verify", "--db", path)
	if !errors.Is(err, ErrChainBroken) || !strings.Contains(out, "BAD: record 2:") {
		t.Fatalf("verify = %q, %v", out, err)
	}
}
