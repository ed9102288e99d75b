#!/bin/sh
# The Debian packages' install, upgrade, remove and purge test (make deb-test; part of make test).
# Run as root on a Debian machine, from the repository root, after make deb:
#   test.sh NFPM VERSION ARCH OUT_DIR BIN_DIR
# It packages the same release binaries (BIN_DIR) as version 0.0.1 (the "older build"), installs that,
# upgrades to VERSION over it, removes, reinstalls and purges, and checks files, owners, the
# user, conffiles, that a changed conffile survives the upgrade, that purge keeps journals, and
# that the installed coupboard --version reports VERSION with the Fyne patch in. It leaves the
# machine as it found it, apart from the user coupboard (Debian practice keeps system users).
set -eu
NFPM="$1" VERSION="$2" ARCH="$3" OUT="$4" BIN_DIR="$5"
OLD=0.0.1
fail() { echo "deb-test: FAIL: $*" >&2; exit 1; }
step() { echo "deb-test: $*"; }

[ "$(id -u)" = 0 ] || fail "run as root (make deb-test uses sudo)"
command -v dpkg >/dev/null || fail "not a Debian machine (no dpkg)"
NEW_T="$OUT/coupboard_${VERSION}_$ARCH.deb"
NEW_P="$OUT/coupboard-pit_${VERSION}_$ARCH.deb"
[ -f "$NEW_T" ] && [ -f "$NEW_P" ] || fail "no packages in $OUT: run make deb"
dpkg -s coupboard >/dev/null 2>&1 && fail "coupboard is installed on this machine already: not touching it"
dpkg -s coupboard-pit >/dev/null 2>&1 && fail "coupboard-pit is installed on this machine already: not touching it"
had_user=no
getent passwd coupboard >/dev/null && had_user=yes

# Dependencies first (dpkg -i does not fetch them); a time-sync daemon is one.
missing=""
for d in libgl1 libx11-6 libxcursor1 libxrandr2 libxinerama1 libxi6 libxxf86vm1 adduser procps; do
	dpkg -s "$d" >/dev/null 2>&1 || missing="$missing $d"
done
dpkg -s systemd-timesyncd >/dev/null 2>&1 || dpkg -s chrony >/dev/null 2>&1 || dpkg -s ntp >/dev/null 2>&1 || missing="$missing systemd-timesyncd"
if [ -n "$missing" ]; then
	step "installing dependencies:$missing"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

cleanup() {
	# The table and the pit server this script started, before their user may be deleted.
	for p in $(pgrep -u coupboard -x coupboard 2>/dev/null) $(pgrep -u coupboard -x pitserver 2>/dev/null); do kill -TERM "$p"; done
	dpkg -P coupboard coupboard-pit >/dev/null 2>&1 || true
	rm -rf /var/lib/coupboard /var/lib/coupboard-pit
	[ "$had_user" = yes ] || deluser --quiet --system coupboard >/dev/null 2>&1 || true
	rm -rf "$OUT/old" "$OUT/aside" ${BACKUP_DIR:+"$BACKUP_DIR"}
}
trap cleanup EXIT

# The older build: the same binaries as version 0.0.1.
step "packaging version $OLD"
"$(dirname "$0")/build.sh" "$NFPM" "$OLD" old "$ARCH" "$BIN_DIR" "$OUT/old" >/dev/null || fail "packaging $OLD"

owner() { stat -c '%U:%G %a' "$1"; }
expect_owner() { [ "$(owner "$1")" = "$2" ] || fail "$1 is $(owner "$1"), want $2"; }
expect_file() { [ -e "$1" ] || fail "$1 missing"; }
expect_gone() { [ ! -e "$1" ] || fail "$1 still there"; }
status() { dpkg-query -W -f='${Status} ${Version}' "$1" 2>/dev/null || echo "not-installed"; }

