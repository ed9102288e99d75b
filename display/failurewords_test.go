package display

import (
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/sample"
	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/testclock"
	"github.com/coupboard/coupboard/themes"
)

// englishWord is an English word on a Chinese screen: three ASCII letters or more (a card
// code, a time, a port's number have fewer).
var englishWord = regexp.MustCompile(`[A-Za-z]{3,}`)

// failedWriteStatus is the status strip a real table loop shows when its journal cannot be
// written: a journal opened read-only, an input sent, the alert the loop raises.
func failedWriteStatus(t *testing.T) view.Status {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t1.db")
	j, err := journal.Open(path, journal.Options{Table: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	if j, err = journal.Open(path, journal.Options{Table: "t1", ReadOnly: true}); err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	c := testclock.New(time.Date(2026, 11, 22, 21, 0, 0, 0, time.UTC))
	p, err := engine.LookupProfile("vic-baccarat-2002")
	if err != nil {
		t.Fatal(err)
	}
	set, err := engine.ParseSettings(&p, nil)
	if err != nil {
		t.Fatal(err)
	}
	lim := engine.WagerLimit{Min: 2500, Max: 500000, Multiple: 500}
	s := table.Setup{ID: "t1", Name: "Baccarat 1", Casino: "Test", Profile: p, Settings: set, Currency: "$",
		Sign: engine.Sign{Player: lim, Banker: lim, Tie: engine.WagerLimit{Min: 500, Max: 50000}}}
	run, err := table.Start(func(o table.Options) (*table.Loop, error) { return table.NewBaccaratLoop(s, j, o) },
		table.Options{Clock: c.Now, Frame: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer run.Stop() // its clean stop cannot be written either
	if res := run.Send(table.Input{Alert: &table.Alert{Text: "shoe jammed — clear it; enter cards by hand meanwhile"}}, journal.SourceConfig); res.Err == nil {
		t.Fatal("an input on a read-only journal was taken")
	}
	scr, err := run.Screen(c.Now())
	if err != nil {
		t.Fatal(err)
	}
	if len(scr.Status.Errors) == 0 || !strings.Contains(scr.Status.Errors[0], "journal write failed") {
		t.Fatalf("the loop raised %q, not the journal's failure", scr.Status.Errors)
	}
	return scr.Status
}

// stripTexts lays out the midshoe screen with status in lang and returns its status strip's
// texts; COUPBOARD_STRIP_PNG=dir writes the whole screen there as name-lang.png, to look at.
func stripTexts(t *testing.T, lang i18n.Lang, status view.Status, name string) string {
	t.Helper()
	st := style(t, themes.ClassicID, lang)
	s, err := sample.State("midshoe")
	if err != nil {
		t.Fatal(err)
	}
	s.Status = status
	scr := layOut(st, s, fyne.NewSize(1920, 1080))
	var texts []string
	walkTexts(scr.status, "status", func(_ string, tx *canvas.Text) { texts = append(texts, tx.Text) })
	if dir := os.Getenv("COUPBOARD_STRIP_PNG"); dir != "" {
		w := test.NewWindow(scr)
		w.Resize(fyne.NewSize(1920, 1080))
		f, err := os.Create(filepath.Join(dir, name+"-"+string(lang)+".png"))
		if err == nil {
			err = png.Encode(f, w.Canvas().Capture())
			f.Close()
		}
		w.Close()
		if err != nil {
			t.Error(err)
		}
	}
	return strings.Join(texts, " | ")
}

// TestNoEnglishOnTheStripWhenTheJournalFails: a table whose journal cannot be written says so
// on the status strip in Simplified and Traditional Chinese without a word of English — the
// kind of failure worded, SQLite's own English left to the log (issue 23 item 3) — and in
// English says which kind.
func TestNoEnglishOnTheStripWhenTheJournalFails(t *testing.T) {
	test.NewTempApp(t)
	status := failedWriteStatus(t)
	status.Link = view.LinkConnected
	for _, lang := range i18n.Langs() {
		all := stripTexts(t, lang, status, "journal-failed")
		words, _ := i18n.New(lang)
		switch left := englishWord.FindAllString(all, -1); {
		case lang == i18n.English && !strings.Contains(all, "the journal cannot be written (read-only)"):
			t.Errorf("%s: the strip %q does not say the journal is read-only", lang, all)
		case lang != i18n.English && len(left) > 0:
			t.Errorf("%s: English %q left on the strip: %q", lang, left, all)
		case lang != i18n.English && !strings.Contains(all, words.Reason("journal write failed: the journal cannot be written (read-only) — inputs are not being recorded; call a supervisor", "")):
			t.Errorf("%s: the strip %q does not word the journal's failure", lang, all)
		}
	}
}

// TestNoEnglishOnTheStripWhenTheShoeLinkFails: the shoe link's error of no known kind, as the
// table program gives it to the strip (operator.ShoeLinkWords' message), is worded in each
// Chinese catalogue with its port, the link's own English left to Diagnostics and the log.
func TestNoEnglishOnTheStripWhenTheShoeLinkFails(t *testing.T) {
	test.NewTempApp(t)
	const port = "/dev/ttyUSB0"
	for _, key := range []i18n.Key{i18n.ShoeFaultOther, i18n.ShoeFaultIO} {
		m := i18n.Message{Key: key, Args: []any{port}}
		status := view.Status{Link: view.LinkDisconnected, Warnings: []string{i18n.Catalogue{}.Say(m)}, WarningWords: []i18n.Message{m}}
		for _, lang := range []i18n.Lang{i18n.SimplifiedChinese, i18n.TraditionalChinese} {
			all := stripTexts(t, lang, status, "shoe-"+string(key))
			words, _ := i18n.New(lang)
			if left := englishWord.FindAllString(strings.NewReplacer(port, "", "USB", "").Replace(all), -1); len(left) > 0 {
				t.Errorf("%s %s: English %q left on the strip: %q", key, lang, left, all)
			}
			if !strings.Contains(all, words.Say(m)) {
				t.Errorf("%s %s: the strip %q does not say %q", key, lang, all, words.Say(m))
			}
		}
	}
}
