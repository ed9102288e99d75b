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
	dpkg -P coupboard coupboard-pit >/dev/null 2>&1 || true
	rm -rf /var/lib/coupboard /var/lib/coupboard-pit
	[ "$had_user" = yes ] || deluser --quiet --system coupboard >/dev/null 2>&1 || true
	rm -rf "$OUT/old"
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
# The table's own setting, and a journal, as a technician and a running table would leave them.
sed -i 's/^id = "BAC-07"/id = "BAC-42"/' /etc/coupboard/coupboard.toml
echo "journal" > /var/lib/coupboard/BAC-42.db
chown coupboard:coupboard /var/lib/coupboard/BAC-42.db

step "upgrade to $VERSION over $OLD"
dpkg -i "$NEW_T" "$NEW_P"
[ "$(status coupboard)" = "install ok installed $VERSION" ] || fail "coupboard after upgrade: $(status coupboard)"
[ "$(status coupboard-pit)" = "install ok installed $VERSION" ] || fail "coupboard-pit after upgrade: $(status coupboard-pit)"
grep -q '^id = "BAC-42"' /etc/coupboard/coupboard.toml || fail "the upgrade lost the table's edit of coupboard.toml"
expect_owner /etc/coupboard/coupboard.toml root:coupboard\ 640
expect_file /var/lib/coupboard/BAC-42.db
out="$(LANG=C.UTF-8 /usr/bin/coupboard --version 2>/dev/null)"
echo "$out" | grep -qx "coupboard $VERSION" || fail "coupboard --version: $out"
echo "$out" | grep -q "coupboard patch in" || fail "the packaged coupboard is built without the Fyne patch: $out"
step "installed: $(echo "$out" | head -1), $(echo "$out" | grep '^fyne')"

step "reinstall $VERSION"
dpkg -i "$NEW_T" "$NEW_P"
[ "$(status coupboard)" = "install ok installed $VERSION" ] || fail "coupboard after reinstall: $(status coupboard)"

step "dpkg -r"
dpkg -r coupboard coupboard-pit
[ "$(status coupboard)" = "deinstall ok config-files $VERSION" ] || fail "coupboard after remove: $(status coupboard)"
expect_gone /usr/bin/coupboard
expect_gone /usr/bin/pitboard
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
