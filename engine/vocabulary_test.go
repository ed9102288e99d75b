package engine

import (
	"encoding/json"
	"testing"
)

// TestRoundKindWords: the one spelling of a round's kind, read back as written, in JSON too;
// an unknown word or kind is refused.
func TestRoundKindWords(t *testing.T) {
	for k, want := range map[RoundKind]string{KindNormal: "normal", KindNoBet: "nobet", KindCancelled: "cancelled", RoundKind(5): "?"} {
		if k.String() != want {
			t.Errorf("kind %d is %q, want %q", k, k.String(), want)
		}
	}
	for _, k := range []RoundKind{KindNormal, KindNoBet, KindCancelled} {
		b, err := json.Marshal(struct{ K RoundKind }{k})
		if err != nil || string(b) != `{"K":"`+k.String()+`"}` {
			t.Errorf("kind %s marshals to %s, %v", k, b, err)
		}
		var back struct{ K RoundKind }
		if err := json.Unmarshal(b, &back); err != nil || back.K != k {
			t.Errorf("kind %s reads back as %s, %v", k, back.K, err)
		}
	}
	for _, bad := range []string{"", "void", "Normal", "?"} {
		if k, err := ParseRoundKind(bad); err == nil {
			t.Errorf("ParseRoundKind(%q) = %s, want an error", bad, k)
		}
	}
	if _, err := RoundKind(3).MarshalText(); err == nil {
		t.Errorf("kind 3 marshals")
	}
}
