package pitcmd_test

import (
	"context"
	"os"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/app/pitcmd/simdesk"
	"github.com/coupboard/coupboard/internal/bustest"
)

// BenchmarkPostTo200Tables: a change of the sign posted to PITCMD_TABLES tables (200), each a
// simulated table running the desk behind its own connection, credentials and durable
// consumer, on one embedded server with credentials. Each iteration posts one !limits for
// now (a lower maximum, accepted without notice) to every table and waits until all have
// answered. Reported: the latency from the post to each table's answer as the pit reads it
// (p50, p99, max, over every table of every iteration), from the post until the last table
// answered, and the CPU time of the whole process (server, tables, pit) per post.
func BenchmarkPostTo200Tables(b *testing.B) {
	n := 200
	if v, err := strconv.Atoi(os.Getenv("PITCMD_TABLES")); err == nil && v > 0 {
		n = v
	}
	cfg := bus.ServerConfig{Pits: []bus.Credential{{User: "pit", Password: "pit-secret"}}}
	var tables []pitcmd.Table
	ids := make([]string, n)
	for i := range n {
		ids[i] = "T" + strconv.Itoa(i+1)
		cfg.Tables = append(cfg.Tables, bus.Credential{Table: ids[i], User: "u-" + ids[i], Password: "p-" + ids[i]})
		tables = append(tables, pitcmd.Table{ID: ids[i], Pit: "east", Game: pitcmd.GameBaccarat})
	}
	srv := bustest.Start(b, cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{}, n)
	for _, id := range ids {
		tb, err := simdesk.New(simdesk.Config{ID: id, Conn: tableConn(srv, id), Sign: startSign})
		if err != nil {
			b.Fatal(err)
		}
		go func() { _ = tb.Run(ctx); done <- struct{}{} }()
	}
	b.Cleanup(func() {
		cancel()
		for range n {
			<-done
		}
	})
	s, err := pitcmd.Start(pitcmd.Config{Conn: pitConn(srv), Tables: tables, People: pitcmd.PeopleList{"S042"}})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(s.Close)

	post := func(i int) pitcmd.Command {
		pctx, pcancel := context.WithTimeout(context.Background(), time.Minute)
		defer pcancel()
		line := "!limits player=10-" + strconv.Itoa(900+i%2*50) + " banker=10-" + strconv.Itoa(900+i%2*50)
		id, err := s.Post(pctx, pitcmd.Target{Pit: "east"}, line, "S042", 0)
		if err != nil {
			b.Fatal(err)
		}
		c, err := s.Wait(pctx, id)
		if err != nil {
			b.Fatal(err)
		}
		return c
	}
	post(-1) // every table's consumer made and warm
	var each, last []time.Duration
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		c := post(i)
		wall := time.Since(start)
		for _, a := range c.Tables {
			if a.State != pitcmd.Accepted {
				b.Fatalf("table %s: %s %+v", a.Table, a.State, a.Answer)
			}
			each = append(each, a.Received.Sub(c.Issued))
		}
		last = append(last, wall)
	}
	b.StopTimer()
	cpu := cpuTime() - cpu0
	slices.Sort(each)
	slices.Sort(last)
	q := func(d []time.Duration, p float64) float64 {
		return float64(d[min(len(d)-1, int(p*float64(len(d))))].Microseconds()) / 1000
	}
	b.ReportMetric(float64(n), "tables")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(q(each, 0.50), "answer-p50-ms")
	b.ReportMetric(q(each, 0.99), "answer-p99-ms")
	b.ReportMetric(q(each, 1), "answer-max-ms")
	b.ReportMetric(q(last, 0.50), "all-answered-p50-ms")
	b.ReportMetric(q(last, 1), "all-answered-max-ms")
}

// cpuTime is the CPU time (user and system) the process has used: server, tables and pit.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
