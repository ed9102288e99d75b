package i18n

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/coupboard/coupboard/engine"
)

// The engine's reasons: why a coup is under review, what the rules could not place. The engine
// (engine, engine/desk, engine/reddog) words them in English with fmt formats, and the journal,
// the bus and export keep that English text: the record does not change language. A screen
// words such a text in its own language with Catalogue.Reason, which finds the engine format
// the text was made with and gives the same arguments to the format's translation.
//
// The catalogue holds each format of the engine's reason sites exactly as the engine writes it
// (reasons_words.go); TestReasonFormatsCoverTheEngine reads the engine's source and fails when
// a format of a reason site is missing here, or one here is no longer the engine's.

// reasonEntry is one engine format with its translations. Translations use fmt verbs of the
// same kinds as the English format, indexed (%[2]s) where the word order differs.
type reasonEntry struct {
	en, hans, hant string
}

// in is the entry's format in lang.
func (e reasonEntry) in(lang Lang) string {
	return entry{en: e.en, hans: e.hans, hant: e.hant}.in(lang)
}

// reasonVerb is one verb of a format: the argument it takes (0-based) and its kind (d, s, v, q).
type reasonVerb struct {
	arg  int
	kind byte
	// start and end are the verb's bytes in the format.
	start, end int
}

// parseVerbs reads the fmt verbs of a format: %d, %02d, %s, %v, %q, each optionally indexed
// (%[2]s), and %% (not a verb). It fails on any other verb, flag or width, so that the
// catalogue holds only formats a text can be matched against.
func parseVerbs(f string) ([]reasonVerb, error) {
	var out []reasonVerb
	next := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		start := i
		i++
		if i < len(f) && f[i] == '%' {
			continue
		}
		arg := next
		if i < len(f) && f[i] == '[' {
			j := strings.IndexByte(f[i:], ']')
			if j < 0 {
				return nil, fmt.Errorf("format %q: unclosed index at byte %d", f, start)
			}
			n, err := strconv.Atoi(f[i+1 : i+j])
			if err != nil || n < 1 {
				return nil, fmt.Errorf("format %q: bad index at byte %d", f, start)
			}
			arg, i = n-1, i+j+1
		}
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			i++ // a width such as %02d: matched as any number
		}
		if i >= len(f) || !strings.ContainsRune("dsvq", rune(f[i])) {
			return nil, fmt.Errorf("format %q: verb at byte %d is not one of %%d %%s %%v %%q", f, start)
		}
		out = append(out, reasonVerb{arg: arg, kind: f[i], start: start, end: i + 1})
		next = arg + 1
	}
	return out, nil
}

// reasonPattern is an engine format made ready to match texts, with its translations.
type reasonPattern struct {
	re      *regexp.Regexp
	kinds   []byte // the kind of each argument, by the English format's order
	literal int    // how many bytes of the format are its own words: the more, the better a match
	prefix  string // the English words before the first verb, which every match begins with
	must    string // the format's longest run of words, which every match holds
	words   map[Lang]string
	verbs   map[Lang][]reasonVerb
}

// compileReason makes an entry ready to match. The translations must take the same arguments,
// each with the English verb's kind (checked here and by the tests).
func compileReason(e reasonEntry) (reasonPattern, error) {
	vs, err := parseVerbs(e.en)
	if err != nil {
		return reasonPattern{}, err
	}
	p := reasonPattern{words: map[Lang]string{}, verbs: map[Lang][]reasonVerb{}}
	var re strings.Builder
	re.WriteString(`^`)
	at := 0
	for i, v := range vs {
		if v.arg != i {
			return reasonPattern{}, fmt.Errorf("format %q: the engine's format has no indexed verbs", e.en)
		}
		lit := strings.ReplaceAll(e.en[at:v.start], "%%", "%")
		if i == 0 {
			p.prefix = lit
		}
		p.literal += len(lit)
		if len(lit) > len(p.must) {
			p.must = lit
		}
		re.WriteString(regexp.QuoteMeta(lit))
		switch v.kind {
		case 'd':
			re.WriteString(`(-?[0-9]+)`)
		case 'q':
			re.WriteString(`("(?:[^"\\]|\\.)*")`)
		default:
			re.WriteString(`(.+?)`)
		}
		p.kinds = append(p.kinds, v.kind)
		at = v.end
	}
	lit := strings.ReplaceAll(e.en[at:], "%%", "%")
	if len(vs) == 0 {
		p.prefix = lit
	}
	p.literal += len(lit)
	if len(lit) > len(p.must) {
		p.must = lit
	}
	re.WriteString(regexp.QuoteMeta(lit) + `$`)
	if p.re, err = regexp.Compile(re.String()); err != nil {
		return reasonPattern{}, fmt.Errorf("format %q: %w", e.en, err)
	}
	for _, lang := range Langs() {
		f := e.in(lang)
		tv, err := parseVerbs(f)
		if err != nil {
			return reasonPattern{}, fmt.Errorf("%s: %w", lang, err)
		}
		used := make([]bool, len(p.kinds))
		for _, v := range tv {
			if v.arg >= len(p.kinds) || p.kinds[v.arg] != v.kind {
				return reasonPattern{}, fmt.Errorf("format %q in %s: %q takes argument %d as %%%c, the English %q does not",
					f, lang, f[v.start:v.end], v.arg+1, v.kind, e.en)
			}
			used[v.arg] = true
		}
		for i, u := range used {
			if !u {
				return reasonPattern{}, fmt.Errorf("format %q in %s: argument %d of %q is not used", f, lang, i+1, e.en)
			}
		}
		p.words[lang], p.verbs[lang] = f, tv
	}
	return p, nil
}

