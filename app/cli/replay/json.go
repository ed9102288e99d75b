package replay

import (
	"strconv"
	"unicode/utf8"

	"github.com/coupboard/coupboard/engine"
)

// AppendEvent appends the replay line of one engine event (without the newline) and returns
// the extended buffer; events replay does not print (a new shoe, which the burn line shows, a
// review flag, which the round and anomaly lines carry) append nothing. tok is the script token
// that caused the event, or nil: refused requests and anomalies name its line and text.
//
// Rounds: {"n","player","banker","player_total","banker_total","winner","natural","player_pair",
// "banker_pair","kind","notes"} and, only when set, "hidden" (cards never turned over) and
// "review". Events: {"event":"burn","shown":[...],"hidden":N[,"rule"]}, {"event":"last_coup","n","rule"},
// {"event":"shoe_end"}, {"event":"anomaly"|"refused"[,"n"][,"rule"],"reason"[,"line","token"]},
// {"event":"noburn","rule"}, {"event":"void","n","rule"}, {"event":"insurance_open","n","rule"},
// {"event":"corrected","n","rule","round":{…the round as corrected…}}.
func AppendEvent(b []byte, e *engine.Event, tok *engine.Token) []byte {
	switch e.Kind {
	case engine.EvRound:
		return appendRound(b, &e.Round)
	case engine.EvShoe, engine.EvReview, engine.EvSetting:
		return b
	case engine.EvCorrected:
		b = append(b, `{"event":"corrected","n":`...)
		b = strconv.AppendInt(b, int64(e.N), 10)
		b = append(b, `,"rule":`...)
		b = appendString(b, e.Rule)
		b = append(b, `,"round":`...)
		b = appendRound(b, &e.Round)
		return append(b, '}')
	}
	b = append(b, `{"event":`...)
	b = appendString(b, e.Kind.String())
	switch e.Kind {
	case engine.EvBurn:
		b = append(b, `,"shown":`...)
		b = appendCards(b, e.Shown)
		b = append(b, `,"hidden":`...)
		b = strconv.AppendInt(b, int64(e.Hidden), 10)
	case engine.EvLastCoup, engine.EvVoid, engine.EvInsurance, engine.EvAnomaly, engine.EvRefused:
		if e.N > 0 || e.Kind == engine.EvLastCoup || e.Kind == engine.EvVoid {
			b = append(b, `,"n":`...)
			b = strconv.AppendInt(b, int64(e.N), 10)
		}
	}
	if e.Rule != "" || e.Kind == engine.EvLastCoup {
		b = append(b, `,"rule":`...)
		b = appendString(b, e.Rule)
	}
	if e.Reason != "" {
		b = append(b, `,"reason":`...)
		b = appendString(b, e.Reason)
	}
	if tok != nil && (e.Kind == engine.EvRefused || e.Kind == engine.EvAnomaly) {
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(tok.Line), 10)
		b = append(b, `,"token":`...)
		b = appendString(b, tok.Text)
	}
	return append(b, '}')
}

func appendRound(b []byte, r *engine.Round) []byte {
	b = append(b, `{"n":`...)
	b = strconv.AppendInt(b, int64(r.N), 10)
	b = append(b, `,"player":`...)
	b = appendCards(b, r.Player.List())
	b = append(b, `,"banker":`...)
	b = appendCards(b, r.Banker.List())
	b = append(b, `,"player_total":`...)
	b = strconv.AppendInt(b, int64(r.Outcome.PlayerTotal), 10)
	b = append(b, `,"banker_total":`...)
	b = strconv.AppendInt(b, int64(r.Outcome.BankerTotal), 10)
	b = append(b, `,"winner":`...)
	b = appendString(b, r.Outcome.Winner.String())
	b = append(b, `,"natural":`...)
	b = strconv.AppendBool(b, r.Outcome.Natural)
	b = append(b, `,"player_pair":`...)
	b = strconv.AppendBool(b, r.Outcome.PlayerPair)
	b = append(b, `,"banker_pair":`...)
	b = strconv.AppendBool(b, r.Outcome.BankerPair)
	b = append(b, `,"kind":`...)
	b = appendString(b, r.Kind.String())
	b = append(b, `,"notes":[`...)
	for i, n := range r.Notes {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, n)
	}
	b = append(b, ']')
	if r.Hidden > 0 {
		b = append(b, `,"hidden":`...)
		b = strconv.AppendInt(b, int64(r.Hidden), 10)
	}
	if r.Review {
		b = append(b, `,"review":true`...)
	}
	return append(b, '}')
}

func appendCards(b []byte, cs []engine.Card) []byte {
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, c.String()...)
		b = append(b, '"')
	}
	return append(b, ']')
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string (RFC 8259): quotes, backslashes and control
// characters escaped; invalid UTF-8 replaced by U+FFFD.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, `\ufffd`...)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
