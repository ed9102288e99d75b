// Package hostile holds the hostile-line suite (issue 21 items 1-2): Go tests that drive a real
// table — the serial port manager over a pseudo-terminal, the CSP1 decoder, the shoe feed, the
// table's event loop and its journal — with a shoe line that loses, reorders, duplicates,
// corrupts, replays and contradicts frames, and check against a replay of the cards really
// dealt that no round is ever shown, published or exported with a wrong result unless it is
// marked for review. It has no non-test code.
package hostile
