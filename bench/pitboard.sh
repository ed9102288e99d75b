#!/usr/bin/env bash
# Prints the pit board's figures (docs/notes/pitboard-performance.md):
#   1. the bus load test: simulated tables through a real embedded NATS server to the board's
#      state model: lost and doubled records, end-to-end latency from journal commit to board state;
#   2. the board's frame time with 200 tables, as Go benchmarks under Xvfb;
#   3. the real board (pitboard --demo) with 200 tables under Xvfb: frames and frame times.
# Environment: PITBOARD_TABLES (200), PITBOARD_DURATION (60s), PITBOARD_INTERVAL (250ms).
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
store2=$(mktemp -d)
trap 'rm -rf "$bin" "$store" "$store2"' EXIT
go build -o "$bin/pitboard" ./cmd/pitboard
xvfb-run -a -s "-screen 0 1920x1080x24" "$bin/pitboard" --demo --tables 200 --interval 1s \
	--listen 127.0.0.1:-1 --store "$store" --exit-after 60s --frame-stats 2>&1 | grep -v '^XGB'
echo "== 4. CPU use of the board process, 24 demo tables, 30 s"
/usr/bin/time -f 'pitboard process: %U s user + %S s system CPU in %e s' \
	xvfb-run -a -s "-screen 0 1920x1080x24" "$bin/pitboard" --demo --tables 24 \
	--listen 127.0.0.1:-1 --store "$store2" --exit-after 30s 2>&1 | grep -v -e '^XGB' -e '^pit bus'
