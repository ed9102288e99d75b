#!/usr/bin/env bash
# Prints the roadmap figures (docs/notes/roadmap-performance.md): appending one hand to the roads in
# steady state, computing every road of a 90-hand shoe from scratch, and reading the ask road and the
# statistics. Run from the repository root. ns/op is wall time; cpu-ns/op is the CPU time of the
# benchmark's own thread, which a busy machine does not inflate.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "machine: $(nproc) cores, $(uname -m), load average $(cut -d' ' -f1-3 /proc/loadavg)"
go test -run '^$' -bench 'Append|Build90|AskAndStats' -benchtime "${BENCHTIME:-2s}" -count "${COUNT:-3}" ./roadmap/ |
	grep -E '^(Benchmark|cpu:|goos:|goarch:)'
