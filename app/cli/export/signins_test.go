package export

import (
	"encoding/csv"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/journal"
)

// TestExportSignIns writes sign-in records as the operator screen does and exports them by
// day and by shoe, as CSV and JSON: who, when, what it came to, never a PIN.
func TestExportSignIns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "BAC-07.db")
	j, err := journal.Open(path, journal.Options{Table: "BAC-07"})
	if err != nil {
		t.Fatal(err)
	}
	lock := day1.Add(7 * time.Minute)
	for i, e := range []struct {
		actor  journal.Actor
		reason string
		entry  access.Entry
		shoe   int64
	}{
		{journal.Actor{ID: "31"}, "sign-in", access.Entry{Event: access.EventSignIn, Outcome: access.WrongPIN, Wrong: 1}, 1},
		{journal.Actor{ID: "31"}, "sign-in", access.Entry{Event: access.EventSignIn, Outcome: access.LockedOut, LockedUntil: lock}, 1},
		{journal.Actor{Role: "supervisor", ID: "4"}, "sign-in", access.Entry{Event: access.EventSignIn, Outcome: access.Granted}, 1},
		{journal.Actor{Role: "supervisor", ID: "4"}, "idle", access.Entry{Event: access.EventSignOut, Idle: "2m0s"}, 2},
	} {
		p, err := e.entry.Encode()
		if err != nil {
			t.Fatal(err)
		}
		rec := journal.Record{Time: day1.Add(time.Duration(i) * time.Minute), Kind: journal.KindAccess, Source: journal.SourceOperator,
			Actor: e.actor, Reason: e.reason, Shoe: e.shoe, Payload: p}
		round := journal.Record{Time: rec.Time, Kind: journal.KindShoe, Source: journal.SourceShoe, Shoe: e.shoe, Payload: json.RawMessage(`{"card":"AS"}`)}
		if _, err := j.AppendBatch(round, rec); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()

	out, stderr, err := run("--db", path, "--date", "2026-11-20", "--tz", "UTC", "--signins")
	if err != nil {
		t.Fatalf("export: %v\n%s", err, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 5 || strings.Join(rows[0], ",") != strings.Join(SignInHeader(), ",") {
		t.Fatalf("CSV:\n%s", out)
	}
	want := [][]string{
		{"BAC-07", "1", "2", "2026-11-20T22:00:00Z", "sign_in", "wrong_pin", "", "31", "sign-in", "1", "", ""},
		{"BAC-07", "1", "4", "2026-11-20T22:01:00Z", "sign_in", "lockout", "", "31", "sign-in", "0", "2026-11-20T22:07:00Z", ""},
		{"BAC-07", "1", "6", "2026-11-20T22:02:00Z", "sign_in", "granted", "supervisor", "4", "sign-in", "0", "", ""},
		{"BAC-07", "2", "8", "2026-11-20T22:03:00Z", "sign_out", "", "supervisor", "4", "idle", "0", "", "2m0s"},
	}
	for i, w := range want {
		if got := strings.Join(rows[i+1][:len(w)], ","); got != strings.Join(w, ",") {
			t.Errorf("row %d:\n got %s\nwant %s", i+1, got, strings.Join(w, ","))
		}
	}
	if !strings.Contains(stderr, "4 sign-in records") {
		t.Errorf("stderr %q", stderr)
	}

	out, _, err = run("--db", path, "--shoe", "2", "--signins", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var s SignIn
	if err := json.Unmarshal([]byte(out), &s); err != nil || s.Event != "sign_out" || s.Operator != "4" || s.Role != "supervisor" || s.Idle != "2m0s" {
		t.Fatalf("shoe 2 JSON %q: %+v %v", out, s, err)
	}
	// Without --signins the rounds export is unchanged: no sign-in rows among them.
	out, _, err = run("--db", path, "--date", "2026-11-20", "--tz", "UTC")
	if err != nil || strings.Count(out, "\n") != 1 {
		t.Fatalf("rounds export with sign-ins in the journal: %v\n%s", err, out)
	}
}
