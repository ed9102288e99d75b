package console

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/engine"
	"github.com/coupboard/coupboard/engine/desk"
	"github.com/coupboard/coupboard/internal/testbin"
	"github.com/coupboard/coupboard/internal/testclock"
	"github.com/coupboard/coupboard/internal/testpin"
	"github.com/coupboard/coupboard/pitwire"
)

// newClock is the tests' movable clock, at 09:00:30 on the day of the tests' tables.
func newClock() *testclock.Clock {
	return testclock.New(time.Date(2026, 11, 26, 9, 0, 30, 0, time.UTC))
}

// peopleFile writes a people file: a supervisor 101 (PIN 2468), a dealer 207 (PIN 1357) and an
// inactive supervisor 109 (PIN 2468).
func peopleFile(t *testing.T) string {
	t.Helper()
	h1, h2 := testpin.Hash(t, "2468"), testpin.Hash(t, "1357")
	p := filepath.Join(t.TempDir(), "people.toml")
	body := fmt.Sprintf(`
[[person]]
id = "101"
name = "Ana Lee"
role = "supervisor"
pin_hash = %q

[[person]]
id = "207"
name = "Bo Chen"
role = "dealer"
pin_hash = %q

[[person]]
id = "109"
name = "Old Hand"
role = "supervisor"
pin_hash = %q
active = false
`, h1, h2, h1)
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPeopleFile(t *testing.T) {
	clk := newClock()
	pf, err := LoadPeople(peopleFile(t), Lockout{Attempts: 3, Lock: time.Minute}, clk.Now)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	p, err := pf.Authenticate(ctx, "101", "2468")
	if err != nil || p != (Person{ID: "101", Name: "Ana Lee", Role: RoleSupervisor}) {
		t.Fatalf("101: %+v, %v", p, err)
	}
	for _, tc := range []struct{ id, pin string }{{"101", "1357"}, {"X-1", "2468"}, {"109", "2468"}, {"", ""}} {
		if _, err := pf.Authenticate(ctx, tc.id, tc.pin); !errors.Is(err, ErrBadCredentials) {
			t.Errorf("%q/%q: %v, want ErrBadCredentials", tc.id, tc.pin, err)
		}
	}
	// 101 had one wrong PIN and then... the good one reset it? No: the wrong one came after.
	// Two more wrong PINs lock it; then even the right PIN is refused until the lock ends.
	if _, err := pf.Authenticate(ctx, "101", "0000"); !errors.Is(err, ErrBadCredentials) {
		t.Fatalf("second wrong PIN: %v", err)
	}
	var le *LockedError
	if _, err := pf.Authenticate(ctx, "101", "0000"); !errors.As(err, &le) || !le.Until.Equal(clk.Now().Add(time.Minute)) {
		t.Fatalf("third wrong PIN: %v, want locked for a minute", err)
	}
	if _, err := pf.Authenticate(ctx, "101", "2468"); !errors.As(err, &le) {
		t.Fatalf("right PIN while locked: %v, want locked", err)
	}
	if _, err := pf.Authenticate(ctx, "207", "1357"); err != nil {
		t.Fatalf("another id is not locked: %v", err)
	}
	clk.Add(time.Minute + time.Second)
	if _, err := pf.Authenticate(ctx, "101", "2468"); err != nil {
		t.Fatalf("after the lock: %v", err)
	}
}

func TestLoadPeopleRefuses(t *testing.T) {
	hash := testpin.Hash(t, "2468")
	for _, tc := range []struct{ name, body, want string }{
		{"unknown key", "[[person]]\nid=\"5\"\nname=\"A\"\nrole=\"supervisor\"\npin_hash=\"" + hash + "\"\npin=\"1234\"\n", "unknown key person.pin"},
		{"role", "[[person]]\nid=\"5\"\nname=\"A\"\nrole=\"boss\"\npin_hash=\"" + hash + "\"\n", "person 1 (5): role \"boss\""},
		{"plain pin", "[[person]]\nid=\"5\"\nname=\"A\"\nrole=\"dealer\"\npin_hash=\"1234\"\n", "pin_hash: not a bcrypt hash"},
		{"twice", "[[person]]\nid=\"5\"\nname=\"A\"\nrole=\"dealer\"\npin_hash=\"" + hash + "\"\n[[person]]\nid=\"5\"\nname=\"B\"\nrole=\"dealer\"\npin_hash=\"" + hash + "\"\n", "person 2: id \"5\": given twice"},
		{"no id", "[[person]]\nname=\"A\"\nrole=\"dealer\"\npin_hash=\"" + hash + "\"\n", "person 1: operator id: empty"},
		{"id with letters", "[[person]]\nid=\"S-3\"\nname=\"A\"\nrole=\"dealer\"\npin_hash=\"" + hash + "\"\n", "person 1: operator id \"S-3\": digits only"},
		{"id too long", "[[person]]\nid=\"1234567890123\"\nname=\"A\"\nrole=\"dealer\"\npin_hash=\"" + hash + "\"\n", "longer than 12 digits"},
		{"name", "[[person]]\nid=\"5\"\nname=\"\"\nrole=\"dealer\"\npin_hash=\"" + hash + "\"\n", "person 1 (5): name: empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "people.toml")
			if err := os.WriteFile(p, []byte(tc.body), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := LoadPeople(p, DefaultLockout, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// feed applies to live what a table publishes: its status, a shoe with its sign, and rounds,
// then a heartbeat.
type feed struct {
	t    *testing.T
	live *Live
	seq  map[string]uint64
}

func (f *feed) send(m pitwire.Message) {
	f.t.Helper()
	m.V = pitwire.Version
	if m.Type != pitwire.TypeHeartbeat {
		f.seq[m.Table]++
	}
	m.Seq = f.seq[m.Table]
	if err := f.live.Apply(m); err != nil {
		f.t.Fatal(err)
	}
}

func (f *feed) table(id, name, game string, st pitwire.Status, limits pitwire.Limits) {
	st.Name, st.Game = name, game
	f.send(pitwire.Message{Table: id, Type: pitwire.TypeShoeStarted, Shoe: 1, Limits: &limits, Status: &st})
	f.send(pitwire.Message{Table: id, Type: pitwire.TypeHeartbeat})
}

var vicLimits = pitwire.Limits{Currency: "AUD", Bets: []pitwire.Limit{{Bet: "player_banker", Min: 2500, Max: 500000}, {Bet: "tie", Min: 500, Max: 50000}}}

// recorder is a recording Poster for the handler tests (the browser test posts to a Rehearsal).
type recorder struct {
	now       func() time.Time // the clock of the changes' times (Answer.Effective)
	mu        sync.Mutex
	posts     []recorded
	cancelled []string
	panicNext bool
	notSent   []string // tables the next postings do not reach (a PartialError; all: an error)
}

type recorded struct {
	tables []string
	line   string
	by     Person
}

func (r *recorder) Post(ctx context.Context, tables []string, line string, by Person) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.panicNext {
		panic("the sender fell over")
	}
	if len(r.notSent) >= len(tables) {
		return "", errors.New("the bus stored it for no table")
	}
	r.posts = append(r.posts, recorded{tables, line, by})
	id := fmt.Sprintf("P%d", len(r.posts))
	if len(r.notSent) > 0 {
		return id, &PartialError{NotSent: r.notSent, Tables: len(tables), Err: errors.New("not sent to " + strings.Join(r.notSent, ","))}
	}
	return id, nil
}

func (r *recorder) Answers(ctx context.Context, id string) ([]Answer, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var n int
	if _, err := fmt.Sscanf(id, "P%d", &n); err != nil || n < 1 || n > len(r.posts) {
		return nil, ErrUnknownPosting
	}
	var eff time.Time
	if items, err := desk.ParseLine(1, r.posts[n-1].line); err == nil && len(items) == 1 && items[0].Command != nil {
		eff = pitwire.Effective(*items[0].Command, r.now())
	}
	var out []Answer
	for _, t := range r.posts[n-1].tables {
		out = append(out, Answer{Table: t, State: AnswerAccepted, Reason: "notice posted", Effective: eff})
	}
	return out, nil
}

func (r *recorder) Cancel(ctx context.Context, id string, by Person) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cancelled = append(r.cancelled, id+" by "+by.ID)
	return nil
}

// rig is a console over a live board of three tables: BAC-1 and BAC-2 (vic baccarat, pit A),
// ACT-1 (act, pit B, closing at 10:00).
type rig struct {
	t      *testing.T
	clk    *testclock.Clock
	live   *Live
	feed   *feed
	con    *Console
	poster *recorder
	h      http.Handler
	log    *testbin.Buffer
}

func newRig(t *testing.T) *rig {
	t.Helper()
	clk := newClock()
	live := NewLive(pitmodel.Config{}, clk.Now)
	f := &feed{t: t, live: live, seq: map[string]uint64{}}
	f.table("BAC-1", "Baccarat 1", "Baccarat — 5% commission", pitwire.Status{State: pitwire.StateOpen}, vicLimits)
	f.table("BAC-2", "Baccarat 2", "Baccarat — 5% commission", pitwire.Status{State: pitwire.StateOpen}, vicLimits)
	f.table("ACT-1", "Mini 1", "Mini baccarat", pitwire.Status{State: pitwire.StateClosing, ClosesAt: time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)}, vicLimits)
	f.table("ACT-2", "Mini 2", "Mini baccarat", pitwire.Status{State: pitwire.StateOpen}, vicLimits)
	cfg := Config{Profile: "vic-baccarat-2002", TimeZone: "UTC", Tables: map[string]TableConfig{
		"BAC-1": {Pit: "A"}, "BAC-2": {Pit: "A"}, "ACT-1": {Pit: "B", Profile: "act-mini-baccarat-2012"},
		"ACT-2": {Pit: "C", Profile: "act-mini-baccarat-2012"},
	}}
	people, err := LoadPeople(peopleFile(t), DefaultLockout, clk.Now)
	if err != nil {
		t.Fatal(err)
	}
	r := startRig(t, clk, live, Options{Config: cfg, Auth: people})
	r.feed = f
	return r
}

// startRig is the console of opt (its configuration, who signs in, the operator directory if
// any) over live, on clock clk, with a poster and a log that record what it does: the one rig
// of the console's tests (newRig: tables from a feed and a people file; peopleRig: the pit's
// operator directory on a real bus).
func startRig(t *testing.T, clk *testclock.Clock, live *Live, opt Options) *rig {
	t.Helper()
	rec := &recorder{now: clk.Now}
	log := &testbin.Buffer{}
	opt.Live, opt.Poster, opt.Now, opt.Log = live, rec, clk.Now, log
	con, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	return &rig{t: t, clk: clk, live: live, con: con, poster: rec, h: con.Handler(), log: log}
}

// browser is a cookie jar over the rig's handler.
type browser struct {
	r       *rig
	cookies map[string]*http.Cookie
	lang    string
}

func (r *rig) browser() *browser { return &browser{r: r, cookies: map[string]*http.Cookie{}} }

func (b *browser) do(req *http.Request) *http.Response {
	for _, c := range b.cookies {
		req.AddCookie(c)
	}
	if b.lang != "" {
		req.Header.Set("Accept-Language", b.lang)
	}
	w := httptest.NewRecorder()
	b.r.h.ServeHTTP(w, req)
	res := w.Result()
	for _, c := range res.Cookies() {
		if c.MaxAge < 0 {
			delete(b.cookies, c.Name)
		} else {
			b.cookies[c.Name] = c
		}
	}
	return res
}

func (b *browser) get(path string) (*http.Response, string) {
	res := b.do(httptest.NewRequest("GET", path, nil))
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

func (b *browser) post(path string, form url.Values) (*http.Response, string) {
	req := httptest.NewRequest("POST", path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res := b.do(req)
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

// csrfOf is the csrf field of a page.
func csrfOf(t *testing.T, page string) string {
	t.Helper()
	const mark = `name="csrf" value="`
	i := strings.Index(page, mark)
	if i < 0 {
		t.Fatalf("no csrf field in the page:\n%s", page)
	}
	rest := page[i+len(mark):]
	return rest[:strings.IndexByte(rest, '"')]
}

// signIn signs b in as id with pin and returns the console page.
func (b *browser) signIn(id, pin string) string {
	t := b.r.t
	t.Helper()
	_, page := b.get("/")
	res, body := b.post("/signin", url.Values{"csrf": {csrfOf(t, page)}, "id": {id}, "pin": {pin}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign in %s: %d\n%s", id, res.StatusCode, body)
	}
	_, page = b.get("/")
	return page
}

func noMissingWords(t *testing.T, page string) {
	t.Helper()
	if i := strings.Index(page, "[con."); i >= 0 {
		t.Errorf("a word missing from the catalogue: %s", page[i:min(len(page), i+40)])
	}
	for _, leak := range []string{"goroutine", "panic", ".go:"} {
		if strings.Contains(page, leak) {
			t.Errorf("the page shows %q", leak)
		}
	}
}

func TestSignInAndSession(t *testing.T) {
	r := newRig(t)
	b := r.browser()
	res, page := b.get("/")
	if res.StatusCode != 200 || !strings.Contains(page, `action="/signin"`) || !strings.Contains(page, `<label for="pin">PIN</label>`) {
		t.Fatalf("no sign-in page: %d\n%s", res.StatusCode, page)
	}
	// Without the form's token: refused.
	res, page = b.post("/signin", url.Values{"id": {"101"}, "pin": {"2468"}})
	if res.StatusCode != http.StatusForbidden || !strings.Contains(page, "The form was out of date") {
		t.Fatalf("sign-in without csrf: %d\n%s", res.StatusCode, page)
	}
	// A wrong PIN: a message, no session.
	_, page = b.get("/")
	res, page = b.post("/signin", url.Values{"csrf": {csrfOf(t, page)}, "id": {"101"}, "pin": {"9999"}})
	if res.StatusCode != http.StatusUnauthorized || !strings.Contains(page, "Unknown operator id or wrong PIN") {
		t.Fatalf("wrong PIN: %d\n%s", res.StatusCode, page)
	}
	page = b.signIn("101", "2468")
	ck := b.cookies[cookieSession]
	if ck == nil || !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode || len(ck.Value) < 40 {
		t.Fatalf("session cookie %+v: want HttpOnly, SameSite=Strict, a long random token", ck)
	}
	for _, want := range []string{"Ana Lee (101, supervisor)", "BAC-1", "Baccarat 2", "Player / Banker $25–$5000", "Tie $5–$500",
		"Closes at 10:00", "This table closes at 10:00", "Every table of pit A", "Every table of Mini baccarat", `name="kind" value="close"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	noMissingWords(t, page)
	if !strings.Contains(r.log.String(), "101 (Ana Lee, supervisor) signed in") || !strings.Contains(r.log.String(), `sign-in of "101" refused`) {
		t.Errorf("the log: %s", r.log.String())
	}
	// Idle for longer than the session lasts: signed out.
	r.clk.Add(31 * time.Minute)
	_, page = b.get("/")
	if !strings.Contains(page, `action="/signin"`) {
		t.Fatal("an expired session still shows the console")
	}
	// Sign out ends the session at once.
	page = b.signIn("101", "2468")
	b.post("/signout", url.Values{"csrf": {csrfOf(t, page)}})
	if _, page = b.get("/"); !strings.Contains(page, `action="/signin"`) {
		t.Fatal("signed out, the console is still shown")
	}
}

func TestLockoutAnswer(t *testing.T) {
	r := newRig(t)
	b := r.browser()
	var res *http.Response
	var page string
	for range DefaultLockout.Attempts {
		_, p := b.get("/")
		res, page = b.post("/signin", url.Values{"csrf": {csrfOf(t, p)}, "id": {"207"}, "pin": {"0000"}})
	}
	if res.StatusCode != http.StatusTooManyRequests || !strings.Contains(page, "sign-in for this id is locked until 09:05") {
		t.Fatalf("lockout: %d\n%s", res.StatusCode, page)
	}
}

func TestLanguages(t *testing.T) {
	r := newRig(t)
	for _, tc := range []struct{ lang, want, pb string }{
		{"zh-Hans", "赌区控制台", "闲 / 庄"}, {"zh-Hant", "賭區控制台", "閒 / 莊"}, {"en", "Pit console", "Player / Banker"},
	} {
		b := r.browser()
		b.lang = tc.lang
		page := b.signIn("101", "2468")
		if !strings.Contains(page, tc.want) || !strings.Contains(page, tc.pb) || !strings.Contains(page, `<html lang="`+tc.lang+`">`) {
			t.Errorf("%s: the page is not in its language", tc.lang)
		}
		noMissingWords(t, page)
	}
	// The switch: ?lang= is remembered.
	b := r.browser()
	b.signIn("101", "2468")
	b.get("/?lang=zh-Hant")
	if _, page := b.get("/"); !strings.Contains(page, "賭區控制台") {
		t.Error("the language switch is not remembered")
	}
}

func TestPostAndCancel(t *testing.T) {
	r := newRig(t)
	b := r.browser()
	page := b.signIn("101", "2468")
	csrf := csrfOf(t, page)
	res, page := b.post("/", url.Values{"csrf": {csrf}, "action": {"post"}, "pit": {"A"}, "kind": {"limits"},
		"at": {"09:30"}, "main_min": {"50"}, "main_max": {"10,000"}, "tie_min": {"10"}, "tie_max": {"1000"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("post: %d\n%s", res.StatusCode, page)
	}
	want := recorded{tables: []string{"BAC-1", "BAC-2"}, line: "!limits at=2026-11-26T09:30:00 player=50-10000 banker=50-10000 tie=10-1000", by: Person{ID: "101", Name: "Ana Lee", Role: RoleSupervisor}}
	if len(r.poster.posts) != 1 || fmt.Sprint(r.poster.posts[0]) != fmt.Sprint(want) {
		t.Fatalf("posted %+v, want %+v", r.poster.posts, want)
	}
	_, page = b.get("/")
	for _, w := range []string{"Posted !limits at=2026-11-26T09:30:00", "to 2 tables", "posted by Ana Lee (101)", "<strong>BAC-2</strong> accepted", "Cancel this change"} {
		if !strings.Contains(page, w) {
			t.Errorf("after posting the page lacks %q", w)
		}
	}
	res, _ = b.post("/cancel", url.Values{"csrf": {csrf}, "id": {"P1"}})
	if res.StatusCode != http.StatusSeeOther || len(r.poster.cancelled) != 1 || r.poster.cancelled[0] != "P1 by 101" {
		t.Fatalf("cancel: %d %v", res.StatusCode, r.poster.cancelled)
	}
	_, page = b.get("/")
	if !strings.Contains(page, "cancelled at 09:00:30 by Ana Lee (101)") {
		t.Error("the activity does not say who cancelled")
	}
	if !strings.Contains(r.log.String(), `101 (Ana Lee) posted P1: "!limits at=2026-11-26T09:30:00`) || !strings.Contains(r.log.String(), "101 (Ana Lee) cancelled P1") {
		t.Errorf("the log: %s", r.log.String())
	}
	// Closing one table ticked by hand, and the Mini's pit: a line per posting.
	b.post("/", url.Values{"csrf": {csrf}, "action": {"post"}, "table": {"BAC-2"}, "game": {"Mini baccarat"}, "kind": {"close"}, "at": {"11:00"}})
	if got := r.poster.posts[len(r.poster.posts)-1]; got.line != "!close at=2026-11-26T11:00:00" || strings.Join(got.tables, ",") != "ACT-1,ACT-2,BAC-2" {
		t.Fatalf("close: %+v", got)
	}
}

// TestCancelWhilePagesRead: a page being drawn (the live stream, another supervisor's page
// load) holds the postings it listed while a Cancel is made. A listed posting is never changed
// in place: the Cancel lists a new one, and the page draws the posting as it listed it. (It
// was changed in place: a data race between the page and the Cancel, which -race caught in
// the browser test.) The page's read is deliberately not synchronised with the Cancel, so
// -race sees both.
func TestCancelWhilePagesRead(t *testing.T) {
	r := newRig(t)
	b := r.browser()
	csrf := csrfOf(t, b.signIn("101", "2468"))
	b.post("/", url.Values{"csrf": {csrf}, "action": {"post"}, "table": {"BAC-1"}, "kind": {"limits"},
		"at": {"09:30"}, "main_min": {"50"}, "main_max": {"5000"}})
	listed := r.con.postings(context.Background()) // what a page being drawn holds
	if len(listed) != 1 {
		t.Fatalf("%d postings listed, want 1", len(listed))
	}
	done := make(chan int)
	go func() {
		res, _ := b.post("/cancel", url.Values{"csrf": {csrf}, "id": {"P1"}})
		done <- res.StatusCode
	}()
	time.Sleep(100 * time.Millisecond) // the Cancel, most likely made meanwhile
	changed := listed[0].CancelledBy != nil || !listed[0].CancelledAt.IsZero()
	if code := <-done; code != http.StatusSeeOther {
		t.Fatalf("cancel: %d", code)
	}
	if changed {
		t.Error("the Cancel changed a posting a page had listed")
	}
	if _, page := b.get("/"); !strings.Contains(page, "cancelled at 09:00:30 by Ana Lee (101)") {
		t.Error("the page does not say who cancelled")
	}
}

func TestDealerMayNotPost(t *testing.T) {
	r := newRig(t)
	b := r.browser()
	page := b.signIn("207", "1357")
	if strings.Contains(page, `value="post"`) {
		t.Error("a dealer is offered the posting form")
	}
	res, page := b.post("/", url.Values{"csrf": {csrfOf(t, page)}, "action": {"post"}, "table": {"BAC-1"}, "kind": {"close"}, "at": {"11:00"}})
	if res.StatusCode != http.StatusForbidden || !strings.Contains(page, "Only a supervisor may post") || len(r.poster.posts) != 0 {
		t.Fatalf("a dealer's post: %d %v", res.StatusCode, r.poster.posts)
	}
}

func TestMalformedInput(t *testing.T) {
	r := newRig(t)
	b := r.browser()
	page := b.signIn("101", "2468")
	csrf := csrfOf(t, page)
	base := func(kv ...string) url.Values {
		v := url.Values{"csrf": {csrf}, "action": {"post"}, "table": {"BAC-1"}, "kind": {"limits"}, "at": {"09:30"}, "main_min": {"50"}, "main_max": {"5000"}}
		for i := 0; i+1 < len(kv); i += 2 {
			if kv[i+1] == "" {
				v.Del(kv[i])
			} else {
				v.Set(kv[i], kv[i+1])
			}
		}
		return v
	}
	for _, tc := range []struct {
		name   string
		form   url.Values
		status int
		want   string
	}{
		{"time", base("at", "25:00"), 400, "At (HH:MM): write the time as HH:MM"},
		{"no time", base("at", ""), 400, "At (HH:MM): write the time as HH:MM"},
		{"amount", base("main_min", "fifty"), 400, "Main wager minimum: write the amount as a number"},
		{"a currency sign", base("main_min", "$25"), 400, "Main wager minimum: write the amount as a number, e.g. 25 or 2.50, with no currency sign"},
		{"no maximum", base("main_max", ""), 400, "Main wager maximum: this is needed"},
		{"min above max", base("main_min", "6000"), 400, "Main wager minimum: the minimum is above the maximum"},
		{"tie half", base("tie_min", "5"), 400, "Tie maximum: this is needed"},
		{"kind", base("kind", "explode"), 400, "Change: choose what to change"},
		{"no tables", base("table", ""), 400, "Select at least one table"},
		{"unknown table", base("table", "BAC-99"), 400, "Table BAC-99 is not on the board"},
		{"settlement", base("kind", "settlement", "settlement", "C"), 400, "Settlement method: choose A or B"},
		{"differential empty", base("kind", "differential"), 400, "Differential maximum: this is needed"},
		{"too long", base("main_min", strings.Repeat("9", 100)), 400, "Main wager minimum: at most 64 characters"},
		{"reopen an open table", base("kind", "reopen"), 400, "Table BAC-1 is open"},
		{"no action", base("action", ""), 400, "Change: choose what to change"},
		{"no csrf", base("csrf", ""), 403, "The form was out of date"},
		{"foreign csrf", base("csrf", other(csrf)), 403, "The form was out of date"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, page := b.post("/", tc.form)
			if res.StatusCode != tc.status || !strings.Contains(page, tc.want) {
				t.Fatalf("%d, want %d with %q:\n%s", res.StatusCode, tc.status, tc.want, page)
			}
			noMissingWords(t, page)
		})
	}
	if len(r.poster.posts) != 0 {
		t.Fatalf("malformed input was posted: %v", r.poster.posts)
	}
	// A body over the bound: refused by size, not read whole.
	res, page := b.post("/", url.Values{"csrf": {csrf}, "x": {strings.Repeat("a", maxBody+1)}})
	if res.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(page, "The form is too large") {
		t.Fatalf("a huge form: %d\n%s", res.StatusCode, page)
	}
	// An unknown page.
	if res, page := b.get("/nothing"); res.StatusCode != 404 || !strings.Contains(page, "No such page") {
		t.Fatalf("unknown page: %d", res.StatusCode)
	}
}

// other is a token of the same length that differs from tok in its first character.
func other(tok string) string {
	if tok[0] == 'x' {
		return "y" + tok[1:]
	}
	return "x" + tok[1:]
}

func TestPanicIsAMessage(t *testing.T) {
	r := newRig(t)
	b := r.browser()
	page := b.signIn("101", "2468")
	r.poster.panicNext = true
	res, page := b.post("/", url.Values{"csrf": {csrfOf(t, page)}, "action": {"post"}, "table": {"BAC-1"}, "kind": {"close"}, "at": {"11:00"}})
	if res.StatusCode != 500 || !strings.Contains(page, "Something went wrong and nothing was changed") {
		t.Fatalf("a panic: %d\n%s", res.StatusCode, page)
	}
	noMissingWords(t, page)
	if !strings.Contains(r.log.String(), "internal error: the sender fell over") {
		t.Errorf("the panic is not in the log: %s", r.log.String())
	}
}

func TestEarliest(t *testing.T) {
	r := newRig(t) // the clock says 09:00:30 UTC
	b := r.browser()
	csrf := csrfOf(t, b.signIn("101", "2468"))
	ask := func(kv ...string) string {
		t.Helper()
		v := url.Values{"csrf": {csrf}, "action": {"earliest"}}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Add(kv[i], kv[i+1])
		}
		res, page := b.post("/", v)
		if res.StatusCode != 200 {
			t.Fatalf("earliest %v: %d\n%s", kv, res.StatusCode, page)
		}
		return page
	}
	for _, tc := range []struct {
		name string
		kv   []string
		want string
	}{
		// vic: a higher minimum needs 20 minutes' notice (000 7.7); a lower one none.
		{"raise", []string{"table", "BAC-1", "kind", "limits", "main_min", "50", "main_max", "5000"}, "Earliest allowed: 09:21 (table BAC-1, notice rule 000 7.7, s66(2))"},
		{"lower", []string{"table", "BAC-1", "kind", "limits", "main_min", "10", "main_max", "5000"}, "No notice needed: from 09:01"},
		{"close", []string{"table", "BAC-1", "kind", "close"}, "Earliest allowed: 09:21 (table BAC-1, notice rule 000 13.7)"},
		{"vic differential", []string{"table", "BAC-1", "kind", "differential", "diff_max", "100"}, "No notice needed: from 09:01"},
		// act: every change of the limits, the differential and the settlement method needs
		// notice (001 3.1, 3.7, 8.2).
		{"act lower", []string{"table", "ACT-2", "kind", "limits", "main_min", "10", "main_max", "5000"}, "Earliest allowed: 09:21 (table ACT-2, notice rule 001 3.1)"},
		{"act differential", []string{"table", "ACT-2", "kind", "differential", "diff_max", "100"}, "(table ACT-2, notice rule 001 3.7)"},
		{"act settlement", []string{"pit", "C", "kind", "settlement", "settlement", "B"}, "Earliest allowed: 09:21 (table ACT-2, notice rule 001 8.2)"},
		// ACT-1 closes at 10:00: nothing can take effect on it before, and at 10:00 it reopens.
		{"after the closing", []string{"table", "ACT-1", "kind", "reopen", "main_min", "10", "main_max", "5000"}, "Earliest allowed: 10:00 (table ACT-1: not before the change already posted there)"},
		// the latest of the selection wins.
		{"many", []string{"pit", "A", "pit", "B", "kind", "limits", "main_min", "10", "main_max", "5000"}, "Earliest allowed: 10:00 (table ACT-1: not before"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if page := ask(tc.kv...); !strings.Contains(page, tc.want) {
				t.Fatalf("want %q in\n%s", tc.want, page)
			}
		})
	}
	// vic has no settlement method to change: the table's rules refuse it whatever the time.
	if res, page := b.post("/", url.Values{"csrf": {csrf}, "action": {"earliest"}, "table": {"BAC-1"}, "kind": {"settlement"}, "settlement": {"B"}}); res.StatusCode != 400 ||
		!strings.Contains(page, "Table BAC-1 refuses this change at any time: setting refused: setting settlement=B: not used by profile vic-baccarat-2002") {
		t.Errorf("vic settlement: %d\n%s", res.StatusCode, page)
	}
	// The earliest time is filled into the form.
	if page := ask("table", "BAC-1", "kind", "close"); !strings.Contains(page, `name="at" value="09:21"`) {
		t.Error("the earliest time is not offered in the form")
	}
}

// A time that was the earliest when asked may have lost its notice by the time it is posted:
// the console checks it again at Post against the earliest a table would allow when the
// posting reaches it (now plus transitMargin: the time the button offers now) and, when it has
// passed, sends nothing, says so and offers the new earliest time, keeping what was typed. A
// change that needs no notice is held to the same margin (a table refuses a time past). At the minute's boundary (posted at :58,
// :59, :00 of the minute) whatever the console lets through is accepted by the table's own
// check (desk, 000 7.7) when it reaches the table up to transitMargin later; and the new
// earliest it offers is accepted too.
func TestPostTooEarly(t *testing.T) {
	raise := []string{"table", "BAC-1", "kind", "limits", "main_min", "50", "main_max", "5000"}
	lower := []string{"table", "BAC-1", "kind", "limits", "main_min", "10", "main_max", "5000"}
	closeACT := []string{"table", "ACT-2", "kind", "close"}
	at := func(hms string) time.Time {
		t.Helper()
		c, err := time.Parse("15:04:05", hms)
		if err != nil {
			t.Fatal(err)
		}
		return time.Date(2026, 11, 26, c.Hour(), c.Minute(), c.Second(), 0, time.UTC)
	}
	for _, tc := range []struct {
		name   string
		kv     []string
		at     string
		posted string // the console's clock at Post
		sent   bool
		want   string // the page's answer when not sent
	}{
		{"posted at :00, 30 s before it was asked", raise, "09:21", "09:00:00", true, ""},
		{"20 min and the margin to the second", raise, "09:21", "09:00:30", true, ""},
		{"a second past it", raise, "09:21", "09:00:31", false, "Not sent: 09:21 is no longer allowed; the earliest is now 09:22. Earliest allowed: 09:22 (table BAC-1, notice rule 000 7.7, s66(2))"},
		{"posted at :58", raise, "09:21", "09:00:58", false, "the earliest is now 09:22."},
		{"posted at :59 (the failure of the reverted check)", raise, "09:21", "09:00:59", false, "the earliest is now 09:22."},
		{"posted at :00", raise, "09:21", "09:01:00", false, "the earliest is now 09:22."},
		{"next minute at :58", raise, "09:22", "09:00:58", true, ""},
		{"next minute at :59", raise, "09:22", "09:00:59", true, ""},
		{"next minute at :00", raise, "09:22", "09:01:00", true, ""},
		{"next minute at :30", raise, "09:22", "09:01:30", true, ""},
		{"next minute at :31", raise, "09:22", "09:01:31", false, "the earliest is now 09:23."},
		{"a later time stays allowed", raise, "09:30", "09:05:30", true, ""},
		{"act close", closeACT, "09:21", "09:01:30", false, "the earliest is now 09:22. Earliest allowed: 09:22 (table ACT-2, notice rule"},
		{"no notice needed", lower, "09:03", "09:02:30", true, ""},
		{"no notice needed, a time past", lower, "09:02", "09:02:30", false, "Not sent: 09:02 is no longer allowed; the earliest is now 09:03. No notice needed: from 09:03"},
		{"no notice needed, inside the margin", lower, "09:03", "09:02:31", false, "the earliest is now 09:04."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t) // the clock says 09:00:30 UTC
			b := r.browser()
			csrf := csrfOf(t, b.signIn("101", "2468"))
			posted := at(tc.posted)
			r.clk.Set(posted)
			v := url.Values{"csrf": {csrf}, "action": {"post"}, "at": {tc.at}}
			for i := 0; i+1 < len(tc.kv); i += 2 {
				v.Add(tc.kv[i], tc.kv[i+1])
			}
			res, page := b.post("/", v)
			r.poster.mu.Lock()
			posts := slices.Clone(r.poster.posts)
			r.poster.mu.Unlock()
			if tc.sent {
				if res.StatusCode != http.StatusSeeOther || len(posts) != 1 {
					t.Fatalf("not sent: %d, %d postings\n%s", res.StatusCode, len(posts), page)
				}
				if tc.kv[1] == "BAC-1" {
					tableAccepts(t, r, posts[0].line, posted, true)
				}
				return
			}
			if res.StatusCode != http.StatusBadRequest || len(posts) != 0 {
				t.Fatalf("sent or wrong status: %d, %d postings", res.StatusCode, len(posts))
			}
			if !strings.Contains(page, tc.want) {
				t.Fatalf("want %q in\n%s", tc.want, page)
			}
			if !strings.Contains(page, `name="at" value="`+tc.at+`"`) {
				t.Errorf("the form lost the time typed (%s)", tc.at)
			}
			if tc.kv[1] == "BAC-1" {
				// What the console would have sent, refused by the table if it arrived later:
				// the console refused nothing a table takes at once.
				line := fmt.Sprintf("!limits at=2026-11-26T%s:00 player=%s-5000 banker=%[2]s-5000", tc.at, tc.kv[5])
				tableAccepts(t, r, line, posted, false)
			}
		})
	}
	// In the page's language.
	r := newRig(t)
	b := r.browser()
	b.lang = "zh-CN"
	csrf := csrfOf(t, b.signIn("101", "2468"))
	r.clk.Add(time.Minute)
	v := url.Values{"csrf": {csrf}, "action": {"post"}, "at": {"09:21"}}
	for i := 0; i+1 < len(raise); i += 2 {
		v.Add(raise[i], raise[i+1])
	}
	if res, page := b.post("/", v); res.StatusCode != http.StatusBadRequest || !strings.Contains(page, "未发送：09:21 已不可用；现在最早为 09:22。") {
		t.Errorf("zh-CN: %d\n%s", res.StatusCode, page)
	}
}

// tableAccepts checks line, posted to BAC-1 at posted, against BAC-1's own rules (desk, with
// the rig's sign): with want, the table accepts it whenever it arrives from posted to posted
// plus transitMargin; without, it is refused at the end of the margin (the console held back
// only what a table could refuse).
func tableAccepts(t *testing.T, r *rig, line string, posted time.Time, want bool) {
	t.Helper()
	items, err := desk.ParseLine(1, line)
	if err != nil || len(items) != 1 || items[0].Command == nil {
		t.Fatalf("the posting %q: %v %+v", line, err, items)
	}
	bk := r.con.books.of("BAC-1")
	for _, transit := range []time.Duration{0, time.Second, transitMargin} {
		if !want && transit != transitMargin {
			continue
		}
		tb, err := desk.New(bk.config(bk.signOf(vicLimits), currencyOf(vicLimits.Currency)), time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		cmd := *items[0].Command
		out, err := tb.Apply(desk.Input{Command: &cmd}, posted.Add(transit))
		if err != nil {
			t.Fatal(err)
		}
		if accepted := len(out.Refused) == 0; accepted != want {
			t.Errorf("%q posted at %s, arriving %v later: the table accepts it %v, want %v (%v)", line, posted.Format("15:04:05"), transit, accepted, want, out.Refused)
		}
	}
}

// The page shows a finished round's winner and totals: no card of any hand (the bus carries
// only finished rounds, but the console does not show even their cards).
func TestNoFaceDownCards(t *testing.T) {
	r := newRig(t)
	r.feed.send(pitwire.Message{Table: "BAC-1", Type: pitwire.TypeRound, Shoe: 1, Round: &pitwire.Round{
		N: 1, Kind: engine.KindNormal, Winner: "B", PlayerTotal: 3, BankerTotal: 7, PlayerCards: 2, BankerCards: 2, BankerFirstTwo: 7,
		PlayerHand: []string{"2H", "AS"}, BankerHand: []string{"3D", "4C"},
	}})
	b := r.browser()
	page := b.signIn("101", "2468")
	if !strings.Contains(page, "Coup 1: Banker, 3–7") {
		t.Fatalf("no last result in\n%s", page)
	}
	// The tables part of the page (the rest holds random tokens, which may spell anything).
	tables := page[strings.Index(page, `<tbody id="tables">`):strings.Index(page, "</tbody>")]
	for _, card := range []string{"2H", "AS", "3D", "4C"} {
		if strings.Contains(tables, card) {
			t.Errorf("the page shows the card %s", card)
		}
	}
}

// The live stream sends the tables at once and again when a table changes.
func TestEvents(t *testing.T) {
	r := newRig(t)
	b := r.browser()
	b.signIn("101", "2468")
	srv := httptest.NewServer(r.h)
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/events", nil)
	for _, c := range b.cookies {
		req.AddCookie(c)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("content type %q", res.Header.Get("Content-Type"))
	}
	var got strings.Builder
	read := func(want string) {
		t.Helper()
		buf := make([]byte, 4096)
		for !strings.Contains(got.String(), want) {
			n, err := res.Body.Read(buf)
			if err != nil {
				t.Fatalf("waiting for %q: %v; got\n%s", want, err, got.String())
			}
			got.Write(buf[:n])
		}
	}
	read("event: tables\ndata: ")
	read("Baccarat 2")
	r.feed.send(pitwire.Message{Table: "BAC-2", Type: pitwire.TypeStatus, Status: &pitwire.Status{Name: "Baccarat 2", Game: "Baccarat — 5% commission", State: pitwire.StateClosed}})
	read("<td class=\"state\">Closed</td>")
	// Without a session: refused.
	res2, err := http.Get(srv.URL + "/events")
	if err != nil {
		t.Fatal(err)
	}
	res2.Body.Close()
	if res2.StatusCode != 401 {
		t.Fatalf("events without a session: %d", res2.StatusCode)
	}
}
