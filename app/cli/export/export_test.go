package export

import (
	"bytes"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
)

var day1 = time.Date(2026, 11, 20, 22, 0, 0, 0, time.UTC)

// build writes a journal with shoe 1 (3 rounds, the evening of day 1, one entered by hand by
// a supervisor) and shoe 2 (2 rounds, the next day) and returns its path and the round records.
func build(t *testing.T) (string, []journal.Record) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "BAC-07.db")
	j, err := journal.Open(path, journal.Options{Table: "BAC-07"})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	rounds := []journal.Round{
		{N: 1, Shoe: 1, Player: []string{"AS", "7D"}, Banker: []string{"TD", "6C"}, PlayerTotal: 8, BankerTotal: 6, Winner: "P", Natural: true, Kind: journal.RoundNormal, Source: "shoe"},
		{N: 2, Shoe: 1, Player: []string{"4H", "4S", "9C"}, Banker: []string{"2D", "5C"}, PlayerTotal: 7, BankerTotal: 7, Winner: "T", PlayerPair: true, Kind: journal.RoundNormal, Notes: []string{"9.2 excess card, non-betting round"}},
		{N: 3, Shoe: 1, Kind: journal.RoundCancelled, Notes: []string{"11.11 not enough cards", "voided, by supervisor"}},
		{N: 1, Shoe: 2, Player: []string{"KH", "QS", "2C"}, Banker: []string{"3D", "3C", "KD"}, PlayerTotal: 2, BankerTotal: 6, Winner: "B", BankerPair: true, Kind: journal.RoundNoBet, Source: "shoe"},
		{N: 2, Shoe: 2, Player: []string{"9H", "KS"}, Banker: []string{"8D", "JC"}, PlayerTotal: 9, BankerTotal: 8, Winner: "P", Natural: true, Kind: journal.RoundNormal, Source: "shoe"},
	}
	var out []journal.Record
	for i, rd := range rounds {
		p, err := rd.Payload()
		if err != nil {
			t.Fatal(err)
		}
		at := day1.Add(time.Duration(i) * 50 * time.Minute)
		in := journal.Record{Time: at, Kind: journal.KindShoe, Source: journal.SourceShoe, Shoe: rd.Shoe, Payload: json.RawMessage(`{"card":"AS"}`)}
		rec := journal.Record{Time: at, Kind: journal.KindRound, Source: journal.SourceShoe, Shoe: rd.Shoe, Payload: p}
		if i == 2 {
			in = journal.Record{Time: at, Kind: journal.KindOperator, Source: journal.SourceOperator, Shoe: 1,
				Actor: journal.Actor{Role: "supervisor", ID: "S042"}, Reason: "not enough cards", Payload: json.RawMessage(`{"cmd":"void"}`)}
			rec.Source, rec.Actor = journal.SourceOperator, journal.Actor{Role: "supervisor", ID: "S042"}
		}
		recs, err := j.AppendBatch(in, rec)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, recs[1])
	}
	return path, out
}

func run(args ...string) (string, string, error) {
	var out, errb bytes.Buffer
	err := Run(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), err
}

func TestExportShoeAsCSV(t *testing.T) {
	path, recs := build(t)
	out, stderr, err := run("--db", path, "--shoe", "1", "--format", "csv")
	if err != nil {
		t.Fatalf("export: %v\n%s", err, stderr)
	}
	got, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("output is not CSV: %v\n%s", err, out)
	}
	want := [][]string{
		Header(),
		{"BAC-07", "1", "1", "2", "2026-11-20T22:00:00Z", "normal", "AS 7D", "TD 6C", "8", "6", "P", "true", "false", "false", "", "shoe", "", recs[0].Hash.String(), "", "", ""},
		{"BAC-07", "1", "2", "4", "2026-11-20T22:50:00Z", "normal", "4H 4S 9C", "2D 5C", "7", "7", "T", "false", "true", "false", "9.2 excess card, non-betting round", "shoe", "", recs[1].Hash.String(), "", "", ""},
		{"BAC-07", "1", "3", "6", "2026-11-20T23:40:00Z", "cancelled", "", "", "0", "0", "", "false", "false", "false", "11.11 not enough cards | voided, by supervisor", "operator", "S042", recs[2].Hash.String(), "", "", ""},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("export --shoe 1 =\n%q\nwant\n%q", got, want)
	}
	if !strings.Contains(stderr, "3 rounds") {
		t.Errorf("stderr = %q", stderr)
	}
}

