package i18n

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// verbs are the fmt verbs of a message, sorted, so that translations can be compared:
// every translation must take the same arguments.
var verbRE = regexp.MustCompile(`%(\[\d+\])?[a-z]`)

func verbs(s string) []string {
	vs := verbRE.FindAllString(s, -1)
	// An unindexed verb takes the next argument; give it its index so orders can differ.
	n := 0
	for i, v := range vs {
		if !strings.Contains(v, "[") {
			n++
			vs[i] = "%[" + string(rune('0'+n)) + "]" + v[1:]
		}
	}
	slices.Sort(vs)
	return vs
}

func TestEveryMessageInEveryLanguage(t *testing.T) {
	seen := map[Key]bool{}
	for _, e := range entries() {
		if seen[e.key] {
			t.Errorf("key %q is in the catalogue twice", e.key)
		}
		seen[e.key] = true
		checkEntry(t, e)
	}
	if len(Keys()) != len(seen) {
		t.Errorf("Keys() has %d keys, the catalogue %d", len(Keys()), len(seen))
	}
}

func TestT(t *testing.T) {
	tests := []struct {
		lang Lang
		key  Key
		args []any
		want string
	}{
		{English, ResultBanker, []any{7, 5}, "BANKER WINS 7 TO 5"},
		{SimplifiedChinese, ResultBanker, []any{7, 5}, "庄赢 7 比 5"},
		{TraditionalChinese, ResultBanker, []any{7, 5}, "莊贏 7 比 5"},
		{English, NoticeMinimum, []any{"$50", "21:30", "Tie"}, "Tie minimum changes to $50 at 21:30"},
		{SimplifiedChinese, NoticeMinimum, []any{"$50", "21:30", "和"}, "和 最低限额于 21:30 改为 $50"},
		{TraditionalChinese, LetterBanker, nil, "莊"},
		{SimplifiedChinese, LetterPlayer, nil, "闲"},
		{SimplifiedChinese, LetterTie, nil, "和"},
		{English, Key("no.such.key"), nil, "[no.such.key]"},
	}
	for _, tt := range tests {
		c, err := New(tt.lang)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.T(tt.key, tt.args...); got != tt.want {
			t.Errorf("%s %s = %q, want %q", tt.lang, tt.key, got, tt.want)
		}
	}
	var zero Catalogue
	if zero.Lang() != English || zero.T(HandBanker) != "BANKER" {
		t.Errorf("the zero Catalogue is %s and says %q, want English", zero.Lang(), zero.T(HandBanker))
	}
	if _, err := New("fr"); err == nil {
		t.Error(`New("fr") succeeded`)
	}
}

func TestParseLang(t *testing.T) {
	tests := []struct {
		in   string
		want Lang
		ok   bool
	}{
		{"en", English, true}, {"EN-AU", English, true}, {"zh-Hans", SimplifiedChinese, true},
		{"zh_CN", SimplifiedChinese, true}, {"zh", SimplifiedChinese, true}, {" zh-TW ", TraditionalChinese, true},
		{"zh-HK", TraditionalChinese, true}, {"zh-Hant", TraditionalChinese, true},
		{"fr", "", false}, {"", "", false}, {"zh-Latn", "", false},
	}
	for _, tt := range tests {
		got, err := ParseLang(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseLang(%q) = %q, %v; want %q, ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func FuzzParseLang(f *testing.F) {
	for _, s := range []string{"en", "zh-Hans", "zh_TW", "", "zh-\x00", "ZH-hk"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLang(s)
		if err != nil {
			if l != "" {
				t.Fatalf("ParseLang(%q) = %q with error %v", s, l, err)
			}
			return
		}
		if _, err := New(l); err != nil {
			t.Fatalf("ParseLang(%q) = %q, which has no catalogue: %v", s, l, err)
		}
	})
}

func TestChars(t *testing.T) {
	cs := Chars()
	for _, r := range "庄闲和莊閒BANKER" {
		if !strings.ContainsRune(cs, r) {
			t.Errorf("Chars() lacks %q", r)
		}
	}
}

func TestLetterAndWinner(t *testing.T) {
	hans, _ := New(SimplifiedChinese)
	for _, tc := range []struct {
		c          Catalogue
		code, l, w string
	}{
		{Catalogue{}, "B", "B", "Banker"}, {Catalogue{}, "T", "T", "Tie"}, {hans, "P", "闲", "闲"}, {hans, "B", "庄", "庄"},
		{hans, "", "", ""}, {Catalogue{}, "X", "X", "X"},
	} {
		if l, w := tc.c.Letter(tc.code), tc.c.Winner(tc.code); l != tc.l || w != tc.w {
			t.Errorf("%s %q: letter %q winner %q, want %q %q", tc.c.Lang(), tc.code, l, w, tc.l, tc.w)
		}
	}
}

func TestConsoleEntries(t *testing.T) {
	seen := map[Key]bool{}
	for _, e := range entries() {
		seen[e.key] = true
	}
	hant, _ := New(TraditionalChinese)
	for _, e := range append(append(consoleEntries(), consoleFeedEntries()...), consolePeopleEntries()...) {
		if seen[e.key] {
			t.Errorf("console key %q is in the catalogue twice", e.key)
		}
		seen[e.key] = true
		checkEntry(t, e)
		if got := hant.T(e.key); got != e.hant {
			t.Errorf("New(zh-Hant).T(%q) = %q, want %q", e.key, got, e.hant)
		}
		if got := (Catalogue{}).T(e.key); got != e.en {
			t.Errorf("Catalogue{}.T(%q) = %q, want %q", e.key, got, e.en)
		}
	}
}

// checkEntry checks that an entry has every translation, each taking the same arguments.
func checkEntry(t *testing.T, e entry) {
	t.Helper()
	if e.en == "" || e.hans == "" || e.hant == "" {
		t.Errorf("key %q has an empty translation: %q / %q / %q", e.key, e.en, e.hans, e.hant)
	}
	if !slices.Equal(verbs(e.en), verbs(e.hans)) || !slices.Equal(verbs(e.en), verbs(e.hant)) {
		t.Errorf("key %q: the translations take different arguments: %q / %q / %q", e.key, e.en, e.hans, e.hant)
	}
}
