// Package desk is the whole table in the pure core: one Table holds everything a table
// decides — the game (baccarat engine.Game or Red Dog reddog.Table), the limit sign and its
// notices, setting changes, the wagers (Player, Banker, Tie and Insurance/No 6; Red Dog's bet
// and raise), Run wagers and nominations, the commission ledger and corrections — and the one
// input language that reaches it, the table script (spec/table-script.md): shoe tokens, "@"
// clock forms and "!" operator commands.
//
// Table.Apply takes one input at a time given by the caller and returns everything it did:
// the engine's events, the wagers settled, runs decided, commission owed or collected, notices
// posted, signs taking effect and commands refused with the rule. Every rule decision cites
// its rule number from the book's Rules (rules.go) or the engine's profiles. The package does
// no I/O, reads no clock and starts no goroutine.
package desk
