package operator

import (
	"strings"

	"github.com/coupboard/coupboard/display/i18n"
)

// reasonKeys are the supervisor's pick-list of reasons, in the order offered.
var reasonKeys = []i18n.Key{
	i18n.ReasonDealerError, i18n.ReasonMisdeal, i18n.ReasonExposed, i18n.ReasonFaceUp, i18n.ReasonShoeFault,
	i18n.ReasonPlayers, i18n.ReasonDisrupted, i18n.ReasonDirection,
}

// Reasons is the pick-list offered for a supervisor action, in w's language; the operator may
// type another.
func Reasons(w i18n.Catalogue) []string {
	out := make([]string, len(reasonKeys))
	for i, k := range reasonKeys {
		out[i] = w.T(k)
	}
	return out
}

// RecordedReason is the reason the journal keeps for text given on a screen in w's language:
// a reason of the pick-list in English, the record's language, whatever language it was
// picked in; any other text as typed.
func RecordedReason(w i18n.Catalogue, text string) string {
	t := strings.TrimSpace(text)
	for _, k := range reasonKeys {
		if t == w.T(k) {
			return i18n.Catalogue{}.T(k)
		}
	}
	return text
}
