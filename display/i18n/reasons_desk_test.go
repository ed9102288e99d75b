package i18n

import (
	"regexp"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// asciiWord is an English word left in a text: three letters or more (rule numbers, amounts,
// card codes and the table-script words in parentheses aside).
var asciiWord = regexp.MustCompile(`[A-Za-z]{3,}`)

// TestDeskWordsWorded builds every shape of the desk's words for what it settled (each result
// of each wager, at a seat and for a standing player, with commission, with the book's
// Insurance rule, with a note, a refund undoing a result; deferred commission owed and
// collected) and words each in both Chinese catalogues: none is left in English, and the
// amounts are in the table's currency.
func TestDeskWordsWorded(t *testing.T) {
	p, err := engine.LookupProfile("vic-baccarat-2002")
	if err != nil {
		t.Fatal(err)
	}
	lim := engine.WagerLimit{Min: 1000, Max: 100000}
	tab, err := desk.New(desk.Config{Profile: p, Settings: engine.DefaultSettings(&p), Sign: engine.Sign{Player: lim, Banker: lim}, Currency: engine.Dollars}, desk.DefaultStart)
	if err != nil {
		t.Fatal(err)
	}
	note := engine.Note{Rule: "000 7.3.2, 001 3.5", Text: "over the maximum $5000: settled to the maximum, $250 void"}
	var texts []string
	for _, seat := range []int{0, 3} {
		for _, w := range []desk.Wager{desk.WagerPlayer, desk.WagerBanker, desk.WagerTie, desk.WagerInsurance, desk.WagerBet} {
			for _, s := range []desk.Settled{
				{Result: engine.ResultWin, Paid: 125000},
				{Result: engine.ResultWin, Paid: 9500, Commission: 500},
				{Result: engine.ResultLose, Lost: 1000},
				{Result: engine.ResultPush, Returned: 1000},
				{Result: engine.ResultVoid, Returned: 1000},
				{Result: engine.ResultVoid, Returned: 1000, Reverses: engine.ResultWin},
				{Result: engine.ResultWin, Paid: 500000, Notes: []engine.Note{note}},
			} {
				s.Seat, s.Wager = seat, w
				texts = append(texts, tab.SettledText(s))
			}
		}
		texts = append(texts, tab.CommissionText(desk.Commission{Seat: seat, Owed: 1250, Rule: "000 10.2.1"}),
			tab.CommissionText(desk.Commission{Seat: seat, Collected: 1250, Rule: "000 10.2.1(a)"}))
	}
	for _, lang := range []Lang{SimplifiedChinese, TraditionalChinese} {
		c, err := New(lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range texts {
			got := c.Reason(text, "MOP$")
			if left := asciiWord.FindAllString(strings.ReplaceAll(got, "MOP$", ""), -1); len(left) > 0 {
				t.Errorf("%s: %q worded %q: English %q left", lang, text, got, left)
			}
			if strings.Contains(text, "$") && !strings.Contains(got, "MOP$") {
				t.Errorf("%s: %q worded %q: not in the table's currency", lang, text, got)
			}
		}
	}
	// In English the words are the desk's, the amounts in the table's currency.
	if got, want := (Catalogue{}).Reason(tab.SettledText(desk.Settled{Seat: 3, Wager: desk.WagerBanker, Result: engine.ResultWin, Paid: 125000}), "MOP$"), "seat 3 banker wins MOP$1,250"; got != want {
		t.Errorf("English: %q, want %q", got, want)
	}
}

// The alerts the table program raises itself are worded on the Corrections tab in each
// Chinese catalogue, their numbers, error texts and script commands kept (keep: "|" between).
func TestAppAlertsWorded(t *testing.T) {
	alerts := []struct{ text, keep string }{
		{"shoe jammed — clear it; enter cards by hand meanwhile", ""},
		{"shoe fault: E12 motor", "E12 motor"},
		{"coup 7 was in progress when the display stopped: check the cards on the table and accept or void it", "7"},
		{"replay: 2 journalled command(s) are decided differently by the table's rules now (first: record 9 !run 3 player 2 10 refused); what the table showed then may differ from what it shows now — check the journal with a supervisor", "record 9 !run 3 player 2 10 refused"},
		{"replay: 1 journalled command(s) are decided differently by the table's rules now (first: record 9 !void 2 is accepted now but was refused when recorded (000 9.1)); what the table showed then may differ from what it shows now — check the journal with a supervisor", "!void"},
		{"replay: 1 journalled command(s) are decided differently by the table's rules now (first: record 9 !void 2 is refused now (void refused: void: no round in progress) but is not recorded as refused); what the table showed then may differ from what it shows now — check the journal with a supervisor", "!void|void"},
		{"replay: 1 journalled command(s) are decided differently by the table's rules now (first: record 9 !void 2 is refused now (void refused: void: no round in progress) otherwise than recorded (!void refused, 000 9.1)); what the table showed then may differ from what it shows now — check the journal with a supervisor", "!void|void"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: the head file /srv/cb/t.db-head is missing: the journal's 41 records cannot be checked for records lost from its end)", "/srv/cb/t.db-head"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 40; head file /srv/cb/t.db-head (7 bytes) has no intact record of the head: the journal cannot be checked for records lost from its end; files copied to /srv/cb/q1)", "/srv/cb/t.db-head|/srv/cb/q1"},
		{"journal write failed: the disk is full — inputs are not being recorded; call a supervisor", ""},
		{"journal write failed: a disk I/O error — inputs are not being recorded; call a supervisor", ""},
		{"journal write failed: the journal cannot be written (read-only) — inputs are not being recorded; call a supervisor", ""},
		{"journal write failed: the journal's database is damaged — inputs are not being recorded; call a supervisor", ""},
		{"journal write failed: an unexpected error (the log says what) — inputs are not being recorded; call a supervisor", ""},
		// A replay difference quoting desk.Refusal.Error.
		{"replay: 1 journalled command(s) are decided differently by the table's rules now (first: record 9 !dispute 2 is refused now (dispute refused: no such finished round in this shoe) but is not recorded as refused); what the table showed then may differ from what it shows now — check the journal with a supervisor", "!dispute|dispute"},
		// The journal's broken chain inside the banner (verifyEntries), a "; " of its own among the parts.
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 40; record 41: missing: records 41 to 45 were deleted; the pit bus had acknowledged them; files copied to /srv/cb/q1)", "/srv/cb/q1"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 40; record 41: contents do not match its hash (changed); files copied to /srv/cb/q1)", "/srv/cb/q1"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 40; record 41: does not chain to record 40: its prev hash is not that record's hash (record 40 changed and rehashed, or a record inserted or removed here))", "40"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 6; record 7: present although records up to 9 were pruned (anchor edited or record inserted))", "9"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 0; record 1: missing: the journal starts at record 3 but should start at 1)", "3"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 40; record 41: missing: the chain jumps from record 40 to record 44 (deleted))", "44"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 9; record 10: does not chain to the prune anchor (record 9's hash))", "10"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 19; record 20: prune checkpoint unreadable: unexpected end of JSON input)", "unexpected end of JSON input"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 19; record 20: prune checkpoint authorises records up to 25, at or after itself)", "25"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 19; record 20: prune checkpoint's hash of record 9 differs from the prune anchor)", "9"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 9; record 10: missing: records 10 to 14 were deleted and no prune checkpoint in the chain authorises it)", "14"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 19; record 20: loss acceptance unreadable: unexpected end of JSON input)", "unexpected end of JSON input"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 19; record 20: accepts the loss of records 12 to 19, but the chain goes from record 11 to record 20)", "20"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 19; record 20: accepts a loss after record 11 with hash 0123456789, but that record's hash is 9876543210)", "0123456789"},
		{"Recovered at 21:58 — 12 coups restored", "21:58"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 40)", "40"},
		{"Recovered at 21:58 — 12 coups restored (journal damage: intact through record 40; files copied to /var/lib/coupboard/journal.damaged-1)", "/var/lib/coupboard/journal.damaged-1"},
	}
	for _, lang := range []Lang{SimplifiedChinese, TraditionalChinese} {
		c, err := New(lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range alerts {
			got := c.Reason("22:04 "+a.text, "")
			rest, lost := strings.TrimPrefix(got, "22:04 "), !strings.HasPrefix(got, "22:04 ")
			for _, k := range strings.Split(a.keep, "|") { // the texts kept as they are
				lost = lost || !strings.Contains(got, k)
				rest = strings.ReplaceAll(rest, k, "")
			}
			if left := asciiWord.FindAllString(rest, -1); len(left) > 0 || lost {
				t.Errorf("%s: %q worded %q: English %q left, or %q lost", lang, a.text, got, left, a.keep)
			}
		}
	}
}

