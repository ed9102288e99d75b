package journal

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestAppendChainsAndScanReturnsWhatWasAppended(t *testing.T) {
	j, path := openTemp(t, Options{})
	op := Record{Time: base, Kind: KindOperator, Source: SourceOperator, Actor: Actor{Role: "supervisor", ID: "S042"},
		Reason: "card exposed in error", Shoe: 1, Payload: json.RawMessage(`{"cmd":"void"}`)}
	first := mustAppend(t, j, input(0, 1, base), op)
	second := mustAppend(t, j, roundRec(t, 1, 1, base.Add(time.Second)))
	all := append(first, second...)
	var prev Hash
	for i, r := range all {
		if r.Seq != int64(i+1) {
			t.Errorf("record %d: seq %d", i, r.Seq)
		}
		if r.PrevHash != prev {
			t.Errorf("record %d: prev hash %s, want %s", i, r.PrevHash, prev)
		}
		if r.Hash != r.ComputeHash() || r.Hash.IsZero() {
			t.Errorf("record %d: hash %s does not match its contents", i, r.Hash)
		}
		if r.Table != "t1" {
			t.Errorf("record %d: table %q, want the journal's t1", i, r.Table)
		}
		prev = r.Hash
	}
	if got := scanAll(t, j); !reflect.DeepEqual(got, all) {
		t.Errorf("Scan returned\n%+v\nwant\n%+v", got, all)
	}
	if seq, h := j.Head(); seq != 3 || h != all[2].Hash {
		t.Errorf("Head = %d %s", seq, h)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a clean close left the WAL behind: %v", err)
	}
	j2, err := Open(path, Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	defer j2.Close()
	s := j2.Startup()
	if s.Records != 3 || s.HeadSeq != 3 || s.FirstSeq != 1 || s.HeadHash != all[2].Hash || s.UncleanShutdown || s.Damaged() ||
		s.IntactThrough != 3 || s.TailChecked != 3 {
		t.Errorf("Startup after a clean close = %+v", s)
	}
	more := mustAppend(t, j2, input(1, 1, base.Add(2*time.Second)))
	if more[0].Seq != 4 || more[0].PrevHash != all[2].Hash {
		t.Errorf("append after reopen: seq %d prev %s", more[0].Seq, more[0].PrevHash)
	}
	if res, err := j2.Verify(); err != nil || !res.OK() || res.Records != 4 || res.Head != more[0].Hash {
		t.Errorf("Verify = %+v, %v", res, err)
	}
}

func TestAppendBatchRefusesBadRecordsAndAppendsNothing(t *testing.T) {
	good := input(0, 1, base)
	tests := []struct {
		name string
		edit func(r *Record)
		want string
	}{
		{"no time", func(r *Record) { r.Time = time.Time{} }, "no time"},
		{"time past 2262", func(r *Record) { r.Time = time.Date(2300, 1, 1, 0, 0, 0, 0, time.UTC) }, "out of range"},
		{"no kind", func(r *Record) { r.Kind = "" }, "no kind"},
		{"seq preset", func(r *Record) { r.Seq = 9 }, "assigned by the journal"},
		{"hash preset", func(r *Record) { r.Hash[0] = 1 }, "assigned by the journal"},
		{"negative shoe", func(r *Record) { r.Shoe = -1 }, "negative shoe"},
		{"payload not JSON", func(r *Record) { r.Payload = json.RawMessage(`{"i":`) }, "not valid JSON"},
		{"reason not UTF-8", func(r *Record) { r.Reason = "\xff" }, "not valid UTF-8"},
		{"huge reason", func(r *Record) { r.Reason = strings.Repeat("x", maxField+1) }, "longer than"},
		{"operator without reason", func(r *Record) {
			r.Kind, r.Actor = KindOperator, Actor{Role: "supervisor", ID: "S1"}
		}, "reason"},
		{"operator without role", func(r *Record) { r.Kind, r.Actor, r.Reason = KindOperator, Actor{ID: "S1"}, "x" }, "actor role"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			j, _ := openTemp(t, Options{})
			mustAppend(t, j, good)
			bad := input(1, 1, base)
			tc.edit(&bad)
			_, err := j.AppendBatch(input(2, 1, base), bad)
			if !errors.Is(err, ErrInvalidRecord) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "record 2 of 2") {
				t.Fatalf("AppendBatch error = %v, want ErrInvalidRecord mentioning %q", err, tc.want)
			}
			if got := scanAll(t, j); len(got) != 1 {
				t.Errorf("a refused batch left %d records, want the 1 appended before it", len(got))
			}
			if seq, _ := j.Head(); seq != 1 {
				t.Errorf("head moved to %d", seq)
			}
		})
	}
}

func TestAppendWithoutTableNeedsOne(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	j, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if _, err := j.AppendBatch(input(0, 1, base)); !errors.Is(err, ErrInvalidRecord) {
		t.Errorf("record without a table in a journal without one: %v", err)
	}
	r := input(0, 1, base)
	r.Table = "BAC-07"
	if out := mustAppend(t, j, r); out[0].Table != "BAC-07" {
		t.Errorf("table = %q", out[0].Table)
	}
}

