package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/bus/simtable"
	"github.com/coupboard/coupboard/internal/bustest"
	"github.com/coupboard/coupboard/pitwire"
	"github.com/nats-io/nats.go"
)

// TestFeedToCSV: a simulated table publishes a shoe and a half through the real publisher;
// a message that fails its schema is put in the stream beside them. The consumer writes a
// row for every one of the table's records — rounds with their cards, signs with their table
// differentials and settlement method — and refuses the bad one, counting it.
func TestFeedToCSV(t *testing.T) {
	srv := bustest.StartOpen(t)
	ob := bus.NewMemOutbox("BAC-07", time.Now)
	sim, err := simtable.New(simtable.Config{ID: "BAC-07", Seed: 7}, ob)
	if err != nil {
		t.Fatal(err)
	}
	if err := sim.Open(); err != nil {
		t.Fatal(err)
	}
	for range 120 {
		if _, err := sim.Step(); err != nil {
			t.Fatal(err)
		}
	}
	// A dealer signs in, a round with the table's pace, the dealer signs out.
	recs := ob.Records()
	var last pitwire.Message
	for _, m := range recs {
		if m.Type == pitwire.TypeRound && m.Round.PlayerHand != nil {
			last = m
		}
	}
	paced := last
	paced.Round = new(pitwire.Round)
	*paced.Round = *last.Round
	paced.Round.N += 100
	paced.Pace = &pitwire.Pace{HandsPerHour: 64}
	// Notices posted on the sign: a higher Player minimum at 21:30, and the closing.
	posted := time.Date(2026, 11, 26, 21, 0, 0, 0, time.UTC)
	old, nw := int64(1000), int64(2500)
	raise := &pitwire.Notice{Change: 1, Item: pitwire.NoticeMinimum, Bet: "player", Old: &old, New: &nw, Currency: "AUD",
		Posted: posted, Effective: posted.Add(30 * time.Minute), Rule: "000 7.7, s66(2)", Text: "Minimum Player changes to $25 at 21:30"}
	closing := &pitwire.Notice{Change: 2, Item: pitwire.NoticeClose, Posted: posted, Effective: posted.Add(time.Hour), Rule: "000 13.7", Text: "Table closes at 22:00"}
	// The sign once the change is in force, with the table differentials and the settlement
	// method; and the Crown version with no differential.
	sign := &pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{{Bet: "player", Min: 2500, Max: 500000}, {Bet: "banker", Min: 1000, Max: 500000}},
		DifferentialMin: 500000, DifferentialMax: 2000000, Settlement: pitwire.SettleCommission}
	crown := &pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{{Bet: "player_banker", Min: 2500, Max: 500000}}, Settlement: pitwire.SettleSixPaysHalf}
	// The last round, corrected by the supervisor after the fact: a Player natural 8 to 7.
	corrected := &pitwire.Correction{Replaces: *last.Round, Rule: "000 13.10", Round: pitwire.Round{N: last.Round.N, Kind: last.Round.Kind, Winner: "P",
		PlayerTotal: 8, BankerTotal: 7, Natural: true, PlayerCards: 2, BankerCards: 2, BankerFirstTwo: 7, PlayerHand: []string{"5H", "3S"}, BankerHand: []string{"4D", "3S"}}}
	for _, m := range []pitwire.Message{
		{V: 1, Table: "BAC-07", Type: pitwire.TypeAccess, Shoe: last.Shoe, Access: &pitwire.Access{Event: pitwire.AccessSignIn, Outcome: pitwire.OutcomeGranted, Role: pitwire.RoleDealer, Person: "D1234"}},
		paced,
		{V: 1, Table: "BAC-07", Type: pitwire.TypeAccess, Shoe: last.Shoe, Access: &pitwire.Access{Event: pitwire.AccessSignOut, Role: pitwire.RoleDealer, Person: "D1234", Reason: "idle", Idle: "4m0s"}},
		{V: 1, Table: "BAC-07", Type: pitwire.TypeNotice, Shoe: last.Shoe, Notice: raise},
		{V: 1, Table: "BAC-07", Type: pitwire.TypeNotice, Shoe: last.Shoe, Notice: closing},
		{V: 1, Table: "BAC-07", Type: pitwire.TypeWithdrawn, Shoe: last.Shoe, Withdrawn: &pitwire.Withdrawn{Change: 2, Posted: posted, Effective: posted.Add(time.Hour),
			Kinds: []string{pitwire.WithdrawnClose}, Rule: "000 7.7, 13.7"}},
		{V: 1, Table: "BAC-07", Type: pitwire.TypeLimits, Shoe: last.Shoe, Limits: sign},
		{V: 1, Table: "BAC-07", Type: pitwire.TypeLimits, Shoe: last.Shoe, Limits: crown},
		{V: 1, Table: "BAC-07", Type: pitwire.TypeReview, Shoe: last.Shoe, Review: &pitwire.Review{N: 5, State: pitwire.ReviewHeld, Reasons: []string{"lost", "shoe_result"}}},
		{V: 1, Table: "BAC-07", Type: pitwire.TypeReview, Shoe: last.Shoe, Review: &pitwire.Review{N: 5, State: pitwire.ReviewResolved, Resolution: pitwire.ResolutionConfirmed, Rule: "13.10"}},
		{V: 1, Table: "BAC-07", Type: pitwire.TypeRoundCorrected, Shoe: last.Shoe, Corrected: corrected},
	} {
		if _, err := ob.Append(m); err != nil {
			t.Fatal(err)
		}
	}
	pub, err := bus.NewPublisher(bus.PublisherConfig{Table: "BAC-07", Conn: bus.ConnConfig{URLs: []string{srv.URL()}}}, ob)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- pub.Run(ctx) }()
	recs = ob.Records()
	for deadline := time.Now().Add(20 * time.Second); pub.Stats().Acked != recs[len(recs)-1].Seq; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the table's records were never acknowledged")
		}
	}
	cancel()
	<-done
	nc, err := nats.Connect(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	if _, err := nc.Request("table.BAC-99.round", []byte(`{"v":1,"table":"BAC-99","seq":1,"type":"round","shoe":1,"round":{"n":1,"kind":"normal","winner":"B","player_hand":["XX"]}}`), 5*time.Second); err != nil {
		t.Fatal(err)
	}

	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"--nats", srv.URL(), "--open-bus", "--exit-when-idle", "500ms"}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(recs)+1 || strings.Join(rows[0], ",") != strings.Join(Header, ",") {
		t.Fatalf("%d rows (header %v) for %d records", len(rows), rows[0], len(recs))
	}
	col := map[string]int{}
	for i, h := range Header {
		col[h] = i
	}
	notices, reviews, signs, corrections, withdrawn := 0, 0, 0, 0, 0
	for i, m := range recs {
		r := rows[i+1]
		if r[col["table"]] != "BAC-07" || r[col["type"]] != string(m.Type) {
			t.Fatalf("row %d %v for %+v", i+1, r, m)
		}
		if m.Type == pitwire.TypeRound {
			want := []string{m.Round.Winner, strings.Join(m.Round.PlayerHand, " "), strings.Join(m.Round.BankerHand, " ")}
			got := []string{r[col["winner"]], r[col["player_hand"]], r[col["banker_hand"]]}
			if strings.Join(got, "|") != strings.Join(want, "|") || len(m.Round.PlayerHand) < 2 {
				t.Fatalf("round row %v, want winner and hands %v", r, want)
			}
		}
		if m.Pace != nil && r[col["hands_per_hour"]] != "64" || m.Pace == nil && r[col["hands_per_hour"]] != "" {
			t.Fatalf("hands per hour in row %v for %+v", r, m.Pace)
		}
		if a := m.Access; a != nil && strings.Join([]string{r[col["access"]], r[col["outcome"]], r[col["role"]], r[col["person"]], r[col["reason"]]}, "|") !=
			strings.Join([]string{a.Event, a.Outcome, a.Role, a.Person, a.Reason}, "|") {
			t.Fatalf("access row %v for %+v", r, a)
		}
		if n := m.Notice; n != nil {
			got := strings.Join([]string{r[col["notice_change"]], r[col["notice_item"]], r[col["notice_bet"]], r[col["notice_old"]], r[col["notice_new"]], r[col["currency"]],
				r[col["notice_effective"]], r[col["notice_rule"]], r[col["notice_text"]]}, "|")
			want := "1|minimum|player|1000|2500|AUD|2026-11-26T21:30:00Z|000 7.7, s66(2)|Minimum Player changes to $25 at 21:30"
			if n.Item == pitwire.NoticeClose {
				want = "2|close|||||2026-11-26T22:00:00Z|000 13.7|Table closes at 22:00"
			}
			if got != want {
				t.Fatalf("notice row %s, want %s", got, want)
			}
			notices++
		}
		if c := m.Corrected; c != nil {
			got := strings.Join([]string{r[col["round"]], r[col["winner"]], r[col["player_total"]], r[col["banker_total"]], r[col["player_hand"]], r[col["banker_hand"]],
				r[col["replaces_winner"]], r[col["replaces_player_total"]], r[col["replaces_banker_total"]], r[col["replaces_player_hand"]], r[col["replaces_banker_hand"]], r[col["correction_rule"]]}, "|")
			was := c.Replaces
			want := fmt.Sprintf("%d|P|8|7|5H 3S|4D 3S|%s|%d|%d|%s|%s|000 13.10", c.Round.N, was.Winner, was.PlayerTotal, was.BankerTotal,
				strings.Join(was.PlayerHand, " "), strings.Join(was.BankerHand, " "))
			if got != want {
				t.Fatalf("correction row %s, want %s", got, want)
			}
			corrections++
		}
		if m.Withdrawn != nil {
			got := strings.Join([]string{r[col["withdrawn_change"]], r[col["withdrawn_posted"]], r[col["withdrawn_effective"]], r[col["withdrawn_kinds"]], r[col["withdrawn_rule"]]}, "|")
			if want := "2|2026-11-26T21:00:00Z|2026-11-26T22:00:00Z|close|000 7.7, 13.7"; got != want {
				t.Fatalf("withdrawn row %s, want %s", got, want)
			}
			withdrawn++
		}
		if v := m.Review; v != nil {
			got := strings.Join([]string{r[col["review_coup"]], r[col["review_state"]], r[col["review_reasons"]], r[col["review_resolution"]], r[col["review_rule"]]}, "|")
			want := "5|held|lost shoe_result||"
			if v.State == pitwire.ReviewResolved {
				want = "5|resolved||confirmed|13.10"
			}
			if got != want {
				t.Fatalf("review row %s, want %s", got, want)
			}
			reviews++
		}
		if m.Type == pitwire.TypeShoeStarted && (r[col["currency"]] != "AUD" || !strings.HasPrefix(r[col["limits"]], "player_banker 2500-500000") || r[col["state"]] != "open" ||
			r[col["differential_min"]]+r[col["differential_max"]]+r[col["settlement"]] != "") { // the simulated table publishes neither
			t.Fatalf("shoe row %v", r)
		}
		if m.Type == pitwire.TypeLimits {
			got := strings.Join([]string{r[col["currency"]], r[col["limits"]], r[col["differential_min"]], r[col["differential_max"]], r[col["settlement"]]}, "|")
			want := "AUD|player 2500-500000; banker 1000-500000|500000|2000000|commission"
			if m.Limits.Settlement == pitwire.SettleSixPaysHalf {
				want = "AUD|player_banker 2500-500000|||six_pays_half"
			}
			if got != want {
				t.Fatalf("limits row %s, want %s", got, want)
			}
			signs++
		}
	}
	if notices != 2 || reviews != 2 || signs != 2 || corrections != 1 || withdrawn != 1 {
		t.Errorf("%d notice rows, %d review rows, %d limits rows, %d correction rows, %d withdrawn rows, want 2, 2, 2, 1 and 1", notices, reviews, signs, corrections, withdrawn)
	}
	if !strings.Contains(errOut.String(), "table.BAC-99.round refused") || !strings.Contains(errOut.String(), "1 refused") {
		t.Errorf("stderr %q", errOut.String())
	}
}
