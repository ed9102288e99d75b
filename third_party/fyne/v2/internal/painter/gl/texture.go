package gl

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/internal/cache"
	paint "fyne.io/fyne/v2/internal/painter"
	"fyne.io/fyne/v2/theme"
)

const floatEqualityThreshold = 1e-9

var noTexture = Texture(cache.NoTexture)

// Texture represents an uploaded GL texture
type Texture cache.TextureType

func (p *painter) freeTexture(obj fyne.CanvasObject) {
	texture, ok := cache.GetTexture(obj)
	if !ok {
		return
	}

	p.ctx.DeleteTexture(Texture(texture))
	p.logError()
	cache.DeleteTexture(obj)
}

// textEntry is the texture cache key of a text run on this painter's canvas.
func (p *painter) textEntry(t *canvas.Text) cache.FontCacheEntry {
	custom := ""
	if t.FontSource != nil {
		custom = t.FontSource.Name()
	}
	ent := cache.FontCacheEntry{Color: t.Color, Canvas: p.canvas}
	ent.Text = t.Text
	ent.Size = t.TextSize
	ent.Style = t.TextStyle
	ent.Source = custom
	return ent
}

// noteText remembers a text run as drawn in this frame (coupboard patch 3: painter.Clear frees
// the runs the last frame did not draw) and returns what the painter knows of it.
func (p *painter) noteText(ent cache.FontCacheEntry) *textUse {
	if p.textsMade == nil {
		p.textsMade = make(map[cache.FontCacheEntry]*textUse)
	}
	u := p.textsMade[ent]
	if u == nil {
		// gone until this painter makes its texture (noteTextMade): a run noted but never
		// given one (an empty text, or one a damage-limited frame did not repaint) is
		// forgotten once it is off the screen, as the runs whose textures were freed
		u = &textUse{ent: ent, gone: true}
		p.textsMade[ent] = u
	}
	if !u.drawn {
		u.drawn = true
		p.textsDrawn = append(p.textsDrawn, u)
	}
	return u
}

// noteTextMade records the size of a text run's new texture (coupboard patch 6: the runs off
// the screen keep their textures up to a budget of pixels). It is newGlTextTexture's size.
func (p *painter) noteTextMade(u *textUse, t *canvas.Text) {
	w, h := p.textTextureSize(t)
	px := w * h
	if px < 1 {
		px = 1
	}
	u.pixels, u.gone = px, false
}

func (p *painter) getTexture(object fyne.CanvasObject, creator func(canvasObject fyne.CanvasObject) Texture) (Texture, error) {
	if t, ok := object.(*canvas.Text); ok {
		ent := p.textEntry(t)
		texture, ok := cache.GetTextTexture(ent)
		u := p.noteText(ent)

		if !ok {
			tex := creator(object)
			texture = cache.TextureType(tex)
			cache.SetTextTexture(ent, texture, p.canvas, func() {
				p.ctx.DeleteTexture(tex)
				u.gone = true // patch 9: the painter forgets it at the next frame
			})
			p.noteTextMade(u, t)
		}

		return Texture(texture), nil
	}

	texture, ok := cache.GetTexture(object)

	if !ok {
		texture = cache.TextureType(creator(object))
		cache.SetTexture(object, texture, p.canvas)
	}
	if !cache.IsValid(texture) {
		return noTexture, errors.New("no texture available")
	}
	return Texture(texture), nil
}

func (p *painter) imgToTexture(img image.Image, textureFilter canvas.ImageScale) Texture {
	switch i := img.(type) {
	case *image.Uniform:
		texture := p.newTexture(textureFilter)
		r, g, b, a := i.RGBA()
		r8, g8, b8, a8 := uint8(r>>8), uint8(g>>8), uint8(b>>8), uint8(a>>8)
		data := []uint8{r8, g8, b8, a8}
		p.ctx.TexImage2D(
			texture2D,
			0,
			1,
			1,
			colorFormatRGBA,
			unsignedByte,
			data,
		)
		p.logError()
		return texture
	case *image.RGBA:
		if len(i.Pix) == 0 { // image is empty
			return noTexture
		}

		texture := p.newTexture(textureFilter)
		p.ctx.TexImage2D(
			texture2D,
			0,
			i.Rect.Size().X,
			i.Rect.Size().Y,
			colorFormatRGBA,
			unsignedByte,
			i.Pix,
		)
		p.logError()
		return texture
	default:
		rgba := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
		draw.Draw(rgba, rgba.Rect, img, image.Point{}, draw.Over)
		return p.imgToTexture(rgba, textureFilter)
	}
}

