// Package themes holds the looks of coupboard's screens: palettes, bundled fonts, branding
// and layouts, with small adapters to Fyne and Ebiten in their own sub-packages so that
// neither toolkit is linked where it is not used.
package themes
