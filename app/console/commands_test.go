package console

import (
	"context"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/pitcmd"
	"github.com/coupboard/coupboard/display/i18n"
	"github.com/coupboard/coupboard/pitwire"
)

// TestAnswerOf: each state of a table with a pit command reads as the console's answer, with
// the rule and reason the table gave.
func TestAnswerOf(t *testing.T) {
	eff := time.Date(2026, 11, 26, 21, 30, 0, 0, time.UTC)
	for _, tc := range []struct {
		in         pitcmd.TableAnswer
		state      AnswerState
		rule, want string
	}{
		{pitcmd.TableAnswer{Table: "A", State: pitcmd.Pending}, AnswerPending, "", ""},
		{pitcmd.TableAnswer{Table: "A", State: pitcmd.Offline}, AnswerPending, "", "the table is offline: it gets the change when it is back, if still in time"},
		{pitcmd.TableAnswer{Table: "A", State: pitcmd.Accepted, Answer: &pitwire.PitAnswer{Effective: eff}}, AnswerAccepted, "", "in effect at " + eff.UTC().Format("2006-01-02") + " 21:30:00 UTC"},
		{pitcmd.TableAnswer{Table: "A", State: pitcmd.Refused, Answer: &pitwire.PitAnswer{Rule: "000 7.7", Reason: "raise minimum needs 20 minutes' notice"}}, AnswerRefused, "000 7.7", "raise minimum needs 20 minutes' notice"},
		{pitcmd.TableAnswer{Table: "A", State: pitcmd.Rejected, Answer: &pitwire.PitAnswer{Reason: "not a pit command"}}, AnswerRefused, "", "not a pit command"},
		{pitcmd.TableAnswer{Table: "A", State: pitcmd.TooLate, Answer: &pitwire.PitAnswer{}}, AnswerMissed, "", "it reached the table after it expired"},
		{pitcmd.TableAnswer{Table: "A", State: pitcmd.NoAnswer}, AnswerMissed, "", "no answer before it expired: the table did not carry it out"},
		{pitcmd.TableAnswer{Table: "A", State: pitcmd.NotSent, Unsent: "the bus did not store it: stream full"}, AnswerMissed, "", "not sent: the pit bus did not store it (the bus did not store it: stream full)"},
	} {
		got := answerOf(tc.in)
		if got.Table != "A" || got.State != tc.state || got.Rule != tc.rule || got.Said(i18n.Catalogue{}) != tc.want {
			t.Errorf("%s: got %+v, want %s %q %q", tc.in.State, got, tc.state, tc.rule, tc.want)
		}
		// The console's own words are the catalogue's, so the page words them in its language
		// (issue 23); a table's reason has none and is shown as the table gave it.
		ownWords := tc.want != "" && (tc.in.Answer == nil || tc.in.Answer.Reason == "")
		if ownWords != (got.Words.Key != "") {
			t.Errorf("%s: words %+v for reason %q", tc.in.State, got.Words, tc.want)
		}
		if got.Words.Key != "" {
			if got.Reason != "" && got.State != AnswerAccepted {
				t.Errorf("%s: the console's words and a reason %q: the words are kept once", tc.in.State, got.Reason)
			}
			for _, lang := range []i18n.Lang{i18n.SimplifiedChinese, i18n.TraditionalChinese} {
				w, _ := i18n.New(lang)
				if zh := w.Say(got.Words); zh == tc.want || strings.HasPrefix(zh, "[") {
					t.Errorf("%s: in %s the answer reads %q", tc.in.State, lang, zh)
				}
			}
		}
	}
}

