package display

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/software"

	"github.com/coupboard/coupboard/display/view"
	"github.com/coupboard/coupboard/themes/fynetheme"
)

// Render draws the table screen for the view model at the given size into an image, with
// Fyne's software painter: for previews, screenshots and golden-image tests. A Fyne app
// must exist (app.New, or test.NewApp in tests); its theme is set to the style's theme.
func Render(st Style, s view.Screen, size fyne.Size) image.Image {
	t := NewTableScreen(st)
	t.Apply(s)
	fyne.CurrentApp().Settings().SetTheme(fynetheme.New(st.Theme))
	c := software.NewCanvas()
	c.SetPadded(false)
	c.SetContent(t)
	c.Resize(size)
	return c.Capture()
}
