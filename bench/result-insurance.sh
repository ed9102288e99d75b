#!/usr/bin/env bash
# Prints the figures of result-only entry and Insurance/No 6 (docs/notes/result-insurance-performance.md):
# one result entered by hand through the engine, and a coup on which Insurance/No 6 opens, a
# wager is placed and settled, through the table state. Run from the repository root.
set -euo pipefail
export LANG=C.UTF-8 LC_ALL=C.UTF-8
echo "machine: $(nproc) cores, $(go version | cut -d' ' -f3-)"
go test ./engine -run '^$' -bench '^BenchmarkResult$' -benchmem -benchtime 2s 2>/dev/null | grep -E '^Benchmark'
go test ./app/table -run '^$' -bench '^BenchmarkInsuranceCoup$' -benchmem -benchtime 2s 2>/dev/null | grep -E '^Benchmark'
