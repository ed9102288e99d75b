package app

import (
	"testing"

	"github.com/coupboard/coupboard/app/config"
	"github.com/coupboard/coupboard/internal/testbin"
)

// parseConfig is the table configuration in text; it fails the test on an error.
func parseConfig(t *testing.T, text string) *config.Config {
	t.Helper()
	cfg, err := config.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// startTraced starts a table (not the demo) with cfg, its log in stderr and every screen it
// presents, one JSON line each, in trace. The caller closes it.
func startTraced(t *testing.T, cfg *config.Config) (tb *runningTable, stderr, trace *testbin.Buffer) {
	t.Helper()
	stderr, trace = new(testbin.Buffer), new(testbin.Buffer)
	tb, err := startTable(cfg, false, stderr, trace)
	if err != nil {
		t.Fatal(err)
	}
	return tb, stderr, trace
}