func TestExportDateAsJSONInATimeZone(t *testing.T) {
	path, recs := build(t)
	// In Melbourne (UTC+11 in November) every round falls on 21 November.
	out, _, err := run("--db", path, "--date", "2026-11-21", "--tz", "Australia/Melbourne", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want 5:\n%s", len(lines), out)
	}
	var last Row
	if err := json.Unmarshal([]byte(lines[4]), &last); err != nil {
		t.Fatal(err)
	}
	want := Row{Table: "BAC-07", Shoe: 2, Round: 2, Seq: 10, Time: recs[4].Time, Kind: "normal", Player: []string{"9H", "KS"},
		Banker: []string{"8D", "JC"}, PlayerTotal: 9, BankerTotal: 8, Winner: "P", Natural: true, Notes: []string{}, Source: "shoe", Hash: recs[4].Hash.String(), ReviewReasons: []string{}}
	if !reflect.DeepEqual(last, want) {
		t.Errorf("last row = %+v\nwant %+v", last, want)
	}
	// In UTC, 20 November holds only shoe 1's first two rounds and the cancelled one.
	out, _, err = run("--db", path, "--date", "2026-11-20", "--tz", "UTC", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out, "\n"); n != 3 || !strings.Contains(out, `"kind":"cancelled"`) {
		t.Errorf("UTC 20 November: %d rows:\n%s", n, out)
	}
}

func TestExportRefusesBadArguments(t *testing.T) {
	path, _ := build(t)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--db", path}, "exactly one"},
		{[]string{"--db", path, "--shoe", "1", "--date", "2026-11-20"}, "exactly one"},
		{[]string{"--db", path, "--shoe", "-2"}, "start at 1"},
		{[]string{"--db", path, "--shoe", "1", "--format", "xml"}, "csv or json"},
		{[]string{"--db", path, "--date", "20/11/2026"}, "YYYY-MM-DD"},
		{[]string{"--db", path, "--date", "2026-11-20", "--tz", "Mars/Olympus"}, "--tz"},
		{[]string{"--shoe", "1"}, "no journal"},
		{[]string{"--db", path, "--table", "x", "--shoe", "1"}, "not both"},
		{[]string{"--db", filepath.Join(t.TempDir(), "none.db"), "--shoe", "1"}, "no such file"},
		{[]string{"--db", path, "--shoe", "1", "extra"}, "unexpected"},
	}
	for _, tc := range tests {
		if _, _, err := run(tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("export %q: %v, want …%s…", tc.args, err, tc.want)
		}
	}
}

func TestExportRefusesATamperedJournal(t *testing.T) {
	path, _ := build(t)
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE records SET payload = replace(payload, '"winner":"P"', '"winner":"B"') WHERE seq = 2`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, _, err := run("--db", path, "--shoe", "1"); err == nil || !strings.Contains(err.Error(), "record 2") {
		t.Errorf("export of a tampered journal: %v", err)
	}
	// With --force it exports, warns, and still refuses the round whose winner contradicts its totals.
	_, stderr, err := run("--db", path, "--shoe", "1", "--force")
	if err == nil || !strings.Contains(err.Error(), "record 2") || !strings.Contains(stderr, "warning") {
		t.Errorf("export --force: %v, stderr %q", err, stderr)
	}
}

func TestRowOfRejectsWhatIsNotARound(t *testing.T) {
	if _, err := RowOf(journal.Record{Seq: 4, Kind: journal.KindShoe}); err == nil {
		t.Error("RowOf accepted a shoe input")
	}
	p, _ := journal.Round{N: 1, Shoe: 3, Kind: journal.RoundCancelled}.Payload()
	if _, err := RowOf(journal.Record{Seq: 5, Kind: journal.KindRound, Shoe: 2, Payload: p}); err == nil || !strings.Contains(err.Error(), "shoe 3") {
		t.Errorf("RowOf of a round filed under another shoe: %v", err)
	}
}
