// Package crashtest holds the crash tests of the table display (issue 4): Go tests that build
// and run the real coupboard binary, kill it with SIGKILL at random moments while a simulated
// shoe plays at high speed, restart it on the same journal and check that nothing that was
// ever shown was lost or duplicated; a power cut during a write (a torn write-ahead log); a
// full disk; and a read-only data directory. It has no non-test code.
//
// The number of kill/restart iterations is COUPBOARD_CRASH_ITERATIONS (default 20, 5 with
// -short); COUPBOARD_CRASH_SEED fixes the seed of the kill moments (default: the clock; the
// seed is logged). bench/crash.sh runs the full 200 iterations.
package crashtest
