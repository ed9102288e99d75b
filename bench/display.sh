#!/usr/bin/env bash
# Prints the table screen's measured figures (docs/notes/display-performance.md): building the
# roads' view model, applying a view model to the screen, a clock tick, and a software render.
# Run from the repository root. Fyne needs a UTF-8 locale.
set -euo pipefail
export LANG=C.UTF-8 LC_ALL=C.UTF-8
echo "machine: $(nproc) cores, $(go version | cut -d' ' -f3-)"
go test ./display/view -run '^$' -bench 'RoadsFrom' -benchmem | grep -E '^Benchmark'
go test ./display -run '^$' -bench 'Apply|SetNow|Render' -benchmem -benchtime 2s | grep -E '^Benchmark'
