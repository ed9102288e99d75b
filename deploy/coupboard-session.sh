#!/bin/sh
# The X session of a table display's mini PC: no screen blanking, no power saving, then the
# table display in kiosk mode. Started by the "coupboard table" X session the Debian package
# installs (coupboard-kiosk.desktop, auto-login by lightdm), by the auto-login session of
# kiosk-setup.sh, or by coupboard.service / coupboard.desktop. The display restarts itself if
# it ever exits.
xset s off -dpms 2>/dev/null
xset s noblank 2>/dev/null
export LANG="${LANG:-C.UTF-8}"
# The journal goes to /var/lib/coupboard/<table id>.db (journal.DefaultPath is
# $XDG_DATA_HOME/coupboard/<table id>.db), the directory the package creates for the user coupboard.
[ -d /var/lib/coupboard ] && [ -w /var/lib/coupboard ] && export XDG_DATA_HOME=/var/lib
# This machine's configuration: the table's own file by host name if there is one.
CONFIG="${COUPBOARD_CONFIG:-}"
if [ -z "$CONFIG" ]; then
	CONFIG=/etc/coupboard/coupboard.toml
	host="$(hostname)"
	[ -f "/etc/coupboard/tables/$host.toml" ] && CONFIG="/etc/coupboard/tables/$host.toml"
fi
# A window manager, when there is one, for the full-screen request (the lightdm session has none).
[ -z "${COUPBOARD_NO_WM:-}" ] && command -v openbox >/dev/null && ! pgrep -u "$(id -u)" -x openbox >/dev/null && { openbox & }
# The table's log goes to the system journal (journalctl -t coupboard), one record a line with its
# priority, when there is a journal; else to this session's standard error.
run() {
	if command -v systemd-cat >/dev/null 2>&1 && [ -S /run/systemd/journal/stdout ]; then
		COUPBOARD_LOG="journal,${COUPBOARD_LOG:-}" systemd-cat --identifier=coupboard --level-prefix=true "$@"
	else
		"$@"
	fi
}
# COUPBOARD_FLAGS: the table's flags (the package's upgrade test runs it --headless).
while true; do
	# shellcheck disable=SC2086
	run coupboard ${COUPBOARD_FLAGS:---kiosk} --config "$CONFIG"
	status=$?
	# A supervisor leaving kiosk mode exits with status 0: stop here (the desktop stays for maintenance).
	[ $status -eq 0 ] && break
	# Status 75: the package's prerm drained the table for an upgrade. Start it again once the new
	# version is configured (postinst removes /run/coupboard-upgrade), at most 10 minutes later.
	waited=0
	while [ -e /run/coupboard-upgrade ] && [ $waited -lt 600 ]; do
		sleep 1
		waited=$((waited + 1))
	done
	sleep 2
done
