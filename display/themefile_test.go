package display

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/sample"
	"github.com/coupboard/coupboard/themes/themefile"
)

// TestThemeFileGolden draws the screen with a theme file: its colours, its casino name (the
// view model leaves the name to the theme) and its logo.
func TestThemeFileGolden(t *testing.T) {
	test.NewTempApp(t)
	dir := t.TempDir()
	logo := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			dx, dy := x-32, y-32
			if dx*dx+dy*dy < 30*30 {
				logo.Set(x, y, color.NRGBA{0xC9, 0xA2, 0x27, 0xFF})
			}
			if dx > -6 && dx < 6 || dy > -6 && dy < 6 {
				logo.Set(x, y, color.NRGBA{0x10, 0x30, 0x20, 0xFF})
			}
		}
	}
	f, err := os.Create(filepath.Join(dir, "logo.png"))
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, logo); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	toml := "base = \"night\"\nid = \"jade\"\ncasino_name = \"Jade Garden\"\nlogo = \"logo.png\"\n" +
		"[colours]\nbackground = \"#0B1F17\"\npanel = \"#12302A\"\nhighlight = \"#C9A227\"\n"
	path := filepath.Join(dir, "jade.toml")
	if err := os.WriteFile(path, []byte(toml), 0o600); err != nil {
		t.Fatal(err)
	}
	th, err := themefile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sample.State("natural")
	if err != nil {
		t.Fatal(err)
	}
	s.Header.Casino = ""
	words, err := i18n.New(i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	test.AssertImageMatches(t, "themefile_logo.png", Render(Style{Theme: th, Words: words}, s, landscape))
}
