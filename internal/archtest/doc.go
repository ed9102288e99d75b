// Package archtest holds tests of the repository's architecture: the pure core imports only
// the standard library, and no package or test binary links both Fyne and Ebiten.
package archtest
