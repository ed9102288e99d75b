package console

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coupboard/coupboard/display/i18n"
)

//go:embed web
var webFS embed.FS

// Options are what a console is made of.
type Options struct {
	Config Config
	Live   *Live
	Auth   Authenticator
	Poster Poster
	// Rehearsal says the Poster does not reach the tables (a Rehearsal): every page says so.
	Rehearsal bool
	// Directory is the pit's operator directory, managed on the People page by the pit
	// managers (Config.Managers). Optional: without it there is no People page.
	Directory Directory
	// Log is told every sign-in attempt, sign-out, posting and cancellation (who, what, when):
	// the pit server's console. Optional.
	Log io.Writer
	Now func() time.Time // nil: time.Now
}

// Console is the pit console's web handler.
type Console struct {
	opt      Options
	books    books
	loc      *time.Location
	sessions *sessions
	tmpl     *template.Template
	static   http.Handler
	now      func() time.Time

	mu       sync.Mutex
	activity []*activity // newest last, at most maxActivity
	logMu    sync.Mutex
}

// activity is one posting made from the console, for "who did what". Once listed in
// Console.activity it is never changed (pages being drawn hold it without the lock): a
// Cancel lists a new one in its place.
type activity struct {
	ID          string
	Line        string
	Tables      []string
	By          Person
	At          time.Time
	CancelledBy *Person
	CancelledAt time.Time
}

const (
	maxActivity   = 200
	maxBody       = 64 << 10 // bytes of a posted form
	maxSelected   = 1000     // tables, pits and games ticked in one form
	posterTimeout = 10 * time.Second
)

// New is a console. Every part of opt but Log and Now is required.
func New(opt Options) (*Console, error) {
	if opt.Live == nil || opt.Auth == nil || opt.Poster == nil {
		return nil, errors.New("console: a live board, an authenticator and a poster are required")
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	bks, err := opt.Config.books()
	if err != nil {
		return nil, err
	}
	if err := opt.Config.checkManagers(opt.Directory); err != nil {
		return nil, err
	}
	loc := time.Local
	if opt.Config.TimeZone != "" {
		if loc, err = time.LoadLocation(opt.Config.TimeZone); err != nil {
			return nil, fmt.Errorf("console.time_zone %q: %w", opt.Config.TimeZone, err)
		}
	}
	idle := 30 * time.Minute
	if m := opt.Config.SessionMinutes; m != 0 {
		if m < 1 || m > 12*60 {
			return nil, fmt.Errorf("console.session_minutes %d: want 1 to 720", m)
		}
		idle = time.Duration(m) * time.Minute
	}
	tmpl, err := template.New("").Funcs(template.FuncMap{
		"join":    strings.Join,
		"pinPair": func(w i18n.Catalogue, form string) pinPair { return pinPair{W: w, Form: form} },
	}).ParseFS(webFS, "web/*.html")
	if err != nil {
		return nil, fmt.Errorf("console: templates: %w", err)
	}
	static, err := fs.Sub(webFS, "web/static")
	if err != nil {
		return nil, fmt.Errorf("console: static files: %w", err)
	}
	return &Console{
		opt: opt, books: bks, loc: loc, sessions: newSessions(idle, opt.Now), tmpl: tmpl,
		static: http.StripPrefix("/static/", http.FileServer(http.FS(static))), now: opt.Now,
	}, nil
}

func (c *Console) log(format string, args ...any) {
	if c.opt.Log == nil {
		return
	}
	c.logMu.Lock()
	defer c.logMu.Unlock()
	fmt.Fprintf(c.opt.Log, "pit console: "+format+"\n", args...)
}

// Handler is the console's routes, each bounded (request size, time) and guarded: a panic is
// answered with a message, never a stack trace.
func (c *Console) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", c.page)
	mux.HandleFunc("POST /{$}", c.form)
	mux.HandleFunc("POST /signin", c.signIn)
	mux.HandleFunc("POST /signout", c.signOut)
	mux.HandleFunc("POST /cancel", c.cancel)
	mux.HandleFunc("GET /people", c.peoplePage) // peoplepage.go
	mux.HandleFunc("POST /people", c.peopleForm)
	mux.HandleFunc("GET /events", c.events)
	mux.Handle("GET /static/", c.static)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		c.fail(w, r, http.StatusNotFound, i18n.ConErrNotFound)
	})
	return c.guard(mux)
}

