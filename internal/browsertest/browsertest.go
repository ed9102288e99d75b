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

// EarliestThenPost is the pit console's "ask the earliest, then post later" (the change and the
// tables already chosen on the page, a console in UTC): it presses **Earliest time**, waits for
// the answer naming rule, checks that the time offered leaves at least notice from when it was
// asked (and not much more: the console's transit margin and its rounding up to the minute),
// types the offered time plus later, posts, and waits until a table's acceptance shows. It
// returns the time posted (the console sends it dated: at=YYYY-MM-DDTHH:MM:SS in UTC). A later
// of a minute or two keeps a loaded machine's slow post within what the console lets through
// (it checks the time again at Post). Near midnight the times offered and posted may be
// tomorrow's, which the console's form reads as such (a time of day already past is the next
// one), so the step is taken at any hour.
func (b *Browser) EarliestThenPost(rule string, notice, later time.Duration) time.Time {
	b.t.Helper()
	asked := time.Now().UTC()
	b.Run("earliest", chromedp.Click(`button[value=earliest]`, chromedp.ByQuery))
	b.WaitText("#message", rule)
	var at string
	b.Run("the earliest time offered", chromedp.Value("#at", &at, chromedp.ByID))
	hm, err := time.Parse("15:04", at)
	if err != nil {
		b.t.Fatalf("the earliest time offered, %q: %v", at, err)
	}
	y, m, d := asked.Date()
	offered := time.Date(y, m, d, hm.Hour(), hm.Minute(), 0, 0, time.UTC)
	if offered.Before(asked) { // after midnight: the console reads it as tomorrow's, and posts it dated
		offered = offered.AddDate(0, 0, 1)
	}
	if offered.Before(asked.Add(notice)) || offered.After(time.Now().UTC().Add(notice+2*time.Minute)) {
		b.t.Fatalf("asked at %s, the earliest offered is %s: want %v's notice and a margin of less than 2 minutes", asked.Format("15:04:05"), at, notice)
	}
	posted := offered.Add(later)
	b.Run("a time "+later.String()+" after the earliest", chromedp.SetValue("#at", posted.Format("15:04"), chromedp.ByID))
	b.Run("post", chromedp.Click("#post", chromedp.ByID), chromedp.WaitVisible(`#activity .ans-accepted`, chromedp.ByQuery))
	return posted
}
