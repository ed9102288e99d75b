package operator

import (
	"fmt"
	"strings"

	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/engine"
)

// msg is a line for the operator kept as a catalogue key and its arguments until it is
// shown, so that the log strip speaks the language of whoever reads it, also for lines
// written before a switch of language. An argument that is itself a msg is worded in the
// same language; any other is formatted as it is: a card, a number, an amount, or the
// engine's reason with its rule number, which stays in the journal's English.
type msg struct {
	key  i18n.Key // "" for a verbatim line: its arguments one after the other
	args []any
}

// worded is an argument worded in the language of the message that holds it.
type worded interface{ in(w i18n.Catalogue) string }

// m is the message key with args.
func m(key i18n.Key, args ...any) msg { return msg{key: key, args: args} }

// verbatim is a line that is not translated (an error's text, a name from the journal).
func verbatim(s string) msg { return msg{args: []any{s}} }

// cat is the parts one after the other (strings as they are, messages worded).
func cat(parts ...any) msg { return msg{args: parts} }

// in words the message in w's language.
func (x msg) in(w i18n.Catalogue) string {
	args := make([]any, len(x.args))
	for i, a := range x.args {
		if y, ok := a.(worded); ok {
			args[i] = y.in(w)
		} else {
			args[i] = a
		}
	}
	if x.key == "" {
		var b strings.Builder
		for _, a := range args {
			fmt.Fprint(&b, a)
		}
		return b.String()
	}
	return w.T(x.key, args...)
}

// english is the message in English: the words the tests and the journal's names use.
func (x msg) english() string { return x.in(i18n.Catalogue{}) }

// zero reports whether the message is empty (no key and nothing to say).
func (x msg) zero() bool { return x.key == "" && len(x.args) == 0 }

// join is the messages one after the other with sep between them, as one message.
func join(sep string, parts []msg) msg {
	if len(parts) == 0 {
		return msg{}
	}
	out := parts[0]
	for _, p := range parts[1:] {
		out = cat(out, sep, p)
	}
	return out
}

// roleWord is a role's name in the catalogue: dealer or supervisor.
func roleWord(need fmt.Stringer) msg {
	switch need.String() {
	case "dealer":
		return m(i18n.OpDealer)
	case "supervisor":
		return m(i18n.OpSupervisor)
	}
	return verbatim(need.String())
}

// ruleSuffix is " (000 7.7)" after a line that cites a rule, or nothing.
func ruleSuffix(rule string) string {
	if rule == "" {
		return ""
	}
	return " (" + rule + ")"
}

// runKindWord is a run's kind in the catalogue's words (Player, Banker, Player/Banker, Tie).
func runKindWord(k engine.RunKind) msg {
	for _, c := range runKinds() {
		if c.kind == k {
			return m(c.label)
		}
	}
	return verbatim(k.String())
}