step "dpkg -i version $OLD"
dpkg -i "$OUT/old/coupboard_${OLD}_$ARCH.deb" "$OUT/old/coupboard-pit_${OLD}_$ARCH.deb"
[ "$(status coupboard)" = "install ok installed $OLD" ] || fail "coupboard: $(status coupboard)"
getent passwd coupboard >/dev/null || fail "no user coupboard"
id -nG coupboard | tr ' ' '\n' | grep -qx dialout || fail "coupboard is not in dialout: $(id -nG coupboard)"
[ "$(getent passwd coupboard | cut -d: -f6)" = /var/lib/coupboard ] || fail "home of coupboard: $(getent passwd coupboard)"
for f in /usr/bin/coupboard /usr/bin/coupboard-session /usr/bin/pitboard /usr/bin/pitboard-session \
	/usr/share/xsessions/coupboard-kiosk.desktop /usr/share/lightdm/lightdm.conf.d/50-coupboard.conf \
	/usr/lib/systemd/user/coupboard.service /usr/lib/systemd/user/pitboard.service \
	/usr/share/doc/coupboard/examples/99-coupboard-shoe.rules /usr/share/doc/coupboard/copyright; do
	expect_file "$f"
done
expect_owner /var/lib/coupboard coupboard:coupboard\ 750
expect_owner /var/lib/coupboard-pit coupboard:coupboard\ 750
expect_owner /etc/coupboard/coupboard.toml root:coupboard\ 640
expect_owner /etc/coupboard/pit.toml root:coupboard\ 640
dpkg-query -W -f='${Conffiles}\n' coupboard | grep -q ' /etc/coupboard/coupboard.toml ' || fail "coupboard.toml is not a conffile"
dpkg-query -W -f='${Conffiles}\n' coupboard-pit | grep -q ' /etc/coupboard/pit.toml ' || fail "pit.toml is not a conffile"
expect_file /usr/lib/systemd/system/coupboard-backup.timer
[ -L /etc/systemd/system/timers.target.wants/coupboard-backup.timer ] || fail "the backup timer is not enabled"
# The pit server on its own: binary, system unit (not enabled before its credentials are set),
# its configuration a conffile readable by the user coupboard only, the casino examples.
for f in /usr/bin/pitserver /usr/lib/systemd/system/pitserver.service /usr/share/doc/coupboard-pit/examples/pitserver-casino-1.toml; do
	expect_file "$f"
done
expect_owner /etc/coupboard/pitserver.toml root:coupboard\ 640
dpkg-query -W -f='${Conffiles}\n' coupboard-pit | grep -q ' /etc/coupboard/pitserver.toml ' || fail "pitserver.toml is not a conffile"
expect_gone /etc/systemd/system/multi-user.target.wants/pitserver.service
grep -q '^User=coupboard$' /usr/lib/systemd/system/pitserver.service || fail "pitserver.service does not run as coupboard"
# The table's own setting, and a journal, as a technician and a running table would leave them.
sed -i 's/^id = "BAC-07"/id = "BAC-42"/' /etc/coupboard/coupboard.toml
echo "journal" > /var/lib/coupboard/BAC-42.db
chown coupboard:coupboard /var/lib/coupboard/BAC-42.db

# A table playing while the package is upgraded: this machine's table by host name (BAC-43, a
# simulated shoe), run by the kiosk session as the user coupboard, headless, tracing its screens.
host="$(hostname)"
BACKUP_DIR="$(mktemp -d /tmp/coupboard-backup.XXXXXX)"
cat > "/etc/coupboard/tables/$host.toml" <<TOML
[table]
id = "BAC-43"
[limits.banker]
min = "25"
max = "5000"
[shoe]
port = "sim"
sim_speed = 20
[backup]
dir = "$BACKUP_DIR"
TOML
chgrp coupboard "/etc/coupboard/tables/$host.toml"
chmod 0640 "/etc/coupboard/tables/$host.toml"
TRACE=/var/lib/coupboard/BAC-43.trace
SESSION_LOG="$OUT/session.log"
runuser -u coupboard -- env HOME=/var/lib/coupboard COUPBOARD_NO_WM=1 COUPBOARD_FLAGS="--headless --trace $TRACE" \
	/usr/bin/coupboard-session >"$SESSION_LOG" 2>&1 &
session=$!
stop_table() {
	for p in $(pgrep -x coupboard); do kill -TERM "$p"; done
	wait "$session" 2>/dev/null || true
}
hands() { grep -o '"Hands":[0-9]*' "$TRACE" 2>/dev/null | tail -1 | cut -d: -f2; }
i=0
while [ "$(hands)" -lt 3 ] 2>/dev/null || [ -z "$(hands)" ]; do
	sleep 1
	i=$((i + 1))
	[ $i -lt 120 ] || { stop_table; cat "$SESSION_LOG" >&2; fail "the table dealt no three coups in 120 s"; }
