package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTablesListedOnce: [[commands.tables]] is the pit's one list of its tables; the console
// takes each table's pit from it and only a differing rule book from [console.tables]; the
// old [console.tables.<id>].pit is still read with a warning when it agrees, and refused
// naming the key when it contradicts the list or names a table not on it.
func TestTablesListedOnce(t *testing.T) {
	const head = "[server]\nstore_dir = \"/x\"\n"
	const list = "[commands]\n[[commands.tables]]\nid = \"BAC-07\"\npit = \"east\"\ngame = \"baccarat\"\n[[commands.tables]]\nid = \"RD-02\"\npit = \"west\"\ngame = \"reddog\"\n"
	for _, tc := range []struct {
		name, toml string
		want       string // the console's tables, id=pit/profile, sorted
		warn       string // in the warnings ("" none)
		err        string
	}{
		{"the list alone", head + list, "BAC-07=east/ RD-02=west/", "", ""},
		{"a rule book that differs", head + list + "[console.tables.RD-02]\nprofile = \"vic-red-dog-1997\"\n", "BAC-07=east/ RD-02=west/vic-red-dog-1997", "", ""},
		{"the old pit, agreeing", head + list + "[console.tables.BAC-07]\npit = \"east\"\n", "BAC-07=east/ RD-02=west/", "console.tables.*.pit is deprecated (given for BAC-07)", ""},
		{"the old pit, contradicting", head + list + "[console.tables.BAC-07]\npit = \"north\"\n", "", "",
			`console.tables.BAC-07.pit "north": [[commands.tables]] gives table BAC-07 pit "east"`},
		{"a table not on the list", head + list + "[console.tables.BAC-99]\nprofile = \"vic-baccarat-2002\"\n", "", "",
			"console.tables.BAC-99: not in [[commands.tables]]"},
		{"rehearsal: no list, the old way", head + "[console.tables.BAC-07]\npit = \"A\"\n", "BAC-07=A/", "console.tables.*.pit is deprecated (given for BAC-07)", ""},
		{"nothing", head, "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "c.toml")
			if err := os.WriteFile(path, []byte(tc.toml), 0o600); err != nil {
				t.Fatal(err)
			}
			fc, err := loadConfig(path)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, id := range []string{"BAC-07", "RD-02"} {
				if tb, ok := fc.Console.Tables[id]; ok {
					got = append(got, fmt.Sprintf("%s=%s/%s", id, tb.Pit, tb.Profile))
				}
			}
			if s := strings.Join(got, " "); s != tc.want {
				t.Errorf("console tables %q, want %q", s, tc.want)
			}
			if w := strings.Join(fc.warnings, "\n"); (tc.warn == "") != (w == "") || !strings.Contains(w, tc.warn) {
				t.Errorf("warnings %q, want %q", w, tc.warn)
			}
		})
	}
}
