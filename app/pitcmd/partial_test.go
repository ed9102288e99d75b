package pitcmd_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/internal/bustest"
	"github.com/nats-io/nats.go/jetstream"
)

// TestHalfSentPostIsReported: when the bus stores a command for some tables and not for
// others, Post returns the command's id with a *SendError naming each table not sent to; the
// command shows those tables NotSent, with the bus's reason, and the others' answers as usual.
func TestHalfSentPostIsReported(t *testing.T) {
	p := startPit(t, "T1", "T2")
	p.run(t, "T1")
	// The stream takes one command per table, and refuses a second: T2 already has one.
	js := bustest.AdminJetStream(t, p.srv)
	p.post(t, pitcmd.Target{Tables: []string{"T2"}}, "!close at=23:00")
	cfg := bus.CommandStreamConfig()
	cfg.Discard, cfg.DiscardNewPerSubject, cfg.MaxMsgsPerSubject = jetstream.DiscardNew, true, 1
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := js.UpdateStream(ctx, cfg); err != nil {
		t.Fatal(err)
	}

	id, err := p.sender.Post(ctx, pitcmd.Target{Tables: []string{"T1", "T2"}}, "!limits at=20:30 player=50-1000 banker=50-1000", "S042", 0)
	var se *pitcmd.SendError
	if !errors.As(err, &se) || id == "" || se.ID != id || se.Tables != 2 || strings.Join(se.NotSent(), ",") != "T2" ||
		!strings.Contains(err.Error(), "not sent to 1 of 2 tables: T2: the bus did not store it") {
		t.Fatalf("a post the bus stored for T1 only: id %q, %v", id, err)
	}
	waitFor(t, "T1's answer", func() bool { return p.state(id, "T1") == pitcmd.Accepted })
	c, _ := p.sender.Command(id)
	if a := answerOf(t, c, "T2"); a.State != pitcmd.NotSent || !strings.Contains(a.Unsent, "the bus did not store it") || !c.Done() {
		t.Fatalf("T2 not sent to: %+v, done %v", a, c.Done())
	}
}
