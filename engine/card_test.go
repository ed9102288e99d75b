package engine

import "testing"

func TestParseCard(t *testing.T) {
	tests := []struct {
		in    string
		want  Card
		point int
		err   bool
	}{
		{"9H", Card{9, Hearts}, 9, false},
		{"TS", Card{Ten, Spades}, 0, false},
		{"AC", Card{Ace, Clubs}, 1, false},
		{"kd", Card{King, Diamonds}, 0, false},
		{"5", Card{5, SuitUnknown}, 5, false},
		{"ZZ", Card{}, 0, true},
		{"1S", Card{}, 0, true},
		{"9X", Card{}, 0, true},
		{"", Card{}, 0, true},
		{"10H", Card{}, 0, true},
	}
	for _, tt := range tests {
		got, err := ParseCard(tt.in)
		if (err != nil) != tt.err {
			t.Errorf("ParseCard(%q) error = %v, want error %v", tt.in, err, tt.err)
			continue
		}
		if tt.err {
			continue
		}
		if got != tt.want || got.Point() != tt.point {
			t.Errorf("ParseCard(%q) = %v (point %d), want %v (point %d)", tt.in, got, got.Point(), tt.want, tt.point)
		}
		if s := got.String(); s != tt.want.String() {
			t.Errorf("String() = %q", s)
		}
	}
}

func TestBurnCount(t *testing.T) {
	for r := Ace; r <= King; r++ {
		want := int(r)
		if r >= Ten {
			want = 10
		}
		if got := (Card{Rank: r}).BurnCount(); got != want {
			t.Errorf("rank %d burns %d, want %d", r, got, want)
		}
	}
}

func TestParseScript(t *testing.T) {
	toks, err := ParseScript("shoe # comment\n9H@P3 T void 12 void\ncut")
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		k TokenKind
		n int
		l int
	}{{TokShoe, 0, 1}, {TokCard, 0, 2}, {TokCard, 0, 2}, {TokVoid, 12, 2}, {TokVoid, 0, 2}, {TokCut, 0, 3}}
	if len(toks) != len(want) {
		t.Fatalf("got %d tokens, want %d: %+v", len(toks), len(want), toks)
	}
	for i, w := range want {
		if toks[i].Kind != w.k || toks[i].N != w.n || toks[i].Line != w.l {
			t.Errorf("token %d = %+v, want kind %v n %d line %d", i, toks[i], w.k, w.n, w.l)
		}
	}
	if toks[1].Pos != P3 || toks[1].Card != (Card{9, Hearts}) {
		t.Errorf("9H@P3 parsed as %+v", toks[1])
	}
	for _, bad := range []string{"9H@Q1", "ZZ", "void 0", "shoe\n  banana"} {
		_, err := ParseScript(bad)
		se, ok := err.(*ScriptError)
		if !ok {
			t.Errorf("ParseScript(%q) error = %v, want *ScriptError", bad, err)
			continue
		}
		if se.Line < 1 || se.Token == "" || se.Reason == "" {
			t.Errorf("ParseScript(%q) error lacks line/token/reason: %+v", bad, se)
		}
	}
}

func TestCardTextRoundTrip(t *testing.T) {
	for _, c := range []Card{{}, {9, Hearts}, {Ten, SuitUnknown}, {King, Clubs}} {
		b, err := c.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Card
		if err := back.UnmarshalText(b); err != nil || back != c {
			t.Errorf("%v → %q → %v, %v", c, b, back, err)
		}
	}
	if _, err := (Card{Rank: 14}).MarshalText(); err == nil {
		t.Error("marshalled an impossible card")
	}
}
