#!/usr/bin/env bash
# Prints the table screen's measured figures (docs/performance.md, section 5): building the
# roads' view model, applying a view model to the screen, a clock tick, and a software render.
# Run from the repository root. Fyne needs a UTF-8 locale.
set -euo pipefail
# Measure what ships: the binary built against the patched Fyne (go.mod's replace,
# third_party/fyne/README.md); a go.work left in the environment would override it.
export GOWORK=off
export LANG=C.UTF-8 LC_ALL=C.UTF-8
echo "machine: $(nproc) cores, $(go version | cut -d' ' -f3-)"
go test ./display/view -run '^$' -bench 'RoadsFrom' -benchmem | grep -E '^Benchmark'
go test ./display -run '^$' -bench 'Apply|SetNow|Render|RoadImages' -benchmem -benchtime 2s | grep -E '^Benchmark'

# End to end (internal/e2e, issue 5): the real binary in its window under Xvfb, fed over a
# pseudo-terminal. Latency from a CARD frame's last byte to the screen handed to the window and
# to the painted frame that shows it (p50/p99 over a shoe, played twice), start-up to the first
# frame, idle CPU over 30 s, resident memory over 3,000 coups, and the table's CPU time per card
# over the shoe (a fairer figure than the wall latency on a loaded machine). About 16 minutes.
# Figures: docs/performance.md, sections 5 and 20.
COUPBOARD_E2E_MEASURE=1 LANG=en_US.UTF-8 go test ./internal/e2e -run 'Measure' -count=1 -v -timeout 30m 2>&1 \
	| grep -E 'card latency|of which|CPU of the table|start-up to first frame|idle CPU|memory|^--- (FAIL|SKIP)|^(ok|FAIL)' | sed 's/^ *//'
