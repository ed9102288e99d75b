#!/usr/bin/env bash
# Prints the Red Dog table's figures: the machine (one input and its journal records, the
# screen's view model) and the Red Dog table screen (Apply at 1920×1080, a software render).
# Run from the repository root. Uses only the packages of the Red Dog display.
set -euo pipefail
export LANG=C.UTF-8
echo "# app/table: Red Dog machine"
go test ./app/table -run '^$' -bench 'RedDog' -benchmem -benchtime 2s -count 1 | grep -E '^(Benchmark|ok|cpu)'
echo "# display: Red Dog table screen"
go test ./display -run '^$' -bench 'RedDog' -benchmem -benchtime 2s -count 1 2>/dev/null | grep -E '^(Benchmark|ok|cpu)'
