package app

import (
	"database/sql"
	"errors"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/display"
	"github.com/coupboard/coupboard/display/i18n"
)

// refusedJournal is the error a read-write Open of a journal of three records gives after
// damage (SQL run on its database once it was closed).
func refusedJournal(t *testing.T, damage string) (path string, err error) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "t1.db")
	j, err := journal.Open(path, journal.Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	for n := 1; n <= 3; n++ {
		if _, err := j.AppendBatch(journal.Record{Time: at.Add(time.Duration(n) * time.Minute), Kind: journal.KindOperator, Source: journal.SourceOperator, Actor: journal.Actor{Role: "supervisor", ID: "4"}, Reason: "test", Shoe: 1, Payload: []byte(`{}`)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(damage); err != nil {
		t.Fatalf("%s: %v", damage, err)
	}
	db.Close()
	_, err = journal.Open(path, journal.Options{Table: "t1"})
	if !journalRefused(err) {
		t.Fatalf("%s: Open gave %v, not a refusal", damage, err)
	}
	return path, err
}

// englishWord is an English word: three ASCII letters or more.
var englishWord = regexp.MustCompile(`[A-Za-z]{3,}`)

// The refusal window for a damaged journal (a record edited: the hash chain broken; records
// deleted from its end) and for an SQLite file that is not a coupboard journal, in Simplified
// and Traditional Chinese: no English is left but the paths, the commands to type and
// SQLite's name (issue 23 item 3); in English its advice is the journal's own
// (journal.RecoveryAdvice). COUPBOARD_REFUSAL_PNG=dir writes each window there to look at.
func TestRefusalWindowInTheTablesLanguage(t *testing.T) {
	edited, editedErr := refusedJournal(t, "UPDATE records SET reason = 'edited' WHERE seq = 2")
	cut, cutErr := refusedJournal(t, "DELETE FROM records WHERE seq > 1")
	foreign := filepath.Join(t.TempDir(), "t1.db")
	db, err := sql.Open("sqlite", "file:"+foreign)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE photos (x)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, foreignErr := journal.Open(foreign, journal.Options{Table: "t1"})
	if !errors.Is(foreignErr, journal.ErrForeign) {
		t.Fatalf("a foreign SQLite file: %v", foreignErr)
	}
	for _, tc := range []struct {
		name, path string
		err        error
	}{{"edited", edited, editedErr}, {"cut", cut, cutErr}, {"foreign", foreign, foreignErr},
		{"malformed", edited, fmt.Errorf("open journal %s: %w", edited, journal.ErrCorrupt)}} {
		var de *journal.DamageError
		isDamage := errors.As(tc.err, &de)
		for _, lang := range i18n.Langs() {
			words, err := i18n.New(lang)
			if err != nil {
				t.Fatal(err)
			}
			title, paras := refusalText(words, tc.path, tc.err)
			all := title + "\n" + strings.Join(paras, "\n")
			if tc.name == "malformed" && (strings.Contains(all, "new, empty journal") || strings.Contains(all, "新建") ||
				!strings.Contains(all, tc.path)) {
				t.Errorf("a damaged journal's refusal in %s offers to start a new journal or hides which file:\n%s", lang, all)
			}
			if lang == i18n.English {
				if isDamage && paras[len(paras)-1] != journal.RecoveryAdvice(de.Path) {
					t.Errorf("%s: the English advice %q is not the journal's %q", tc.name, paras[len(paras)-1], journal.RecoveryAdvice(de.Path))
				}
				continue
			}
			data := []string{tc.path, filepath.Dir(tc.path), filepath.Base(tc.path), journal.HeadSuffix, "-wal", "coupboard journal accept-loss --config",
				"coupboard audit verify --db", "docs/auditor.md", "coupboard", "SQLite"}
			if isDamage {
				data = append([]string{de.Quarantine}, data...)
			}
			rest := all
			for _, d := range data {
				rest = strings.ReplaceAll(rest, d, "")
			}
			if left := englishWord.FindAllString(rest, -1); len(left) > 0 {
				t.Errorf("%s in %s: English %q left in the refusal:\n%s", tc.name, lang, left, all)
			}
			if isDamage && !strings.Contains(all, de.Quarantine) {
				t.Errorf("%s in %s: the refusal does not say where the files are kept:\n%s", tc.name, lang, all)
			}
			if dir := os.Getenv("COUPBOARD_REFUSAL_PNG"); dir != "" {
				a := test.NewTempApp(t)
				cfg := config.Demo()
				cfg.Journal.Path, cfg.Display.Language = tc.path, string(lang)
				th, err := loadTheme(cfg.Display.Theme)
				if err != nil {
					t.Fatal(err)
				}
				display.UseTheme(a, th) // as showRefusal does
				w := test.NewWindow(nil)
				w.Resize(fyne.NewSize(1280, 720))
				w.SetContent(refusalContent(cfg, w, tc.err))
				f, err := os.Create(filepath.Join(dir, "refusal-"+tc.name+"-"+string(lang)+".png"))
				if err == nil {
					err = png.Encode(f, w.Canvas().Capture())
					f.Close()
				}
				w.Close()
				if err != nil {
					t.Error(err)
				}
			}
		}
	}
}
