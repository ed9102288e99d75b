#!/usr/bin/env bash
# Prints the journal's measured figures (see docs/notes/journal-performance.md).
# Run from the repository root: bench/journal.sh
set -euo pipefail
cd "$(dirname "$0")/.."
echo "machine: $(nproc) cores, $(uname -srm), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "journal directory: ${TMPDIR:-/tmp} ($(df -h --output=source,fstype "${TMPDIR:-/tmp}" | tail -1))"
echo
echo "== append + commit (synchronous=FULL), one AppendBatch per op; p50/p99/max in microseconds"
go test -run '^$' -bench 'BenchmarkAppend$|BenchmarkAppendCoupEnd|BenchmarkAppendNoHeadFile|BenchmarkFsyncBaseline' -benchtime 1000x ./app/journal | grep '^Benchmark'
echo
echo "== the same, paced as a dealer deals (400 ms between inputs, not timed): a commit after an idle spell; 80 s"
go test -run '^$' -bench 'BenchmarkAppendPaced|BenchmarkFsyncPaced' -benchtime 100x ./app/journal | grep '^Benchmark'
echo
echo "== recovery (Open with quick_check and tail check + Scan + decode rounds + Close), scans, verify, recall"
go test -run '^$' -bench 'BenchmarkRecover|BenchmarkScanDay|BenchmarkVerifyDay|BenchmarkRoundsOfShoe' -benchtime 20x ./app/journal | grep '^Benchmark'
