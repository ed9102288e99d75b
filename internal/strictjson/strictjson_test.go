package strictjson

import (
	"errors"
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

func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"a":1} }`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var v map[string]any
		_ = Decode(b, &v)
	})
}
