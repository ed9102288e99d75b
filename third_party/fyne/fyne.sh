#!/usr/bin/env bash
# third_party/fyne/v2 is the Fyne that coupboard builds with (go.mod: replace fyne.io/fyne/v2 =>
# ./third_party/fyne/v2). It must be exactly: the module named in upstream.sum, as the Go module
# proxy serves it (its zip checked against the h1: checksum there), less the files that
# coupboard's build and tests do not need (prune, below), with patches/*.patch applied in order.
#
#   third_party/fyne/fyne.sh check   (default; make fyne-check, part of make test): fail, and show
#                                    the difference, when v2/ is not upstream + the patches
#   third_party/fyne/fyne.sh apply   rewrite v2/ from upstream + the patches (after editing a
#                                    patch, or to port to a new version: README.md there)
#   third_party/fyne/fyne.sh diff    print what v2/ has beyond upstream + the patches, as a
#                                    patch (a change made in v2/ by hand: save it as the next
#                                    patches/NNNN-name.patch, give it a header, then apply)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tree=$here/v2
mode=${1:-check}
case $mode in check | apply | diff) ;; *)
	echo "usage: $0 [check|apply|diff]" >&2
	exit 2
	;;
esac
export GOWORK=off GOFLAGS=-mod=mod LC_ALL=C

read -r mod ver sum <"$here/upstream.sum"
# go.mod must require that version and replace it with the tree.
want="$ver ./third_party/fyne/v2"
got=$(cd "$root" && go list -m -f '{{.Version}} {{with .Replace}}{{.Path}}{{end}}' "$mod")
if [ "$got" != "$want" ]; then
	echo "third_party/fyne: go.mod has $mod $got, want $want (upstream.sum)" >&2
	exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/coupboard-fyne.XXXXXX")
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT

# Upstream, from the module proxy (or the module cache), checked against the pinned checksum:
# the go command verifies the zip against go.sum, which holds only that line.
mkdir "$tmp/pin"
printf 'module pin\n\ngo 1.21\n' >"$tmp/pin/go.mod"
cp "$here/upstream.sum" "$tmp/pin/go.sum"
json=$(cd "$tmp/pin" && go mod download -json "$mod@$ver") || {
	echo "third_party/fyne: go mod download $mod@$ver failed:" >&2
	echo "$json" >&2
	exit 1
}
zip=$(sed -n 's/^[[:space:]]*"Zip": "\(.*\)",$/\1/p' <<<"$json")
dl=$(sed -n 's/^[[:space:]]*"Sum": "\(.*\)",$/\1/p' <<<"$json")
if [ "$dl" != "$sum" ] || [ ! -f "$zip" ]; then
	echo "third_party/fyne: $mod@$ver downloaded with checksum '$dl', want $sum:" >&2
	echo "$json" >&2
	exit 1
fi
(cd "$tmp" && unzip -q "$zip")
mv "$tmp/$mod@$ver" "$tmp/a"

# prune: Fyne's demo and CLI programs (cmd/) and README pictures (img/), which no package
# imports, and the tests and test data of every package but the ones the patches change
# (their tests run in make test). What is left is what builds, on every platform Fyne supports.
(
	cd "$tmp/a"
	rm -rf cmd img
	find . -type f \( -name '*_test.go' -o -path '*/testdata/*' \) |
		grep -Ev '^\./internal/(cache|painter|driver/glfw)/' | xargs -r rm -f
	find . -type d -empty -delete
)

for p in "$here"/patches/*.patch; do
	[ -e "$p" ] || continue
	(cd "$tmp/a" && git apply --whitespace=nowarn "$p") || {
		echo "third_party/fyne: patches/$(basename "$p") does not apply" >&2
		exit 1
	}
done

case $mode in
check)
	if ! out=$(cd "$tmp" && ln -s "$tree" b && diff -r -u a b); then
		echo "third_party/fyne/v2 is not $mod@$ver + third_party/fyne/patches; edit a patch and run third_party/fyne/fyne.sh apply:" >&2
		echo "$out" | head -200 >&2
		exit 1
	fi
	echo "third_party/fyne/v2 = $mod@$ver ($sum) + $(ls "$here"/patches/*.patch 2>/dev/null | wc -l) patches"
	;;
apply)
	rm -rf "$tree"
	cp -R "$tmp/a" "$tree"
	chmod -R u+w,go-w "$tree"
	echo "third_party/fyne/v2 rewritten: $mod@$ver + $(ls "$here"/patches/*.patch 2>/dev/null | wc -l) patches"
	;;
diff)
	cp -R "$tree" "$tmp/b"
	(cd "$tmp" && git diff --no-index --no-renames --src-prefix= --dst-prefix= a b) || true
	;;
esac
