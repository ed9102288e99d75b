#!/bin/sh
# The X session of the pit board's PC: no screen blanking, then the pit board (with its embedded
# pit server) full screen. Started by the "coupboard pit board" X session (coupboard-pit.desktop)
# or by pitboard.service. The board restarts itself if it ever exits.
xset s off -dpms 2>/dev/null
xset s noblank 2>/dev/null
export LANG="${LANG:-C.UTF-8}"
CONFIG="${COUPBOARD_PIT_CONFIG:-/etc/coupboard/pit.toml}"
command -v openbox >/dev/null && { openbox & }
while true; do
	pitboard --fullscreen --config "$CONFIG"
	sleep 2
done
