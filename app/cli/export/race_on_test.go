//go:build race

package export_test

// raceOn: the race detector makes the fuzzed round trips 5-10 times slower; the tests that are
// not issue 22's 1,000-sequence round trip play fewer tables under it (CI runs -race).
const raceOn = true
