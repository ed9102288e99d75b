package journal

import (
	"strings"
	"testing"
)

func TestShoeMarkPayload(t *testing.T) {
	m := ShoeMark{Seq: 41, Frame: "HBT,0041,300", Hello: "ACME,SHOE-8,1.2.0,CSP1"}
	p, err := EncodeShoeMark(m)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"v":1,"seq":41,"frame":"HBT,0041,300","hello":"ACME,SHOE-8,1.2.0,CSP1"}`; string(p) != want {
		t.Errorf("payload %s, want %s", p, want)
	}
	if back, err := DecodeShoeMark(p); err != nil || back != (ShoeMark{V: 1, Seq: 41, Frame: m.Frame, Hello: m.Hello}) {
		t.Errorf("read back %+v, %v", back, err)
	}
	for _, tc := range []struct{ payload, want string }{
		{`{"v":2,"seq":41,"frame":"HBT,0041","hello":""}`, `field "v": version 2`},
		{`{"seq":41,"frame":"HBT,0041","hello":""}`, `no "v"`},
		{`{"v":1,"frame":"HBT,0041","hello":""}`, `no "seq"`},
		{`{"v":1,"seq":41,"hello":""}`, `no "frame"`},
		{`{"v":1,"seq":41,"frame":"HBT,0041"}`, `no "hello"`},
		{`{"v":1,"seq":10000,"frame":"HBT,0041","hello":""}`, `field "seq": 10000`},
		{`{"v":1,"seq":-1,"frame":"HBT,0041","hello":""}`, `field "seq": -1`},
		{`{"v":1,"seq":41,"frame":"","hello":""}`, `field "frame": empty`},
		{`{"v":1,"seq":41,"frame":"HBT\n","hello":""}`, `field "frame": byte 0x0A`},
		{`{"v":1,"seq":41,"frame":"HBT","hello":"` + strings.Repeat("A", 97) + `"}`, `field "hello": 97 bytes`},
		{`{"v":1,"seq":41,"frame":"HBT","hello":"","card":"9H"}`, `unknown field "card"`},
		{`{"v":1,"seq":41,"frame":"HBT","hello":""} {}`, `data after`},
		{`[]`, `decode shoe mark`},
	} {
		if _, err := DecodeShoeMark([]byte(tc.payload)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.payload, err, tc.want)
		}
	}
	if _, err := EncodeShoeMark(ShoeMark{Seq: 41}); err == nil {
		t.Error("a mark with no frame was encoded")
	}
}

// FuzzDecodeShoeMark: any payload is refused or read; a mark read encodes to a payload that
// reads back the same, and never panics.
func FuzzDecodeShoeMark(f *testing.F) {
	f.Add([]byte(`{"v":1,"seq":41,"frame":"HBT,0041,300","hello":"ACME,SHOE-8,1.2.0,CSP1"}`))
	f.Add([]byte(`{"v":1,"seq":0,"frame":"HELO,0000,A,B,1,CSP1","hello":""}`))
	f.Add([]byte(`{"v":1,"seq":9999,"frame":"x","hello":"\u00e9"}`))
	f.Fuzz(func(t *testing.T, payload []byte) {
		m, err := DecodeShoeMark(payload)
		if err != nil {
			return
		}
		p, err := EncodeShoeMark(m)
		if err != nil {
			t.Fatalf("%s read as %+v, which does not encode: %v", payload, m, err)
		}
		if back, err := DecodeShoeMark(p); err != nil || back != m {
			t.Fatalf("%+v encodes as %s, which reads back as %+v (%v)", m, p, back, err)
		}
	})
}