// TestPeopleFileCheck: the command sender accepts from the people file only active supervisors.
func TestPeopleFileCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "people.toml")
	hash := "$2a$04$8s5Yt9hMP1gB9nDBrJ4cEuXzUrdJ0W3v3fCj3yLw7ZbPZ8mXb3wZW"
	body := `[[person]]
id = "101"
name = "Ana"
role = "supervisor"
pin_hash = "` + hash + `"
[[person]]
id = "201"
name = "Bo"
role = "dealer"
pin_hash = "` + hash + `"
[[person]]
id = "102"
name = "Cy"
role = "supervisor"
pin_hash = "` + hash + `"
active = false
`
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := LoadPeople(path, DefaultLockout, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := p.Check(ctx, "101"); err != nil {
		t.Errorf("an active supervisor: %v", err)
	}
	for _, id := range []string{"201", "102", "909"} {
		if err := p.Check(ctx, id); !errors.Is(err, pitcmd.ErrUnknownPerson) {
			t.Errorf("%s: got %v, want a refusal", id, err)
		}
	}
}

// TestBurstOfGuessesIsCounted: wrong PINs sent at once for one id are no more than the
// lockout allows: each attempt is counted before its PIN is compared.
func TestBurstOfGuessesIsCounted(t *testing.T) {
	clk := newClock()
	pf, err := LoadPeople(peopleFile(t), Lockout{Attempts: 3, Lock: time.Minute}, clk.Now)
	if err != nil {
		t.Fatal(err)
	}
	const n = 12
	errs := make(chan error, n)
	for range n {
		go func() {
			_, err := pf.Authenticate(context.Background(), "101", "0000")
			errs <- err
		}()
	}
	wrong := 0
	for range n {
		if errors.Is(<-errs, ErrBadCredentials) {
			wrong++
		}
	}
	if wrong != 2 {
		t.Errorf("%d of %d simultaneous guesses were compared and refused as wrong, want 2 (the third locks the id)", wrong, n)
	}
}

// TestLiveStreamLeavesTheSessionIdle: checking a session is alive does not mark it used.
func TestLiveStreamLeavesTheSessionIdle(t *testing.T) {
	clk := newClock()
	s := newSessions(time.Minute, clk.Now)
	ss := s.start(Person{ID: "101"}, "en")
	clk.Add(50 * time.Second)
	if !s.alive(ss.token) {
		t.Fatal("a session used 50 s ago is not alive")
	}
	clk.Add(20 * time.Second)
	if s.alive(ss.token) {
		t.Error("the check kept the session alive past its idle time")
	}
}

// noCancel is a recorder that cannot cancel, as the command sender cannot.
type noCancel struct{ *recorder }

func (noCancel) CanCancel() bool { return false }

// TestNoCancelWhereThePosterCannot: the page offers Cancel only where the poster can cancel.
func TestNoCancelWhereThePosterCannot(t *testing.T) {
	r := newRig(t)
	r.con.opt.Poster = noCancel{r.poster}
	b := r.browser()
	page := b.signIn("101", "2468")
	b.post("/", url.Values{"csrf": {csrfOf(t, page)}, "action": {"post"}, "pit": {"A"}, "kind": {"limits"},
		"at": {"09:30"}, "main_min": {"50"}, "main_max": {"10,000"}, "tie_min": {"10"}, "tie_max": {"1000"}})
	_, page = b.get("/")
	if !strings.Contains(page, "to 2 tables") || strings.Contains(page, "Cancel this change") {
		t.Errorf("the posting is not listed, or offers a Cancel the poster cannot do:\n%s", page)
	}
	if !(Commands{}).CanCancel() {
		t.Error("the command sender says it cannot cancel (it sends !withdraw)")
	}
}

