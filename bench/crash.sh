#!/usr/bin/env bash
# The crash test of issue 4 at full length: 200 kill -9/restart cycles of the real binary with
# a simulated shoe at the fastest pace, then the torn write-ahead log, full-disk and read-only
# data directory tests. Prints the summary (iterations, coups checked, losses, duplicates).
# Run from the repository root; takes about 2 minutes on 2 cores.
# COUPBOARD_CRASH_SEED=N reproduces a run's kill moments (each run logs its seed).
set -euo pipefail
export LANG=en_US.UTF-8
export COUPBOARD_CRASH_ITERATIONS="${COUPBOARD_CRASH_ITERATIONS:-200}"
echo "machine: $(nproc) cores, $(go version | cut -d' ' -f3-)"
out=$(go test ./internal/crashtest -count=1 -v -timeout 15m 2>&1) || { echo "$out"; exit 1; }
echo "$out" | grep -E 'seed [0-9]+ \(|crash summary|^--- |log cut at|on screen:|^ok' | sed 's/^ *//'
