package table

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestSchemaReadsV1AsBefore: every payload the release before schema 2 wrote (the fixtures of
// app/journal/inputs, made by this package's Encode at 61e928c) decodes to the same Input as
// the old reader, Go's default JSON, gave — so an old journal replays to the same table — and
// that Input is written in schema 2 and read back unchanged.
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
			var old Input
			if err := json.Unmarshal(b, &old); err != nil {
				t.Fatal(err)
			}
			got, err := DecodeInput(b)
			if err != nil {
				t.Fatal(err)
			}
			if old.Game != nil { // a token's line and text were never meant to be recorded
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
