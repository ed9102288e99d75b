package schema_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/bus/message"
	"github.com/coupboard/coupboard/app/bus/message/schema"
	"github.com/coupboard/coupboard/app/bus/simtable"
)

func compile(t *testing.T) *schema.Set {
	t.Helper()
	s, err := schema.Compile()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// samples are messages of every type a table sends: two shoes of a simulated table (shoe
// started and ended, rounds with their cards), and by hand the kinds it does not deal.
func samples(t *testing.T) []message.Message {
	t.Helper()
	ob := bus.NewMemOutbox("BAC-07", func() time.Time { return time.Date(2026, 11, 26, 3, 4, 5, 600, time.UTC) })
	sim, err := simtable.New(simtable.Config{ID: "BAC-07", Seed: 26, Closing: 30 * time.Minute}, ob)
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Open(); err != nil {
		t.Fatal(err)
	}
	for range 200 {
		if _, err := sim.Step(); err != nil {
			t.Fatal(err)
		}
	}
	out := ob.Records()
	at := time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC)
	m := func(seq uint64, typ message.Type) message.Message {
		return message.Message{V: message.Version, Table: "BAC-07", Seq: seq, Type: typ, Time: at, Shoe: 3}
	}
	cancelled := m(900, message.TypeRound)
	cancelled.Round = &message.Round{N: 12, Kind: message.KindCancelled}
	byHand := m(901, message.TypeRound)
	byHand.Round = &message.Round{N: 13, Kind: message.KindNoBet, Winner: "T", ResultOnly: true}
	noSuits := m(902, message.TypeRound)
	noSuits.Round = &message.Round{N: 14, Kind: message.KindNormal, Winner: "P", PlayerTotal: 8, BankerTotal: 0, Natural: true,
		PlayerCards: 2, BankerCards: 2, PlayerHand: []string{"4", "4"}, BankerHand: []string{"K", "T"}, PlayerPair: true, BankerPair: false}
	closed := m(903, message.TypeStatus)
	closed.Status = &message.Status{Name: "Baccarat 7", Game: "Baccarat", State: message.StateClosed, OpensAt: at.Add(8 * time.Hour)}
	limits := m(904, message.TypeLimits)
	limits.Limits = &message.Limits{Currency: "AUD", Bets: []message.Limit{{Bet: "player_banker", Min: 5000, Max: 1000000}}}
	hb := m(904, message.TypeHeartbeat)
	hb.Software = "coupboard 0.9.0+3f2a9c1"
	head := m(904, message.TypeHead)
	head.Head = &message.Head{Hash: strings.Repeat("0a", 32)}
	bare := m(905, message.TypeShoeStarted)
	rdWin := m(906, message.TypeRedDogRound)
	rdWin.RedDog = &message.RedDogRound{N: 1, Kind: message.KindNormal, Cards: []string{"3H", "9S", "5D"}, Spread: "5", Outcome: "win", Pays: "1:1"}
	rdPush := m(907, message.TypeRedDogRound)
	rdPush.RedDog = &message.RedDogRound{N: 2, Kind: message.KindNormal, Cards: []string{"4H", "5C"}, Spread: "consecutive", Outcome: "push"}
	rdCancelled := m(908, message.TypeRedDogRound)
	rdCancelled.RedDog = &message.RedDogRound{N: 3, Kind: message.KindCancelled}
	rdWin.Pace = &message.Pace{HandsPerHour: 41}
	for i := range out { // the first dealt round, with the table's pace
		if out[i].Round != nil && out[i].Round.PlayerHand != nil {
			out[i].Pace = &message.Pace{HandsPerHour: 72}
			break
		}
	}
	signIn := m(909, message.TypeAccess)
	signIn.Access = &message.Access{Event: message.AccessSignIn, Outcome: message.OutcomeGranted, Role: message.RoleDealer, Person: "D1234"}
	wrong := m(910, message.TypeAccess)
	wrong.Access = &message.Access{Event: message.AccessSignIn, Outcome: message.OutcomeWrongPIN, Person: "D1234"}
	signOut := m(911, message.TypeAccess)
	signOut.Access = &message.Access{Event: message.AccessSignOut, Role: message.RoleDealer, Person: "D1234", Reason: "idle", Idle: "4m0s"}
	return append(out, cancelled, byHand, noSuits, closed, limits, hb, head, bare, rdWin, rdPush, rdCancelled, signIn, wrong, signOut)
}

