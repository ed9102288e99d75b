#!/usr/bin/env bash
# Red Dog (engine/reddog): the cost of one token at the table, of replaying a whole 8-deck shoe and
# of the exact analysis, then the analysis itself (house edge 2.7509% raising on spreads 7-11).
set -euo pipefail
cd "$(dirname "$0")/.."
go test -run '^$' -bench . -benchmem -count 3 ./engine/reddog/ | grep -E '^(cpu|Benchmark)'
echo
go test -count 1 -run '^TestAnalyzePublished$' -v ./engine/reddog/ | sed -n 's/^        //p' | grep -v '^analyze_test.go'
