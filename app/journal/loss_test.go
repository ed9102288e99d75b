package journal

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// acceptable says, for every case of the damage suite, whether it is a loss from the end of
// the journal that a supervisor may accept (a new case must be classified here).
var acceptable = map[string]bool{
	"WAL header damaged":                     true,
	"WAL deleted":                            true,
	"WAL and shm deleted":                    true,
	"database truncated to 0":                false, // SQLite cannot read the log without its database file
	"database truncated to 0, WAL deleted":   true,
	"database deleted":                       false,
	"every file deleted but the head":        true,
	"WAL damaged in the middle":              true,
	"WAL frame header damaged in the middle": true,
	"WAL cut in half":                        true,
	"WAL cut to its header":                  true,
}

// supervisor is the acceptance the tests give.
var supervisor = Acceptance{Actor: Actor{Role: "supervisor", ID: "4711"}, Reason: "WAL lost in a power cut; cards checked with surveillance", Time: base.AddDate(0, 1, 0), Table: "t1"}

// TestAcceptLossOfTheDamageSuite: a loss from the end is accepted, recorded and played on;
// every other damage is refused with the reason and the files left as they were.
func TestAcceptLossOfTheDamageSuite(t *testing.T) {
	for _, tc := range damageCases() {
		ok, known := acceptable[tc.name]
		if !known {
			t.Errorf("damage case %q is not classified in acceptable", tc.name)
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			j, orig := openTemp(t, Options{})
			recs := fillShoes(t, j, 5, 40) // 400 records
			path := copyJournal(t, orig)
			n := int64(len(recs))
			tc.damage(t, path)
			before := readFiles(t, path)
			c, err := CheckLoss(path)
			if !ok {
				if !errors.Is(err, ErrLossNotAcceptable) || !strings.Contains(err.Error(), "To recover") {
					t.Fatalf("CheckLoss = %v, want ErrLossNotAcceptable with the recovery", err)
				}
				if _, err := AcceptLoss(path, c.Loss, supervisor); !errors.Is(err, ErrLossNotAcceptable) {
					t.Fatalf("AcceptLoss = %v, want ErrLossNotAcceptable", err)
				}
				after := readFiles(t, path)
				for ext, b := range before {
					if ext != "-shm" && !bytes.Equal(after[ext], b) {
						t.Errorf("the refused acceptance changed %s", path+ext)
					}
				}
				refused(t, path) // still refused
				return
			}
			if err != nil {
				t.Fatalf("CheckLoss: %v", err)
			}
			l := c.Loss
			if l.ThroughSeq != n || l.FromSeq != l.SurvivingSeq+1 || l.CommittedHash != recs[n-1].Hash || l.Found == "" {
				t.Fatalf("loss %+v, want records after %d through %d (hash %s)", l, l.SurvivingSeq, n, recs[n-1].Hash)
			}
			if l.SurvivingSeq > 0 && l.SurvivingHash != recs[l.SurvivingSeq-1].Hash {
				t.Fatalf("surviving head %d hash %s, the record written had %s", l.SurvivingSeq, l.SurvivingHash, recs[l.SurvivingSeq-1].Hash)
			}
			sameFiles(t, path, before, c.Quarantine)
			signIn := Record{Time: supervisor.Time, Kind: KindAccess, Source: SourceOperator, Actor: supervisor.Actor,
				Payload: json.RawMessage(`{"event":"sign_in","outcome":"granted"}`)}
			got, err := AcceptLoss(path, l, supervisor, signIn)
			if err != nil {
				t.Fatalf("AcceptLoss: %v", err)
			}
			if len(got) != 2 || got[0].Seq != n+1 || got[0].PrevHash != l.SurvivingHash || got[1].Seq != n+2 || got[0].Kind != KindLossAccepted {
				t.Fatalf("records written: %+v", got)
			}
			sameFiles(t, path, before, c.Quarantine) // the evidence is kept
			// The table plays on: Open accepts it, names the loss, and appends after it.
			j2, err := Open(path, Options{Table: "t1"})
			if err != nil {
				t.Fatalf("Open after the loss was accepted: %v", err)
			}
			su := j2.Startup()
			if su.Damaged() || len(su.Accepted) != 1 || su.Accepted[0].Seq != n+1 || su.Accepted[0].Actor != supervisor.Actor ||
				su.Accepted[0].Reason != supervisor.Reason || su.Accepted[0].Quarantine != c.Quarantine || su.Accepted[0].LossAccepted != l {
				t.Fatalf("Startup after acceptance: %+v", su)
			}
			if !strings.Contains(su.Accepted[0].String(), "were lost and the loss was accepted in record") {
				t.Errorf("accepted loss says %q", su.Accepted[0])
			}
			next := mustAppend(t, j2, input(9999, 6, supervisor.Time.Add(time.Minute)))
			if next[0].Seq != n+3 {
				t.Errorf("next record seq %d, want %d", next[0].Seq, n+3)
			}
			all := scanAll(t, j2)
			for i := int64(0); i < l.SurvivingSeq; i++ {
				if all[i].Hash != recs[i].Hash {
					t.Fatalf("surviving record %d changed", i+1)
				}
			}
			v, err := j2.Verify()
			if err != nil || !v.OK() || len(v.Losses) != 1 || v.LastSeq != n+3 {
				t.Fatalf("Verify after acceptance = %+v, %v", v, err)
			}
			j2.Close()
			// Accepting again is refused: nothing is lost now.
			if _, err := CheckLoss(path); !errors.Is(err, ErrLossNotAcceptable) || !strings.Contains(err.Error(), "not damaged") {
				t.Errorf("CheckLoss of the accepted journal = %v", err)
			}
			// The quarantine copy still shows the loss as it was found.
			ro, err := Open(filepath.Join(c.Quarantine, filepath.Base(path)), Options{ReadOnly: true, TailCheck: -1})
			if err == nil {
				if ro.Startup().Missing == "" {
					t.Errorf("the quarantine copy no longer shows the loss")
				}
				ro.Close()
			}
		})
	}
}

