#!/bin/sh
# The X session of a table display's mini PC: no screen blanking, no power saving, then the
# table display in kiosk mode. Started by the auto-login session (see kiosk-setup.sh), or by
# coupboard.service / coupboard.desktop. The display restarts itself if it ever exits.
xset s off -dpms 2>/dev/null
xset s noblank 2>/dev/null
export LANG="${LANG:-en_US.UTF-8}"
CONFIG="${COUPBOARD_CONFIG:-/etc/coupboard/coupboard.toml}"
while true; do
	/usr/local/bin/coupboard --kiosk --config "$CONFIG"
	# A supervisor leaving kiosk mode exits with status 0: stop here (the desktop stays for maintenance).
	[ $? -eq 0 ] && break
	sleep 2
done
