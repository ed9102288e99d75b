#!/bin/sh
# Turns a fresh Debian mini PC into a coupboard table display. Run as root from the directory
# holding this script, with the coupboard binary built beside it (make release → bin/coupboard):
#   sudo ./deploy/kiosk-setup.sh ./bin/coupboard
# It installs a minimal X session with auto-login for the user "coupboard" (in the dialout group so
# it may open the shoe), the udev rule for the shoe, the binary, an example configuration, and
# the session script that turns off screen blanking and starts the display in kiosk mode.
set -eu
BIN="${1:?usage: kiosk-setup.sh PATH/TO/coupboard}"
HERE="$(cd "$(dirname "$0")" && pwd)"
USER_NAME=coupboard

apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
	xserver-xorg xinit x11-xserver-utils lightdm openbox libgl1 libx11-6 fonts-dejavu-core

id "$USER_NAME" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$USER_NAME"
usermod -aG dialout "$USER_NAME"

install -m 0755 "$BIN" /usr/local/bin/coupboard
install -m 0755 "$HERE/coupboard-session.sh" /usr/local/bin/coupboard-session
install -m 0644 "$HERE/99-coupboard-shoe.rules" /etc/udev/rules.d/99-coupboard-shoe.rules
udevadm control --reload-rules && udevadm trigger || true
install -d -m 0755 /etc/coupboard
[ -f /etc/coupboard/coupboard.toml ] || install -m 0640 -g "$USER_NAME" "$HERE/coupboard.example.toml" /etc/coupboard/coupboard.toml

# Auto-login into an openbox session that starts the display.
install -d /etc/lightdm/lightdm.conf.d
cat > /etc/lightdm/lightdm.conf.d/50-coupboard.conf <<CONF
[Seat:*]
autologin-user=$USER_NAME
autologin-session=openbox
xserver-command=X -s 0 -dpms -nocursor
CONF
install -d -o "$USER_NAME" "/home/$USER_NAME/.config/openbox"
cat > "/home/$USER_NAME/.config/openbox/autostart" <<AUTO
systemctl --user import-environment DISPLAY XAUTHORITY 2>/dev/null
/usr/local/bin/coupboard-session &
AUTO
chown -R "$USER_NAME:$USER_NAME" "/home/$USER_NAME/.config"
systemctl set-default graphical.target
echo "Done. Edit /etc/coupboard/coupboard.toml (set the PIN hashes with: coupboard pin-hash), then reboot."
