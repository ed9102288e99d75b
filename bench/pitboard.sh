#!/usr/bin/env bash
# Prints the pit board's figures (docs/notes/pitboard-performance.md):
#   1. the bus load test: simulated tables through a real embedded NATS server to the board's
#      state model: lost and doubled records, end-to-end latency from journal commit to board state;
#   2. the board's frame time with 200 tables, as Go benchmarks under Xvfb;
#   3. the real board (pitboard --demo) with 200 tables under Xvfb: frames and frame times.
#   4. the real board with 24 demo tables: CPU % of one core and RSS over 3 minutes (bench/soak.sh).
# Environment: PITBOARD_TABLES (200), PITBOARD_DURATION (60s), PITBOARD_INTERVAL (250ms),
# PITBOARD_NICE (section 4: the session's autogroup nice, see bench/soak.sh).
# Runs from the repository root; needs xvfb-run.
set -euo pipefail
cd "$(dirname "$0")/.."
export LANG=C.UTF-8 LC_ALL=C.UTF-8
tables=${PITBOARD_TABLES:-200}
duration=${PITBOARD_DURATION:-60s}
interval=${PITBOARD_INTERVAL:-250ms}
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "== 1. bus load: $tables tables, a coup about every $interval each, for $duration"
PITBOARD_TABLES=$tables PITBOARD_DURATION=$duration PITBOARD_INTERVAL=$interval \
	go test -count=1 -run '^$' -bench '^BenchmarkFloor$' -benchtime 1x -timeout 15m ./app/bus/ | grep -E '^Benchmark|^ok|FAIL'
echo
echo "== 2. board frames, 1920x1080, Xvfb + Mesa llvmpipe (CPU rendering)"
xvfb-run -a -s "-screen 0 1920x1080x24" \
	go test -count=1 -run '^$' -bench '^BenchmarkFrame' -benchtime 3s ./display/pitboard/ 2>/dev/null | grep -E '^Benchmark|^ok|FAIL'
echo
echo "== 3. pitboard --demo --tables 200 --interval 1s for 60s under Xvfb"
bin=$(mktemp -d)
store=$(mktemp -d)
trap 'rm -rf "$bin" "$store"' EXIT
go build -o "$bin/pitboard" ./cmd/pitboard
xvfb-run -a -s "-screen 0 1920x1080x24" "$bin/pitboard" --demo --tables 200 --interval 1s \
	--listen 127.0.0.1:-1 --store "$store" --exit-after 60s --frame-stats 2>&1 | grep -v '^XGB'
echo "== 4. CPU use and RSS of the board process (server, 24 demo tables and board), 3 minutes"
# bench/soak.sh: the release build in a private Xvfb, CPU % of one core and RSS every 30 s.
# PITBOARD_NICE (e.g. -15, root) gives the run's session a larger share of a busy machine.
SOAK_TABLES=24 SOAK_DURATION=3m SOAK_EVERY=30 SOAK_NICE=${PITBOARD_NICE:-} bench/soak.sh pitboard
