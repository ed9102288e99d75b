// Package engine holds the rules of the table games coupboard displays: cards and the
// shoe, baccarat coups and the table of play, revealing, settlement, run wagers, limits
// and notices, irregularities, and the rule profiles that turn each casino rule book
// (../shared/seeds) into data.
//
// The package is pure: it does no I/O, starts no goroutine, reads no clock and imports
// nothing outside the standard library. Time is passed in as a value, so the same
// inputs always give the same outputs and a journal replays to the same screen.
package engine
