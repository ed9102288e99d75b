package themefile

import (
	"image/color"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/themes"
)

func TestLoad(t *testing.T) {
	th, err := Load(filepath.Join("testdata", "riverside.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if th.ID != "riverside" || th.Name != "Riverside night" || !th.Dark {
		t.Errorf("Load = %q %q dark=%v", th.ID, th.Name, th.Dark)
	}
	if th.Branding.CasinoName != "Riverside Casino" || th.Branding.LogoPath != filepath.Join("testdata", "riverside.png") {
		t.Errorf("branding = %+v", th.Branding)
	}
	if th.Palette.Banker != (color.NRGBA{0xD3, 0x2F, 0x2F, 0xFF}) {
		t.Errorf("banker = %v", th.Palette.Banker)
	}
	if th.Palette.Player != themes.Night().Palette.Player {
		t.Errorf("player = %v, want the night theme's", th.Palette.Player)
	}
	if _, err := Load(filepath.Join("testdata", "missing.toml")); err == nil || !strings.Contains(err.Error(), "missing.toml") {
		t.Errorf("Load(missing) error = %v, want one naming the file", err)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"unknown key", `bse = "night"`, "bse"},
		{"unknown colour", "[colours]\nbankr = \"#112233\"", "bankr"},
		{"bad colour", "[colours]\nbanker = \"red\"", "banker"},
		{"unknown base", `base = "sepia"`, "sepia"},
		{"not toml", `base = `, "theme file"},
		{"wrong type", `dark = "yes"`, "theme file"},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.src), ".")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error = %v, want one containing %q", tt.name, err, tt.want)
		}
	}
	abs, err := Parse([]byte(`logo = "/srv/logo.png"`), "/etc")
	if err != nil || abs.Branding.LogoPath != "/srv/logo.png" {
		t.Errorf("absolute logo = %q, %v", abs.Branding.LogoPath, err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("base = \"night\"\n[colours]\nbanker = \"#D32F2F\"\n"))
	f.Add([]byte("casino_name = \"庄闲\"\nlogo = \"a.png\"\ndark = true\n"))
	f.Add([]byte("[colours]\nbanker = 3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		th, err := Parse(data, "/themes")
		if err != nil {
			return
		}
		if th.ID == "" || th.Name == "" {
			t.Fatalf("Parse(%q) gave a theme without an id or name: %+v", data, th)
		}
	})
}