// TestAppendWithNamesTheFirstRecord: build is told the sequence number the batch's first record
// gets, also after a batch appended by another writer (a prune checkpoint); an error from build,
// or a bad record, appends nothing.
func TestAppendWithNamesTheFirstRecord(t *testing.T) {
	j, _ := openTemp(t, Options{})
	mustAppend(t, j, input(1, 1, base), input(2, 1, base))
	build := func(first int64) ([]Record, error) {
		ref := Record{Time: base, Kind: "pit.answer", Source: SourceOperator, Payload: json.RawMessage(fmt.Sprintf(`{"seq":%d}`, first))}
		return []Record{input(3, 1, base), ref}, nil
	}
	out, err := j.AppendWith(build)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || out[0].Seq != 3 || string(out[1].Payload) != `{"seq":3}` {
		t.Fatalf("appended %+v", out)
	}
	mustAppend(t, j, input(4, 1, base))
	if out, err = j.AppendWith(build); err != nil || out[0].Seq != 6 || string(out[1].Payload) != `{"seq":6}` {
		t.Fatalf("after another append: %+v, %v", out, err)
	}
	boom := errors.New("boom")
	if _, err := j.AppendWith(func(int64) ([]Record, error) { return []Record{input(9, 1, base)}, boom }); !errors.Is(err, boom) {
		t.Fatalf("build's error: %v", err)
	}
	if _, err := j.AppendWith(func(int64) ([]Record, error) { return []Record{input(9, 1, base), {Kind: KindShoe}}, nil }); !errors.Is(err, ErrInvalidRecord) {
		t.Fatalf("a bad record: %v", err)
	}
	if seq, _ := j.Head(); seq != 7 {
		t.Fatalf("head %d after two failed batches, want 7", seq)
	}
}

func TestTimesAreStoredInUTCToTheNanosecond(t *testing.T) {
	j, _ := openTemp(t, Options{})
	loc := time.FixedZone("AEST", 10*3600)
	at := time.Date(2026, 11, 20, 21, 5, 7, 123456789, loc)
	mustAppend(t, j, input(0, 1, at))
	got := scanAll(t, j)[0].Time
	if !got.Equal(at) || got.Location() != time.UTC || got.Nanosecond() != 123456789 {
		t.Errorf("time read back %v, want %v in UTC", got, at)
	}
}

func TestRoundsByShoeAndDate(t *testing.T) {
	j, _ := openTemp(t, Options{})
	all := fillShoes(t, j, 3, 4)
	rounds, err := j.Rounds(2)
	if err != nil {
		t.Fatal(err)
	}
	var want []Record
	for _, r := range all {
		if r.Kind == KindRound && r.Shoe == 2 {
			want = append(want, r)
		}
	}
	if len(want) != 4 || !reflect.DeepEqual(rounds, want) {
		t.Errorf("Rounds(2) = %d records, want %d: %+v", len(rounds), len(want), rounds)
	}
	day3 := base.AddDate(0, 0, 2).Truncate(24 * time.Hour)
	byDate, err := j.RoundsBetween(day3, day3.AddDate(0, 0, 1))
	if err != nil {
		t.Fatal(err)
	}
	if len(byDate) != 4 || byDate[0].Shoe != 3 || byDate[3].Shoe != 3 {
		t.Errorf("RoundsBetween(day 3) = %+v", byDate)
	}
	if none, err := j.Rounds(9); err != nil || len(none) != 0 {
		t.Errorf("Rounds(9) = %v, %v", none, err)
	}
}

func TestPublishedMarkerMakesTheJournalAnOutbox(t *testing.T) {
	j, _ := openTemp(t, Options{})
	all := fillShoes(t, j, 1, 3) // 6 records
	if p, err := j.Published(); err != nil || p != 0 {
		t.Fatalf("Published = %d, %v", p, err)
	}
	un, err := j.Unpublished(4)
	if err != nil || len(un) != 4 || un[0].Seq != 1 {
		t.Fatalf("Unpublished(4) = %v, %v", un, err)
	}
	if err := j.SetPublished(4); err != nil {
		t.Fatal(err)
	}
	un, err = j.Unpublished(0)
	if err != nil || len(un) != 2 || !reflect.DeepEqual(un, all[4:]) {
		t.Fatalf("Unpublished after SetPublished(4) = %v, %v", un, err)
	}
	if err := j.SetPublished(3); err == nil {
		t.Error("the published mark moved backwards")
	}
	if err := j.SetPublished(7); err == nil {
		t.Error("published mark set beyond the head")
	}
	if p, _ := j.Published(); p != 4 {
		t.Errorf("Published = %d after refused moves, want 4", p)
	}
}

func TestDefaultPath(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", "/srv/data")
	if p, err := DefaultPath("BAC-07"); err != nil || p != "/srv/data/coupboard/BAC-07.db" {
		t.Errorf("DefaultPath with XDG_DATA_HOME = %q, %v", p, err)
	}
	t.Setenv("XDG_DATA_HOME", "relative/ignored")
	t.Setenv("HOME", "/home/dealer")
	if p, err := DefaultPath("BAC-07"); err != nil || p != "/home/dealer/.local/share/coupboard/BAC-07.db" {
		t.Errorf("DefaultPath without an absolute XDG_DATA_HOME = %q, %v", p, err)
	}
	for _, bad := range []string{"", "..", "a/b"} {
		if _, err := DefaultPath(bad); err == nil {
			t.Errorf("DefaultPath(%q) accepted", bad)
		}
	}
}

func TestHashText(t *testing.T) {
	j, _ := openTemp(t, Options{})
	r := mustAppend(t, j, input(0, 1, base))[0]
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Record
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Hash != r.Hash || back.ComputeHash() != r.Hash {
		t.Errorf("JSON round trip changed the record: %s", b)
	}
	if !bytes.Contains(b, []byte(r.Hash.String())) {
		t.Errorf("JSON %s does not show the hash as hex", b)
	}
	if _, err := ParseHash("zz"); err == nil {
		t.Error("ParseHash accepted a short string")
	}
}
