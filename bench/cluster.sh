#!/usr/bin/env bash
# Prints the casino bus's figures (docs/performance.md §12): a 3-node NATS cluster on loopback
# (embedded nats-server nodes, the TABLES stream with 3 replicas), simulated tables publishing
# through the real publisher, a board reading through the real subscriber:
#   1. failover: the stream leader killed a third of the way in and restarted after
#      CLUSTER_DOWN: records lost and doubled (both must be 0), time until another node leads
#      the stream, until every table's publishes are acknowledged again, and until the
#      restarted node's copy is current (catch-up);
#   2. throughput: what the cluster sustains from CLUSTER_BIG tables publishing as fast as a
#      coup every CLUSTER_FAST lets them (each table waits for each acknowledgement).
# Environment: CLUSTER_TABLES (50), CLUSTER_DURATION (60s), CLUSTER_INTERVAL (250ms),
# CLUSTER_DOWN (10s), CLUSTER_BIG (200), CLUSTER_FAST (20ms), CLUSTER_BIG_DURATION (30s).
# Runs from the repository root. Measure on a quiet machine: the load average is printed.
set -euo pipefail
cd "$(dirname "$0")/.."
export LANG=C.UTF-8 LC_ALL=C.UTF-8
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "== 1. failover: ${CLUSTER_TABLES:-50} tables, a coup about every ${CLUSTER_INTERVAL:-250ms}, ${CLUSTER_DURATION:-60s}, leader down ${CLUSTER_DOWN:-10s}"
go test -count=1 -run '^$' -bench '^BenchmarkClusterFailover$' -benchtime 1x -timeout 15m ./app/bus/ | grep -E '^Benchmark|^ok|FAIL'
echo "load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "== 2. throughput: ${CLUSTER_BIG:-200} tables, a coup every ${CLUSTER_FAST:-20ms} at most, ${CLUSTER_BIG_DURATION:-30s}"
CLUSTER_TABLES=${CLUSTER_BIG:-200} CLUSTER_INTERVAL=${CLUSTER_FAST:-20ms} CLUSTER_DURATION=${CLUSTER_BIG_DURATION:-30s} \
	go test -count=1 -run '^$' -bench '^BenchmarkClusterThroughput$' -benchtime 1x -timeout 15m ./app/bus/ | grep -E '^Benchmark|^ok|FAIL'
echo "load average $(cut -d' ' -f1-3 /proc/loadavg)"
