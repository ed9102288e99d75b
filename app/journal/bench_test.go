package journal

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// coupRecords returns the records of one coup as the app writes them: six card inputs from
// the shoe, the finished round and an event.
func coupRecords(tb testing.TB, shoe int64, n int, at time.Time) []Record {
	var recs []Record
	for k, pos := range []string{"P1", "B1", "P2", "B2", "P3", "B3"} {
		recs = append(recs, Record{Time: at.Add(time.Duration(k) * time.Second), Kind: KindShoe, Source: SourceShoe, Shoe: shoe,
			Payload: json.RawMessage(fmt.Sprintf(`{"type":"card","card":"%s","pos":"%s","raw":"C%02d"}`, []string{"AS", "TD", "9H", "KC"}[k%4], pos, k))})
	}
	recs = append(recs, roundRec(tb, shoe, n, at.Add(6*time.Second)))
	recs = append(recs, Record{Time: at.Add(6 * time.Second), Kind: KindEvent, Source: SourceShoe, Shoe: shoe,
		Payload: json.RawMessage(`{"type":"result","winner":"P"}`)})
	return recs
}

// buildJournal writes coups coups (8 records each, 80 to a shoe) in large batches and closes
// the journal; it returns its path.
func buildJournal(b *testing.B, coups int) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "bench.db")
	j, err := Open(path, Options{Table: "t1"})
	if err != nil {
		b.Fatal(err)
	}
	var batch []Record
	for c := 0; c < coups; c++ {
		batch = append(batch, coupRecords(b, int64(1+c/80), 1+c%80, base.Add(time.Duration(c)*time.Minute))...)
		if len(batch) >= 800 || c == coups-1 {
			mustAppend(b, j, batch...)
			batch = batch[:0]
		}
	}
	if err := j.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

// reportLatency adds p50, p99 and max of d (in microseconds) to the benchmark's output.
func reportLatency(b *testing.B, d []time.Duration) {
	if len(d) == 0 {
		return
	}
	slices.Sort(d)
	q := func(p float64) float64 { return float64(d[int(p*float64(len(d)-1))].Nanoseconds()) / 1e3 }
	b.ReportMetric(q(0.50), "p50-µs")
	b.ReportMetric(q(0.99), "p99-µs")
	b.ReportMetric(q(1), "max-µs")
}

// BenchmarkAppend: one shoe input per AppendBatch, committed and synced (the event loop's
// common case).
func BenchmarkAppend(b *testing.B) {
	j, _ := openTemp(b, Options{})
	benchAppendInputs(b, j, 0)
}

// dealerGap is the time between two cards in the table's end-to-end measurement
// (internal/e2e TestMeasureCardLatency): a dealer's pace, long enough for the machine to go idle.
const dealerGap = 400 * time.Millisecond

// BenchmarkAppendPaced is BenchmarkAppend with dealerGap between inputs, the journal's part of
// a card's way as a table meets it: a commit after an idle spell. On the 2-core VM of
// docs/performance.md §32 it takes 1.5 ms at p50 against 0.3-0.4 ms back to back, the sync
// waking an idle disk and CPU (BenchmarkFsyncPaced). Run it with -benchtime 100x (40 s).
func BenchmarkAppendPaced(b *testing.B) {
	j, _ := openTemp(b, Options{})
	benchAppendInputs(b, j, dealerGap)
}

// benchAppendInputs appends one shoe input per AppendBatch for the benchmark's loop, gap apart
// (the gap is not timed).
func benchAppendInputs(b *testing.B, j *Journal, gap time.Duration) {
	var d []time.Duration
	i := 0
	for b.Loop() {
		if gap > 0 {
			b.StopTimer()
			time.Sleep(gap)
			b.StartTimer()
		}
		r := input(i, 1, base)
		t0 := time.Now()
		if _, err := j.AppendBatch(r); err != nil {
			b.Fatal(err)
		}
		d = append(d, time.Since(t0))
		i++
	}
	reportLatency(b, d)
}

// BenchmarkAppendCoupEnd: the input that finishes a coup with its round and event records,
// in one AppendBatch.
func BenchmarkAppendCoupEnd(b *testing.B) {
	j, _ := openTemp(b, Options{})
	var d []time.Duration
	i := 0
	for b.Loop() {
		recs := coupRecords(b, 1, 1+i%80, base)[5:]
		t0 := time.Now()
		if _, err := j.AppendBatch(recs...); err != nil {
			b.Fatal(err)
		}
		d = append(d, time.Since(t0))
		i++
	}
	reportLatency(b, d)
}

// cpuTime returns the CPU time (user + system) this process has used so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU adds the CPU time per op since start: on a shared machine wall time (ns/op)
// includes waiting for a core, CPU time does not.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64((cpuTime(b)-start).Microseconds())/1e3/float64(b.N), "cpu-ms/op")
}

// benchRecover opens a closed journal (quick_check and tail check included), replays every
// record and decodes every round, then closes it: the app's start-up read.
func benchRecover(b *testing.B, coups int) {
	path := buildJournal(b, coups)
	var start time.Duration
	for b.Loop() {
		if start == 0 {
			start = cpuTime(b)
		}
		j, err := Open(path, Options{Table: "t1"})
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		err = j.Scan(0, func(r Record) error {
			n++
			if r.Kind == KindRound {
				_, err := DecodeRound(r.Payload)
				return err
			}
			return nil
		})
		if err != nil || n != coups*8 {
			b.Fatalf("replayed %d records: %v", n, err)
		}
		j.Close()
	}
	reportCPU(b, start)
	b.ReportMetric(float64(coups*8), "records")
}

