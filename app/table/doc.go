// Package table is one table's live state and the event loop that owns it.
//
// State holds the table aggregate (engine/desk), which makes every rule decision — the game, the
// limit sign and its notices, wagers, Run wagers, the commission ledger and corrections — and
// what the screen needs besides it: the roads, the rounds of the shoe, the alerts a supervisor
// must clear and the operator's notes. No rule and no rule number is decided here. State changes
// only through Apply, with inputs that are journalled first (Input is the journal payload; an
// operator command is a desk.Command), so replaying a journal rebuilds exactly the state that was
// on screen; a refusal is journalled with the input, and replay says where the rules now decide
// an input differently from the record (Recovery.Differ). Loop is the single goroutine that calls
// Apply: it writes every input to the journal, synced, before the change is drawn or published
// (architecture.md invariants 2 and 3). The package does not import Fyne or Ebiten, so the table
// display and the pit board's simulated tables can both use it.
package table
