package e2e

import (
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/damage"
	"github.com/jezek/xgb/xproto"
)

// paints watches the largest mapped top-level window of an X display with the DAMAGE
// extension and sends the time of each paint that changes its pixels: the moment a frame
// reaches the screen, as the X server sees it. It stops when the test ends.
func paints(t *testing.T, display string) <-chan time.Time {
	t.Helper()
	X, err := xgb.NewConnDisplay(display)
	if err != nil {
		t.Fatalf("connect to X display %s: %v", display, err)
	}
	t.Cleanup(X.Close)
	if err := damage.Init(X); err != nil {
		t.Fatalf("X DAMAGE extension: %v", err)
	}
	if _, err := damage.QueryVersion(X, 1, 1).Reply(); err != nil {
		t.Fatalf("X DAMAGE version: %v", err)
	}
	root := xproto.Setup(X).DefaultScreen(X).Root
	tree, err := xproto.QueryTree(X, root).Reply()
	if err != nil {
		t.Fatalf("X windows: %v", err)
	}
	var win xproto.Window
	best := 0
	for _, w := range tree.Children {
		a, err := xproto.GetWindowAttributes(X, w).Reply()
		if err != nil || a.MapState != xproto.MapStateViewable {
			continue
		}
		g, err := xproto.GetGeometry(X, xproto.Drawable(w)).Reply()
		if err != nil {
			continue
		}
		if area := int(g.Width) * int(g.Height); area > best {
			win, best = w, area
		}
	}
	if best == 0 {
		t.Fatal("no mapped window on the X display")
	}
	id, err := damage.NewDamageId(X)
	if err != nil {
		t.Fatal(err)
	}
	if err := damage.CreateChecked(X, id, xproto.Drawable(win), damage.ReportLevelNonEmpty).Check(); err != nil {
		t.Fatalf("X DAMAGE on window %d: %v", win, err)
	}
	ch := make(chan time.Time, 4096)
	go func() {
		for {
			ev, err := X.WaitForEvent()
			if ev == nil && err == nil {
				return // connection closed
			}
			if _, ok := ev.(damage.NotifyEvent); ok {
				at := time.Now()
				damage.Subtract(X, id, 0, 0) // re-arm: the next paint reports again
				select {
				case ch <- at:
				default:
				}
			}
		}
	}()
	return ch
}
