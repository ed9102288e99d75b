package journal

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// base is the time of the first test record.
var base = time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)

// openTemp opens a new journal in a test directory.
func openTemp(t testing.TB, opts Options) (*Journal, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "data", "t1.db")
	if opts.Table == "" {
		opts.Table = "t1"
	}
	j, err := Open(path, opts)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { j.Close() })
	return j, path
}

// input returns a shoe-input record numbered i (payload derived from i).
func input(i int, shoe int64, at time.Time) Record {
	return Record{
		Time: at, Kind: KindShoe, Source: SourceShoe, Shoe: shoe,
		Payload: json.RawMessage(fmt.Sprintf(`{"i":%d,"card":"%s"}`, i, []string{"AS", "TD", "9H", "KC"}[i%4])),
	}
}

// roundRec returns a round record for round n of shoe.
func roundRec(t testing.TB, shoe int64, n int, at time.Time) Record {
	t.Helper()
	r := Round{N: n, Shoe: shoe, Player: []string{"AS", "7D"}, Banker: []string{"TD", "6C"}, PlayerTotal: 8, BankerTotal: 6,
		Winner: "P", Natural: true, Kind: RoundNormal, Source: SourceShoe}
	if n%3 == 0 {
		r.Banker = append(r.Banker, "3H")
		r.BankerTotal, r.Winner, r.Natural = 9, "B", true
	}
	p, err := r.Payload()
	if err != nil {
		t.Fatal(err)
	}
	return Record{Time: at, Kind: KindRound, Source: SourceShoe, Shoe: shoe, Payload: p}
}

// mustAppend appends and fails the test on error.
func mustAppend(t testing.TB, j *Journal, recs ...Record) []Record {
	t.Helper()
	out, err := j.AppendBatch(recs...)
	if err != nil {
		t.Fatalf("AppendBatch: %v", err)
	}
	return out
}

// fillShoes appends shoes shoes of rounds rounds each, each round an input and a round record
// in one batch, one shoe per day starting at base; it returns everything appended.
func fillShoes(t testing.TB, j *Journal, shoes, rounds int) []Record {
	t.Helper()
	var all []Record
	i := 0
	for s := 1; s <= shoes; s++ {
		day := base.AddDate(0, 0, s-1)
		for n := 1; n <= rounds; n++ {
			at := day.Add(time.Duration(n) * time.Minute)
			all = append(all, mustAppend(t, j, input(i, int64(s), at), roundRec(t, int64(s), n, at))...)
			i++
		}
	}
	return all
}

// rawDB opens the journal file directly, as someone editing it by hand would.
func rawDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// execSQL runs statements on db, failing the test on error.
func execSQL(t *testing.T, db *sql.DB, query string, args ...any) {
	t.Helper()
	if _, err := db.Exec(query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// scanAll returns every record of j.
func scanAll(t testing.TB, j *Journal) []Record {
	t.Helper()
	var out []Record
	if err := j.Scan(0, func(r Record) error { out = append(out, r); return nil }); err != nil {
		t.Fatalf("Scan: %v", err)
	}
	return out
}

// refused opens the journal at path read-write, expects a *DamageError and checks that the
// quarantine directory it names holds the journal's files.
func refused(t testing.TB, path string) *DamageError {
	t.Helper()
	j, err := Open(path, Options{Table: "t1"})
	if err == nil {
		j.Close()
		t.Fatalf("Open of the damaged journal %s succeeded", path)
	}
	var de *DamageError
	if !errors.As(err, &de) || !errors.Is(err, ErrDamaged) {
		t.Fatalf("Open of the damaged journal = %v, want a *DamageError", err)
	}
	if de.Quarantine == "" || !strings.Contains(err.Error(), de.Quarantine) || !strings.Contains(err.Error(), "To recover") {
		t.Fatalf("the refusal does not name the quarantine and the recovery: %v", err)
	}
	if _, err := os.Stat(filepath.Join(de.Quarantine, "DAMAGE.txt")); err != nil {
		t.Fatalf("quarantine copy: %v", err)
	}
	return de
}