// BenchmarkRecoverShoe: a full shoe of 80 coups (640 records).
func BenchmarkRecoverShoe(b *testing.B) { benchRecover(b, 80) }

// BenchmarkRecoverDay: a day of 1,000 coups (8,000 records).
func BenchmarkRecoverDay(b *testing.B) { benchRecover(b, 1000) }

// BenchmarkScanDay: Scan alone over a day of 8,000 records in an open journal.
func BenchmarkScanDay(b *testing.B) {
	path := buildJournal(b, 1000)
	j, err := Open(path, Options{Table: "t1"})
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	var start time.Duration
	for b.Loop() {
		if start == 0 {
			start = cpuTime(b)
		}
		n := 0
		if err := j.Scan(0, func(Record) error { n++; return nil }); err != nil || n != 8000 {
			b.Fatalf("scanned %d: %v", n, err)
		}
	}
	reportCPU(b, start)
}

// BenchmarkVerifyDay: Verify over a day of 8,000 records.
func BenchmarkVerifyDay(b *testing.B) {
	path := buildJournal(b, 1000)
	j, err := Open(path, Options{Table: "t1"})
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	for b.Loop() {
		if v, err := j.Verify(); err != nil || !v.OK() {
			b.Fatalf("Verify = %+v, %v", v, err)
		}
	}
}

// BenchmarkRoundsOfShoe: recall of one shoe's 80 rounds from a day's journal.
func BenchmarkRoundsOfShoe(b *testing.B) {
	path := buildJournal(b, 1000)
	j, err := Open(path, Options{Table: "t1"})
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	for b.Loop() {
		if r, err := j.Rounds(7); err != nil || len(r) != 80 {
			b.Fatalf("Rounds = %d, %v", len(r), err)
		}
	}
}

// BenchmarkFsyncBaseline: the floor under every commit on this disk: write 12 KiB to a
// file and fsync it (what one small SQLite WAL commit costs the kernel).
func BenchmarkFsyncBaseline(b *testing.B) { benchFsync(b, 0) }

// BenchmarkFsyncPaced is BenchmarkFsyncBaseline with dealerGap between syncs (not timed): the
// floor under BenchmarkAppendPaced. Run it with -benchtime 100x (40 s).
func BenchmarkFsyncPaced(b *testing.B) { benchFsync(b, dealerGap) }

// benchFsync writes 12 KiB to a file and fsyncs it for each op, gap apart.
func benchFsync(b *testing.B, gap time.Duration) {
	f, err := os.Create(filepath.Join(b.TempDir(), "fsync.dat"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 3*4096)
	var d []time.Duration
	for b.Loop() {
		if gap > 0 {
			b.StopTimer()
			time.Sleep(gap)
			b.StartTimer()
		}
		t0 := time.Now()
		if _, err := f.Write(buf); err != nil {
			b.Fatal(err)
		}
		if err := f.Sync(); err != nil {
			b.Fatal(err)
		}
		d = append(d, time.Since(t0))
	}
	reportLatency(b, d)
}

// BenchmarkAppendNoHeadFile is BenchmarkAppend without the head file's write and fdatasync
// after each commit: the difference is what the truncation check costs the append path.
func BenchmarkAppendNoHeadFile(b *testing.B) {
	j, _ := openTemp(b, Options{})
	j.mu.Lock()
	_ = j.headf.close()
	j.headf = nil
	j.mu.Unlock()
	benchAppendInputs(b, j, 0)
}

// benchOpen opens a closed journal of coups coups read-write (the table's start-up before
// the replay) with the given chain check, and closes it.
func benchOpen(b *testing.B, coups, tail int) {
	path := buildJournal(b, coups)
	var start time.Duration
	for b.Loop() {
		if start == 0 {
			start = cpuTime(b)
		}
		j, err := Open(path, Options{Table: "t1", TailCheck: tail})
		if err != nil {
			b.Fatal(err)
		}
		j.Close()
	}
	reportCPU(b, start)
	b.ReportMetric(float64(coups*8), "records")
}

// BenchmarkOpenDayWholeChain: start-up's Open of a day (8,000 records), the whole chain checked.
func BenchmarkOpenDayWholeChain(b *testing.B) { benchOpen(b, 1000, 0) }

// BenchmarkOpenDayTail1000: the same with only the newest 1,000 records checked (the old default).
func BenchmarkOpenDayTail1000(b *testing.B) { benchOpen(b, 1000, 1000) }

// BenchmarkOpenMonthWholeChain: a month of a busy table (30,000 coups, 240,000 records).
func BenchmarkOpenMonthWholeChain(b *testing.B) { benchOpen(b, 30000, 0) }

// BenchmarkOpenMonthTail1000: the month with only the newest 1,000 records checked.
func BenchmarkOpenMonthTail1000(b *testing.B) { benchOpen(b, 30000, 1000) }
