#!/usr/bin/env bash
# Prints the operator screen's measured figures (docs/notes/operator-performance.md): a card
# typed on the keypad until it is durable in the journal (through a real table loop), the
# snapshot the loop copies for the screen, and one redraw of the signed-in screen.
# Run from the repository root. Fyne needs a UTF-8 locale.
set -euo pipefail
export LANG=C.UTF-8 LC_ALL=C.UTF-8
echo "machine: $(nproc) cores, $(go version | cut -d' ' -f3-)"
go test ./display/operator -run '^$' -bench 'CardEntryDurable|SnapshotOf|ScreenUpdate' -benchmem -benchtime 2s 2>/dev/null | grep -E '^Benchmark'