// formatEntries are every format the catalogue matches texts against (not commandRefusedEntries,
// read otherwise).
func formatEntries() []reasonEntry {
	return slices.Concat(reasonEntries(), deskWordEntries(), alertEntries(), writeFailureEntries(), damageEntries(), differEntries(), linkDetailEntries(), verifyEntries(), journalRefusalEntries())
}

// reasonPatterns are the catalogue's engine formats, compiled once. A format that does not
// compile is left out (the tests fail on it), so that the screen still words the others.
var reasonPatterns = sync.OnceValue(func() []reasonPattern {
	var out []reasonPattern
	for _, e := range formatEntries() {
		if p, err := compileReason(e); err == nil {
			out = append(out, p)
		}
	}
	return out
})

// maxReasonDepth bounds how deep reasons within reasons are worded ("coup 3: round 2: …").
const maxReasonDepth = 4

// Reason is an engine reason, given in the engine's English (as the journal and the bus hold
// it), in the catalogue's language. Its arguments are worded too: a reason within a reason,
// several reasons joined by "; ", an amount of money (the engine writes it in the table's
// currency, "MOP$1250", or, in a journal written before it did, "$1250"; currency, when not
// empty, is the table's symbol, and the amount is written as the sign writes it,
// engine.FormatMoney: "MOP$1,250"), a hand's name. A text may begin with the
// time it was raised ("22:04 …", as the table screen shows an alert), or the script word a
// refusal names ("enter: …", as Red Dog refuses). A text the catalogue has no format for is
// given as it is, in English.
func (c Catalogue) Reason(text, currency string) string {
	return c.reason(text, currency, 0)
}

// ruleTail is the rule a note cites after its text: " (000 7.3.2, 001 3.5)", " (book silent)".
var ruleTail = regexp.MustCompile(` \(([0-9]{3} [^()]*|book silent)\)$`)

// clockPrefix is the time an alert was raised, before its text.
var clockPrefix = regexp.MustCompile(`^[0-2][0-9]:[0-5][0-9] `)

func (c Catalogue) reason(text, currency string, depth int) string {
	if depth > maxReasonDepth || text == "" {
		return text
	}
	if w, ok := c.commandRefused(text, currency, depth); ok {
		return w
	}
	if w, ok := c.matchReason(text, currency, depth); ok {
		return w
	}
	if m := ruleTail.FindStringSubmatchIndex(text); m != nil {
		// A settlement's note, "text (rule)" (engine.Note.String): the text worded, the rule kept.
		if w, ok := c.matchReason(text[:m[0]], currency, depth); ok {
			return w + text[m[0]:]
		}
	}
	if depth == 0 && clockPrefix.MatchString(text) {
		return text[:6] + c.reason(text[6:], currency, depth+1)
	}
	if word, rest, ok := strings.Cut(text, ": "); ok && depth == 0 && word != "" && !strings.ContainsAny(word, " ;") {
		// The script word or action a refusal names first ("enter: …"): a word of the
		// table script, the same in every language.
		if w, ok := c.matchReason(rest, currency, depth+1); ok {
			return c.T(ReasonLabel, word, w)
		}
	}
	if parts := strings.Split(text, "; "); len(parts) > 1 {
		return c.reasonParts(parts, currency, depth)
	}
	return c.reasonArg(text, currency)
}

// reasonParts words the parts of a text joined by "; ", each on its own, but for a part the
// catalogue cannot word alone: it is the rest of the part before it, whose format holds a "; "
// of its own ("record 9: missing: records 9 to 12 were deleted; the pit bus had acknowledged
// them"), and is worded with it when the catalogue words the two together.
func (c Catalogue) reasonParts(parts []string, currency string, depth int) string {
	var out []string
	for i := 0; i < len(parts); {
		j := i + 1
		for j < len(parts) && !c.wordsAlone(parts[j], currency, depth+1) {
			j++
		}
		for ; j > i+1; j-- {
			if w, ok := c.matchReason(strings.Join(parts[i:j], "; "), currency, depth+1); ok {
				out = append(out, w)
				break
			}
		}
		if j == i+1 {
			out = append(out, c.reason(parts[i], currency, depth+1))
		}
		i = j
	}
	return strings.Join(out, c.T(ReasonJoin))
}

