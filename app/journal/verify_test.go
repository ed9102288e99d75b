package journal

import (
	"database/sql"
	"strings"
	"testing"
)

// rehash recomputes the hash of record seq as its stored contents stand and writes it back:
// what a careful forger does after an edit.
func rehash(t *testing.T, db *sql.DB, seq int64) {
	t.Helper()
	rows, err := db.Query(selectColumns+" WHERE seq = ?", seq)
	if err != nil {
		t.Fatal(err)
	}
	if !rows.Next() {
		t.Fatalf("no record %d", seq)
	}
	r, err := scanRecord(rows)
	rows.Close()
	if err != nil {
		t.Fatal(err)
	}
	h := r.ComputeHash()
	execSQL(t, db, "UPDATE records SET hash = ? WHERE seq = ?", h[:], seq)
}

// forge inserts a well-formed record at seq chained to prevSeq's hash, with a correct hash.
func forge(t *testing.T, db *sql.DB, seq, prevSeq int64) {
	t.Helper()
	var prev []byte
	if err := db.QueryRow("SELECT hash FROM records WHERE seq = ?", prevSeq).Scan(&prev); err != nil {
		t.Fatal(err)
	}
	r := input(99, 1, base)
	r.Seq, r.Table, r.Time = seq, "t1", r.Time.UTC()
	copy(r.PrevHash[:], prev)
	r.Hash = r.ComputeHash()
	execSQL(t, db, insertRecord, r.Seq, r.Time.UnixNano(), r.Table, r.Kind, r.Source, r.Actor.Role, r.Actor.ID, r.Reason,
		r.Shoe, []byte(r.Payload), r.PrevHash[:], r.Hash[:])
}

func TestVerifyNamesTheFirstBadRecord(t *testing.T) {
	tests := []struct {
		name    string
		publish int64 // SetPublished before tampering (0: no)
		tamper  func(t *testing.T, db *sql.DB)
		bad     int64
		problem string
	}{
		{"payload changed", 0, func(t *testing.T, db *sql.DB) {
			execSQL(t, db, `UPDATE records SET payload = replace(payload, '"winner":"P"', '"winner":"B"') WHERE seq = 4`)
			var p string
			if err := db.QueryRow(`SELECT payload FROM records WHERE seq = 4`).Scan(&p); err != nil || !strings.Contains(p, `"winner":"B"`) {
				t.Fatalf("the edit did not take: %s %v", p, err)
			}
		}, 4, "changed"},
		{"reason changed and rehashed", 0, func(t *testing.T, db *sql.DB) {
			execSQL(t, db, `UPDATE records SET reason = 'nothing to see' WHERE seq = 5`)
			rehash(t, db, 5)
		}, 6, "does not chain to record 5"},
		{"time changed", 0, func(t *testing.T, db *sql.DB) {
			execSQL(t, db, `UPDATE records SET time_ns = time_ns + 1 WHERE seq = 2`)
		}, 2, "changed"},
		{"hash column cut short", 0, func(t *testing.T, db *sql.DB) {
			execSQL(t, db, `UPDATE records SET hash = x'00' WHERE seq = 3`)
		}, 3, "changed"},
		{"record deleted", 0, func(t *testing.T, db *sql.DB) {
			execSQL(t, db, `DELETE FROM records WHERE seq = 5`)
		}, 5, "jumps from record 4 to record 6"},
		{"first record deleted", 0, func(t *testing.T, db *sql.DB) {
			execSQL(t, db, `DELETE FROM records WHERE seq = 1`)
		}, 1, "starts at record 2"},
		{"record inserted, later ones renumbered", 0, func(t *testing.T, db *sql.DB) {
			execSQL(t, db, `UPDATE records SET seq = -seq WHERE seq >= 5`)
			execSQL(t, db, `UPDATE records SET seq = 1 - seq WHERE seq < 0`)
			forge(t, db, 5, 4)
		}, 6, "changed"},
		{"record inserted at the end with a stale link", 0, func(t *testing.T, db *sql.DB) {
			forge(t, db, 11, 9)
		}, 11, "does not chain to record 10"},
		{"front deleted under a forged anchor", 0, func(t *testing.T, db *sql.DB) {
			var h []byte
			if err := db.QueryRow(`SELECT hash FROM records WHERE seq = 4`).Scan(&h); err != nil {
				t.Fatal(err)
			}
			execSQL(t, db, `DELETE FROM records WHERE seq <= 4`)
			execSQL(t, db, `INSERT INTO anchor (id, through_seq, through_hash) VALUES (1, 4, ?)`, h)
		}, 1, "no prune checkpoint"},
		{"published tail deleted", 10, func(t *testing.T, db *sql.DB) {
			execSQL(t, db, `DELETE FROM records WHERE seq >= 9`)
		}, 9, "pit bus had acknowledged"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			j, path := openTemp(t, Options{})
			fillShoes(t, j, 1, 5) // records 1..10
			if tc.publish > 0 {
				if err := j.SetPublished(tc.publish); err != nil {
					t.Fatal(err)
				}
			}
			if res, err := j.Verify(); err != nil || !res.OK() || res.Records != 10 {
				t.Fatalf("Verify before tampering = %+v, %v", res, err)
			}
			j.Close()
			db := rawDB(t, path)
			tc.tamper(t, db)
			db.Close()

			// The table refuses the journal; the whole chain was checked, the edit found.
			de := refused(t, path)
			j2, err := Open(path, Options{ReadOnly: true, TailCheck: -1})
			if err != nil {
				t.Fatalf("Open read-only after tampering: %v", err)
			}
			defer j2.Close()
			res, err := j2.Verify()
			if err != nil {
				t.Fatalf("Verify: %v", err)
			}
			if res.Bad == nil || res.Bad.Seq != tc.bad || !strings.Contains(res.Bad.Problem, tc.problem) {
				t.Fatalf("Verify = %+v (bad %v), want record %d: …%s…", res, res.Bad, tc.bad, tc.problem)
			}
			if tc.publish == 0 && tc.name != "front deleted under a forged anchor" {
				// The chain check on Open reports the same record.
				if s := de.Startup; s.TailBad == nil || s.TailBad.Seq != tc.bad || s.IntactThrough != tc.bad-1 {
					t.Errorf("Startup = %+v (tail bad %v), want tail bad %d", s, s.TailBad, tc.bad)
				}
			}
		})
	}
}

func TestVerifyEmptyJournal(t *testing.T) {
	j, _ := openTemp(t, Options{})
	res, err := j.Verify()
	if err != nil || !res.OK() || res.Records != 0 || !res.Head.IsZero() {
		t.Errorf("Verify of an empty journal = %+v, %v", res, err)
	}
}
