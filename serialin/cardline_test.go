package serialin

import (
	"strings"
	"testing"
	"time"
)

func TestCardline(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want string
	}{
		{"CRLF lines", "9H\r\nKD\r\n2C\r\n", "card 9H; card KD; card 2C"},
		{"LF lines, lower case, padding", "9h\n KD \n", "card 9H; card KD"},
		{"CR only", "9H\rKD\r", "card 9H; card KD"},
		{"blank lines are ignored", "\r\n\r\n9H\r\n\n", "card 9H"},
		{"rank only", "9\r\n", "card 9"},
		{"impossible card ZZ is a misread", "ZZ\r\n9H\r\n", "misread; card 9H"},
		{"impossible card 1S is a misread", "1S\r\n", "misread"},
		{"position syntax is not cardline", "9H@P1\r\n", "misread"},
		{"noise line", "\x00\xff\xff\r\n9H\r\n", "noise 3; card 9H"},
		{"noise inside a card line", "9\x00H\r\n", "corrupt"},
		{"too long", strings.Repeat("9", 40) + "\r\nKD\r\n", "corrupt; card KD"},
		{"noise with no line end is reported every 256 bytes", strings.Repeat("\xff", 600), "noise 256; noise 256"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := &Cardline{}
			d.SetNow(time.Unix(0, 0))
			got := summary(d.Feed([]byte(tc.in)))
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			for _, size := range []int{1, 2, 5} {
				d.Reset()
				var evs []Event
				for i := 0; i < len(tc.in); i += size {
					evs = append(evs, d.Feed([]byte(tc.in[i:min(i+size, len(tc.in))]))...)
				}
				if s := summary(evs); s != got {
					t.Errorf("chunks of %d: got %s, want %s", size, s, got)
				}
			}
		})
	}
}

// Without SEQ a repeat cannot be told from a resend: an exact repeat within the window goes
// to review, one after it is an ordinary card, and neither is dropped.
func TestCardlineRepeatWindow(t *testing.T) {
	t0 := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name   string
		window time.Duration
		gap    time.Duration
		second string
		want   string
	}{
		{"same card at once", 0, 30 * time.Millisecond, "9H", "card 9H; card 9H review"},
		{"same card at the window's edge", 0, DefaultRepeatWindow, "9H", "card 9H; card 9H review"},
		{"same card after the window", 0, DefaultRepeatWindow + time.Millisecond, "9H", "card 9H; card 9H"},
		{"another card at once", 0, 30 * time.Millisecond, "9S", "card 9H; card 9S"},
		{"a longer window", 3 * time.Second, 2 * time.Second, "9H", "card 9H; card 9H review"},
	} {
		d := &Cardline{Window: tc.window}
		d.SetNow(t0)
		evs := d.Feed([]byte("9H\r\n"))
		d.SetNow(t0.Add(tc.gap))
		evs = append(evs, d.Feed([]byte(tc.second+"\r\n"))...)
		if got := summary(evs); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
	// Reset forgets the last card but keeps the window.
	d := &Cardline{Window: time.Minute}
	d.Feed([]byte("9H\n"))
	d.Reset()
	if d.Window != time.Minute || summary(d.Feed([]byte("9H\n"))) != "card 9H" {
		t.Errorf("Reset: window %v, or the last card was kept", d.Window)
	}
}

func TestRegistry(t *testing.T) {
	r := NewRegistry()
	if got := strings.Join(r.Names(), ","); got != "cardline,csp1" {
		t.Fatalf("names %s", got)
	}
	for _, n := range r.Names() {
		a, err := r.Lookup(n)
		if err != nil || a.New() == nil || a.Settings.String() != "9600 8N1" {
			t.Errorf("%s: %+v %v", n, a, err)
		}
	}
	if _, err := r.Lookup("acme"); err == nil || !strings.Contains(err.Error(), "csp1") {
		t.Errorf("unknown adapter: %v", err)
	}
	if err := r.Register(Adapter{Name: "csp1", New: NewCSP1}); err == nil {
		t.Errorf("registered csp1 twice")
	}
	if err := r.Register(Adapter{Name: "acme"}); err == nil {
		t.Errorf("registered an adapter without a decoder")
	}
	if err := r.Register(Adapter{Name: "acme", New: NewCardline}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Lookup("acme"); err != nil {
		t.Error(err)
	}
	// Registries are values: a new one does not see another's adapters.
	if _, err := NewRegistry().Lookup("acme"); err == nil {
		t.Errorf("adapter leaked between registries")
	}
}
