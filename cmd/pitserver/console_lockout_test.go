package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coupboard/coupboard/app/bus"
	"github.com/coupboard/coupboard/app/console"
	"github.com/coupboard/coupboard/internal/testpin"
)

// TestConsoleLockoutSurvivesRestart: the pit console's sign-in lockout is the one its
// configuration gives ([console] lockout_attempts, lockout_minutes) and is kept across a
// restart of the pit server, in its store directory: an id locked before the restart is still
// refused, its right PIN unread, after it.
func TestConsoleLockoutSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	pin := testpin.Hash(t, "2468")
	people := filepath.Join(dir, "people.toml")
	if err := os.WriteFile(people, []byte(fmt.Sprintf("[[person]]\nid = \"101\"\nname = \"Ana Lee\"\nrole = \"supervisor\"\npin_hash = %q\n", pin)), 0o600); err != nil {
		t.Fatal(err)
	}
	store := t.TempDir()
	cfg := func() FileConfig { // a port the bus picks at each start: a freed port may be taken meanwhile
		return FileConfig{
			Server:  bus.ServerConfig{Name: "pit-1", Port: -1, StoreDir: store, Boards: []bus.Credential{{User: "board", Password: "secret-b"}}},
			Console: console.Config{People: people, Profile: "vic-baccarat-2002", TimeZone: "UTC", LockoutAttempts: 2, LockoutMinutes: 30},
		}
	}
	start := func() (*node, string) {
		n := startNode(t, cfg(), "--console", "127.0.0.1:0")
		return n, n.listening(t, sayConsole)
	}
	signIn := func(base, id, pin string) int {
		t.Helper()
		jar, _ := cookiejar.New(nil)
		c := &http.Client{Jar: jar, Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		res, err := c.Get(base + "/")
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		m := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindSubmatch(page)
		if m == nil {
			t.Fatalf("no sign-in form:\n%s", page)
		}
		res, err = c.PostForm(base+"/signin", url.Values{"csrf": {string(m[1])}, "id": {id}, "pin": {pin}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	n, base := start()
	for i, want := range []int{http.StatusUnauthorized, http.StatusTooManyRequests} { // two wrong PINs lock 101
		if got := signIn(base, "101", "0000"); got != want {
			t.Fatalf("wrong PIN %d: %d, want %d", i+1, got, want)
		}
	}
	n.stop()
	if _, err := os.Stat(filepath.Join(store, consoleLockoutFile)); err != nil {
		t.Fatalf("the lockouts are not in the store directory: %v", err)
	}
	n, base = start()
	defer n.stop()
	if got := signIn(base, "101", "2468"); got != http.StatusTooManyRequests {
		t.Fatalf("after the restart, the locked id with its right PIN: %d, want %d (locked)", got, http.StatusTooManyRequests)
	}
	if !strings.Contains(n.out.String(), `sign-in of "101" refused: locked until`) {
		t.Errorf("the log after the restart:\n%s", n.out.String())
	}
}