func (p *painter) newGlImageTexture(obj fyne.CanvasObject) Texture {
	img := obj.(*canvas.Image)

	width := p.textureScale(img.Size().Width)
	height := p.textureScale(img.Size().Height)

	tex := paint.PaintImage(img, p.canvas, int(width), int(height))
	if tex == nil {
		return noTexture
	}

	return p.imgToTexture(tex, img.ScaleMode)
}

func (p *painter) newGlLinearGradientTexture(obj fyne.CanvasObject) Texture {
	gradient := obj.(*canvas.LinearGradient)

	w := gradient.Size().Width
	h := gradient.Size().Height
	switch a := gradient.Angle; {
	case almostEqual(a, 90), almostEqual(a, 270):
		h = 1
	case almostEqual(a, 0), almostEqual(a, 180):
		w = 1
	}
	width := p.textureScale(w)
	height := p.textureScale(h)

	return p.imgToTexture(gradient.Generate(int(width), int(height)), canvas.ImageScaleSmooth)
}

func (p *painter) newGlRadialGradientTexture(obj fyne.CanvasObject) Texture {
	gradient := obj.(*canvas.RadialGradient)

	width := p.textureScale(gradient.Size().Width)
	height := p.textureScale(gradient.Size().Height)

	return p.imgToTexture(gradient.Generate(int(width), int(height)), canvas.ImageScaleSmooth)
}

func (p *painter) newGlRasterTexture(obj fyne.CanvasObject) Texture {
	rast := obj.(*canvas.Raster)

	width := p.textureScale(rast.Size().Width)
	height := p.textureScale(rast.Size().Height)

	return p.imgToTexture(rast.Generator(int(width), int(height)), rast.ScaleMode)
}

func (p *painter) newGlTextTexture(obj fyne.CanvasObject) Texture {
	text := obj.(*canvas.Text)
	color := text.Color
	if color == nil {
		color = theme.Color(theme.ColorNameForeground)
	}

	width, height := p.textTextureSize(text)
	return p.imgToTexture(textImage(text, color, width, height, p.pixScale), canvas.ImageScaleSmooth)
}

// textTextureSize is the size in pixels of text's texture: its minimum size at the texture
// scale, and room for an italic's overspill. (coupboard patch 9: newGlTextTexture's, and the
// size noteTextMade counts against the budget of kept texts.)
func (p *painter) textTextureSize(text *canvas.Text) (width, height int) {
	bounds := text.MinSize()
	width = int(math.Ceil(float64(p.textureScale(bounds.Width) + paint.VectorPad(text)))) // potentially italic overspill
	height = int(math.Ceil(float64(p.textureScale(bounds.Height))))
	return width, height
}

// textImage rasterizes text in fill into a width×height image at scale. (coupboard patch 8:
// into the premultiplied RGBA image the texture is uploaded from, on the vector rasterizer's
// path for an RGBA image and a uniform colour. Upstream drew into an NRGBA image, which the
// rasterizer fills through its generic path, a color.Color boxed and converted for each pixel of
// the text's box and each glyph, 45,000 allocations for a result banner, and imgToTexture then
// converted it to RGBA; the same texture is made three times faster, BenchmarkDrawString in
// internal/painter.)
func textImage(text *canvas.Text, fill color.Color, width, height int, scale float32) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	face := paint.CachedFontFace(text.TextStyle, text.FontSource, text)
	paint.DrawString(img, text.Text, fill, face.Fonts, text.TextSize, scale, text.TextStyle)
	return img
}

func (p *painter) newTexture(textureFilter canvas.ImageScale) Texture {
	if int(textureFilter) >= len(textureFilterToGL) {
		fyne.LogError(fmt.Sprintf("Invalid canvas.ImageScale value (%d), using canvas.ImageScaleSmooth as default value", textureFilter), nil)
		textureFilter = canvas.ImageScaleSmooth
	}

	texture := p.ctx.CreateTexture()
	p.logError()
	p.ctx.ActiveTexture(texture0)
	p.ctx.BindTexture(texture2D, texture)
	p.logError()
	p.ctx.TexParameteri(texture2D, textureMinFilter, textureFilterToGL[textureFilter])
	p.ctx.TexParameteri(texture2D, textureMagFilter, textureFilterToGL[textureFilter])
	p.ctx.TexParameteri(texture2D, textureWrapS, clampToEdge)
	p.ctx.TexParameteri(texture2D, textureWrapT, clampToEdge)
	p.logError()

	return texture
}

func (p *painter) textureScale(v float32) float32 {
	if p.pixScale == 1.0 {
		return float32(math.Round(float64(v)))
	}

	return float32(math.Round(float64(v * p.pixScale)))
}

func almostEqual(a, b float64) bool {
	return math.Abs(a-b) < floatEqualityThreshold
}
