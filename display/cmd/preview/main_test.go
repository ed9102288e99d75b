package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunWritesPNG(t *testing.T) {
	out := filepath.Join(t.TempDir(), "table.png")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-state", "closed", "-theme", "contrast", "-lang", "zh-Hant", "-size", "640x360", "-o", out}, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v (%s)", err, stderr.String())
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 360 {
		t.Errorf("image is %v, want 640x360", b)
	}
	if !strings.Contains(stdout.String(), "wrote") {
		t.Errorf("stdout = %q", stdout.String())
	}
}

func TestRunChars(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-chars"}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.ContainsRune(stdout.String(), '庄') {
		t.Errorf("-chars printed %q, want 庄 among them", stdout.String())
	}
}

func TestRunErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-size", "12x"}, {"-size", "100x100"}, {"-theme", "sepia"}, {"-lang", "fr"}, {"-state", "nonsense"},
		{"-theme-file", "/nonexistent/theme.toml"}, {"-bogus"},
	} {
		var stdout, stderr bytes.Buffer
		args = append(args, "-o", filepath.Join(t.TempDir(), "x.png"))
		if err := run(args, &stdout, &stderr); err == nil {
			t.Errorf("run(%q) succeeded", args)
		}
	}
}