// TestEveryMessageFitsItsSchema: every message a table sends is valid under
// message.schema.json and its type's schema, and every type has a schema.
func TestEveryMessageFitsItsSchema(t *testing.T) {
	s := compile(t)
	seen := map[message.Type]bool{}
	hands := 0
	for _, m := range samples(t) {
		data, err := message.Encode(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(data, string(m.Type)); err != nil {
			t.Fatalf("%s fails its schema: %v", data, err)
		}
		if _, err := message.Decode(data); err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		seen[m.Type] = true
		if m.Round != nil && m.Round.PlayerHand != nil {
			hands++
		}
	}
	if hands < 50 {
		t.Errorf("only %d rounds with their cards among the samples", hands)
	}
	types := s.Types()
	slices.Sort(types)
	var sent []string
	for typ := range seen {
		sent = append(sent, string(typ))
	}
	slices.Sort(sent)
	if !slices.Equal(types, sent) {
		t.Errorf("schemas for %v, messages of types %v: every type needs its schema and a sample", types, sent)
	}
}

// TestSchemaAndDecodeRefuseTheSame: a message the schema refuses, the board refuses too
// (message.Decode), and the reverse except for the rules between fields that the schema
// does not express (listed in docs/integrator.md).
func TestSchemaAndDecodeRefuseTheSame(t *testing.T) {
	s := compile(t)
	const ok = `{"v":1,"table":"T1","seq":5,"type":"round","time":"2026-01-02T03:04:05Z","shoe":2,"round":{"n":3,"kind":"normal","winner":"B","player_total":5,"banker_total":7,"natural":false,"player_pair":false,"banker_pair":false,"player_cards":3,"banker_cards":2,"banker_first_two":7,"player_hand":["2H","KS","3C"],"banker_hand":["4D","3S"]}}`
	if err := s.Validate([]byte(ok), "round"); err != nil {
		t.Fatalf("the valid round: %v", err)
	}
	both := []struct{ name, from, to string }{
		{"unknown field", `"shoe":2,`, `"shoe":2,"dealer":"D7",`},
		{"version 2", `"v":1`, `"v":2`},
		{"dotted table", `"T1"`, `"T.1"`},
		{"no seq", `"seq":5,`, ``},
		{"seq 0", `"seq":5`, `"seq":0`},
		{"bad time", `2026-01-02T03:04:05Z`, `yesterday`},
		{"negative shoe", `"shoe":2`, `"shoe":-2`},
		{"unknown type", `"type":"round"`, `"type":"rounds"`},
		{"unknown kind", `"kind":"normal"`, `"kind":"void"`},
		{"winner X", `"winner":"B"`, `"winner":"X"`},
		{"total 10", `"banker_total":7`, `"banker_total":10`},
		{"four cards", `"player_cards":3`, `"player_cards":4`},
		{"bad card", `"2H"`, `"1H"`},
		{"lower-case card", `"2H"`, `"2h"`},
		{"one hand only", `,"banker_hand":["4D","3S"]`, ``},
		{"result only with cards", `"banker_first_two":7,`, `"banker_first_two":7,"result_only":true,`},
		{"round field in the wrong place", `"round":{`, `"limits":{"currency":"AUD","bets":[]},"round":{`},
		{"no round", `,"round":{"n":3,"kind":"normal","winner":"B","player_total":5,"banker_total":7,"natural":false,"player_pair":false,"banker_pair":false,"player_cards":3,"banker_cards":2,"banker_first_two":7,"player_hand":["2H","KS","3C"],"banker_hand":["4D","3S"]}`, ``},
	}
	for _, tc := range both {
		data := strings.Replace(ok, tc.from, tc.to, 1)
		if data == ok {
			t.Fatalf("%s: the edit changed nothing", tc.name)
		}
		if err := s.Validate([]byte(data), ""); err == nil {
			t.Errorf("%s: the schema takes %s", tc.name, data)
		}
		if _, err := message.Decode([]byte(data)); !errors.Is(err, message.ErrInvalid) {
			t.Errorf("%s: the board takes %s (%v)", tc.name, data, err)
		}
	}
	const signIn = `{"v":1,"table":"T1","seq":9,"type":"access","time":"2026-01-02T03:04:05Z","shoe":2,"access":{"event":"sign_in","outcome":"granted","role":"dealer","person":"D1234"}}`
	const signOut = `{"v":1,"table":"T1","seq":9,"type":"access","time":"2026-01-02T03:04:05Z","shoe":2,"access":{"event":"sign_out","role":"dealer","person":"D1234","reason":"idle","idle":"4m0s"}}`
	for _, good := range []string{signIn, signOut, strings.Replace(ok, `"shoe":2,`, `"shoe":2,"pace":{"hands_per_hour":64},`, 1)} {
		if err := s.Validate([]byte(good), ""); err != nil {
			t.Errorf("the schema refuses %s: %v", good, err)
		}
		if _, err := message.Decode([]byte(good)); err != nil {
			t.Errorf("the board refuses %s: %v", good, err)
		}
	}
	others := []struct{ name, data string }{
		{"granted with no role", strings.Replace(signIn, `"role":"dealer",`, ``, 1)},
		{"wrong PIN with a role", strings.Replace(signIn, `"granted"`, `"wrong_pin"`, 1)},
		{"sign-in with no outcome", strings.Replace(signIn, `"outcome":"granted",`, ``, 1)},
		{"sign-in with an idle time", strings.Replace(signIn, `"person":"D1234"`, `"person":"D1234","idle":"1s"`, 1)},
		{"sign-out with an outcome", strings.Replace(signOut, `"role":"dealer"`, `"outcome":"granted","role":"dealer"`, 1)},
		{"sign-out with no role", strings.Replace(signOut, `"role":"dealer",`, ``, 1)},
		{"unknown role", strings.Replace(signIn, `"dealer"`, `"pitboss"`, 1)},
		{"unknown access event", strings.Replace(signIn, `"sign_in"`, `"sign_up"`, 1)},
		{"a PIN", strings.Replace(signIn, `"person":"D1234"`, `"person":"D1234","pin":"1234"`, 1)},
		{"person not printable", strings.Replace(signIn, `"D1234"`, `"Dé1234"`, 1)},
		{"person too long", strings.Replace(signIn, `"D1234"`, `"`+strings.Repeat("D", 65)+`"`, 1)},
		{"access in a round", strings.Replace(ok, `"shoe":2,`, `"shoe":2,"access":{"event":"sign_out","role":"dealer"},`, 1)},
		{"pace 0", strings.Replace(ok, `"shoe":2,`, `"shoe":2,"pace":{"hands_per_hour":0},`, 1)},
		{"pace in an access", strings.Replace(signIn, `"shoe":2,`, `"shoe":2,"pace":{"hands_per_hour":5},`, 1)},
		{"closing without a time", `{"v":1,"table":"T1","seq":1,"type":"status","time":"2026-01-02T03:04:05Z","shoe":0,"status":{"name":"B7","game":"Baccarat","state":"closing"}}`},
		{"head upper-case", `{"v":1,"table":"T1","seq":1,"type":"head","time":"2026-01-02T03:04:05Z","shoe":0,"head":{"hash":"` + strings.Repeat("AB", 32) + `"}}`},
		{"software in a round", strings.Replace(ok, `"shoe":2,`, `"shoe":2,"software":"x",`, 1)},
		{"software not ASCII", `{"v":1,"table":"T1","seq":0,"type":"heartbeat","time":"2026-01-02T03:04:05Z","shoe":0,"software":"coupboard é"}`},
		{"cancelled with cards", `{"v":1,"table":"T1","seq":1,"type":"round","time":"2026-01-02T03:04:05Z","shoe":0,"round":{"n":3,"kind":"cancelled","winner":"","player_total":0,"banker_total":0,"natural":false,"player_pair":false,"banker_pair":false,"player_cards":0,"banker_cards":0,"banker_first_two":0,"player_hand":["2H","3H"],"banker_hand":["2H","3H"]}}`},
		{"a normal round without a winner", strings.Replace(ok, `"winner":"B"`, `"winner":""`, 1)},
	}
	for _, tc := range others {
		if err := s.Validate([]byte(tc.data), ""); err == nil {
			t.Errorf("%s: the schema takes %s", tc.name, tc.data)
		}
		if _, err := message.Decode([]byte(tc.data)); !errors.Is(err, message.ErrInvalid) {
			t.Errorf("%s: the board takes %s (%v)", tc.name, tc.data, err)
		}
	}
	// Rules between fields that only the board checks: the schema takes these, the board
	// refuses them. docs/integrator.md lists them.
	goOnly := []struct{ name, from, to string }{
		{"winner against the totals", `"winner":"B"`, `"winner":"P"`},
		{"hand against its count", `"player_cards":3`, `"player_cards":2`},
		{"hand against its total", `"3C"`, `"4C"`},
	}
	for _, tc := range goOnly {
		data := strings.Replace(ok, tc.from, tc.to, 1)
		if err := s.Validate([]byte(data), ""); err != nil {
			t.Errorf("%s: the schema now refuses it (%v): move it out of the board-only list in docs/integrator.md", tc.name, err)
		}
		if _, err := message.Decode([]byte(data)); !errors.Is(err, message.ErrInvalid) {
			t.Errorf("%s: the board takes %s (%v)", tc.name, data, err)
		}
	}
	var limits message.Message
	if err := json.Unmarshal([]byte(`{"v":1,"table":"T1","seq":1,"type":"limits","time":"2026-01-02T03:04:05Z","shoe":0,"limits":{"currency":"AUD","bets":[{"bet":"tie","min":50,"max":10}]}}`), &limits); err != nil {
		t.Fatal(err)
	}
	if err := limits.Validate(); err == nil {
		t.Error("limits min above max: the board takes it")
	}
}

var update = flag.Bool("update", false, "rewrite the golden examples in examples/")

// TestGoldenExamples: examples/<type>.json is one real message of each type (the first of the
// samples, a round and a Red Dog round with their pace), indented, as docs/integrator.md shows
// them; each fits its schema and the board takes it. go test -update rewrites them.
func TestGoldenExamples(t *testing.T) {
	s := compile(t)
	first := map[message.Type]message.Message{}
	for _, m := range samples(t) {
		if _, ok := first[m.Type]; ok && (m.Pace == nil || first[m.Type].Pace != nil) {
			continue
		}
		first[m.Type] = m
	}
	for typ, m := range first {
		if m.Status != nil && m.Status.State == message.StateClosing {
			// The simulated table closes 30 minutes after the wall clock: fix it for the file.
			st := *m.Status
			st.ClosesAt = time.Date(2026, 11, 26, 3, 34, 0, 0, time.UTC)
			m.Status = &st
		}
		data, err := message.Encode(m)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := json.Indent(&out, data, "", "  "); err != nil {
			t.Fatal(err)
		}
		out.WriteByte('\n')
		path := filepath.Join("examples", string(typ)+".json")
		if *update {
			if err := os.MkdirAll("examples", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		golden, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test -update writes it)", err)
		}
		if !bytes.Equal(golden, out.Bytes()) {
			t.Errorf("%s differs from the message the table sends now:\n%s\nwant\n%s", path, golden, out.Bytes())
		}
		if err := s.Validate(golden, string(typ)); err != nil {
			t.Errorf("%s fails its schema: %v", path, err)
		}
		if _, err := message.Decode(golden); err != nil {
			t.Errorf("%s: the board refuses it: %v", path, err)
		}
	}
	files, _ := filepath.Glob(filepath.Join("examples", "*.json"))
	if len(files) != len(first) {
		t.Errorf("examples/ holds %d files for %d message types", len(files), len(first))
	}
}
