package people

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
)

var t0 = time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)

// sample is a directory of two people, made through the management functions.
func sample(t testing.TB) *Directory {
	t.Helper()
	var d *Directory
	var err error
	for _, c := range []Change{
		{ID: "17", Name: "Ana Lima", Role: RoleDealer, PIN: "4821"},
		{ID: "4", Name: "Wei Chen", Role: RoleSupervisor, PIN: "90210"},
	} {
		if d, err = d.Add(c, t0, "installer"); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

func TestManage(t *testing.T) {
	d := sample(t)
	if d.Version != 2 || len(d.People) != 2 || d.People[0].ID != "17" || d.People[1].ID != "4" {
		t.Fatalf("directory: %+v", d)
	}
	p, ok := d.Lookup("4")
	if !ok || p.Role != RoleSupervisor || !p.Active || bcrypt.CompareHashAndPassword([]byte(p.PINHash), []byte("90210")) != nil {
		t.Fatalf("4: %+v %v", p, ok)
	}
	if strings.Contains(string(mustEncode(t, d)), "90210") {
		t.Fatal("a PIN is in the encoded directory")
	}
	for _, tc := range []struct {
		name string
		do   func() (*Directory, error)
		want string // "" ok, else a part of the error
	}{
		{"add twice", func() (*Directory, error) {
			return d.Add(Change{ID: "17", Name: "X", Role: RoleDealer, PIN: "1234"}, t0, "x")
		}, "already"},
		{"short PIN", func() (*Directory, error) {
			return d.Add(Change{ID: "5", Name: "X", Role: RoleDealer, PIN: "12"}, t0, "x")
		}, "4 to 12"},
		{"letters in PIN", func() (*Directory, error) {
			return d.Add(Change{ID: "5", Name: "X", Role: RoleDealer, PIN: "12a4"}, t0, "x")
		}, "digits"},
		{"bad role", func() (*Directory, error) {
			return d.Add(Change{ID: "5", Name: "X", Role: "pitboss", PIN: "1234"}, t0, "x")
		}, "role"},
		{"no name", func() (*Directory, error) {
			return d.Add(Change{ID: "5", Name: " ", Role: RoleDealer, PIN: "1234"}, t0, "x")
		}, "name"},
		{"space in id", func() (*Directory, error) {
			return d.Add(Change{ID: "5 6", Name: "X", Role: RoleDealer, PIN: "1234"}, t0, "x")
		}, "digits only"},
		{"letters in id", func() (*Directory, error) {
			return d.Add(Change{ID: "S042", Name: "X", Role: RoleDealer, PIN: "1234"}, t0, "x")
		}, "digits only"},
		{"long id", func() (*Directory, error) {
			return d.Add(Change{ID: strings.Repeat("9", 13), Name: "X", Role: RoleDealer, PIN: "1234"}, t0, "x")
		}, "longer"},
		{"update unknown", func() (*Directory, error) { return d.Update(Change{ID: "5", PIN: "1234"}, t0, "x") }, "not in"},
		{"deactivate unknown", func() (*Directory, error) { return d.Deactivate("5", t0, "x") }, "not in"},
		{"add", func() (*Directory, error) {
			return d.Add(Change{ID: "5", Name: "X", Role: RoleDealer, PIN: "1234"}, t0, "x")
		}, ""},
		{"deactivate", func() (*Directory, error) { return d.Deactivate("17", t0, "x") }, ""},
		{"update role", func() (*Directory, error) { return d.Update(Change{ID: "17", Role: RoleSupervisor}, t0, "x") }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, err := tc.do()
			switch {
			case tc.want == "" && err != nil:
				t.Fatal(err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("error %v, want one with %q", err, tc.want)
			case tc.want == "" && n.Version != d.Version+1:
				t.Fatalf("version %d after %d", n.Version, d.Version)
			}
		})
	}
	// A change makes a new version and leaves the old one as it was.
	off, err := d.Deactivate("17", t0.Add(time.Hour), "pit")
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := d.Lookup("17"); !p.Active {
		t.Fatal("Deactivate changed the version it was given")
	}
	if p, _ := off.Lookup("17"); p.Active || off.By != "pit" || !off.Updated.Equal(t0.Add(time.Hour)) {
		t.Fatalf("deactivated: %+v %+v", p, off)
	}
	if _, err := off.Deactivate("17", t0, "x"); err == nil {
		t.Fatal("deactivated twice")
	}
	back, err := off.Update(Change{ID: "17", PIN: "5555"}, t0, "x")
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := back.Lookup("17"); !p.Active || p.Name != "Ana Lima" || bcrypt.CompareHashAndPassword([]byte(p.PINHash), []byte("5555")) != nil {
		t.Fatalf("reactivated with a new PIN: %+v", p)
	}
}

func mustEncode(t testing.TB, d *Directory) []byte {
	t.Helper()
	b, err := d.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDecode(t *testing.T) {
	d := sample(t)
	good := mustEncode(t, d)
	got, err := Decode(good)
	if err != nil || got.Version != d.Version || len(got.People) != 2 {
		t.Fatalf("round trip: %+v %v", got, err)
	}
	edit := func(fn func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		fn(m)
		b, _ := json.Marshal(m)
		return b
	}
	person := func(m map[string]any, i int) map[string]any { return m["people"].([]any)[i].(map[string]any) }
	for _, tc := range []struct {
		name string
		b    []byte
		want string
	}{
		{"not JSON", []byte("{"), "operator directory"},
		{"trailing", append(append([]byte{}, good...), []byte("{}")...), "after the document"},
		{"schema", edit(func(m map[string]any) { m["schema"] = 2 }), "schema 2"},
		{"version 0", edit(func(m map[string]any) { m["version"] = 0 }), "version 0"},
		{"unknown field", edit(func(m map[string]any) { m["admins"] = []string{"x"} }), "unknown field"},
		{"bad hash", edit(func(m map[string]any) { person(m, 0)["pin_hash"] = "1234" }), "pin_hash"},
		{"bad role", edit(func(m map[string]any) { person(m, 1)["role"] = "boss" }), "role"},
		{"order", edit(func(m map[string]any) { p := m["people"].([]any); p[0], p[1] = p[1], p[0] }), "out of order"},
		{"twice", edit(func(m map[string]any) { p := m["people"].([]any); m["people"] = []any{p[0], p[0]} }), "twice"},
		{"too big", make([]byte, MaxSize+1), "at most"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Decode(tc.b); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one with %q", err, tc.want)
			}
		})
	}
}

// FuzzDecode: no input makes Decode panic or accept a directory that does not re-encode to
// one it accepts again, with the same people.
func FuzzDecode(f *testing.F) {
	f.Add(mustEncode(f, sample(f)))
	f.Add([]byte(`{"schema":1,"version":1,"updated":"2026-11-26T07:00:00Z","by":"x","people":[]}`))
	f.Add([]byte(`{"schema":1,"version":1,"people":[{"id":"1","name":"a","role":"dealer","pin_hash":"$2a$04$","active":true}]}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := Decode(b)
		if err != nil {
			if d != nil {
				t.Fatal("a directory with an error")
			}
			return
		}
		again, err := Decode(mustEncode(t, d))
		if err != nil || again.Version != d.Version || len(again.People) != len(d.People) {
			t.Fatalf("re-encoded: %v", err)
		}
		for _, p := range d.People {
			if q, ok := again.Lookup(p.ID); !ok || q != p {
				t.Fatalf("%s lost or changed", p.ID)
			}
		}
	})
}

// TestMayCommand: only an active supervisor of the directory may give the pit's commands; the
// refusal names the person, the directory's version and why.
func TestMayCommand(t *testing.T) {
	d := sample(t)
	inactive, err := d.Add(Change{ID: "5", Name: "Rui Sá", Role: RoleSupervisor, PIN: "5555"}, t0, "installer")
	if err != nil {
		t.Fatal(err)
	}
	if inactive, err = inactive.Deactivate("5", t0, "installer"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		d    *Directory
		id   string
		want string // "" : may command
	}{
		{d, "4", ""},
		{d, "17", "person 17 (Ana Lima) is a dealer in the operator directory (version 2), not a supervisor"},
		{d, "99", `person "99" is not in the operator directory (version 2)`},
		{d, "S042", `person "S042" is not in the operator directory`},
		{inactive, "5", "person 5 (Rui Sá) is inactive in the operator directory (version 4)"},
		{nil, "4", "no operator directory"},
	}
	for _, tc := range tests {
		p, err := tc.d.MayCommand(tc.id)
		switch {
		case tc.want == "" && (err != nil || p.ID != tc.id):
			t.Errorf("%s: %+v, %v", tc.id, p, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrMayNotCommand)):
			t.Errorf("%s: %v, want %q", tc.id, err, tc.want)
		}
	}
}

// TestAmend: a rename or a role change is a new version signed by who made it, keeps the PIN
// and the person's state (an inactive person stays inactive), and says what it changed
// (Diff); a change that changes nothing or breaks a rule is refused, naming why.
func TestAmend(t *testing.T) {
	d := sample(t)
	off, err := d.Deactivate("17", t0, "installer")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		from   *Directory
		c      Change
		want   Person // Name, Role, Active after
		what   []string
		errHas string
	}{
		{"rename", d, Change{ID: "17", Name: " Ana Lima-Souza "}, Person{Name: "Ana Lima-Souza", Role: RoleDealer, Active: true}, []string{Renamed}, ""},
		{"promote", d, Change{ID: "17", Role: RoleSupervisor}, Person{Name: "Ana Lima", Role: RoleSupervisor, Active: true}, []string{RoleChanged}, ""},
		{"demote", d, Change{ID: "4", Role: RoleDealer}, Person{Name: "Wei Chen", Role: RoleDealer, Active: true}, []string{RoleChanged}, ""},
		{"both", d, Change{ID: "4", Name: "Wei Chen Li", Role: RoleDealer}, Person{Name: "Wei Chen Li", Role: RoleDealer, Active: true}, []string{Renamed, RoleChanged}, ""},
		{"inactive stays inactive", off, Change{ID: "17", Name: "Ana L."}, Person{Name: "Ana L.", Role: RoleDealer}, []string{Renamed}, ""},
		{"same name", d, Change{ID: "17", Name: "Ana Lima"}, Person{}, nil, "nothing to change"},
		{"same role", d, Change{ID: "4", Role: RoleSupervisor}, Person{}, nil, "nothing to change"},
		{"nothing", d, Change{ID: "4"}, Person{}, nil, "nothing to change"},
		{"unknown", d, Change{ID: "5", Name: "X"}, Person{}, nil, "not in the directory"},
		{"bad role", d, Change{ID: "4", Role: "pitboss"}, Person{}, nil, `role "pitboss"`},
		{"bad name", d, Change{ID: "4", Name: "Wei\x07"}, Person{}, nil, "printable"},
		{"PIN", d, Change{ID: "4", PIN: "1234"}, Person{}, nil, "PIN"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, err := tc.from.Amend(tc.c, t0.Add(time.Hour), "1001 Ana (pit console)")
			if tc.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errHas) {
					t.Fatalf("error %v, want one with %q", err, tc.errHas)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			p, _ := n.Lookup(tc.c.ID)
			old, _ := tc.from.Lookup(tc.c.ID)
			if p.Name != tc.want.Name || p.Role != tc.want.Role || p.Active != tc.want.Active || p.PINHash != old.PINHash {
				t.Fatalf("after: %+v, want %+v and the PIN kept", p, tc.want)
			}
			if n.Version != tc.from.Version+1 || n.By != "1001 Ana (pit console)" || !n.Updated.Equal(t0.Add(time.Hour)) {
				t.Fatalf("version %d by %q at %v", n.Version, n.By, n.Updated)
			}
			ds := Diff(tc.from, n)
			if len(ds) != 1 || strings.Join(ds[0].What, ",") != strings.Join(tc.what, ",") {
				t.Fatalf("Diff: %+v, want %v", ds, tc.what)
			}
		})
	}
}
