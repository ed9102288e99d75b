// Command feed-csv is an example consumer of the coupboard integration feed: it reads every
// table's messages from the pit bus (the TABLES stream, from its first message), checks each
// against the feed's JSON Schema (pitwire/schema, v1), and writes one CSV row per
// message. A message that fails its schema is not written: it is counted and reported on
// stderr. It uses only NATS, the schema files and the standard library, the way a casino
// management system would (docs/integrator.md).
//
//	feed-csv --nats nats://bus-1:4222,nats://bus-2:4222,nats://bus-3:4222 --user cms-feed > feed.csv
//
// with the password in COUPBOARD_BUS_PASSWORD.
package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/coupboard/coupboard/pitwire/schema"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "feed-csv:", err)
		os.Exit(1)
	}
}

// feedMsg is a feed message as the schema describes it (v1).
type feedMsg struct {
	V      int        `json:"v"`
	Table  string     `json:"table"`
	Seq    uint64     `json:"seq"`
	Type   string     `json:"type"`
	Time   string     `json:"time"`
	Shoe   int        `json:"shoe"`
	Round  *feedRound `json:"round"`
	Limits *struct {
		Currency string `json:"currency"`
		Bets     []struct {
			Bet string `json:"bet"`
			Min int64  `json:"min"`
			Max int64  `json:"max"`
		} `json:"bets"`
		DifferentialMin int64  `json:"differential_min"`
		DifferentialMax int64  `json:"differential_max"`
		Settlement      string `json:"settlement"`
	} `json:"limits"`
	Status *struct {
		Name     string `json:"name"`
		Game     string `json:"game"`
		State    string `json:"state"`
		ClosesAt string `json:"closes_at"`
		OpensAt  string `json:"opens_at"`
	} `json:"status"`
	Pace *struct {
		HandsPerHour int `json:"hands_per_hour"`
	} `json:"pace"`
	Access *struct {
		Event   string `json:"event"`
		Outcome string `json:"outcome"`
		Role    string `json:"role"`
		Person  string `json:"person"`
		Reason  string `json:"reason"`
	} `json:"access"`
	Notice *struct {
		Change        int    `json:"change"`
		Item          string `json:"item"`
		Bet           string `json:"bet"`
		Old           *int64 `json:"old"`
		New           *int64 `json:"new"`
		Currency      string `json:"currency"`
		OldSettlement string `json:"old_settlement"`
		NewSettlement string `json:"new_settlement"`
		Posted        string `json:"posted"`
		Effective     string `json:"effective"`
		Rule          string `json:"rule"`
		Text          string `json:"text"`
	} `json:"notice"`
	Review *struct {
		N          int      `json:"n"`
		State      string   `json:"state"`
		Reasons    []string `json:"reasons"`
		Resolution string   `json:"resolution"`
		Rule       string   `json:"rule"`
	} `json:"review"`
	// Corrected is a round corrected after the fact (type round_corrected): its rows carry the
	// round as corrected in the round columns, the result it replaces in the replaces_ columns.
	Corrected *struct {
		Round    feedRound `json:"round"`
		Replaces feedRound `json:"replaces"`
		Rule     string    `json:"rule"`
	} `json:"corrected"`
	Withdrawn *struct {
		Change    int      `json:"change"`
		Posted    string   `json:"posted"`
		Effective string   `json:"effective"`
		Kinds     []string `json:"kinds"`
		Rule      string   `json:"rule"`
	} `json:"withdrawn"`
}

// feedRound is a round as the schema describes it (v1).
type feedRound struct {
	N           int      `json:"n"`
	Kind        string   `json:"kind"`
	Winner      string   `json:"winner"`
	PlayerTotal int      `json:"player_total"`
	BankerTotal int      `json:"banker_total"`
	Natural     bool     `json:"natural"`
	PlayerPair  bool     `json:"player_pair"`
	BankerPair  bool     `json:"banker_pair"`
	ResultOnly  bool     `json:"result_only"`
	PlayerHand  []string `json:"player_hand"`
	BankerHand  []string `json:"banker_hand"`
}