// TestAcceptLossRefusesOtherDamage: an edit, a deletion in the middle, an edit of the last
// committed record, a journal with nothing wrong: each refused with its reason.
func TestAcceptLossRefusesOtherDamage(t *testing.T) {
	tests := []struct {
		name   string
		damage func(t *testing.T, path string)
		want   string
	}{
		{"record edited", func(t *testing.T, path string) {
			execSQL(t, rawDB(t, path), "UPDATE records SET reason = 'edited' WHERE seq = 3")
		}, "the chain is broken inside the journal"},
		{"record deleted in the middle", func(t *testing.T, path string) {
			execSQL(t, rawDB(t, path), "DELETE FROM records WHERE seq = 50")
		}, "the chain is broken inside the journal"},
		{"last committed record edited and rehashed", func(t *testing.T, path string) {
			db := rawDB(t, path)
			var r Record
			rows, err := db.Query(selectColumns + " WHERE seq = 160")
			if err != nil {
				t.Fatal(err)
			}
			rows.Next()
			r, err = scanRecord(rows)
			rows.Close()
			if err != nil {
				t.Fatal(err)
			}
			r.Reason = "rewritten"
			h := r.ComputeHash()
			execSQL(t, db, "UPDATE records SET reason = ?, hash = ? WHERE seq = 160", r.Reason, h[:])
		}, "record 160 differs from the one committed"},
		{"nothing wrong", func(t *testing.T, path string) {}, "it is not damaged"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			j, path := openTemp(t, Options{})
			fillShoes(t, j, 2, 40)
			j.Close()
			tc.damage(t, path)
			c, err := CheckLoss(path)
			if !errors.Is(err, ErrLossNotAcceptable) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("CheckLoss = %v, want ErrLossNotAcceptable saying %q", err, tc.want)
			}
			if _, err := AcceptLoss(path, c.Loss, supervisor); !errors.Is(err, ErrLossNotAcceptable) {
				t.Fatalf("AcceptLoss = %v", err)
			}
		})
	}
}

