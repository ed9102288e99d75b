// Package archtest holds tests of the repository's architecture: the pure core imports only
// the standard library, no package or test binary links both Fyne and Ebiten, and app/ decides
// no rule — it reaches the engine's settlement, notice, run and commission functions only
// through the table aggregate (engine/desk), and app/table cites no rule number.
package archtest