done
old_pid="$(pgrep -x coupboard)"
step "a table plays (pid $old_pid, $(hands) coups in the shoe); upgrade to $VERSION over $OLD"
# When the old table exits, the hold file keeps the session from starting the new one until
# postinst: the trace's lines until then are the old table's.
( while kill -0 "$old_pid" 2>/dev/null; do sleep 0.1; done; wc -l < "$TRACE" > "$OUT/old-lines" ) &
watcher=$!
dpkg -i "$NEW_T" "$NEW_P"
wait "$watcher"
[ "$(status coupboard)" = "install ok installed $VERSION" ] || fail "coupboard after upgrade: $(status coupboard)"
[ "$(status coupboard-pit)" = "install ok installed $VERSION" ] || fail "coupboard-pit after upgrade: $(status coupboard-pit)"
grep -q '^id = "BAC-42"' /etc/coupboard/coupboard.toml || fail "the upgrade lost the table's edit of coupboard.toml"
expect_owner /etc/coupboard/coupboard.toml root:coupboard\ 640
expect_file /var/lib/coupboard/BAC-42.db
out="$(LANG=C.UTF-8 /usr/bin/coupboard --version 2>/dev/null)"
echo "$out" | grep -qx "coupboard $VERSION" || fail "coupboard --version: $out"
echo "$out" | grep -q "coupboard patch in" || fail "the packaged coupboard is built without the Fyne patch: $out"
step "installed: $(echo "$out" | head -1), $(echo "$out" | grep '^fyne')"
# The table stopped between coups, and the session started the new version, which resumed.
i=0
new_pid=""
while [ -z "$new_pid" ] || [ "$new_pid" = "$old_pid" ]; do
	sleep 1
	i=$((i + 1))
	new_pid="$(pgrep -x coupboard || true)"
	[ $i -lt 30 ] || { stop_table; cat "$SESSION_LOG" >&2; fail "the table did not start again after the upgrade"; }
done
i=0
until [ "$(wc -l < "$TRACE")" -gt "$(cat "$OUT/old-lines")" ]; do
	sleep 1
	i=$((i + 1))
	[ $i -lt 30 ] || { stop_table; fail "the restarted table presented no screen"; }
done
grep -q "drained: no coup in progress" "$SESSION_LOG" || { cat "$SESSION_LOG" >&2; fail "the table was not drained"; }
[ "$(readlink "/proc/$new_pid/exe")" = /usr/bin/coupboard ] || fail "the restarted table runs $(readlink "/proc/$new_pid/exe")"
grep -q "inputs replayed, [0-9]* coups, clean stop true" "$SESSION_LOG" || { cat "$SESSION_LOG" >&2; fail "the restarted table found no clean stop"; }
# The same screen: the old table's last and the new one's first, less the clock, the shoe's link
# (it reconnects) and the machine's conditions.
screen() { sed -n "${1}p" "$TRACE" | sed -e 's/"Now":"[^"]*"//' -e 's/"Link":[0-9]*//' -e 's/"Warnings":\(null\|\[[^]]*\]\)//' -e 's/"WarningWords":\(null\|\[\({[^}]*},\?\)*\]\)//'; }
n="$(cat "$OUT/old-lines")"
[ "$(screen "$n")" = "$(screen $((n + 1)))" ] || fail "the screen after the upgrade differs:
before: $(screen "$n")
after:  $(screen $((n + 1)))"
step "the table stopped between coups, restarted as $VERSION (pid $new_pid) and shows the same screen"
stop_table
# The installed pit server, as its unit starts it (user coupboard, the installed configuration;
# on a free loopback port here): it keeps its stream in /var/lib/coupboard-pit and stops on SIGTERM.
PITSERVER_LOG="$OUT/pitserver.log"
runuser -u coupboard -- /usr/bin/pitserver --config /etc/coupboard/pitserver.toml --listen 127.0.0.1:-1 >"$PITSERVER_LOG" 2>&1 &
pitserver=$!
i=0
until grep -q "stream TABLES ready" "$PITSERVER_LOG"; do
	sleep 1
	i=$((i + 1))
	if [ $i -ge 30 ] || ! kill -0 "$pitserver" 2>/dev/null; then
		kill -TERM "$(pgrep -P "$pitserver" -x pitserver)" 2>/dev/null || true
		cat "$PITSERVER_LOG" >&2
		fail "the installed pitserver did not start"
	fi
