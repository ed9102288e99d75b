package roadmap

import (
	"runtime"
	"syscall"
	"testing"
)

// reportThreadCPU adds a "cpu-ns/op" metric to a benchmark: the CPU time of the benchmark's own thread
// per operation, which, unlike ns/op, does not count the time the thread waited for a core on a busy
// machine. It locks the goroutine to its thread; call it before the loop and call the returned
// function after it.
func reportThreadCPU(b *testing.B) func() {
	runtime.LockOSThread()
	start, ok := threadCPU()
	return func() {
		end, ok2 := threadCPU()
		runtime.UnlockOSThread()
		if ok && ok2 && b.N > 0 {
			b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

func threadCPU() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
