package opwords

import (
	"errors"
	"testing"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/engine/desk"
)

// catalogue is the catalogue of lang, or the test stops.
func catalogue(t *testing.T, lang i18n.Lang) i18n.Catalogue {
	t.Helper()
	w, err := i18n.New(lang)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestLineWording: a Line is worded late in the reader's language: its key through the
// catalogue, a nested Line in the same language, an Amount in the table's currency (in the
// engine's English for the journal), an engine's Reason through the catalogue's reasons, a
// Verbatim or Cat line as it is; Join puts its separator between the parts.
func TestLineWording(t *testing.T) {
	const warned = "under the minimum $25 after a warning: returned regardless of the result"
	for _, tc := range []struct {
		name     string
		line     Line
		currency string
		english  string // English()
		en, hans string // In(English / Simplified Chinese, currency)
	}{
		{"nested lines", M(i18n.LogNeeds, M(i18n.LogChangePort), M(i18n.OpSupervisor)), "$",
			"change port: needs a supervisor", "change port: needs a supervisor", "更换端口：需要主管"},
		{"an amount", M(i18n.ActDefer, Amount(125050), 3), "MOP$",
			"defer $1250.50 commission, seat 3", "defer MOP$1,250.50 commission, seat 3", "延后收取佣金 MOP$1,250.50，3 号座"},
		{"an amount, no symbol", M(i18n.ActDefer, Amount(500000), 7), "",
			"defer $5000 commission, seat 7", "defer 5,000 commission, seat 7", "延后收取佣金 5,000，7 号座"},
		{"a reason", Reason(warned), "MOP$",
			warned, "under the minimum MOP$25 after a warning: returned regardless of the result", "警告后仍低于最低限额 MOP$25：不论结果一律退还"},
		{"a reason inside a line", M(i18n.LogDone, Reason(warned)), "$",
			warned + ": done", warned + ": done", "警告后仍低于最低限额 $25：不论结果一律退还：完成"},
		{"verbatim", Verbatim("BAC-1 %d"), "$", "BAC-1 %d", "BAC-1 %d", "BAC-1 %d"},
		{"cat", Cat("BAC-1", " — ", M(i18n.OpSupervisor), 5), "$", "BAC-1 — supervisor5", "BAC-1 — supervisor5", "BAC-1 — 主管5"},
		{"join", Join(" · ", []Line{M(i18n.OpSupervisor), Verbatim("x"), M(i18n.LogChangePort)}), "$",
			"supervisor · x · change port", "supervisor · x · change port", "主管 · x · 更换端口"},
		{"join of one", Join(" · ", []Line{M(i18n.OpSupervisor)}), "$", "supervisor", "supervisor", "主管"},
		{"a refusal", Refusal(desk.Refusal{Command: "bet", Rule: "000 6.4", Reason: warned}), "$",
			"bet refused (000 6.4): " + warned, "bet refused (000 6.4): " + warned, "下注 被拒绝 (000 6.4)：警告后仍低于最低限额 $25：不论结果一律退还"},
		{"another error", Refusal(errors.New(warned)), "MOP$",
			warned, "under the minimum MOP$25 after a warning: returned regardless of the result", "警告后仍低于最低限额 MOP$25：不论结果一律退还"},
	} {
		if got := tc.line.English(); got != tc.english {
			t.Errorf("%s: English %q, want %q", tc.name, got, tc.english)
		}
		if got := tc.line.In(catalogue(t, i18n.English), tc.currency); got != tc.en {
			t.Errorf("%s: en %q, want %q", tc.name, got, tc.en)
		}
		if got := tc.line.In(catalogue(t, i18n.SimplifiedChinese), tc.currency); got != tc.hans {
			t.Errorf("%s: zh-Hans %q, want %q", tc.name, got, tc.hans)
		}
	}
}

// TestLineIsAMessage: a Line is an i18n.Message: one of plain arguments says in every language
// what the catalogue says of its Message, and a Message made a Line is worded the same; Zero
// is a line with no key and nothing to say.
func TestLineIsAMessage(t *testing.T) {
	for _, tc := range []struct {
		name string
		line Line
		msg  i18n.Message
		zero bool
	}{
		{"no arguments", M(i18n.OpSupervisor), i18n.Message{Key: i18n.OpSupervisor}, false},
		{"plain arguments", M(i18n.LogShoePort, "/dev/ttyUSB0", "CSP1"), i18n.Message{Key: i18n.LogShoePort, Args: []any{"/dev/ttyUSB0", "CSP1"}}, false},
		{"a message made a line", Line{i18n.Message{Key: i18n.LogDone, Args: []any{"recall"}}}, i18n.Message{Key: i18n.LogDone, Args: []any{"recall"}}, false},
		{"the zero line", Line{}, i18n.Message{}, true},
	} {
		if tc.line.Message.Key != tc.msg.Key || len(tc.line.Args) != len(tc.msg.Args) {
			t.Errorf("%s: message %+v, want %+v", tc.name, tc.line.Message, tc.msg)
		}
		if tc.line.Zero() != tc.zero {
			t.Errorf("%s: Zero %v, want %v", tc.name, tc.line.Zero(), tc.zero)
		}
		if tc.zero {
			continue
		}
		for _, lang := range i18n.Langs() {
			w := catalogue(t, lang)
			if got, want := tc.line.In(w, "$"), w.Say(tc.msg); got != want {
				t.Errorf("%s, %s: line %q, message %q", tc.name, lang, got, want)
			}
		}
	}
	if Verbatim("").Zero() || !Cat().Zero() {
		t.Errorf("Zero: Verbatim(\"\") %v (has something to say: an empty text), Cat() %v", Verbatim("").Zero(), Cat().Zero())
	}
}
