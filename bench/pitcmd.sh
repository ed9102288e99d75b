#!/usr/bin/env bash
# Prints the pit commands' figures (docs/performance.md §14, issue 25): a change of the sign
# posted to PITCMD_TABLES (200) simulated tables, each running the desk (engine/desk) behind
# its own connection, credentials and durable consumer on one embedded NATS server with
# credentials; each post waits until every table has answered. Reported per post: the latency
# from the post to each table's answer as the pit reads it (p50, p99, max), until the last
# table answered, and the process's CPU time. Target: every table answers within 1 s (p99).
# Environment: PITCMD_TABLES (200), PITCMD_POSTS (30). Runs from the repository root. Measure
# on a quiet machine: the load average is printed.
set -euo pipefail
cd "$(dirname "$0")/.."
export LANG=C.UTF-8 LC_ALL=C.UTF-8
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load average $(cut -d' ' -f1-3 /proc/loadavg)"
go test -count=1 -run '^$' -bench '^BenchmarkPostTo200Tables$' -benchtime "${PITCMD_POSTS:-30}x" -timeout 15m ./app/pitcmd/ | grep -E '^Benchmark|^ok|FAIL'
echo "load average $(cut -d' ' -f1-3 /proc/loadavg)"
