#!/usr/bin/env bash
# Engine rules figures (engineer A): replay throughput of the baccarat game engine and of the
# `coupboard replay` command. Run from the repository root. Go benchmarks, not timed tests.
# coups/cpu-s divides by the process's CPU time (getrusage), so it does not depend on how
# busy the shared machine is; coups/s is wall clock.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "machine: $(nproc) cores, $(go version)"
go test ./engine -run '^$' -bench '^(BenchmarkReplay|BenchmarkCoup)$' -benchmem -benchtime 2s -count 3 -cpu 1
go test ./app/cli/replay -run '^$' -bench '^BenchmarkRun$' -benchmem -benchtime 2s -count 3 -cpu 1
