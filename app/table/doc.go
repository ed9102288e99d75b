// Package table is one table's live state and the event loop that owns it.
//
// State combines the engine's game, the roads, the limit sign and its schedule, the run
// wagers, deferred commission and the alerts a supervisor must clear. It changes only through
// Apply, with inputs that are journalled first (Input is the journal payload), so replaying
// a journal rebuilds exactly the state that was on screen. Loop is the single goroutine that
// calls Apply: it writes every input to the journal, synced, before the change is drawn
// or published (architecture.md invariants 2 and 3). The package does not import Fyne or
// Ebiten, so the table display and the pit board's simulated tables can both use it.
package table
