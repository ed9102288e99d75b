#!/usr/bin/env bash
# Soak test: runs one of the two screens for a long time in a window under a private Xvfb
# (Mesa llvmpipe: software OpenGL on the CPU) and prints its resident memory and CPU use once
# per sample period (docs/performance.md, "Soak").
#
#   bench/soak.sh pitboard   pitboard --demo --tables $SOAK_TABLES (200) at the demo's pace
#   bench/soak.sh table      coupboard --demo --sim-speed $SOAK_SPEED (30), 1280x720 window
#
# Environment: SOAK_DURATION (1h), SOAK_EVERY (sampling period, 60s), SOAK_TABLES (200),
# SOAK_SPEED (30), SOAK_ARGS (more arguments for the binary), SOAK_BIN (a binary built before,
# e.g. of an earlier commit, to run instead of building this tree: before/after comparisons),
# SOAK_NICE (a nice value, e.g. -15, for the script's own session: with the kernel's autogroup
# scheduling every session gets an equal share of the cores, so on a busy shared machine the
# CPU a process uses shows its session's share rather than what it needs. A negative value
# needs root and takes CPU from the other sessions: keep such runs short).
#
# Each line: minutes since start, the binary's VmRSS (MiB), its CPU use over the period (% of
# one core, from /proc/PID/stat utime+stime), Xvfb's CPU use over the period, and the load
# average (the machine may be shared: the load says how busy it was). At the end: the first,
# smallest, largest and last RSS, the RSS growth from the end of the first quarter to the end,
# and mean CPU. Both binaries are release builds (Makefile `release` flags). Runs from the
# repository root; needs Xvfb.
set -euo pipefail
if [ -n "${SOAK_NICE:-}" ] && [ "$(ps -o sid= -p $$ | tr -d ' ')" != $$ ]; then
	exec setsid "$0" "$@" # a session, and so an autogroup, of its own
fi
if [ -n "${SOAK_NICE:-}" ]; then
	echo "$SOAK_NICE" >/proc/$$/autogroup
fi
cd "$(dirname "$0")/.."
export GOWORK=off # the patched Fyne through go.mod's replace (third_party/fyne/README.md)
export GOFLAGS=-buildvcs=false
export LANG=en_US.UTF-8
what=${1:?usage: bench/soak.sh pitboard|table}
duration=${SOAK_DURATION:-1h}
every=${SOAK_EVERY:-60}
tables=${SOAK_TABLES:-200}
speed=${SOAK_SPEED:-30}
tags=$(sed -n 's/^RELEASE_TAGS := //p' Makefile)

secs() { # a Go-style duration (90s, 15m, 1h) in seconds
	local d=$1
	case $d in
	*h) echo $((${d%h} * 3600)) ;;
	*m) echo $((${d%m} * 60)) ;;
	*s) echo "${d%s}" ;;
	*) echo "$d" ;;
	esac
}
total=$(secs "$duration")

build() {
	if [ -n "${SOAK_BIN:-}" ]; then
		cp "$SOAK_BIN" "$work/bin"
	else
		go build -tags "$tags" -trimpath -ldflags '-s -w' -o "$work/bin" "$1"
	fi
}

work=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

case $what in
pitboard)
	build ./cmd/pitboard
	size=1920x1080
	# shellcheck disable=SC2206
	args=(--demo --tables "$tables" --listen 127.0.0.1:-1 --store "$work/store" ${SOAK_ARGS:-})
	label="pitboard --demo --tables $tables, 1920x1080"
	;;
table)
	build .
	size=1280x720
	# shellcheck disable=SC2206
	args=(--demo --sim-speed "$speed" --size 1280x720 ${SOAK_ARGS:-})
	label="coupboard --demo --sim-speed $speed, window 1280x720"
	;;
*)
	echo "usage: bench/soak.sh pitboard|table" >&2
	exit 2
	;;
esac

# A private X server, so that nothing else draws on it: -displayfd reports its number.
exec 3>"$work/display"
Xvfb -displayfd 3 -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
pids+=("$xvfb")
exec 3>&-
for _ in $(seq 100); do
	[ -s "$work/display" ] && break
	sleep 0.1
done
display=:$(head -1 "$work/display")

mkdir -p "$work/data"
DISPLAY=$display XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/data "$work/bin" "${args[@]}" >"$work/out" 2>"$work/err" &
app=$!
pids+=("$app")

hz=$(getconf CLK_TCK)
ticks() { # utime+stime of process $1 in clock ticks
	local s
	s=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
	s=${s##*) } # fields after the command name
	# shellcheck disable=SC2086
	set -- $s
	echo $((${12} + ${13}))
}
rss() { awk '/^VmRSS:/ {printf "%.0f", $2/1024}' "/proc/$1/status"; }

echo "soak: $label, $duration, a sample every ${every}s${SOAK_BIN:+, binary $SOAK_BIN}${SOAK_NICE:+, session (autogroup) nice $SOAK_NICE}"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(go version | cut -d' ' -f3-), started $(date -u +%Y-%m-%dT%H:%MZ), load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%6s %8s %8s %8s  %s\n' min rss-MiB cpu-% xvfb-% load
start=$(date +%s.%N)
a0=$(ticks "$app")
x0=$(ticks "$xvfb")
t0=$start
rs=()
cpus=()
n=$((total / every))
for i in $(seq "$n"); do
	# Sleep to the i-th period from the start, so that slow samples do not drift.
	now=$(date +%s.%N)
	sleep "$(echo "$start + $i * $every - $now" | bc)"
	if ! a1=$(ticks "$app"); then
		echo "the binary exited; its stderr:" >&2
		tail -20 "$work/err" >&2
		exit 1
	fi
	x1=$(ticks "$xvfb")
	t1=$(date +%s.%N)
	r=$(rss "$app")
	cpu=$(echo "scale=1; 100 * ($a1 - $a0) / $hz / ($t1 - $t0)" | bc)
	xcpu=$(echo "scale=1; 100 * ($x1 - $x0) / $hz / ($t1 - $t0)" | bc)
	printf '%6s %8s %8s %8s  %s\n' "$(echo "scale=1; ($t1 - $start) / 60" | bc)" "$r" "$cpu" "$xcpu" "$(cut -d' ' -f1-3 /proc/loadavg)"
	rs+=("$r")
	cpus+=("$cpu")
	a0=$a1 x0=$x1 t0=$t1
done
q=$((${#rs[@]} / 4))
printf '%s\n' "${rs[@]}" | sort -n | sed -n '1p;$p' | paste -sd' ' | {
	read -r lo hi
	echo "RSS MiB: first ${rs[0]}, min $lo, max $hi, last ${rs[-1]}; from minute $(((q + 1) * every / 60)) to the end: $((${rs[-1]} - ${rs[q]})) MiB"
}
echo "CPU % of one core: mean $(printf '%s\n' "${cpus[@]}" | awk '{s += $1} END {printf "%.1f", s / NR}'), max $(printf '%s\n' "${cpus[@]}" | sort -n | tail -1)"
echo "ended $(date -u +%Y-%m-%dT%H:%MZ), load average $(cut -d' ' -f1-3 /proc/loadavg)"