// TestWithdrawalOf: each state of a table with the !withdraw of a posting reads as the
// console's withdrawal — withdrawn (the posting's answer then cancelled), refused with the
// table's rule, on its way, or not reached — and only a change accepted for a time still to
// come, not withdrawn or with its withdrawal on its way, may be cancelled.
func TestWithdrawalOf(t *testing.T) {
	eff := time.Date(2026, 11, 26, 21, 30, 0, 0, time.UTC)
	now := eff.Add(-10 * time.Minute)
	for _, tc := range []struct {
		w           *pitcmd.TableAnswer
		state       AnswerState
		wd          WithdrawalState
		rule, words string
		cancellable bool
	}{
		{nil, AnswerAccepted, "", "", "", true},
		{&pitcmd.TableAnswer{State: pitcmd.Pending}, AnswerAccepted, WithdrawalSent, "", "", false},
		{&pitcmd.TableAnswer{State: pitcmd.Offline}, AnswerAccepted, WithdrawalSent, "", "the table is offline: it gets the withdrawal when it is back, if still in time", false},
		{&pitcmd.TableAnswer{State: pitcmd.Accepted, Answer: &pitwire.PitAnswer{Effective: now}}, AnswerCancelled, WithdrawalDone, "", "", false},
		{&pitcmd.TableAnswer{State: pitcmd.Refused, Answer: &pitwire.PitAnswer{Rule: "000 7.7, 13.7", Reason: "withdraw that one first"}}, AnswerAccepted, WithdrawalRefused, "000 7.7, 13.7", "withdraw that one first", true},
		{&pitcmd.TableAnswer{State: pitcmd.Rejected, Answer: &pitwire.PitAnswer{Reason: "not a supervisor"}}, AnswerAccepted, WithdrawalRefused, "", "not a supervisor", true},
		{&pitcmd.TableAnswer{State: pitcmd.TooLate, Answer: &pitwire.PitAnswer{}}, AnswerAccepted, WithdrawalNotReached, "", "it reached the table after it expired", true},
		{&pitcmd.TableAnswer{State: pitcmd.NoAnswer}, AnswerAccepted, WithdrawalNotReached, "", "no answer before it expired: the change stays on the table's sign", true},
	} {
		in := pitcmd.TableAnswer{Table: "A", State: pitcmd.Accepted, Answer: &pitwire.PitAnswer{Effective: eff}, Withdrawal: tc.w}
		got := answerOf(in)
		var gotWd WithdrawalState
		var rule, words string
		if got.Withdrawal != nil {
			gotWd, rule, words = got.Withdrawal.State, got.Withdrawal.Rule, got.Withdrawal.Said(i18n.Catalogue{})
		}
		if got.State != tc.state || gotWd != tc.wd || rule != tc.rule || words != tc.words {
			t.Errorf("withdrawal %+v: got %s %+v, want %s %s %q %q", tc.w, got.State, got.Withdrawal, tc.state, tc.wd, tc.rule, tc.words)
		}
		if got.Withdrawable(now) != tc.cancellable || got.Withdrawable(eff) {
			t.Errorf("withdrawal %+v: withdrawable before its time %v (want %v), at its time %v", tc.w, got.Withdrawable(now), tc.cancellable, got.Withdrawable(eff))
		}
	}
}

// TestHalfSentPostingIsReported: a posting the sender got to some of its tables only stands
// (it is listed, with each table's answer), and the page says to how many tables it went and
// which it did not reach, in place of "Posted"; one it got to no table is a failure.
func TestHalfSentPostingIsReported(t *testing.T) {
	r := newRig(t)
	r.poster.notSent = []string{"BAC-2"}
	b := r.browser()
	page := b.signIn("101", "2468")
	form := url.Values{"csrf": {csrfOf(t, page)}, "action": {"post"}, "pit": {"A"}, "kind": {"limits"},
		"at": {"09:30"}, "main_min": {"50"}, "main_max": {"10,000"}}
	b.post("/", form)
	_, page = b.get("/")
	for _, w := range []string{"to 1 of 2 tables; NOT sent to BAC-2", `data-posting="P1"`} {
		if !strings.Contains(page, w) {
			t.Errorf("after a half-sent posting the page lacks %q", w)
		}
	}
	if !strings.Contains(r.log.String(), "posting P1 NOT sent to BAC-2") {
		t.Errorf("the log: %s", r.log.String())
	}
	r.poster.notSent = []string{"BAC-1", "BAC-2"}
	b.post("/", form)
	if _, page = b.get("/"); strings.Contains(page, `data-posting="P2"`) {
		t.Error("a posting sent to no table is listed")
	}
}
