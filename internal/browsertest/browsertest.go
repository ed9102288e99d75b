// Package browsertest drives Debian's headless chromium over the DevTools protocol
// (github.com/chromedp/chromedp) for the pit console's browser tests (cmd/pitserver,
// internal/e2e): one browser per test, its actions failing the test with what the test adds
// (the pit server's console), and waits on what the page says, never fixed sleeps.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Wait is how long WaitText waits for the page to say something: generous, for a loaded CI
// machine.
const Wait = 60 * time.Second

// Chromium is the path of Debian's chromium; it skips the test, saying why, when there is none.
func Chromium(t testing.TB) string {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium is not installed (apt-get install chromium): the pit console's browser test needs it")
	}
	return path
}

// Browser is a headless chromium for one test.
type Browser struct {
	t      testing.TB
	ctx    context.Context
	server func() string
}

// Start starts chromium (the path Chromium gave) with a 1400×height window in Australian
// English, stopped at the end of the test, for at most 5 minutes of actions (a bound for a
// loaded machine, not a wait). server, called
// when an action fails, is what the failure says besides (the server's console).
func Start(t testing.TB, chromium string, height int, server func() string) *Browser {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chromium), chromedp.NoSandbox,
		chromedp.WindowSize(1400, height), chromedp.Flag("lang", "en-AU"))
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, bcancel := chromedp.NewContext(actx)
	bctx, tcancel := context.WithTimeout(bctx, 5*time.Minute)
	t.Cleanup(func() { tcancel(); bcancel(); acancel() })
	return &Browser{t: t, ctx: bctx, server: server}
}

// Run runs the actions, failing the test with what and the server's console if one fails.
func (b *Browser) Run(what string, actions ...chromedp.Action) {
	b.t.Helper()
	if err := chromedp.Run(b.ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v\nserver:\n%s", what, err, b.server())
	}
}

// Text is the text of the first element sel (a CSS selector) matches. A live page may
// replace the element while it is read ("No node with given id found"): it is read again, for
// at most Wait.
func (b *Browser) Text(sel string) string {
	b.t.Helper()
	deadline := time.Now().Add(Wait)
	for {
		var s string
		err := chromedp.Run(b.ctx, chromedp.Text(sel, &s, chromedp.ByQuery))
		if err == nil {
			return s
		}
		if time.Now().After(deadline) || b.ctx.Err() != nil {
			b.t.Fatalf("read %s: %v\nserver:\n%s", sel, err, b.server())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// WaitText waits, at most Wait, until the first element sel matches is visible and its text
// holds want; else it fails the test with what the element says.
func (b *Browser) WaitText(sel, want string) {
	b.t.Helper()
	deadline := time.Now().Add(Wait)
	for {
		var s string
		err := chromedp.Run(b.ctx, chromedp.WaitVisible(sel, chromedp.ByQuery), chromedp.Text(sel, &s, chromedp.ByQuery))
		if err == nil && strings.Contains(s, want) {
			return
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("waiting for %q in %s: %v; it says %q", want, sel, err, s)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Shot takes a screenshot of the whole page and writes it as name in $CONSOLE_SHOTS (the
// guides' pictures: docs/img), or, unset, in a temporary directory.
func (b *Browser) Shot(name string) {
	b.t.Helper()
	var png []byte
	b.Run("screenshot "+name, chromedp.FullScreenshot(&png, 90))
	out := os.Getenv("CONSOLE_SHOTS")
	if out == "" {
		out = b.t.TempDir()
	}
	if err := os.WriteFile(filepath.Join(out, name), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
}
