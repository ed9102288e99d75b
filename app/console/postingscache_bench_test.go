package console

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/internal/bustest"
)

// BenchmarkPostingsRefresh: a refresh of the console's list of postings with nothing new, the
// sender keeping 100 commands each posted to 20 tables on an embedded bus (no table answers:
// what the list shows does not depend on answers). "kept" is Commands made by NewCommands,
// "made" one that makes the list on every call (as before). Reported: ns and allocations per
// refresh.
func BenchmarkPostingsRefresh(b *testing.B) {
	const nCmds, nTables = 100, 20
	cfg := bus.ServerConfig{Pits: []bus.Credential{{User: "pit", Password: "pit-secret"}}}
	var tables []pitcmd.Table
	var ids []string
	for i := range nTables {
		id := "T" + strconv.Itoa(i+1)
		ids = append(ids, id)
		cfg.Tables = append(cfg.Tables, bus.Credential{Table: id, User: "u-" + id, Password: "p-" + id})
		tables = append(tables, pitcmd.Table{ID: id, Pit: "A", Game: pitcmd.GameBaccarat})
	}
	srv := bustest.Start(b, cfg)
	s, err := pitcmd.Start(pitcmd.Config{Conn: bus.ConnConfig{URLs: []string{srv.URL()}, User: "pit", Password: "pit-secret"},
		Tables: tables, People: pitcmd.PeopleList{"101"}, MaxCommands: 2 * nCmds})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(s.Close)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for range nCmds {
		if _, err := s.Post(ctx, pitcmd.Target{Tables: ids}, "!limits player=50-5000 banker=50-5000", "101", 0); err != nil {
			b.Fatal(err)
		}
	}
	for _, bc := range []struct {
		name string
		c    Commands
	}{{"kept", NewCommands(s, 0)}, {"made", Commands{Sender: s}}} {
		b.Run(bc.name, func(b *testing.B) {
			if n := len(bc.c.Postings()); n != nCmds {
				b.Fatalf("%d postings, want %d", n, nCmds)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				bc.c.Postings()
			}
		})
	}
}
