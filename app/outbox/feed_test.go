package outbox

import (
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/access"
	"github.com/coupboard/coupboard/app/journal"
	"github.com/coupboard/coupboard/app/table"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/internal/testclock"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/coupboard/coupboard/pitwire/schema"
)

// TestFeedCarriesSignInsAndHandsPerHour: a table's sign-ins and sign-outs reach the feed with
// the role and operator id (never a PIN), those its operator directory refused included, and every round with a result carries the table's
// hands per hour, counted from the journal's round times over the hour up to the round; every
// message fits its JSON Schema.
func TestFeedCarriesSignInsAndHandsPerHour(t *testing.T) {
	c := testclock.New(time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC))
	setup := bacSetup("bac7", "Baccarat 7", "nz-baccarat-1998", "NZD")
	loop, j, _, ctx := startLoopClock(t, setup, nil, c.Now)
	send := func(m table.Msg) {
		t.Helper()
		if r := loop.Do(ctx, m); r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	signIn := func(outcome access.Outcome, who journal.Actor) {
		e, _ := access.Entry{Event: access.EventSignIn, Outcome: outcome, Directory: 3}.Encode()
		send(table.Msg{Access: e, Actor: who})
	}
	// Refused by the table's copy of the operator directory before the PIN is looked at:
	// surveillance sees who tried (these failed the feed's check before, and were skipped).
	signIn(access.UnknownID, journal.Actor{Role: access.NoRole.String(), ID: "D9999"})
	signIn(access.Inactive, journal.Actor{Role: access.NoRole.String(), ID: "D0077"})
	signIn(access.WrongPIN, journal.Actor{ID: "D1234"})
	signIn(access.Granted, journal.Actor{Role: "dealer", ID: "D1234"})

	// Cards at an irregular pace: 30 s apart for the first hour, then 3 minutes apart.
	var cards []string
	for d := 0; d < 8; d++ {
		for _, r := range "A23456789TJQK" {
			for _, su := range "SHDC" {
				cards = append(cards, string(r)+string(su))
			}
		}
	}
	rand.New(rand.NewSource(27)).Shuffle(len(cards), func(i, k int) { cards[i], cards[k] = cards[k], cards[i] })
	toks, err := engine.ParseScript("shoe " + strings.Join(cards[:200], " "))
	if err != nil {
		t.Fatal(err)
	}
	start := c.Now()
	for _, tok := range toks {
		in := engine.TokenInput(tok)
		send(table.Msg{Input: table.Input{Game: &in}, Source: journal.SourceShoe})
		if c.Now().Sub(start) < time.Hour {
			c.Add(30 * time.Second)
		} else {
			c.Add(3 * time.Minute)
		}
	}
	e, _ := access.Entry{Event: access.EventSignOut, Idle: "4m0s"}.Encode()
	send(table.Msg{Access: e, Actor: journal.Actor{Role: "dealer", ID: "D1234"}, Reason: "idle"})

	set, err := schema.Compile()
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := New(j, "bac7").After(0, 10000)
	if err != nil {
		t.Fatal(err)
	}
	var accesses []pitwire.Access
	var rounds []pitwire.Message
	for _, m := range msgs {
		data, err := pitwire.Encode(m)
		if err != nil {
			t.Fatalf("%+v: %v", m, err)
		}
		if err := set.Validate(data, string(m.Type)); err != nil {
			t.Fatalf("%s fails its schema: %v", data, err)
		}
		switch {
		case m.Access != nil:
			accesses = append(accesses, *m.Access)
		case m.Round != nil && m.Round.Kind != engine.KindCancelled:
			rounds = append(rounds, m)
		case m.Pace != nil:
			t.Errorf("a pace on %s", data)
		}
	}
	want := []pitwire.Access{
		{Event: "sign_in", Outcome: "unknown_id", Person: "D9999"},
		{Event: "sign_in", Outcome: "inactive", Person: "D0077"},
		{Event: "sign_in", Outcome: "wrong_pin", Person: "D1234"},
		{Event: "sign_in", Outcome: "granted", Role: "dealer", Person: "D1234"},
		{Event: "sign_out", Role: "dealer", Person: "D1234", Reason: "idle", Idle: "4m0s"},
	}
	if len(accesses) != len(want) {
		t.Fatalf("access messages %+v, want %+v", accesses, want)
	}
	for i := range want {
		if accesses[i] != want[i] {
			t.Errorf("access %d: %+v, want %+v", i, accesses[i], want[i])
		}
	}
	if len(rounds) < 30 {
		t.Fatalf("only %d rounds", len(rounds))
	}
	// The pace, counted again from the messages' own times.
	fast, slow := 0, 0
	for i, m := range rounds {
		n := 0
		for _, o := range rounds[:i+1] {
			if !o.Time.Before(m.Time.Add(-time.Hour)) {
				n++
			}
		}
		if m.Pace == nil || m.Pace.HandsPerHour != n {
			t.Fatalf("round %d at %s: pace %+v, want %d hands per hour", m.Round.N, m.Time.Format("15:04:05"), m.Pace, n)
		}
		switch {
		case m.Time.Sub(start) < time.Hour:
			fast = max(fast, n)
		case m.Time.Sub(start) > 150*time.Minute:
			slow = max(slow, n)
		}
	}
	if rounds[0].Pace.HandsPerHour != 1 || fast < 15 || slow == 0 || slow > 8 {
		t.Errorf("first round %d, fast %d, slow %d hands per hour", rounds[0].Pace.HandsPerHour, fast, slow)
	}
}
