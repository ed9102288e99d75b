package operator

import (
	"strings"
	"testing"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/serialin"
)

// The shoe link's errors are worded by the catalogue in each language (issue 23), each with its
// port; an error of no known fault keeps the link's own words.
func TestShoeLinkWordsInEachLanguage(t *testing.T) {
	faults := []serialin.Fault{serialin.FaultNotFound, serialin.FaultPermission, serialin.FaultBusy, serialin.FaultNotSerial,
		serialin.FaultUSBNone, serialin.FaultUSBMany, serialin.FaultList, serialin.FaultConnect, serialin.FaultDisconnected,
		serialin.FaultUnreadable, serialin.FaultSilent, serialin.FaultIO, serialin.FaultResume}
	if len(faults) != len(shoeFaults) {
		t.Fatalf("%d faults tested, %d worded", len(faults), len(shoeFaults))
	}
	en := i18n.Catalogue{}
	for _, f := range faults {
		st := serialin.Status{Port: "/dev/ttyUSB0", Err: "shoe port /dev/ttyUSB0: something in English", Fault: f}
		m, ok := ShoeLinkWords(st)
		if !ok || m.Key == i18n.ShoeFaultOther {
			t.Errorf("%s: %+v, %v: not worded by the catalogue", f, m, ok)
			continue
		}
		for _, lang := range i18n.Langs() {
			w, _ := i18n.New(lang)
			got := w.Say(m)
			if !strings.Contains(got, "/dev/ttyUSB0") || strings.HasPrefix(got, "[") {
				t.Errorf("%s in %s: %q", f, lang, got)
			}
			if lang != i18n.English && got == en.Say(m) {
				t.Errorf("%s in %s: %q is English", f, lang, got)
			}
		}
	}
	// An error of no known kind is said to be one, its own words left to the Diagnostics tab.
	for _, f := range []serialin.Fault{serialin.FaultOther, serialin.FaultNone, "a fault of a later release"} {
		m, ok := ShoeLinkWords(serialin.Status{Port: "/dev/x", Err: "read /dev/x: bad file descriptor", Fault: f})
		if !ok || en.Say(m) != "shoe /dev/x: link error (the Diagnostics tab shows its details)" {
			t.Errorf("fault %q: %+v, %v", f, m, ok)
		}
		for _, lang := range []i18n.Lang{i18n.SimplifiedChinese, i18n.TraditionalChinese} {
			w, _ := i18n.New(lang)
			if got := w.Say(m); strings.Contains(got, "bad file") || len(englishLeft(got, "/dev/x")) > 0 {
				t.Errorf("fault %q in %s: %q has English", f, lang, got)
			}
		}
	}
	if _, ok := ShoeLinkWords(serialin.Status{Port: "/dev/x", State: serialin.LinkConnected}); ok {
		t.Error("words for a link with no error")
	}
}