// guard adds the security headers, bounds the body and recovers from a panic.
func (c *Console) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cache-Control", "no-store")
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				c.log("%s %s: internal error: %v", r.Method, r.URL.Path, v)
				c.fail(w, r, http.StatusInternalServerError, i18n.ConErrServer)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

const (
	cookieSession = "coupboard_console"
	cookiePre     = "coupboard_console_pre" // the sign-in form's CSRF token, before a session
	cookieLang    = "coupboard_console_lang"
)

func (c *Console) cookie(r *http.Request, name, value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: maxAge, HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil || c.opt.Config.SecureCookie}
}

// lang is the page's language: ?lang= (remembered in a cookie), else the cookie, else the
// browser's Accept-Language, else English.
func (c *Console) lang(w http.ResponseWriter, r *http.Request) i18n.Catalogue {
	try := func(s string) (i18n.Catalogue, bool) {
		l, err := i18n.ParseLang(s)
		if err != nil {
			return i18n.Catalogue{}, false
		}
		cat, err := i18n.New(l)
		return cat, err == nil
	}
	if q := r.URL.Query().Get("lang"); q != "" {
		if cat, ok := try(q); ok {
			http.SetCookie(w, c.cookie(r, cookieLang, string(cat.Lang()), 365*24*3600))
			return cat
		}
	}
	if ck, err := r.Cookie(cookieLang); err == nil {
		if cat, ok := try(ck.Value); ok {
			return cat
		}
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		if cat, ok := try(tag); ok {
			return cat
		}
	}
	cat, _ := i18n.New(i18n.English)
	return cat
}

func (c *Console) session(r *http.Request) (*session, bool) {
	ck, err := r.Cookie(cookieSession)
	if err != nil {
		return nil, false
	}
	return c.sessions.get(ck.Value)
}

// pageData is what the templates are given.
type pageData struct {
	W         i18n.Catalogue
	Lang      string
	Langs     []langLink
	Rehearsal bool
	Session   *session
	Who       Person // the person signed in
	Role      string
	CanPost   bool
	CanManage bool // may change the operator directory (peoplepage.go)
	CSRF      string
	Message   string
	Error     bool
	Tables    []tableRow
	Pits      []string
	Games     []string
	Form      formData
	Activity  []activityRow
	Status    int
}

type langLink struct {
	Tag, Name string
	Current   bool
}

// formData is the posting form's values, kept when the page is shown again.
type formData struct {
	Kind                             string
	At                               string
	MainMin, MainMax, TieMin, TieMax string
	DiffMin, DiffMax                 string
	Settlement                       string
	Pits, Games                      map[string]bool
	Kinds                            []kindOption
}

type kindOption struct {
	Value   string
	Label   i18n.Key
	Checked bool
}

type activityRow struct {
	ID, Line, Tables string
	Who              string
	Cancelled        string
	Answers          []answerRow
	CanCancel        bool
}

type answerRow struct {
	Table, State, StateClass, Rule, Reason string
	// Withdraw is the table's answer to the posting's Cancel in words, "" before one was sent.
	Withdraw, WithdrawClass, WithdrawRule, WithdrawReason string
}

var langNames = map[i18n.Lang]string{i18n.English: "English", i18n.SimplifiedChinese: "简体中文", i18n.TraditionalChinese: "繁體中文"}

// data is the page's data for the request, with the session's message for this page.
func (c *Console) data(w http.ResponseWriter, r *http.Request, ss *session) *pageData {
	d := c.base(c.lang(w, r), ss)
	if ss != nil {
		c.sessions.update(ss, func(s *session) { d.Message, s.flash = s.flash, "" })
	}
	return d
}

// base is the page's data in words of cat for session ss (nil: none).
func (c *Console) base(cat i18n.Catalogue, ss *session) *pageData {
	d := &pageData{W: cat, Lang: string(cat.Lang()), Rehearsal: c.opt.Rehearsal, Session: ss}
	for _, l := range i18n.Langs() {
		d.Langs = append(d.Langs, langLink{Tag: string(l), Name: langNames[l], Current: l == cat.Lang()})
	}
	if ss != nil {
		d.CSRF, d.CanPost, d.Who = ss.csrf, ss.person.Role.CanPost(), ss.person
		d.CanManage = c.mayManage(ss.person)
		d.Role = cat.T(i18n.ConDealer)
		if d.CanPost {
			d.Role = cat.T(i18n.ConSupervisor)
		}
	}
	d.Form = formData{Kind: string(KindLimits), Pits: map[string]bool{}, Games: map[string]bool{}}
	return d
}

