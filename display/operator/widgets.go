package operator

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// OpenKey is the key that opens the operator screen from the table screen (a keyboard or a
// numeric keypad with function keys); OpenRune is the numeric keypad's '*' key, which does the same.
const (
	OpenKey  fyne.KeyName = fyne.KeyF2
	OpenRune rune         = '*'
)

// keyButton is a large keypad button; a long press (a secondary tap on a touch screen, a right
// click with a mouse) calls onLong instead: on the card keypad, undo the last entry.
type keyButton struct {
	widget.Button
	onLong func()
}

func newKey(label string, tap, long func()) *keyButton {
	b := &keyButton{onLong: long}
	b.Text, b.OnTapped = label, tap
	b.ExtendBaseWidget(b)
	return b
}

// TappedSecondary is a long press on a touch screen.
func (b *keyButton) TappedSecondary(*fyne.PointEvent) {
	if b.onLong != nil && !b.Disabled() {
		b.onLong()
	}
}

// Hotspot is the gesture that opens the operator screen from the table screen: an invisible
// area (put it over a corner of the table screen) that calls Open after three taps within
// Within, or at once on a long press. Players tapping the screen by chance do not open it,
// and it opens only the PIN pad.
type Hotspot struct {
	widget.BaseWidget
	// Open is called when the gesture is made.
	Open func()
	// Within is the time for the three taps (default 1.5 s).
	Within time.Duration
	// Clock is the time source (default time.Now).
	Clock func() time.Time
	taps  []time.Time
}

// NewHotspot is a hotspot that calls open.
func NewHotspot(open func()) *Hotspot {
	h := &Hotspot{Open: open}
	h.ExtendBaseWidget(h)
	return h
}

// Tapped counts a tap; the third within Within opens the operator screen.
func (h *Hotspot) Tapped(*fyne.PointEvent) {
	now := time.Now
	if h.Clock != nil {
		now = h.Clock
	}
	within := h.Within
	if within <= 0 {
		within = 1500 * time.Millisecond
	}
	t := now()
	keep := h.taps[:0]
	for _, p := range h.taps {
		if t.Sub(p) <= within {
			keep = append(keep, p)
		}
	}
	h.taps = append(keep, t)
	if len(h.taps) >= 3 {
		h.taps = h.taps[:0]
		if h.Open != nil {
			h.Open()
		}
	}
}

// TappedSecondary is a long press: it opens the operator screen.
func (h *Hotspot) TappedSecondary(*fyne.PointEvent) {
	if h.Open != nil {
		h.Open()
	}
}

// MinSize is a comfortable finger's size.
func (h *Hotspot) MinSize() fyne.Size { return fyne.NewSize(64, 64) }

// CreateRenderer draws nothing.
func (h *Hotspot) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(&fyne.Container{})
}

// bigTheme enlarges a theme's text and padding for a touch screen read at arm's length: every
// button, key, entry, check and tab it draws is at least 54 px both ways, 9 mm on the kiosk's
// 10-inch 1280×800 panel (5.94 px a millimetre) at Fyne scale 1 (targets_test.go measures it).
type bigTheme struct {
	fyne.Theme
}

func (t bigTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameText:
		return 20
	case theme.SizeNameSubHeadingText:
		return 24
	case theme.SizeNameHeadingText:
		return 30
	case theme.SizeNameInnerPadding:
		return 18 // checks and radio items 20 + 2×18 = 56 px tall: ≥ 54 px, 9 mm on a 10" 1280×800 panel
	case theme.SizeNamePadding:
		return 5
	case theme.SizeNameInputBorder:
		return 2
	case theme.SizeNameInlineIcon:
		return 24 // with the inner padding, checks, radio items and drop-down buttons are 56 px
	}
	return t.Theme.Size(n)
}