// lostLog writes shoes shoes of 40 rounds (80 records each), copies the journal as a kill -9
// leaves it, deletes the copy's write-ahead log (and the files named in also) and checks the
// loss it then has.
func lostLog(t *testing.T, shoes int, also ...string) (string, LossCheck) {
	t.Helper()
	j, orig := openTemp(t, Options{})
	fillShoes(t, j, shoes, 40)
	path := copyJournal(t, orig)
	rm(t, path+"-wal")
	for _, ext := range also {
		rm(t, path+ext)
	}
	c, err := CheckLoss(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, c
}

// TestAcceptLossNeedsWhoAndTheLossShown: no actor or reason, or a loss other than the one
// the journal has now, is refused and writes nothing.
func TestAcceptLossNeedsWhoAndTheLossShown(t *testing.T) {
	path, c := lostLog(t, 2)
	noReason := supervisor
	noReason.Reason = ""
	if _, err := AcceptLoss(path, c.Loss, noReason); !errors.Is(err, ErrInvalidRecord) {
		t.Errorf("no reason: %v", err)
	}
	other := c.Loss
	other.ThroughSeq--
	if _, err := AcceptLoss(path, other, supervisor); err == nil || !strings.Contains(err.Error(), "changed since it was checked") {
		t.Errorf("another loss: %v", err)
	}
	refused(t, path)
}

// TestVerifyRefusesAForgedLossAcceptance: a loss record whose range is not the gap it stands
// in (hashes recomputed, as a forger would) breaks the chain.
func TestVerifyRefusesAForgedLossAcceptance(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*LossAccepted)
		want string
	}{
		{"range too short", func(l *LossAccepted) { l.ThroughSeq-- }, "accepts the loss of records"},
		{"wrong surviving hash", func(l *LossAccepted) { l.SurvivingHash[0] ^= 1 }, "accepts a loss after record"},
		{"unknown version", func(l *LossAccepted) { l.V = 2 }, "loss acceptance unreadable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path, c := lostLog(t, 1)
			got, err := AcceptLoss(path, c.Loss, supervisor)
			if err != nil {
				t.Fatal(err)
			}
			r := got[0]
			la, _ := DecodeLossAccepted(r.Payload)
			tc.edit(&la)
			r.Payload, _ = json.Marshal(la)
			r.Hash = r.ComputeHash()
			execSQL(t, rawDB(t, path), "UPDATE records SET payload = ?, hash = ? WHERE seq = ?", []byte(r.Payload), r.Hash[:], r.Seq)
			ro, err := Open(path, Options{ReadOnly: true, TailCheck: -1})
			if err != nil {
				t.Fatal(err)
			}
			defer ro.Close()
			v, err := ro.Verify()
			if err != nil || v.OK() || !strings.Contains(v.Bad.Problem, tc.want) {
				t.Fatalf("Verify = %+v, %v; want a bad record saying %q", v, err, tc.want)
			}
			// The head file was rewritten with the old hash, so the edit is also a loss now;
			// the damaged chain is never accepted.
			if _, err := CheckLoss(path); !errors.Is(err, ErrLossNotAcceptable) {
				t.Errorf("CheckLoss of the forged journal = %v", err)
			}
		})
	}
}

// TestTailCheckInsideAnAcceptedLoss: a tail check that starts inside the lost range checks
// from the record before it.
func TestTailCheckInsideAnAcceptedLoss(t *testing.T) {
	path, c := lostLog(t, 1, "")
	if c.Loss.FromSeq != 1 || c.Loss.ThroughSeq != 80 || c.Loss.SurvivingSeq != 0 {
		t.Fatalf("loss %+v", c.Loss)
	}
	if _, err := AcceptLoss(path, c.Loss, supervisor); err != nil {
		t.Fatal(err)
	}
	j2, err := Open(path, Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	mustAppend(t, j2, input(1, 1, supervisor.Time), input(2, 1, supervisor.Time))
	j2.Close()
	for _, tail := range []int{1, 2, 3, 50} {
		ro, err := Open(path, Options{ReadOnly: true, TailCheck: tail})
		if err != nil {
			t.Fatal(err)
		}
		if su := ro.Startup(); su.Damaged() || su.HeadSeq != 83 {
			t.Errorf("tail check %d: %+v", tail, su)
		}
		ro.Close()
	}
}
