// Package display holds the Fyne screens and widgets of the table display: the table screen
// players read and the operator screen behind a PIN. Widgets draw view models built by the
// app from the engine and the roadmap; they hold no game logic. Most widgets paint canvas
// objects (scene); the road grids paint their grid and marks into one image (pixmap), which
// keeps every frame's draw calls few however late the shoe. The pit board, drawn with
// Ebiten, lives in display/pitboard (Fyne and Ebiten cannot share a binary).
package display
