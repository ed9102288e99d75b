// Command preview renders a sample table screen to a PNG, without a display: for
// screenshots and review. With -chars it prints every character the screen's translations
// use (themes/fonts/subset.sh cuts the bundled font to them).
//
//	go run ./display/cmd/preview -state midshoe -theme night -lang zh-Hans -size 1920x1080 -o table.png
package main

import (
	"flag"
	"fmt"
	"image/png"
	"io"
	"os"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/coupboard/coupboard/display"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/display/sample"
	"github.com/coupboard/coupboard/themes"
	"github.com/coupboard/coupboard/themes/themefile"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "preview:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("preview", flag.ContinueOnError)
	fs.SetOutput(stderr)
	chars := fs.Bool("chars", false, "print the characters the translations use, and exit")
	state := fs.String("state", "midshoe", "sample state: "+strings.Join(sample.States(), ", "))
	themeID := fs.String("theme", themes.ClassicID, "built-in theme: "+strings.Join(themes.BuiltinIDs(), ", "))
	themePath := fs.String("theme-file", "", "a theme file (TOML); overrides -theme")
	lang := fs.String("lang", "en", "language: en, zh-Hans, zh-Hant")
	size := fs.String("size", "1920x1080", "image size, WIDTHxHEIGHT")
	out := fs.String("o", "table.png", "the PNG to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *chars {
		_, err := fmt.Fprint(stdout, i18n.Chars())
		return err
	}
	var w, h int
	if _, err := fmt.Sscanf(*size, "%dx%d", &w, &h); err != nil || w < 320 || h < 320 || w > 8000 || h > 8000 {
		return fmt.Errorf("size %q: want WIDTHxHEIGHT, each 320 to 8000", *size)
	}
	th, err := themes.Builtin(*themeID)
	if *themePath != "" {
		th, err = themefile.Load(*themePath)
	}
	if err != nil {
		return err
	}
	l, err := i18n.ParseLang(*lang)
	if err != nil {
		return err
	}
	words, err := i18n.New(l)
	if err != nil {
		return err
	}
	s, err := sample.State(*state)
	if err != nil {
		return err
	}
	test.NewApp()
	img := display.Render(display.Style{Theme: th, Words: words}, s, fyne.NewSize(float32(w), float32(h)))
	f, err := os.Create(*out)
	if err != nil {
		return fmt.Errorf("write preview: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("write preview %s: %w", *out, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write preview %s: %w", *out, err)
	}
	fmt.Fprintf(stdout, "wrote %s (%dx%d, %s, %s, %s)\n", *out, w, h, *state, th.ID, l)
	return nil
}