// The shoe link's details inside a doubt are worded too, in each Chinese catalogue: only the
// frame numbers, a card code and the shoe's own words are left.
func TestLinkDetailsWorded(t *testing.T) {
	doubts := []string{
		"shoe data lost (1 frame(s): SEQ 0012 follows 0010)",
		"shoe data lost (3 frame(s): SEQ 0040 follows 0036, the last frame the table took before it stopped)",
		"the shoe sent conflicting data (SEQ 0007: same SEQ as \"0007 C KH\", different body)",
		"old shoe data sent again (dropped) (SEQ 0005 is behind 0009)",
		"a card could not be read (the shoe reported a card that left it unread)",
		"a card was read twice in a row (KH: KH read twice within 2s: a double read or a real repeat)",
		"the shoe was disconnected (SEQ 0812 after the link came back does not continue 0003, the last frame taken: not proven to be the same shoe; its frames are dropped until the shoe sends HELO (power-cycle it))",
	}
	for _, lang := range []Lang{SimplifiedChinese, TraditionalChinese} {
		c, err := New(lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range doubts {
			got := c.Reason(d, "")
			if left := asciiWord.FindAllString(strings.NewReplacer("0007 C KH", "", "HELO", "").Replace(got), -1); len(left) > 0 {
				t.Errorf("%s: %q worded %q: English %q left", lang, d, got, left)
			}
		}
	}
}