// fill completes d with the board, the form's kinds and the activity.
func (c *Console) fill(ctx context.Context, d *pageData, checked map[string]bool) {
	c.opt.Live.View(func(v *BoardView) {
		d.Tables = rows(v, c.books, d.W, c.loc, checked)
		d.Pits, d.Games = groups(v, c.books)
	})
	for _, k := range Kinds() {
		d.Form.Kinds = append(d.Form.Kinds, kindOption{Value: string(k), Label: kindLabel(k), Checked: string(k) == d.Form.Kind})
	}
	d.Activity = c.activityRows(ctx, d.W, d.CanPost)
}

func kindLabel(k Kind) i18n.Key {
	switch k {
	case KindDifferential:
		return i18n.ConKindDiff
	case KindSettlement:
		return i18n.ConKindSettlement
	case KindClose:
		return i18n.ConKindClose
	case KindReopen:
		return i18n.ConKindReopen
	}
	return i18n.ConKindLimits
}

// postings are the postings to list, oldest first: the poster's own where it keeps them
// (postingLister: the command sender, which reads them back from the bus after a restart),
// with the names of the people the console knows from this run, or else from its
// Authenticator (Namer: the people file, the directory); else the console's memory.
func (c *Console) postings(ctx context.Context) []*activity {
	c.mu.Lock()
	acts := slices.Clone(c.activity)
	c.mu.Unlock()
	l, ok := c.opt.Poster.(postingLister)
	if !ok {
		return acts
	}
	names := map[string]string{}
	for _, a := range acts {
		names[a.By.ID] = a.By.Name
		if a.CancelledBy != nil {
			names[a.CancelledBy.ID] = a.CancelledBy.Name
		}
	}
	namer, _ := c.opt.Auth.(Namer)
	person := func(id string) Person {
		n, ok := names[id]
		if !ok && namer != nil {
			n, ok = namer.Name(ctx, id)
		}
		if !ok || n == "" {
			n = id
		}
		names[id] = n // one look-up per person and page
		return Person{ID: id, Name: n}
	}
	all := l.Postings()
	if len(all) > maxActivity {
		all = all[len(all)-maxActivity:]
	}
	out := make([]*activity, 0, len(all))
	for _, p := range all {
		a := &activity{ID: p.ID, Line: p.Line, Tables: p.Tables, By: person(p.By), At: p.At}
		if p.CancelledBy != "" {
			by := person(p.CancelledBy)
			a.CancelledBy, a.CancelledAt = &by, p.CancelledAt
		}
		out = append(out, a)
	}
	return out
}

func (c *Console) activityRows(ctx context.Context, w i18n.Catalogue, canCancel bool) []activityRow {
	canCancelPostings := posterCancels(c.opt.Poster)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	acts := c.postings(ctx)
	now := c.now()
	var out []activityRow
	for i := len(acts) - 1; i >= 0; i-- {
		a := acts[i]
		row := activityRow{ID: a.ID, Line: a.Line, Tables: strings.Join(a.Tables, ", "),
			Who: w.T(i18n.ConPostedBy, a.At.In(c.loc).Format("15:04:05"), a.By.Name, a.By.ID)}
		if a.CancelledBy != nil {
			row.Cancelled = w.T(i18n.ConCancelledBy, a.CancelledAt.In(c.loc).Format("15:04:05"), a.CancelledBy.Name, a.CancelledBy.ID)
		}
		answers, err := c.opt.Poster.Answers(ctx, a.ID)
		if err != nil {
			row.Answers = []answerRow{{State: w.T(i18n.ConErrPoster, err.Error()), StateClass: "refused"}}
		}
		withdrawable := false
		for _, an := range answers {
			ar := answerRow{Table: an.Table, State: answerWord(w, an.State), StateClass: string(an.State), Rule: an.Rule, Reason: an.Said(w)}
			if wd := an.Withdrawal; wd != nil {
				ar.Withdraw, ar.WithdrawClass, ar.WithdrawRule, ar.WithdrawReason = withdrawalWord(w, wd.State), string(wd.State), wd.Rule, wd.Said(w)
			}
			row.Answers = append(row.Answers, ar)
			withdrawable = withdrawable || an.Withdrawable(now)
		}
		// Cancel is offered while some table holds the change still to come, also after a
		// Cancel some table refused (a later change there withdrawn first) or never got.
		row.CanCancel = canCancel && canCancelPostings && withdrawable
		out = append(out, row)
	}
	return out
}