done
[ "$(stat -c %U /var/lib/coupboard-pit/jetstream)" = coupboard ] || fail "the pit server's store is $(owner /var/lib/coupboard-pit/jetstream)"
# SIGTERM to pitserver itself, as systemd sends it (runuser, its parent, passes on its exit status).
kill -TERM "$(pgrep -P "$pitserver" -x pitserver)"
wait "$pitserver" || { cat "$PITSERVER_LOG" >&2; fail "pitserver did not stop cleanly on SIGTERM"; }
grep -q "pit server pit-1: stopping" "$PITSERVER_LOG" || { cat "$PITSERVER_LOG" >&2; fail "pitserver did not say it stopped"; }
step "pitserver $VERSION started from the package: $(grep -m1 'clients at' "$PITSERVER_LOG")"
# The daily backup, as its unit runs it, and a restore onto a box without the journal.
chown coupboard:coupboard "$BACKUP_DIR"
runuser -u coupboard -- env XDG_DATA_HOME=/var/lib /usr/bin/coupboard backup || fail "backup"
copy="$(ls "$BACKUP_DIR"/BAC-43/BAC-43-*.db)"
mkdir -p "$OUT/aside"
mv /var/lib/coupboard/BAC-43.db* "$OUT/aside/"
/usr/bin/coupboard restore --from "$copy" || fail "restore"
expect_owner /var/lib/coupboard/BAC-43.db coupboard:coupboard\ 640
/usr/bin/coupboard restore --from "$copy" 2>/dev/null && fail "restore wrote over a journal"
/usr/bin/coupboard audit verify --db /var/lib/coupboard/BAC-43.db || fail "the restored journal does not verify"
rm -rf /var/lib/coupboard/BAC-43.* "$OUT/aside" "$BACKUP_DIR" "/etc/coupboard/tables/$host.toml"
step "backup and restore ok"

step "reinstall $VERSION"
dpkg -i "$NEW_T" "$NEW_P"
[ "$(status coupboard)" = "install ok installed $VERSION" ] || fail "coupboard after reinstall: $(status coupboard)"

step "dpkg -r"
dpkg -r coupboard coupboard-pit
[ "$(status coupboard)" = "deinstall ok config-files $VERSION" ] || fail "coupboard after remove: $(status coupboard)"
expect_gone /usr/bin/coupboard
expect_gone /usr/bin/pitboard
expect_gone /usr/bin/pitserver
expect_file /etc/coupboard/coupboard.toml
expect_file /var/lib/coupboard/BAC-42.db

step "dpkg -i again after remove, then dpkg -P"
dpkg -i "$NEW_T" "$NEW_P"
grep -q '^id = "BAC-42"' /etc/coupboard/coupboard.toml || fail "reinstall after remove lost coupboard.toml"
mkdir -p /etc/coupboard/tables
echo '[table]' > /etc/coupboard/tables/kiosk-07.toml
dpkg -P coupboard coupboard-pit
[ "$(status coupboard)" = "not-installed" ] || [ "$(status coupboard)" = "unknown ok not-installed " ] || fail "coupboard after purge: $(status coupboard)"
expect_gone /etc/coupboard
expect_gone /etc/systemd/system/timers.target.wants/coupboard-backup.timer
expect_gone /var/lib/coupboard-pit
expect_file /var/lib/coupboard/BAC-42.db # a journal is never deleted by the package manager
rm /var/lib/coupboard/BAC-42.db
dpkg -i "$NEW_T" >/dev/null
dpkg -P coupboard >/dev/null
expect_gone /var/lib/coupboard # no journal in it: purged
if dpkg -L coupboard >/dev/null 2>&1; then fail "dpkg still lists coupboard's files"; fi

command -v lintian >/dev/null || fail "lintian is not installed (make deps-test installs it)"
step "lintian"
# Each tag suppressed is explained in deploy/deb/lintian-overrides.
lintian --fail-on error,warning --suppress-tags-from-file "$(dirname "$0")/lintian-overrides" "$NEW_T" "$NEW_P"
step "ok"
