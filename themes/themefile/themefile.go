// Package themefile reads theme files: TOML documents that start from a built-in theme and
// change its colours and branding (docs/notes/display-readme.md has the format).
//
//	base = "night"              # classic, night or contrast
//	id = "riverside"
//	name = "Riverside night"
//	casino_name = "Riverside Casino"
//	logo = "riverside.png"      # relative to the theme file
//	[colours]
//	banker = "#D32F2F"
//	highlight = "#FFC400"
package themefile

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/coupboard/coupboard/themes"
)

// file is the TOML shape of a theme file.
type file struct {
	Base       string            `toml:"base"`
	ID         string            `toml:"id"`
	Name       string            `toml:"name"`
	Dark       *bool             `toml:"dark"`
	CasinoName string            `toml:"casino_name"`
	Logo       string            `toml:"logo"`
	Colours    map[string]string `toml:"colours"`
}

// Parse reads a theme file's text. dir is the directory a relative logo path is taken
// from. An unknown key, a TOML error, an unknown base or colour key, or a malformed colour
// is an error that names it.
func Parse(data []byte, dir string) (themes.Theme, error) {
	var f file
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&f)
	if err != nil {
		return themes.Theme{}, fmt.Errorf("theme file: %w", err)
	}
	if un := md.Undecoded(); len(un) > 0 {
		keys := make([]string, len(un))
		for i, k := range un {
			keys[i] = k.String()
		}
		sort.Strings(keys)
		return themes.Theme{}, fmt.Errorf("theme file: unknown key %s", strings.Join(keys, ", "))
	}
	logo := f.Logo
	if logo != "" && !filepath.IsAbs(logo) {
		logo = filepath.Join(dir, logo)
	}
	t, err := themes.Overrides{
		Base: f.Base, ID: f.ID, Name: f.Name, Dark: f.Dark,
		Colours: f.Colours, CasinoName: f.CasinoName, LogoPath: logo,
	}.Apply()
	if err != nil {
		return themes.Theme{}, fmt.Errorf("theme file: %w", err)
	}
	return t, nil
}

// Load reads the theme file at path.
func Load(path string) (themes.Theme, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return themes.Theme{}, fmt.Errorf("load theme %s: %w", path, err)
	}
	t, err := Parse(data, filepath.Dir(path))
	if err != nil {
		return themes.Theme{}, fmt.Errorf("load theme %s: %w", path, err)
	}
	return t, nil
}
