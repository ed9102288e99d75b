// Package reddog holds the rules of Red Dog as the Victorian rule book of 1997 writes them
// (../../../shared/seeds/003_850ff695d2f36be7.txt, profile vic-red-dog-1997): the spread of
// the first two cards, the third card, the raise and settlement, the shuffle and the burn, the
// irregularities of section 9, the replay of a shoe script and the exact odds of the game.
//
// Like package engine it is pure: no I/O, no goroutine, no clock, and nothing outside the
// standard library and package engine. The same inputs always give the same outputs.
package reddog
