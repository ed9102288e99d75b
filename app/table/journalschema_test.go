package table

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
)

// v1Input is the table's input as the release before schema 2 wrote it (Go's default JSON of
// the Input and Op of 61e928c), frozen here as the old reader's view of a v1 payload.
type v1Input struct {
	Game *engine.Input `json:"game,omitempty"`
	Op   *struct {
		Kind    OpKind         `json:"kind"`
		Change  *engine.Change `json:"change,omitempty"`
		Seat    int            `json:"seat,omitempty"`
		RunKind engine.RunKind `json:"run_kind,omitempty"`
		Length  int            `json:"length,omitempty"`
		Amount  int64          `json:"amount,omitempty"`
		Covers  int64          `json:"covers,omitempty"`
		RunID   int            `json:"run_id,omitempty"`
		Hand    engine.Winner  `json:"hand,omitempty"`
		AlertID int            `json:"alert_id,omitempty"`
	} `json:"op,omitempty"`
	Alert *Alert `json:"alert,omitempty"`
}

// asCommands is what the old reader's input stands for now: an operator command of the old
// release (a Run wager, a nomination, commission deferred or collected, Insurance/No 6) and a
// setting are the table-script commands the aggregate (engine/desk) decides; the rest is as it was.
func (v v1Input) asCommands() Input {
	cmd := func(c desk.Command) Input { return Input{Command: &c} }
	switch {
	case v.Game != nil && v.Game.Kind == engine.InSetting:
		return cmd(desk.Command{Verb: desk.VerbSetting, Key: v.Game.Key, Value: v.Game.Value})
	case v.Game != nil:
		return Input{Game: v.Game}
	case v.Alert != nil:
		return Input{Alert: v.Alert}
	}
	o := v.Op
	switch o.Kind {
	case "run.place":
		return cmd(desk.Command{Verb: desk.VerbRun, Seat: o.Seat, Run: o.RunKind, Length: o.Length, Amount: o.Amount})
	case "run.nominate":
		return cmd(desk.Command{Verb: desk.VerbNominate, RunID: o.RunID, Hand: o.Hand})
	case "commission.defer":
		return cmd(desk.Command{Verb: desk.VerbDefer, Seat: o.Seat, Amount: o.Amount})
	case "commission.collect":
		return cmd(desk.Command{Verb: desk.VerbCollect, Seat: o.Seat})
	case "insurance":
		return cmd(desk.Command{Verb: desk.VerbBet, Wager: desk.WagerInsurance, Seat: o.Seat, Amount: o.Amount, Covers: o.Covers})
	}
	return Input{Op: &Op{Kind: o.Kind, Change: o.Change, AlertID: o.AlertID}}
}

// TestSchemaReadsV1AsBefore: every payload the release before schema 2 wrote (the fixtures of
// app/journal/inputs, made by this package's Encode at 61e928c) decodes to the input the old
// reader, Go's default JSON, gave — its operator commands as the table-script commands they
// are (asCommands) — so an old journal replays to the same table, and that Input is written
// in schema 2 and read back unchanged.
func TestSchemaReadsV1AsBefore(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "journal", "inputs", "testdata", "v1", "*.json"))
	if err != nil || len(files) < 30 {
		t.Fatalf("v1 fixtures: %d, %v", len(files), err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var v1 v1Input
			if err := json.Unmarshal(b, &v1); err != nil {
				t.Fatal(err)
			}
			old := v1.asCommands()
			got, err := DecodeInput(b)
			if err != nil {
				t.Fatal(err)
			}
			if old.Game != nil && got.Game != nil { // a token's line and text were never meant to be recorded
				old.Game.Token.Line, old.Game.Token.Text = 0, ""
				got.Game.Token.Line, got.Game.Token.Text = 0, ""
			}
			if old.Alert != nil {
				old.Alert.ID = 0
			}
			if old.Op != nil && old.Op.Change != nil {
				old.Op.Change.Sign.Settlement = 0 // the table shows its own method (state.go)
			}
			if !reflect.DeepEqual(got, old) {
				t.Fatalf("schema reads %s as\n%+v\nthe v1 reader gave\n%+v", b, got, old)
			}
			v2, err := got.Encode()
			if err != nil {
				t.Fatal(err)
			}
			back, err := DecodeInput(v2)
			if err != nil {
				t.Fatal(err)
			}
			if back.Game != nil {
				back.Game.Token.Line, back.Game.Token.Text = 0, ""
			}
			if !reflect.DeepEqual(back, got) {
				t.Fatalf("%s: v2 %s reads back as %+v, want %+v", filepath.Base(f), v2, back, got)
			}
		})
	}
}