// Header is the CSV header row.
var Header = []string{"stream_seq", "time", "table", "seq", "type", "shoe",
	"round", "kind", "winner", "player_total", "banker_total", "player_hand", "banker_hand", "natural", "player_pair", "banker_pair", "result_only",
	"state", "name", "game", "closes_at", "opens_at", "currency", "limits",
	"hands_per_hour", "access", "outcome", "role", "person", "reason",
	"notice_change", "notice_item", "notice_bet", "notice_old", "notice_new", "notice_posted", "notice_effective", "notice_rule", "notice_text",
	"review_coup", "review_state", "review_reasons", "review_resolution", "review_rule",
	"differential_min", "differential_max", "settlement",
	"replaces_winner", "replaces_player_total", "replaces_banker_total", "replaces_player_hand", "replaces_banker_hand", "correction_rule",
	"withdrawn_change", "withdrawn_posted", "withdrawn_effective", "withdrawn_kinds", "withdrawn_rule"}

// replacesAt and withdrawnAt are the first columns of a corrected round's replaced result and
// of a withdrawn change (columns appended to Header in later versions of the feed).
var (
	replacesAt  = slices.Index(Header, "replaces_winner")
	withdrawnAt = slices.Index(Header, "withdrawn_change")
)

// row is the CSV row of m, the stream's seq-th message.
func row(seq uint64, m feedMsg) []string {
	r := make([]string, len(Header))
	r[0], r[1], r[2], r[3], r[4], r[5] = strconv.FormatUint(seq, 10), m.Time, m.Table, strconv.FormatUint(m.Seq, 10), m.Type, strconv.Itoa(m.Shoe)
	b := strconv.FormatBool
	rd := m.Round
	if c := m.Corrected; c != nil { // the round as corrected, and the result it replaces
		rd = &c.Round
		was := c.Replaces
		copy(r[replacesAt:], []string{was.Winner, strconv.Itoa(was.PlayerTotal), strconv.Itoa(was.BankerTotal),
			strings.Join(was.PlayerHand, " "), strings.Join(was.BankerHand, " "), c.Rule})
	}
	if rd != nil {
		copy(r[6:], []string{strconv.Itoa(rd.N), rd.Kind, rd.Winner, strconv.Itoa(rd.PlayerTotal), strconv.Itoa(rd.BankerTotal),
			strings.Join(rd.PlayerHand, " "), strings.Join(rd.BankerHand, " "), b(rd.Natural), b(rd.PlayerPair), b(rd.BankerPair), b(rd.ResultOnly)})
	}
	if st := m.Status; st != nil {
		copy(r[17:], []string{st.State, st.Name, st.Game, st.ClosesAt, st.OpensAt})
	}
	if l := m.Limits; l != nil {
		var bets []string
		for _, bet := range l.Bets {
			bets = append(bets, fmt.Sprintf("%s %d-%d", bet.Bet, bet.Min, bet.Max))
		}
		r[22], r[23] = l.Currency, strings.Join(bets, "; ")
		// The sign's table differentials in cents (empty: none) and its settlement method.
		cents := func(c int64) string {
			if c == 0 {
				return ""
			}
			return strconv.FormatInt(c, 10)
		}
		copy(r[44:], []string{cents(l.DifferentialMin), cents(l.DifferentialMax), l.Settlement})
	}
	if p := m.Pace; p != nil {
		r[24] = strconv.Itoa(p.HandsPerHour)
	}
	if a := m.Access; a != nil {
		copy(r[25:], []string{a.Event, a.Outcome, a.Role, a.Person, a.Reason})
	}
	if n := m.Notice; n != nil {
		// The old and new amounts in cents (currency in its column), or the settlement methods.
		old, nw := n.OldSettlement, n.NewSettlement
		if n.Old != nil && n.New != nil {
			old, nw = strconv.FormatInt(*n.Old, 10), strconv.FormatInt(*n.New, 10)
		}
		r[22] = n.Currency
		copy(r[30:], []string{strconv.Itoa(n.Change), n.Item, n.Bet, old, nw, n.Posted, n.Effective, n.Rule, n.Text})
	}
	if v := m.Review; v != nil {
		copy(r[39:], []string{strconv.Itoa(v.N), v.State, strings.Join(v.Reasons, " "), v.Resolution, v.Rule})
	}
	if w := m.Withdrawn; w != nil {
		// The change withdrawn: its notices (notice_change) come off the sign.
		copy(r[withdrawnAt:], []string{strconv.Itoa(w.Change), w.Posted, w.Effective, strings.Join(w.Kinds, " "), w.Rule})
	}
	return r
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("feed-csv", flag.ContinueOnError)
	fs.SetOutput(stderr)
	urls := fs.String("nats", "nats://127.0.0.1:4222", "the pit bus: every node's URL, comma-separated")
	user := fs.String("user", "", "a board's read-only user (password in $COUPBOARD_BUS_PASSWORD)")
	open := fs.Bool("open-bus", false, "connect with no credentials (an open bus)")
	idle := fs.Duration("exit-when-idle", 0, "exit once no message came for this long (0: run until interrupted)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *user == "" && !*open {
		return fmt.Errorf("--user: the feed needs a board's read-only credentials (or --open-bus)")
	}
	set, err := schema.Compile()
	if err != nil {
		return err
	}
	opts := []nats.Option{nats.Name("feed-csv"), nats.MaxReconnects(-1)}
	if *user != "" {
		opts = append(opts, nats.UserInfo(*user, os.Getenv("COUPBOARD_BUS_PASSWORD")))
	}
	nc, err := nats.Connect(*urls, opts...)
	if err != nil {
		return fmt.Errorf("connect to %s: %w", *urls, err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	cons, err := js.OrderedConsumer(ctx, "TABLES", jetstream.OrderedConsumerConfig{DeliverPolicy: jetstream.DeliverAllPolicy})
	if err != nil {
		return fmt.Errorf("read stream TABLES: %w", err)
	}
	w := csv.NewWriter(stdout)
	defer w.Flush()
	if err := w.Write(Header); err != nil {
		return err
	}
	var written, refused int
	defer func() { fmt.Fprintf(stderr, "feed-csv: %d messages written, %d refused\n", written, refused) }()
	last := time.Now()
	for ctx.Err() == nil {
		msg, err := cons.Next(jetstream.FetchMaxWait(250 * time.Millisecond))
		if errors.Is(err, nats.ErrTimeout) || errors.Is(err, context.DeadlineExceeded) {
			if *idle > 0 && time.Since(last) >= *idle {
				return nil
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("read stream TABLES: %w", err)
		}
		last = time.Now()
		meta, err := msg.Metadata()
		if err != nil {
			return err
		}
		typ := msg.Subject()[strings.LastIndex(msg.Subject(), ".")+1:]
		var m feedMsg
		if err := set.Validate(msg.Data(), typ); err != nil {
			refused++
			fmt.Fprintf(stderr, "feed-csv: message %d on %s refused: %v\n", meta.Sequence.Stream, msg.Subject(), err)
			continue
		}
		if err := json.Unmarshal(msg.Data(), &m); err != nil || msg.Subject() != "table."+m.Table+"."+m.Type {
			refused++
			fmt.Fprintf(stderr, "feed-csv: message %d on %s refused: it names table %q, type %q (%v)\n", meta.Sequence.Stream, msg.Subject(), m.Table, m.Type, err)
			continue
		}
		if err := w.Write(row(meta.Sequence.Stream, m)); err != nil {
			return err
		}
		w.Flush()
		written++
	}
	return nil
}
