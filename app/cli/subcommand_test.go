package cli

import (
	"bytes"
	"reflect"
	"testing"
)

func TestSubcommand(t *testing.T) {
	const usage = "usage: coupboard audit verify [--db PATH]"
	for _, tc := range []struct {
		name      string
		args      []string
		want      []string
		sub       string
		rest      []string
		err       string
		usageSeen bool
	}{
		{"the subcommand and its flags", []string{"verify", "--db", "x.db"}, []string{"verify"}, "verify", []string{"--db", "x.db"}, "", false},
		{"one of two", []string{"post", "-x"}, []string{"get", "post"}, "post", []string{"-x"}, "", false},
		{"none", nil, []string{"verify"}, "", nil, "missing subcommand: verify", true},
		{"another word", []string{"check"}, []string{"verify"}, "", nil, `unknown subcommand "check": want verify`, true},
		{"a flag first", []string{"--db", "x"}, []string{"get", "post"}, "", nil, `unknown subcommand "--db": want get or post`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			sub, rest, err := Subcommand(tc.args, usage, &stderr, tc.want...)
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if sub != tc.sub || !reflect.DeepEqual(rest, tc.rest) || gotErr != tc.err {
				t.Errorf("Subcommand(%q) = %q, %q, %q; want %q, %q, %q", tc.args, sub, rest, gotErr, tc.sub, tc.rest, tc.err)
			}
			if seen := stderr.String() == usage+"\n"; seen != tc.usageSeen {
				t.Errorf("usage printed: %q, want printed %v", stderr.String(), tc.usageSeen)
			}
		})
	}
}
