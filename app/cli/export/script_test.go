package export

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/journal/inputs"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// TestWriteScript: every kind of input record as the script writes it, with the clock, as=,
// reason= and the comments for what a script cannot say yet.
func TestWriteScript(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 21, 0, 0, 400_000_000, time.UTC)
	var recs []journal.Record
	add := func(d time.Duration, kind string, actor journal.Actor, reason string, in inputs.Input) {
		p, err := inputs.Encode(in)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, journal.Record{Seq: int64(len(recs) + 1), Time: t0.Add(d), Table: "BAC-07", Kind: kind,
			Actor: actor, Reason: reason, Shoe: 1, Payload: p})
	}
	line := func(s string) *desk.Command {
		items, err := desk.ParseLine(1, s)
		if err != nil {
			t.Fatal(err)
		}
		return items[0].Command
	}
	sup := journal.Actor{Role: "supervisor", ID: "3"}
	add(0, journal.KindShoe, journal.Actor{}, "", inputs.Input{Kind: inputs.KindToken, Token: engine.Token{Kind: engine.TokShoe}})
	add(300*time.Millisecond, journal.KindShoe, journal.Actor{}, "", inputs.Input{Kind: inputs.KindToken, Token: engine.Token{Kind: engine.TokCard, Card: engine.Card{Rank: 9, Suit: engine.Hearts}, Pos: engine.P1}})
	add(2*time.Second, journal.KindManual, journal.Actor{Role: "dealer", ID: "12"}, "shoe misread", inputs.Input{Kind: inputs.KindToken, Token: engine.Token{Kind: engine.TokCard, Card: engine.Card{Rank: 2, Suit: engine.Clubs}}, Source: engine.SourceManual})
	recs = append(recs, journal.Record{Seq: 99, Time: t0.Add(3 * time.Second), Kind: journal.KindRound, Payload: []byte(`{}`)}) // not an input: left out
	add(4*time.Second, journal.KindOperator, journal.Actor{Role: "dealer", ID: "12"}, `seat 2 "asked"`, inputs.Input{Kind: inputs.KindCommand, Command: line("!run 2 banker 4 20")})
	add(4*time.Second, journal.KindOperator, journal.Actor{Role: "manager", ID: "ann"}, "x", inputs.Input{Kind: inputs.KindCommand, Command: line("!collect 1")})
	add(5*time.Second, journal.KindShoe, journal.Actor{}, "", inputs.Input{Kind: inputs.KindDoubt, Doubt: engine.Doubt{Kind: engine.DoubtLost, Detail: "SEQ 12 follows 10"}})
	add(5*time.Second, journal.KindShoe, journal.Actor{}, "", inputs.Input{Kind: inputs.KindShoeResult, ShoeResult: engine.ShoeResult{Winner: engine.Banker, PlayerTotal: 3, BankerTotal: 7}})
	sign := engine.Sign{Player: engine.WagerLimit{Min: 5000, Max: 500000, Multiple: 500}, Banker: engine.WagerLimit{Min: 5000, Max: 500000}, DifferentialMax: 100000,
		Markers: []engine.Marker{{Seat: 3, Text: "personal limit", Limit: engine.WagerLimit{Min: 10000, Max: 2000000}}}}
	add(time.Minute, journal.KindOperator, sup, "raise", inputs.Input{Kind: inputs.KindSchedule, Change: &engine.Change{At: t0.Add(21 * time.Minute), Sign: sign}})
	add(time.Minute, journal.KindOperator, sup, "close", inputs.Input{Kind: inputs.KindSchedule, Change: &engine.Change{At: t0.Add(2 * time.Hour), Close: true}})
	add(time.Minute, journal.KindOperator, sup, "tomorrow", inputs.Input{Kind: inputs.KindSchedule, Change: &engine.Change{At: t0.Add(30 * time.Hour), Close: true}})
	add(2*time.Minute, journal.KindShoe, journal.Actor{}, "", inputs.Input{Kind: inputs.KindAlert, Alert: inputs.Alert{Text: "shoe restarted"}})
	add(2*time.Minute, journal.KindOperator, sup, "checked", inputs.Input{Kind: inputs.KindAlertClear, AlertID: 1})
	add(time.Minute, journal.KindConfig, journal.Actor{}, "", inputs.Input{Kind: inputs.KindStop}) // the clock went back
	var b bytes.Buffer
	n, err := WriteScript(&b, ScriptMeta{Journal: "/var/lib/coupboard/BAC-07.db", Profile: "vic-baccarat-2002", Settings: []string{"style=C"}, Limits: []string{"player=25-5000/5"}, Span: "shoe 1"}, recs)
	if err != nil || n != 13 {
		t.Fatalf("wrote %d inputs, %v", n, err)
	}
	want := `# coupboard table script (spec/table-script.md), written by coupboard export --format script
# journal: /var/lib/coupboard/BAC-07.db
# table: BAC-07
# span: shoe 1, records 1 to 14
# profile: vic-baccarat-2002
# settings: style=C
# sign at start: player=25-5000/5
# replay: coupboard replay --hold --profile vic-baccarat-2002 --start 2026-11-25T21:00:00Z --set style=C --limit player=25-5000/5 FILE
# shoe 1 (journal record 1)
@2026-11-25T21:00:00
shoe
9H@P1
@2026-11-25T21:00:02
2C  # entered by hand by dealer:12: shoe misread
@2026-11-25T21:00:04
!run 2 banker 4 20 as=dealer:12 reason="seat 2 \"asked\""
!collect 1 reason="x"  # given by manager:ann
@2026-11-25T21:00:05
!doubt lost "SEQ 12 follows 10"  # from the shoe link
!shoeresult banker 3 7  # from the shoe link
@2026-11-25T21:01:00
# the sign shows a personal limit marker at seat 3: 100-20000 (no script form yet)
!limits at=21:21:00 player=50-5000/5 banker=50-5000 tie=0-0 insurance=0-0 runs=0-0 as=supervisor:3 reason="raise"
!differential at=21:21:00 min=0 max=1000 as=supervisor:3 reason="raise"
!close at=23:00:00 as=supervisor:3 reason="close"
# not replayable: a change for 2026-11-27T03:00:00Z, on another day than the clock's by supervisor:3
@2026-11-25T21:02:00
# alert: shoe restarted
# alert 1 cleared by supervisor:3: checked
# the table's clock went back to 2026-11-25T21:01:00Z here; the script keeps 2026-11-25T21:02:00Z
# the display stopped cleanly
`
	if got := b.String(); got != want {
		t.Errorf("script:\n%s\nwant:\n%s", got, want)
	}
	// Whatever it wrote reads as a table script.
	if _, err := desk.Parse(b.String(), 0); err != nil {
		t.Fatalf("the script does not parse: %v", err)
	}
	if !strings.Contains(b.String(), "!close") {
		t.Fatal("no close")
	}
}

// TestWriteScriptRefusesBadPayload: a payload the schema refuses stops the export, naming the record.
func TestWriteScriptRefusesBadPayload(t *testing.T) {
	recs := []journal.Record{{Seq: 7, Time: time.Unix(0, 0), Kind: journal.KindShoe, Payload: []byte(`{"v":2,"kind":"token","line":"9H","source":"shoe","x":1}`)}}
	_, err := WriteScript(&bytes.Buffer{}, ScriptMeta{}, recs)
	if err == nil || !strings.Contains(err.Error(), "record 7") || !strings.Contains(err.Error(), `"x"`) {
		t.Fatalf("err %v", err)
	}
}
