package strictjson

import (
	"errors"
	"strings"
	"testing"
)

func TestDecode(t *testing.T) {
	type msg struct {
		A int `json:"a"`
	}
	for _, tc := range []struct {
		in       string
		trailing bool
		bad      bool
	}{
		{in: `{"a":1}`},
		{in: "{\"a\":1}\n \t"},
		{in: `{"a":1} }`, trailing: true},
		{in: `{"a":1}]`, trailing: true},
		{in: `{"a":1}{"a":2}`, trailing: true},
		{in: `{"a":1} 3`, trailing: true},
		{in: `{"a":1,"b":2}`, bad: true},
		{in: `{"a":`, bad: true},
	} {
		var m msg
		err := Decode([]byte(tc.in), &m)
		switch {
		case tc.trailing && !errors.Is(err, ErrTrailing):
			t.Errorf("%q: %v, want ErrTrailing", tc.in, err)
		case tc.bad && (err == nil || errors.Is(err, ErrTrailing)):
			t.Errorf("%q: %v, want a decode error", tc.in, err)
		case !tc.trailing && !tc.bad && (err != nil || m.A != 1):
			t.Errorf("%q: %+v %v", tc.in, m, err)
		}
	}
}

func TestRequire(t *testing.T) {
	for in, want := range map[string]string{
		`{"kind":"normal","n":1}`: "",
		`{"kind":0}`:              "",
		`{"n":1}`:                 `no "kind"`,
		`{"kind":null}`:           `no "kind"`,
		`{"Kind":"normal"}`:       "",
		`{"kinds":"normal"}`:      `no "kind"`,
		`[1]`:                     "cannot unmarshal",
	} {
		err := Require([]byte(in), "kind")
		if want == "" && err != nil || want != "" && (err == nil || !strings.Contains(err.Error(), want)) {
			t.Errorf("Require(%s): %v, want %q", in, err, want)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"a":1} }`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var v map[string]any
		_ = Decode(b, &v)
	})
}