func answerWord(w i18n.Catalogue, s AnswerState) string {
	switch s {
	case AnswerAccepted:
		return w.T(i18n.ConAnsAccepted)
	case AnswerRefused:
		return w.T(i18n.ConAnsRefused)
	case AnswerMissed:
		return w.T(i18n.ConAnsMissed)
	case AnswerCancelled:
		return w.T(i18n.ConAnsCancelled)
	}
	return w.T(i18n.ConAnsPending)
}

// withdrawalWord is a table's answer to a Cancel, in words.
func withdrawalWord(w i18n.Catalogue, s WithdrawalState) string {
	switch s {
	case WithdrawalDone:
		return w.T(i18n.ConWdDone)
	case WithdrawalRefused:
		return w.T(i18n.ConWdRefused)
	case WithdrawalNotReached:
		return w.T(i18n.ConWdNotReached)
	}
	return w.T(i18n.ConWdSent)
}

// render writes the template name with d, whole or not at all.
func (c *Console) render(w http.ResponseWriter, name string, status int, d any) {
	var buf bytes.Buffer
	if err := c.tmpl.ExecuteTemplate(&buf, name, d); err != nil {
		c.log("render %s: %v", name, err)
		http.Error(w, "500", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// fail answers with a short page saying what went wrong, in words.
func (c *Console) fail(w http.ResponseWriter, r *http.Request, status int, key i18n.Key, args ...any) {
	d := c.data(w, r, nil)
	d.Message, d.Error, d.Status = d.W.T(key, args...), true, status
	c.render(w, "error", status, d)
}

// page is the console, or the sign-in page without a session.
func (c *Console) page(w http.ResponseWriter, r *http.Request) {
	ss, ok := c.session(r)
	if !ok {
		c.signInPage(w, r, "", http.StatusOK)
		return
	}
	d := c.data(w, r, ss)
	c.fill(r.Context(), d, nil)
	c.render(w, "page", http.StatusOK, d)
}

func (c *Console) signInPage(w http.ResponseWriter, r *http.Request, msg string, status int) {
	pre := token()
	http.SetCookie(w, c.cookie(r, cookiePre, pre, 3600))
	d := c.data(w, r, nil)
	d.CSRF, d.Message, d.Error = pre, msg, msg != ""
	if msg == "" && r.URL.Query().Get("expired") != "" {
		d.Message = d.W.T(i18n.ConExpired)
	}
	c.render(w, "signin", status, d)
}

func (c *Console) signIn(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		c.fail(w, r, http.StatusRequestEntityTooLarge, i18n.ConErrTooLarge)
		return
	}
	cat := c.lang(w, r)
	pre, err := r.Cookie(cookiePre)
	if err != nil || !sameToken(pre.Value, r.PostForm.Get("csrf")) {
		c.signInPage(w, r, cat.T(i18n.ConStaleForm), http.StatusForbidden)
		return
	}
	id, pin := strings.TrimSpace(r.PostForm.Get("id")), r.PostForm.Get("pin")
	if len(id) > maxFormValue || len(pin) > maxFormValue {
		c.signInPage(w, r, cat.T(i18n.ConErrField, cat.T(i18n.ConID), cat.T(i18n.ConErrTooLong, maxFormValue)), http.StatusBadRequest)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), posterTimeout)
	defer cancel()
	p, err := c.opt.Auth.Authenticate(ctx, id, pin)
	var locked *LockedError
	switch {
	case errors.As(err, &locked):
		c.log("sign-in of %q refused: locked until %s (from %s)", id, locked.Until.Format(time.RFC3339), r.RemoteAddr)
		c.signInPage(w, r, cat.T(i18n.ConLocked, locked.Until.In(c.loc).Format("15:04")), http.StatusTooManyRequests)
		return
	case errors.Is(err, ErrBadCredentials):
		c.log("sign-in of %q refused: unknown id or wrong PIN (from %s)", id, r.RemoteAddr)
		c.signInPage(w, r, cat.T(i18n.ConBadCredentials), http.StatusUnauthorized)
		return
	case err != nil:
		c.log("sign-in of %q failed: %v", id, err)
		c.signInPage(w, r, cat.T(i18n.ConSignInFailed), http.StatusServiceUnavailable)
		return
	}
	ss := c.sessions.start(p, string(cat.Lang()))
	c.log("%s (%s, %s) signed in (from %s)", p.ID, p.Name, p.Role, r.RemoteAddr)
	http.SetCookie(w, c.cookie(r, cookiePre, "", -1))
	http.SetCookie(w, c.cookie(r, cookieSession, ss.token, int(MaxSessionLength/time.Second)))
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// posted checks a form of a session: the session is alive and the form carries its CSRF
// token. It answers the request itself when not.
func (c *Console) posted(w http.ResponseWriter, r *http.Request) (*session, bool) {
	if err := r.ParseForm(); err != nil {
		c.fail(w, r, http.StatusRequestEntityTooLarge, i18n.ConErrTooLarge)
		return nil, false
	}
	ss, ok := c.session(r)
	if !ok {
		http.Redirect(w, r, "/?expired=1", http.StatusSeeOther)
		return nil, false
	}
	if !sameToken(ss.csrf, r.PostForm.Get("csrf")) {
		c.log("%s: a form without the session's token refused (%s %s)", ss.person.ID, r.Method, r.URL.Path)
		c.fail(w, r, http.StatusForbidden, i18n.ConStaleForm)
		return nil, false
	}
	return ss, true
}

func (c *Console) signOut(w http.ResponseWriter, r *http.Request) {
	ss, ok := c.posted(w, r)
	if !ok {
		return
	}
	c.sessions.end(ss.token)
	c.log("%s (%s) signed out", ss.person.ID, ss.person.Name)
	http.SetCookie(w, c.cookie(r, cookieSession, "", -1))
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// form is the posting form: "earliest" fills in the earliest time, "post" posts.
func (c *Console) form(w http.ResponseWriter, r *http.Request) {
	ss, ok := c.posted(w, r)
	if !ok {
		return
	}
	d := c.data(w, r, ss)
	f := r.PostForm
	d.Form.Kind, d.Form.At = f.Get("kind"), f.Get("at")
	d.Form.MainMin, d.Form.MainMax, d.Form.TieMin, d.Form.TieMax = f.Get("main_min"), f.Get("main_max"), f.Get("tie_min"), f.Get("tie_max")
	d.Form.DiffMin, d.Form.DiffMax, d.Form.Settlement = f.Get("diff_min"), f.Get("diff_max"), f.Get("settlement")
	status := http.StatusOK
	say := func(st int, msg string) { status, d.Message, d.Error = st, msg, st >= 400 }
	checked, ids, ferr := c.selection(f, d)
	action := f.Get("action")
	switch {
	case !ss.person.Role.CanPost():
		say(http.StatusForbidden, d.W.T(i18n.ConErrSupervisor))
	case ferr != nil:
		say(http.StatusBadRequest, c.fieldMessage(d.W, ferr))
	case action == "earliest":
		if msg, at, err := c.earliest(f, ids, d.W); err != nil {
			say(http.StatusBadRequest, c.fieldMessage(d.W, err))
		} else {
			d.Message, d.Form.At = msg, at
		}
	case action == "post":
		if err := c.tooEarly(f, ids, d.W); err != nil {
			say(http.StatusBadRequest, c.fieldMessage(d.W, err))
			break
		}
		n, err := c.post(r.Context(), f, ids, ss.person, d.W)
		if err != nil {
			say(http.StatusBadRequest, c.fieldMessage(d.W, err))
			break
		}
		c.sessions.update(ss, func(s *session) { s.flash = n })
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	default:
		say(http.StatusBadRequest, d.W.T(i18n.ConErrField, d.W.T(i18n.ConChange), d.W.T(i18n.ConErrKind)))
	}
	c.fill(r.Context(), d, checked)
	c.render(w, "page", status, d)
}

// pinPair is what the "pin-pair" template (web/people.html) is given: the words, and the form
// whose new PIN and PIN-again inputs it writes (their ids are Form-pin and Form-pin2).
type pinPair struct {
	W    i18n.Catalogue
	Form string
}

// fieldMessage is an error in words: a field error names its field.
func (c *Console) fieldMessage(w i18n.Catalogue, err error) string {
	var fe *fieldError
	if errors.As(err, &fe) {
		if fe.Field == "" {
			return w.T(fe.Key, fe.Args...)
		}
		return w.T(i18n.ConErrField, w.T(fe.Field), w.T(fe.Key, fe.Args...))
	}
	return w.T(i18n.ConErrPoster, err.Error())
}

// selection is the tables a form selects: ticked one by one, by pit and by game. An unknown
// table or nothing selected is a field error.
func (c *Console) selection(f url.Values, d *pageData) (checked map[string]bool, ids []string, err error) {
	checked = map[string]bool{}
	if len(f["table"])+len(f["pit"])+len(f["game"]) > maxSelected {
		return checked, nil, &fieldError{Key: i18n.ConErrTooLarge}
	}
	for _, p := range f["pit"] {
		d.Form.Pits[p] = true
	}
	for _, g := range f["game"] {
		d.Form.Games[g] = true
	}
	var unknown string
	c.opt.Live.View(func(v *BoardView) {
		for _, id := range f["table"] {
			if _, ok := v.Board.Table(id); !ok {
				unknown = id
				return
			}
			checked[id] = true
		}
		for _, t := range v.Board.Tables() {
			if d.Form.Pits[c.books.pits[t.ID]] || (t.Game != "" && d.Form.Games[t.Game]) {
				checked[t.ID] = true
			}
		}
		for _, t := range v.Board.Tables() {
			if checked[t.ID] {
				ids = append(ids, t.ID)
			}
		}
	})
	switch {
	case unknown != "":
		return checked, nil, &fieldError{Key: i18n.ConErrUnknown, Args: []any{truncate(unknown, 64)}}
	case len(ids) == 0:
		return checked, nil, &fieldError{Key: i18n.ConErrNoTables}
	}
	return checked, ids, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// transitMargin is how long the console allows a posting, once it has checked it, to reach the
// tables and be decided there: the wait for the bus (posterTimeout), a table's loop busy with a
// coup, and a table's clock a few seconds from the pit server's. The console offers and checks
// the earliest time as a table would decide it transitMargin from now, so a time it lets
// through is still allowed when a table decides it (000 7.7 counts the notice to the second,
// the form names the minute). The tables stay the guard: a posting that reaches one later is
// refused there, with the rule.
const transitMargin = 30 * time.Second

// earliest is the earliest time at which the change of form f may take effect on every table
// of ids, as each table's engine would decide it when a posting sent now reaches it (now plus
// transitMargin): the latest of the tables' earliest times, with the table and rule that set it.
func (c *Console) earliest(f url.Values, ids []string, w i18n.Catalogue) (msg, at string, err error) {
	msg, at, _, err = c.earliestAt(f, ids, w)
	return msg, at, err
}

// earliestAt is earliest with the time it offers (for a change that needs no notice, the first
// minute a posting sent now can reach the tables: a table refuses a time already past).
func (c *Console) earliestAt(f url.Values, ids []string, w i18n.Catalogue) (msg, at string, when time.Time, err error) {
	now := c.now().In(c.loc)
	ch, err := readChange(f, now, false)
	if err != nil {
		return "", "", time.Time{}, err
	}
	arrives := now.Add(transitMargin)
	var latest time.Time
	var who, rule string
	c.opt.Live.View(func(v *BoardView) {
		for _, id := range ids {
			t, _ := v.Board.Table(id)
			bk := c.books.of(id)
			sign := bk.signOf(t.Limits)
			closes := closesOf(t, now)
			if ch.Kind == KindReopen && closes.IsZero() {
				err = &fieldError{Key: i18n.ConErrNotClosed, Args: []any{id}}
				return
			}
			when, r, e := bk.earliest(ch, sign, currencyOf(t.Limits.Currency), closes, arrives)
			if e != nil {
				err = &fieldError{Key: i18n.ConEarliestRefuse, Args: []any{id, e.Error()}}
				return
			}
			if when.After(latest) || who == "" {
				latest, who, rule = when, id, r
			}
		}
	})
	if err != nil {
		return "", "", time.Time{}, err
	}
	hm := latest.In(c.loc).Format("15:04")
	switch {
	case rule == "" && latest.After(ceilMinute(arrives)):
		return w.T(i18n.ConEarliestAfter, hm, who), hm, latest, nil
	case rule == "":
		return w.T(i18n.ConEarliestNow, hm), hm, latest, nil
	}
	return w.T(i18n.ConEarliest, hm, who, rule), hm, latest, nil
}

// tooEarly is a field error when the time of form f is before the earliest time the tables
// ids allow a posting sent now (earliestAt, the time the "Earliest time" button offers now,
// transitMargin included): a time asked a minute ago may have passed its notice since (000 7.7),
// or passed (a change that needs no notice), and the tables would refuse it. The tables still
// decide; this only spares a posting they would refuse. Nil when the form names no time.
func (c *Console) tooEarly(f url.Values, ids []string, w i18n.Catalogue) error {
	now := c.now().In(c.loc)
	ch, err := readChange(f, now, true)
	if err != nil || ch.At.IsZero() {
		return nil // post reports a bad form itself
	}
	msg, at, when, err := c.earliestAt(f, ids, w)
	if err != nil {
		return nil // no earliest time to hold it to (a table that refuses it says so itself)
	}
	if ch.At.Before(when) {
		return &fieldError{Key: i18n.ConEarliestPassed, Args: []any{ch.At.In(c.loc).Format("15:04"), at, msg}}
	}
	return nil
}

// post posts the change of form f to the tables ids, one posting per kind of table (a Red Dog
// table's sign names its one wager), and records who did it.
func (c *Console) post(ctx context.Context, f url.Values, ids []string, by Person, w i18n.Catalogue) (string, error) {
	now := c.now().In(c.loc)
	ch, err := readChange(f, now, true)
	if err != nil {
		return "", err
	}
	var baccarat, redDog []string
	var notClosed string
	c.opt.Live.View(func(v *BoardView) {
		for _, id := range ids {
			t, _ := v.Board.Table(id)
			if ch.Kind == KindReopen && closesOf(t, now).IsZero() && notClosed == "" {
				notClosed = id
			}
			if c.books.of(id).redDog != nil {
				redDog = append(redDog, id)
			} else {
				baccarat = append(baccarat, id)
			}
		}
	})
	if notClosed != "" {
		return "", &fieldError{Key: i18n.ConErrNotClosed, Args: []any{notClosed}}
	}
	var said []string
	for _, g := range []struct {
		ids    []string
		redDog bool
	}{{baccarat, false}, {redDog, true}} {
		if len(g.ids) == 0 {
			continue
		}
		line, err := ch.line(g.redDog)
		if err != nil {
			return "", err
		}
		pctx, cancel := context.WithTimeout(ctx, posterTimeout)
		id, err := c.opt.Poster.Post(pctx, g.ids, line, by)
		cancel()
		// Sent to some of the tables only: the posting stands, and each table's answer says
		// whether it was sent (a half-sent posting is not a failure to hide).
		var partial *PartialError
		if err != nil && (!errors.As(err, &partial) || id == "") {
			c.log("%s (%s): posting %q to %s failed: %v", by.ID, by.Name, line, strings.Join(g.ids, ","), err)
			return "", err
		}
		c.log("%s (%s) posted %s: %q to %s", by.ID, by.Name, id, line, strings.Join(g.ids, ","))
		if partial != nil {
			c.log("%s (%s): posting %s NOT sent to %s: %v", by.ID, by.Name, id, strings.Join(partial.NotSent, ","), err)
		}
		c.mu.Lock()
		c.activity = append(c.activity, &activity{ID: id, Line: line, Tables: g.ids, By: by, At: c.now()})
		if len(c.activity) > maxActivity {
			c.activity = slices.Delete(c.activity, 0, len(c.activity)-maxActivity)
		}
		c.mu.Unlock()
		if partial != nil {
			said = append(said, w.T(i18n.ConPostedPartial, line, len(g.ids)-len(partial.NotSent), len(g.ids), strings.Join(partial.NotSent, ", ")))
		} else {
			said = append(said, w.T(i18n.ConPosted, line, len(g.ids)))
		}
	}
	return strings.Join(said, " · "), nil
}

// cancel withdraws a posting made from the console.
func (c *Console) cancel(w http.ResponseWriter, r *http.Request) {
	ss, ok := c.posted(w, r)
	if !ok {
		return
	}
	cat := c.lang(w, r)
	if !ss.person.Role.CanPost() {
		c.fail(w, r, http.StatusForbidden, i18n.ConErrSupervisor)
		return
	}
	id := r.PostForm.Get("id")
	var a *activity
	for _, x := range c.postings(r.Context()) {
		if x.ID == id {
			a = x
		}
	}
	if a == nil {
		c.fail(w, r, http.StatusBadRequest, i18n.ConErrCancel, ErrUnknownPosting.Error())
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), posterTimeout)
	defer cancel()
	if err := c.opt.Poster.Cancel(ctx, id, ss.person); err != nil {
		c.log("%s (%s): cancelling %s failed: %v", ss.person.ID, ss.person.Name, id, err)
		c.fail(w, r, http.StatusConflict, i18n.ConErrCancel, err.Error())
		return
	}
	c.log("%s (%s) cancelled %s (%q)", ss.person.ID, ss.person.Name, id, a.Line)
	p := ss.person
	c.mu.Lock()
	found := false
	for i, x := range c.activity {
		if x.ID == id { // a new entry: pages being drawn hold the old one
			y := *x
			y.CancelledBy, y.CancelledAt = &p, c.now()
			c.activity[i], found = &y, true
		}
	}
	if !found { // a posting the poster kept from before a restart: remembered for the names
		c.activity = append(c.activity, &activity{ID: a.ID, Line: a.Line, Tables: a.Tables, By: a.By, At: a.At, CancelledBy: &p, CancelledAt: c.now()})
		if len(c.activity) > maxActivity {
			c.activity = slices.Delete(c.activity, 0, len(c.activity)-maxActivity)
		}
	}
	c.mu.Unlock()
	c.sessions.update(ss, func(s *session) { s.flash = cat.T(i18n.ConCancelled, a.Line) })
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// events is the live page's stream (server-sent events): the tables and the activity, each
// sent when it differs from what this page last got, checked at every change of the board
// and every two seconds (liveness and the tables' answers change with time).
func (c *Console) events(w http.ResponseWriter, r *http.Request) {
	ss, ok := c.session(r)
	if !ok {
		http.Error(w, "401", http.StatusUnauthorized)
		return
	}
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	cat := c.lang(w, r)
	w.WriteHeader(http.StatusOK)
	var lastTables, lastActivity string
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	end := time.After(MaxSessionLength)
	for {
		if !c.sessions.alive(ss.token) {
			return // signed out or expired: the page reloads to the sign-in page
		}
		changed := c.opt.Live.Changed() // before the page is filled: a change after it is not missed
		d := c.base(cat, ss)
		c.fill(r.Context(), d, nil)
		tables, err1 := c.fragment("tables", d)
		act, err2 := c.fragment("activity", d)
		if err := errors.Join(err1, err2); err != nil {
			c.log("events: %v", err)
			return
		}
		_ = rc.SetWriteDeadline(time.Now().Add(30 * time.Second))
		if tables != lastTables {
			if writeEvent(w, "tables", tables) != nil {
				return
			}
			lastTables = tables
		}
		if act != lastActivity {
			if writeEvent(w, "activity", act) != nil {
				return
			}
			lastActivity = act
		}
		if rc.Flush() != nil {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-end:
			return
		case <-changed:
			// a burst of changes is sent at most every quarter second
			select {
			case <-time.After(250 * time.Millisecond):
			case <-r.Context().Done():
				return
			}
		case <-tick.C:
		}
	}
}

func (c *Console) fragment(name string, d *pageData) (string, error) {
	var b strings.Builder
	if err := c.tmpl.ExecuteTemplate(&b, name, d); err != nil {
		return "", fmt.Errorf("render %s: %w", name, err)
	}
	return b.String(), nil
}

// writeEvent writes one server-sent event; every line of data is its own data: line.
func writeEvent(w io.Writer, name, data string) error {
	var b strings.Builder
	b.WriteString("event: " + name + "\n")
	for _, l := range strings.Split(data, "\n") {
		b.WriteString("data: " + strings.TrimRight(l, "\r") + "\n")
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// Server is an http.Server for handler h with every request bounded: 5 s to read the
// headers (at most 16 KiB), 15 s to read the rest, 30 s to write the answer (the live stream
// moves its own deadline on with each event), and idle connections closed after a minute.
func Server(h http.Handler) *http.Server {
	return &http.Server{
		Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 15 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: time.Minute, MaxHeaderBytes: 16 << 10,
	}
}
