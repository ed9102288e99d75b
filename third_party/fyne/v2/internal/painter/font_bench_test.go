// Added by coupboard (third_party/fyne/README.md, change 8): the cost of a text's raster.

package painter_test

import (
	"image"
	"image/color"
	"image/draw"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/internal/painter"
)

// BenchmarkDrawString rasterizes texts of a table screen (a result banner, a count) as the GL
// painter makes a text's texture: into an RGBA image, which the painter uploads as it is (rgba),
// and as upstream did, into an NRGBA image, which the rasterizer fills pixel by pixel through
// interfaces and the painter then converts to RGBA (nrgba).
func BenchmarkDrawString(b *testing.B) {
	f := painter.CachedFontFace(fyne.TextStyle{Bold: true}, nil, nil)
	for _, tc := range []struct {
		name, text string
		size       float32
		w, h       int
	}{{"banner", "BANKER WINS 8 TO 6", 48, 560, 64}, {"count", "384", 20, 40, 28}} {
		b.Run(tc.name+"/rgba", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				img := image.NewRGBA(image.Rect(0, 0, tc.w, tc.h))
				painter.DrawString(img, tc.text, color.Black, f.Fonts, tc.size, 1, fyne.TextStyle{Bold: true})
			}
		})
		b.Run(tc.name+"/nrgba", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				img := image.NewNRGBA(image.Rect(0, 0, tc.w, tc.h))
				painter.DrawString(img, tc.text, color.Black, f.Fonts, tc.size, 1, fyne.TextStyle{Bold: true})
				rgba := image.NewRGBA(img.Rect)
				draw.Draw(rgba, rgba.Rect, img, image.Point{}, draw.Over)
			}
		})
	}
}