// wordsAlone reports whether the catalogue has a format for text.
func (c Catalogue) wordsAlone(text, currency string, depth int) bool {
	_, ok := c.matchReason(text, currency, depth)
	return ok
}

// better reports whether p is a better match than q for a text both match: it has more words
// of its own, or as many and more numbers (card %d rather than card %s).
func (p *reasonPattern) better(q *reasonPattern) bool {
	if p.literal != q.literal {
		return p.literal > q.literal
	}
	return bytes.Count(p.kinds, []byte{'d'}) > bytes.Count(q.kinds, []byte{'d'})
}

// matchReason words text by the best format that matches it: the one with the most words of
// its own, so that "%s: %s" never wins over a format that says more.
func (c Catalogue) matchReason(text, currency string, depth int) (string, bool) {
	var best *reasonPattern
	var args []string
	for i := range reasonPatterns() {
		p := &reasonPatterns()[i]
		if !strings.HasPrefix(text, p.prefix) || !strings.Contains(text, p.must) || best != nil && !p.better(best) {
			continue
		}
		m := p.re.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		best, args = p, m[1:]
	}
	if best == nil {
		return "", false
	}
	for i, a := range args {
		if best.kinds[i] == 's' || best.kinds[i] == 'v' {
			args[i] = c.reason(a, currency, depth+1)
		}
	}
	return fill(best.words[c.Lang()], best.verbs[c.Lang()], args), true
}

// fill is format f with each of its verbs vs replaced by its argument, already in words.
func fill(f string, vs []reasonVerb, args []string) string {
	var b strings.Builder
	at := 0
	for _, v := range vs {
		b.WriteString(strings.ReplaceAll(f[at:v.start], "%%", "%"))
		b.WriteString(args[v.arg])
		at = v.end
	}
	b.WriteString(strings.ReplaceAll(f[at:], "%%", "%"))
	return b.String()
}

// moneyDigits is an amount's digits as the engine writes them (engine.Currency.Amount): 12 or 12.50.
var moneyDigits = regexp.MustCompile(`^[0-9]+(\.[0-9][0-9])?$`)

// engineAmount reads an amount as the engine writes it, perhaps negative: in the table's
// currency ("MOP$12.50", "CNY 1250"), or in dollars ("$12.50": what a dollar table writes, and
// what the engine wrote at every table before it wrote the table's currency, so a journal of
// then is worded too).
func engineAmount(a, currency string) (int64, bool) {
	rest, neg := strings.CutPrefix(a, "-")
	switch {
	case strings.HasPrefix(rest, currency):
		rest = rest[len(currency):]
	case strings.HasPrefix(rest, string(engine.Dollars)):
		rest = rest[len(engine.Dollars):]
	default:
		return 0, false
	}
	if !moneyDigits.MatchString(rest) {
		return 0, false
	}
	cents, err := engine.Currency("").Parse(rest)
	if err != nil {
		return 0, false
	}
	if neg {
		cents = -cents
	}
	return cents, true
}

// shoeResultArg is the shoe's result as the engine writes it: its winner's code and the totals.
var shoeResultArg = regexp.MustCompile(`^([BPT])( [0-9]-[0-9].*)$`)

// reasonArg words one argument that is not a reason: an amount in the table's currency, a
// hand's or a wager's name in the catalogue's language; anything else as it is.
func (c Catalogue) reasonArg(a, currency string) string {
	if currency != "" {
		if cents, ok := engineAmount(a, currency); ok {
			return engine.FormatMoney(cents, currency) // as the sign writes it: "MOP$1,250"
		}
	}
	switch a {
	case "Banker", "Player", "Tie": // not B, P or T alone: settlement=B is a method, not the Banker
		return c.Winner(a[:1])
	}
	if w := reasonArgWord(a, c.Lang()); w != "" {
		return w
	}
	if w := deskArgWord(a, c.Lang()); w != "" {
		return w
	}
	if m := shoeResultArg.FindStringSubmatch(a); m != nil {
		pairs := strings.NewReplacer(" P pair", " "+c.T(PairPlayer), " B pair", " "+c.T(PairBanker))
		return c.Letter(m[1]) + pairs.Replace(m[2])
	}
	return a
}

// ReasonFormats lists the engine formats the catalogue words, in English, in catalogue order.
func ReasonFormats() []string {
	es := reasonEntries()
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.en
	}
	return out
}
