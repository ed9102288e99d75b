#!/bin/sh
# Builds the Debian packages coupboard and coupboard-pit with nfpm (make deb):
#   build.sh NFPM VERSION COMMIT ARCH BIN_DIR OUT_DIR
# from BIN_DIR/coupboard and BIN_DIR/pitboard, into OUT_DIR/<name>_<version>_<arch>.deb.
# Run from the repository root.
set -eu
NFPM="$1" VERSION="$2" COMMIT="$3" ARCH="$4" BIN_DIR="$5" OUT="$6"
case "$VERSION" in
[0-9]*) ;;
*) echo "build.sh: version \"$VERSION\" must start with a digit (Debian policy 5.6.12)" >&2; exit 2 ;;
esac
DOC="$OUT/doc-$VERSION"
rm -rf "$DOC"
mkdir -p "$DOC"
# /usr/share/doc/<package>/copyright and the (native package) changelog.gz lintian asks for.
cat > "$DOC/copyright" <<COPY
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: coupboard
Source: https://github.com/coupboard/coupboard

Files: *
Copyright: 2026 coupboard maintainers
License: proprietary
 All rights reserved. Licensed to the casino operating these tables.
COPY
when="$(date -u -R ${SOURCE_DATE_EPOCH:+-d @$SOURCE_DATE_EPOCH})"
printf 'coupboard (%s) stable; urgency=medium\n\n  * Built from commit %s.\n\n -- coupboard maintainers <maintainers@coupboard.invalid>  %s\n' \
	"$VERSION" "$COMMIT" "$when" | gzip -9n > "$DOC/changelog.gz"
# nfpm expands the environment in a few fields only: the ${…} of the configurations are filled here.
for pkg in coupboard coupboard-pit; do
	sed -e "s|\${DEB_VERSION}|$VERSION|g" -e "s|\${DEB_ARCH}|$ARCH|g" -e "s|\${BIN_DIR}|$BIN_DIR|g" -e "s|\${DOC_DIR}|$DOC|g" \
		"deploy/deb/$pkg.yaml" > "$DOC/$pkg.yaml"
	"$NFPM" package --config "$DOC/$pkg.yaml" --packager deb --target "$OUT/${pkg}_${VERSION}_$ARCH.deb"
done
