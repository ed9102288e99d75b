#!/usr/bin/env bash
# Regenerates the bundled font subsets from Noto Sans CJK SC (SIL Open Font License 1.1,
# Debian package fonts-noto-cjk): Latin, Latin-1, general punctuation, currency signs and the
# road glyphs, plus every character of the table screen's catalogue (display/i18n Chars).
# Needs: apt-get install fonts-noto-cjk python3-fonttools. Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=themes/fonts
chars=$(go run ./display/cmd/preview -chars)
extra='：，、。（）「」・'
for w in Regular Bold; do
	ttc=/usr/share/fonts/opentype/noto/NotoSansCJK-$w.ttc
	tmp=$(mktemp -d)
	# The TTC holds JP, KR, SC, TC, HK and their mono faces; take the SC face by name.
	/usr/bin/python3 - "$ttc" "$tmp/face.otf" <<'PY'
import sys
from fontTools.ttLib import TTCollection
for f in TTCollection(sys.argv[1]).fonts:
    if f["name"].getDebugName(1) == "Noto Sans CJK SC":
        f.save(sys.argv[2]); break
else:
    sys.exit("no Noto Sans CJK SC face in " + sys.argv[1])
PY
	/usr/bin/python3 -m fontTools.subset "$tmp/face.otf" \
		--unicodes='U+0020-007E,U+00A0-00FF,U+2010-2027,U+2030-203A,U+20AC,U+2190-2193,U+25A0-25A1,U+25B2-25BC,U+25C6-25C7,U+25CB,U+25CF,U+2571-2572,U+2605,U+2660-2667,U+3000-3003' \
		--text="$chars$extra" --layout-features='kern,liga,palt,vert' --no-hinting \
		--name-IDs='*' --output-file="$tmp/subset.otf"
	# A modified font gets its own name (OFL 1.1 condition 3 and good manners).
	/usr/bin/python3 - "$tmp/subset.otf" "$out/CoupboardSans-$w.otf" "$w" <<'PY'
import sys
from fontTools.ttLib import TTFont
f = TTFont(sys.argv[1]); w = sys.argv[3]; n = f["name"]
for rec in list(n.names):
    if rec.nameID in (1, 3, 4, 6, 16, 17):
        n.removeNames(nameID=rec.nameID)
n.setName("Coupboard Sans", 1, 3, 1, 0x409)
n.setName(w, 2, 3, 1, 0x409)
n.setName("Coupboard Sans " + w + "; subset of Noto Sans CJK SC 2.004", 3, 3, 1, 0x409)
n.setName("Coupboard Sans " + w, 4, 3, 1, 0x409)
n.setName("CoupboardSans-" + w, 6, 3, 1, 0x409)
if "CFF " in f:
    cff = f["CFF "].cff
    cff.fontNames = ["CoupboardSans-" + w]
    top = cff.topDictIndex[0]
    top.FullName = "Coupboard Sans " + w
    top.FamilyName = "Coupboard Sans"
f.save(sys.argv[2])
PY
	rm -rf "$tmp"
done
ls -l "$out"/*.otf
