#!/usr/bin/env bash
# Prints serialin's figures: decoder throughput (Go benchmarks) and the latency from the last
# byte written on a pseudo-terminal to the event delivered (p50/p99 over 10,000 frames).
# Run from the repository root: bench/serialin.sh
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== machine: $(nproc) cores, $(uname -sr), $(go version | cut -d' ' -f3)"
echo "== decoder throughput: go test -run '^$' -bench . -benchtime 2s ./serialin"
go test -run '^$' -bench . -benchtime 2s -count 1 ./serialin | grep -E '^(Benchmark|ok|FAIL)'
echo "== pty latency: go test -run '^TestLatencyPTY$' -v -count 1 ./serialin"
go test -run '^TestLatencyPTY$' -v -count 1 ./serialin | grep -E 'latency|^(ok|FAIL|---)'
