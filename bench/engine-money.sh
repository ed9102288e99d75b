#!/usr/bin/env bash
# Engine money figures (engineer B): settlement, exact analysis of an 8-deck shoe, and the
# `coupboard analyze` report. Run from the repository root. Go benchmarks, not timed tests.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "machine: $(nproc) cores, $(go version)"
go test ./engine -run '^$' -bench '^(BenchmarkSettle|BenchmarkAnalyze8)$' -benchmem -benchtime 2s -count 3
go test ./app/cli/analyze -run '^$' -bench '^BenchmarkBuild8$' -benchmem -benchtime 2s -count 3
