package operator

import (
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/serialin"
)

// The shoe link's errors of the kinds the status strip and the Diagnostics tab used to show in
// English — an I/O error, the shoe's sequence not taken up, an error of no known kind — and
// the link's state, on the Diagnostics tab in Simplified and Traditional Chinese: no English
// word is left but the port, outside the technical line that keeps the link's own words
// (issue 23 item 3).
func TestNoEnglishLeftInTheShoeLinksErrors(t *testing.T) {
	const port = "/dev/ttyUSB0"
	acronyms := []string{port, "CRC", "USB"} // the port, and names the same in every language
	since := time.Date(2026, 11, 22, 20, 58, 30, 0, time.UTC)
	for _, st := range []serialin.Status{
		{State: serialin.LinkReconnecting, Port: port, Fault: serialin.FaultIO, Since: since,
			Err: "shoe port /dev/ttyUSB0: open /dev/ttyUSB0: input/output error"},
		{State: serialin.LinkConnected, Port: port, Fault: serialin.FaultResume, Since: since,
			Err: "shoe mark not taken up, the sequence starts afresh: mark from another protocol"},
		{State: serialin.LinkReconnecting, Port: port, Fault: serialin.FaultOther, Since: since,
			Err: "shoe port /dev/ttyUSB0: read /dev/ttyUSB0: bad file descriptor"},
		{State: serialin.LinkDisconnected, Port: port, Fault: serialin.FaultDisconnected, Since: since,
			Err: "shoe disconnected: read /dev/ttyUSB0: input/output error"},
	} {
		for _, lang := range []i18n.Lang{i18n.SimplifiedChinese, i18n.TraditionalChinese} {
			t.Run(string(st.Fault)+"/"+string(lang), func(t *testing.T) {
				w, err := i18n.New(lang)
				if err != nil {
					t.Fatal(err)
				}
				lt := newLiveTable(t, "nz-baccarat-1998")
				r := newRig(t, lt, Options{Language: lang, Diagnostics: &shoeLink{status: &st}})
				r.signIn("17", dealerPIN)
				r.tab(w.T(i18n.OpTabDiag))
				r.sc.Update()
				text := r.sc.diag.status.Text
				details := w.T(i18n.DiagDetails, st.Err)
				if !strings.Contains(text, details) {
					t.Fatalf("the Diagnostics tab %q has no technical line %q", text, details)
				}
				if left := englishLeft(strings.Replace(text, details, "", 1), acronyms...); len(left) > 0 {
					t.Errorf("English %q left on the Diagnostics tab:\n%s", left, text)
				}
				if m, _ := ShoeLinkWords(st); len(englishLeft(w.Say(m), acronyms...)) > 0 { // as the status strip says it
					t.Errorf("the status strip's words %q are English", w.Say(m))
				}
			})
		}
	}
}
