// Package i18n is the table screen's small message catalogue: every string the screen
// shows, in English, Simplified Chinese and Traditional Chinese. A Catalogue is a value
// chosen by configuration; there is no global language.
package i18n

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Lang is a language of the table screen, named by its BCP 47 tag as written in config files.
type Lang string

// The languages of the table screen.
const (
	English            Lang = "en"
	SimplifiedChinese  Lang = "zh-Hans"
	TraditionalChinese Lang = "zh-Hant"
)

// Langs lists the languages, in the order they are offered.
func Langs() []Lang { return []Lang{English, SimplifiedChinese, TraditionalChinese} }

// ParseLang reads a language tag from a config file. Common aliases ("zh-CN", "zh-TW",
// "zh-HK", "zh", any case) are accepted; anything else is an error naming the tags there are.
func ParseLang(s string) (Lang, error) {
	switch strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), "_", "-")) {
	case "en", "en-au", "en-nz", "en-gb", "en-us":
		return English, nil
	case "zh-hans", "zh-cn", "zh-sg", "zh":
		return SimplifiedChinese, nil
	case "zh-hant", "zh-tw", "zh-hk", "zh-mo":
		return TraditionalChinese, nil
	}
	return "", fmt.Errorf("language %q: want one of en, zh-Hans, zh-Hant", s)
}

// Catalogue translates message keys into one language. The zero Catalogue is English.
type Catalogue struct {
	lang  Lang
	words map[Key]string
}

// New returns the catalogue of a language, or an error for a language it does not have.
func New(lang Lang) (Catalogue, error) {
	switch lang {
	case English, SimplifiedChinese, TraditionalChinese:
	default:
		return Catalogue{}, fmt.Errorf("language %q: no catalogue (want one of en, zh-Hans, zh-Hant)", lang)
	}
	return Catalogue{lang: lang, words: tables()[lang]}, nil
}

// tables are the catalogue's words by language, built once and never changed: every Catalogue
// of a language shares its table, and the zero Catalogue (English) looks words up in it.
var tables = sync.OnceValue(func() map[Lang]map[Key]string {
	all := append(append(append(entries(), consoleEntries()...), consoleFeedEntries()...), consolePeopleEntries()...)
	t := map[Lang]map[Key]string{}
	for _, lang := range []Lang{English, SimplifiedChinese, TraditionalChinese} {
		t[lang] = make(map[Key]string, len(all))
		for _, e := range all {
			t[lang][e.key] = e.in(lang)
		}
	}
	return t
})

// in is the entry's text in lang.
func (e entry) in(lang Lang) string {
	switch lang {
	case SimplifiedChinese:
		return e.hans
	case TraditionalChinese:
		return e.hant
	}
	return e.en
}

// Lang is the catalogue's language.
func (c Catalogue) Lang() Lang {
	if c.lang == "" {
		return English
	}
	return c.lang
}

// T is the message for key in the catalogue's language, formatted with args (fmt verbs,
// indexed where the word order differs). An unknown key gives the key itself in brackets,
// so a missing translation is visible, never blank.
func (c Catalogue) T(key Key, args ...any) string {
	words := c.words
	if words == nil { // the zero Catalogue: English
		words = tables()[English]
	}
	f, ok := words[key]
	if !ok {
		return "[" + string(key) + "]"
	}
	if len(args) == 0 {
		return f
	}
	return fmt.Sprintf(f, args...)
}

// Message is a message of the catalogue by its key, with its arguments: what another package
// (the machine's warnings of app/health) hands the screen to word in the screen's language.
// The operator screen's log lines (display/opwords.Line) are Messages too, with arguments that
// Line.In words late (a nested line, an amount, an engine's reason).
type Message struct {
	Key  Key
	Args []any
}

// Say is the message in the catalogue's language.
func (c Catalogue) Say(m Message) string { return c.T(m.Key, m.Args...) }

// Letter is a winner's letter as the table screen's bead shows it, for its code "B", "P" or
// "T" (engine.Winner's String, the bus's winner field): B, or 庄 in Chinese. Any other code is
// returned as it is.
func (c Catalogue) Letter(code string) string {
	return c.byWinner(code, LetterBanker, LetterPlayer, LetterTie)
}

// Winner is a winner in words for its code "B", "P" or "T": Banker, or 庄 in Chinese. Any
// other code is returned as it is.
func (c Catalogue) Winner(code string) string {
	return c.byWinner(code, WagerBanker, WagerPlayer, WagerTie)
}

// byWinner is the message of key b, p or t for the winner code "B", "P" or "T".
func (c Catalogue) byWinner(code string, b, p, t Key) string {
	key, ok := map[string]Key{"B": b, "P": p, "T": t}[code]
	if !ok {
		return code
	}
	return c.T(key)
}

// Keys lists every message key, sorted.
func Keys() []Key {
	es := entries()
	keys := make([]Key, 0, len(es))
	for _, e := range es {
		keys = append(keys, e.key)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}

// Chars is every character any translation uses, sorted and without duplicates: the list
// the bundled CJK font subset must cover (themes/fonts/subset.sh), the engine's reasons
// (reasons_words.go) included. Line breaks, which some messages hold and which have no glyph,
// are left out.
func Chars() string {
	seen := map[rune]bool{}
	add := func(s string) {
		for _, r := range s {
			if r >= ' ' {
				seen[r] = true
			}
		}
	}
	for _, e := range entries() {
		add(e.en + e.hans + e.hant)
	}
	refused := commandRefusedEntries()
	for _, e := range slices.Concat(formatEntries(), refused[:]) {
		add(e.en + e.hans + e.hant)
	}
	rs := make([]rune, 0, len(seen))
	for r := range seen {
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i] < rs[j] })
	return string(rs)
}
