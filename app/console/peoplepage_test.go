package console

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/people"
	"github.com/coupboard/coupboard/display/pitmodel"
	"github.com/coupboard/coupboard/internal/bustest"
)

// peopleRig is a console signing people in from the pit's operator directory on a real bus,
// with a People page: 1001 Ana Lee is a pit manager (console.managers), 1002 Wei Chen a
// supervisor who is not, 2001 Bo Chen a dealer, 2009 Old Hand an inactive dealer.
func peopleRig(t *testing.T) (*rig, *bus.Directories, *DirectoryPeople) {
	t.Helper()
	srv := bustest.Start(t, bus.ServerConfig{Managers: []bus.Credential{{User: "pit", Password: "secret-p"}}})
	dirs := bustest.Manage(t, srv, "pit", "secret-p")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, c := range []people.Change{
		{ID: "1001", Name: "Ana Lee", Role: people.RoleSupervisor, PIN: "2468"},
		{ID: "1002", Name: "Wei Chen", Role: people.RoleSupervisor, PIN: "4821"},
		{ID: "2001", Name: "Bo Chen", Role: people.RoleDealer, PIN: "1357"},
		{ID: "2009", Name: "Old Hand", Role: people.RoleDealer, PIN: "1357"},
	} {
		if _, err := dirs.Add(ctx, c, "installer"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := dirs.Deactivate(ctx, "2009", "installer"); err != nil {
		t.Fatal(err)
	}
	clk := newClock()
	live := NewLive(pitmodel.Config{}, clk.Now)
	auth, err := NewDirectoryPeople(dirs, DefaultLockout, clk.Now)
	if err != nil {
		t.Fatal(err)
	}
	return startRig(t, clk, live, Options{Config: Config{TimeZone: "UTC", Managers: []string{"1001"}}, Auth: auth, Directory: dirs}), dirs, auth
}

func version(t *testing.T, dirs *bus.Directories) uint64 {
	t.Helper()
	d, err := dirs.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return d.Version
}

// TestPeoplePageRefuses: every bad input and every change the rules refuse is answered with
// the field named and why, and changes nothing; only the pit manager may see or use the page.
func TestPeoplePageRefuses(t *testing.T) {
	r, dirs, _ := peopleRig(t)
	b := r.browser()
	page := b.signIn("1001", "2468")
	if !strings.Contains(page, `href="/people"`) {
		t.Fatal("the pit manager is not offered the People page")
	}
	_, page = b.get("/people")
	csrf := csrfOf(t, page)
	before := version(t, dirs)
	add := func(kv ...string) url.Values {
		v := url.Values{"csrf": {csrf}, "action": {"add"}, "id": {"3001"}, "name": {"New Dealer"}, "role": {"dealer"}, "pin": {"5555"}, "pin2": {"5555"}}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	other := func(action, id string, kv ...string) url.Values {
		v := url.Values{"csrf": {csrf}, "action": {action}, "id": {id}}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	for _, tc := range []struct {
		name   string
		form   url.Values
		status int
		want   string
	}{
		{"id with letters", add("id", "S-1"), 400, "Operator id: 1 to 12 digits"},
		{"id empty", add("id", ""), 400, "Operator id: 1 to 12 digits"},
		{"id too long", add("id", "1234567890123"), 400, "Operator id: 1 to 12 digits"},
		{"name empty", add("name", "  "), 400, "Name: 1 to 80 bytes of printable text"},
		{"name too long", add("name", strings.Repeat("x", 81)), 400, "Name: 1 to 80 bytes of printable text"},
		{"name control", add("name", "Bo\x07"), 400, "Name: 1 to 80 bytes of printable text"},
		{"role", add("role", "boss"), 400, "Role: choose dealer or supervisor"},
		{"no role", add("role", ""), 400, "Role: choose dealer or supervisor"},
		{"short PIN", add("pin", "12", "pin2", "12"), 400, "New PIN (4–12 digits): 4 to 12 digits"},
		{"PIN with letters", add("pin", "12ab", "pin2", "12ab"), 400, "New PIN (4–12 digits): 4 to 12 digits"},
		{"PINs differ", add("pin2", "5556"), 400, "The same PIN again: the two PINs differ"},
		{"id taken", add("id", "2001"), 400, "Operator id: 2001 is in the directory already"},
		{"id taken though inactive", add("id", "2009"), 400, "Operator id: 2009 is in the directory already"},
		{"deactivate unknown", other("deactivate", "7777"), 400, "Operator id: 7777 is not in the directory"},
		{"deactivate twice", other("deactivate", "2009"), 400, "Operator id: 2009 is inactive already"},
		{"deactivate oneself", other("deactivate", "1001"), 400, "Operator id: you cannot deactivate yourself"},
		{"reactivate active", other("reactivate", "2001"), 400, "Operator id: 2001 is active already"},
		{"reactivate unknown", other("reactivate", "7777"), 400, "Operator id: 7777 is not in the directory"},
		{"PIN of inactive", other("pin", "2009", "pin", "5555", "pin2", "5555"), 400, "Operator id: 2009 is inactive: reactivate them first"},
		{"PIN unknown", other("pin", "7777", "pin", "5555", "pin2", "5555"), 400, "Operator id: 7777 is not in the directory"},
		{"PIN short", other("pin", "2001", "pin", "1", "pin2", "1"), 400, "New PIN (4–12 digits): 4 to 12 digits"},
		{"PIN differ", other("pin", "2001", "pin", "5555", "pin2", "5554"), 400, "The same PIN again: the two PINs differ"},
		{"amend unknown", other("amend", "7777", "name", "X"), 400, "Operator id: 7777 is not in the directory"},
		{"amend nothing", other("amend", "2001"), 400, "Change a name or role: nothing to change for 2001"},
		{"amend same name", other("amend", "2001", "name", " Bo Chen "), 400, "Change a name or role: nothing to change for 2001"},
		{"amend same role", other("amend", "2001", "role", "dealer"), 400, "Change a name or role: nothing to change for 2001"},
		{"amend bad name", other("amend", "2001", "name", "Bo\x07"), 400, "New name (empty: keep it): 1 to 80 bytes"},
		{"amend long name", other("amend", "2001", "name", strings.Repeat("x", 81)), 400, "New name (empty: keep it): 1 to 80 bytes"},
		{"amend bad role", other("amend", "2001", "role", "boss"), 400, "Role: choose dealer or supervisor"},
		{"amend own role", other("amend", "1001", "role", "dealer"), 400, "Role: you cannot change your own role"},
		{"amend own role and name", other("amend", "1001", "name", "Ana Li", "role", "dealer"), 400, "Role: you cannot change your own role"},
		{"amend with a PIN field ignored, bad id", other("amend", "S-1", "name", "X"), 400, "Operator id: 1 to 12 digits"},
		{"action", other("fire", "2001"), 400, "Actions: choose what to do"},
		{"no csrf", add("csrf", ""), 403, "The form was out of date"},
		{"foreign csrf", add("csrf", other2(csrf)), 403, "The form was out of date"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, page := b.post("/people", tc.form)
			if res.StatusCode != tc.status || !strings.Contains(page, tc.want) {
				t.Fatalf("%d, want %d with %q:\n%s", res.StatusCode, tc.status, tc.want, page)
			}
			noMissingWords(t, page)
			if strings.Contains(page, "5555") || strings.Contains(page, "$2a$") {
				t.Fatal("the page shows a PIN or a hash")
			}
		})
	}
	if v := version(t, dirs); v != before {
		t.Fatalf("refused changes changed the directory: version %d, was %d", v, before)
	}

	// A supervisor who is not a pit manager, and a dealer: no link, no page, no change.
	for _, who := range []struct{ id, pin string }{{"1002", "4821"}, {"2001", "1357"}} {
		b := r.browser()
		page := b.signIn(who.id, who.pin)
		if strings.Contains(page, `href="/people"`) {
			t.Errorf("%s is offered the People page", who.id)
		}
		if res, page := b.get("/people"); res.StatusCode != http.StatusForbidden || !strings.Contains(page, "Only a pit manager may change the operator directory") {
			t.Errorf("%s: GET /people: %d", who.id, res.StatusCode)
		}
		res, _ := b.post("/people", url.Values{"csrf": {csrfOf(t, page)}, "action": {"deactivate"}, "id": {"2001"}})
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("%s: POST /people: %d", who.id, res.StatusCode)
		}
	}
	if v := version(t, dirs); v != before {
		t.Fatalf("a non-manager changed the directory: version %d, was %d", v, before)
	}
	// Without a session: to the sign-in page.
	if res, _ := r.browser().get("/people"); res.StatusCode != http.StatusSeeOther {
		t.Errorf("GET /people without a session: %d", res.StatusCode)
	}
}

// other2 is a token of the same length that differs from tok.
func other2(tok string) string { return other(tok) }

// TestPeoplePageChanges: the pit manager adds a dealer, who can then sign in with their PIN;
// gives them a new PIN; deactivates them (refused at the next sign-in) and reactivates them.
// Each change is a new version of the directory signed by the manager, said on the page and
// in the pit server's log, and in the pit's record with what it changed.
func TestPeoplePageChanges(t *testing.T) {
	r, dirs, auth := peopleRig(t)
	b := r.browser()
	b.signIn("1001", "2468")
	_, page := b.get("/people")
	for _, want := range []string{"Operator directory version 5", "by installer", "Old Hand", "inactive", `value="reactivate"`, "Add a person", "Reset a PIN", "Change a name or role", `id="amend-name"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the People page lacks %q", want)
		}
	}
	if strings.Contains(page, `aria-label="Deactivate Ana Lee (1001)"`) {
		t.Error("the manager is offered to deactivate themselves")
	}
	noMissingWords(t, page)
	csrf := csrfOf(t, page)
	ctx := context.Background()
	do := func(form url.Values, want string) {
		t.Helper()
		form.Set("csrf", csrf)
		res, body := b.post("/people", form)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("%v: %d\n%s", form, res.StatusCode, body)
		}
		if _, page = b.get("/people"); !strings.Contains(page, want) {
			t.Fatalf("after %v the page lacks %q:\n%s", form, want, page)
		}
	}
	do(url.Values{"action": {"add"}, "id": {"3001"}, "name": {" Mei Wong "}, "role": {"dealer"}, "pin": {"5555"}, "pin2": {"5555"}},
		"3001 (Mei Wong): added. Directory version 6")
	if p, err := auth.Authenticate(ctx, "3001", "5555"); err != nil || p != (Person{ID: "3001", Name: "Mei Wong", Role: RoleDealer}) {
		t.Fatalf("the new dealer signs in: %+v %v", p, err)
	}
	d, _ := dirs.List(ctx)
	if d.By != "1001 Ana Lee (pit console)" {
		t.Errorf("the directory is signed %q", d.By)
	}
	do(url.Values{"action": {"pin"}, "id": {"3001"}, "pin": {"8642"}, "pin2": {"8642"}}, "3001 (Mei Wong): PIN reset. Directory version 7")
	if _, err := auth.Authenticate(ctx, "3001", "5555"); !errors.Is(err, ErrBadCredentials) {
		t.Errorf("the old PIN still signs in: %v", err)
	}
	if _, err := auth.Authenticate(ctx, "3001", "8642"); err != nil {
		t.Errorf("the new PIN: %v", err)
	}
	her := r.browser() // signed in at the console when she is deactivated: her session ends
	her.signIn("3001", "8642")
	do(url.Values{"action": {"deactivate"}, "id": {"3001"}}, "3001 (Mei Wong): deactivated. Directory version 8")
	if _, page := her.get("/"); !strings.Contains(page, `action="/signin"`) {
		t.Error("a deactivated person's console session goes on")
	}
	if _, err := auth.Authenticate(ctx, "3001", "8642"); !errors.Is(err, ErrBadCredentials) {
		t.Errorf("deactivated, still signs in: %v", err)
	}
	do(url.Values{"action": {"reactivate"}, "id": {"3001"}}, "3001 (Mei Wong): reactivated. Directory version 9")
	// Renamed and promoted by the manager: her console session ends (she signs in again as
	// what she now is), she keeps her PIN, and signs in as a supervisor.
	her.signIn("3001", "8642")
	do(url.Values{"action": {"amend"}, "id": {"3001"}, "name": {"Mei Wong-Lee"}, "role": {""}}, "3001 (Mei Wong-Lee): renamed. Directory version 10")
	if _, page := her.get("/"); !strings.Contains(page, `action="/signin"`) {
		t.Error("a renamed person's console session goes on")
	}
	do(url.Values{"action": {"amend"}, "id": {"3001"}, "role": {"supervisor"}}, "3001 (Mei Wong-Lee): role changed. Directory version 11")
	if p, err := auth.Authenticate(ctx, "3001", "8642"); err != nil || p != (Person{ID: "3001", Name: "Mei Wong-Lee", Role: RoleSupervisor}) {
		t.Fatalf("promoted, she signs in: %+v %v", p, err)
	}
	if err := auth.Check(ctx, "3001"); err != nil {
		t.Errorf("promoted, she may not give pit commands: %v", err)
	}
	// A supervisor made a dealer may no longer give the pit's commands; renamed and demoted at once.
	do(url.Values{"action": {"amend"}, "id": {"1002"}, "name": {"Wei Chen Li"}, "role": {"dealer"}}, "1002 (Wei Chen Li): renamed, role changed. Directory version 12")
	if err := auth.Check(ctx, "1002"); err == nil {
		t.Error("demoted to dealer, 1002 may still give pit commands")
	}
	// Deactivated, renamed: still inactive.
	do(url.Values{"action": {"amend"}, "id": {"2009"}, "name": {"Old Hand Senior"}}, "2009 (Old Hand Senior): renamed. Directory version 13")
	if d, _ := dirs.List(ctx); func() bool { p, _ := d.Lookup("2009"); return p.Active }() {
		t.Error("renaming an inactive person reactivated them")
	}
	for _, want := range []string{
		"1001 (Ana Lee) at the People page: operator 3001 (Mei Wong, dealer) added: operator directory version 6",
		"operator 3001 (Mei Wong, dealer) PIN reset: operator directory version 7",
		"operator 3001 (Mei Wong, dealer) deactivated: operator directory version 8",
		"operator 3001 (Mei Wong, dealer) reactivated: operator directory version 9",
		"operator 3001 (Mei Wong, dealer) renamed, now Mei Wong-Lee, dealer: operator directory version 10",
		"operator 3001 (Mei Wong-Lee, dealer) role changed, now Mei Wong-Lee, supervisor: operator directory version 11",
		"operator 1002 (Wei Chen, supervisor) renamed, role changed, now Wei Chen Li, dealer: operator directory version 12",
		"1 console session(s) of operator 3001 ended: renamed or role changed",
		`1001 (Ana Lee): deactivate of operator "1001" refused`,
	} {
		if want == `1001 (Ana Lee): deactivate of operator "1001" refused` {
			b.post("/people", url.Values{"csrf": {csrf}, "action": {"deactivate"}, "id": {"1001"}})
		}
		if !strings.Contains(r.log.String(), want) {
			t.Errorf("the log lacks %q:\n%s", want, r.log.String())
		}
	}
	if strings.Contains(r.log.String(), "8642") || strings.Contains(r.log.String(), "5555") {
		t.Error("the log holds a PIN")
	}
	// The pit's record (copied by the server, so it may lag a moment): each version with who
	// and what, on the page and from the API.
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, page = b.get("/people")
		if strings.Contains(page, "version 13, 2026") || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, want := range []string{
		"by 1001 Ana Lee (pit console): 2009 (Old Hand Senior): renamed",
		"by 1001 Ana Lee (pit console): 1002 (Wei Chen Li): renamed, role changed",
		"by 1001 Ana Lee (pit console): 3001 (Mei Wong-Lee): role changed",
		"by 1001 Ana Lee (pit console): 3001 (Mei Wong): reactivated",
		"by 1001 Ana Lee (pit console): 3001 (Mei Wong): deactivated",
		"by 1001 Ana Lee (pit console): 3001 (Mei Wong): PIN reset",
		"by installer: 2009 (Old Hand): deactivated",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the People page's record lacks %q:\n%s", want, page)
		}
	}
	h, err := dirs.History(ctx, 3)
	if err != nil || len(h) != 3 || h[0].Dir.Version != 13 || len(h[0].Changes) != 1 || h[0].Changes[0].What[0] != people.Renamed || h[2].Dir.Version != 11 {
		t.Fatalf("History(3): %+v %v", h, err)
	}
	// The page in the other languages: every word in the catalogue.
	for _, lang := range []string{"zh-Hans", "zh-Hant"} {
		b.lang = lang
		b.cookies[cookieLang] = &http.Cookie{Name: cookieLang, Value: lang}
		_, page := b.get("/people")
		noMissingWords(t, page)
		if !strings.Contains(page, `<html lang="`+lang+`">`) {
			t.Errorf("%s: the People page is not in its language", lang)
		}
	}
}

// TestManagersConfig: console.managers must be operator ids, and needs the directory.
func TestManagersConfig(t *testing.T) {
	live := NewLive(pitmodel.Config{}, nil)
	pf, err := LoadPeople(peopleFile(t), DefaultLockout, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		managers []string
		want     string
	}{
		{[]string{"1001", "S-1"}, `console.managers[1]: operator id "S-1": digits only`},
		{[]string{""}, "console.managers[0]: operator id: empty"},
		{[]string{"1001"}, "console.managers: the People page needs the pit's operator directory"},
	} {
		_, err := New(Options{Config: Config{Managers: tc.managers}, Live: live, Auth: pf, Poster: &recorder{}})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("managers %q: %v, want %q", tc.managers, err, tc.want)
		}
	}
}

// historyOf is the pit's directory with a record that lacks versions (a gap).
type historyOf struct {
	Directory
	h []bus.DirectoryVersion
}

func (d historyOf) History(context.Context, int) ([]bus.DirectoryVersion, error) { return d.h, nil }

// TestPeoplePageHistoryGap: a change read across a gap in the pit's record is said as made in
// the versions of the gap, by nobody named, on the latest changes and in the person's last
// change; the versions either side keep who made them.
func TestPeoplePageHistoryGap(t *testing.T) {
	r, dirs, _ := peopleRig(t)
	cur, err := dirs.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 26, 9, 30, 0, 0, time.UTC)
	ver := func(v uint64, by string) *people.Directory {
		return &people.Directory{Schema: people.Schema, Version: v, Updated: at, By: by, People: cur.People}
	}
	r.con.opt.Directory = historyOf{Directory: dirs, h: []bus.DirectoryVersion{
		{Dir: ver(9, "1002 Wei Chen (pit console)"), Since: 8, Changes: []people.Delta{{ID: "2001", Name: "Bo Chen", Role: "dealer", What: []string{people.PINReset}}}},
		{Dir: ver(8, "1001 Ana Lee (pit console)"), Since: 5, Changes: []people.Delta{{ID: "1002", Name: "Wei Chen", Role: "supervisor", What: []string{people.RoleChanged}}}},
		{Dir: ver(5, "installer"), Since: 4, Changes: []people.Delta{{ID: "2009", Name: "Old Hand", Role: "dealer", What: []string{people.Deactivated}}}},
	}}
	b := r.browser()
	b.signIn("1001", "2468")
	_, page := b.get("/people")
	for _, want := range []string{
		"version 9, 2026-11-26 09:30, by 1002 Wei Chen (pit console): 2001 (Bo Chen): PIN reset",
		"versions 6–8, until 2026-11-26 09:30 (the record lacks some of them: who made it is not known): 1002 (Wei Chen): role changed",
		"version 5, 2026-11-26 09:30, by installer: 2009 (Old Hand): deactivated",
		"versions 6–8, until 2026-11-26 09:30 (the record lacks some of them: who made it is not known): role changed",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the People page lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "by 1001 Ana Lee (pit console): 1002") {
		t.Error("a change across the gap is laid at the next version's door")
	}
}
