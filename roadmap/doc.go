// Package roadmap turns a shoe's baccarat results into the five standard roads (bead plate,
// big road, big eye boy, small road, cockroach pig), the ask-road predictions and the
// statistics shown beside them (spec/roadmap.md). It works on grids of marks, not pixels,
// and is pure: no I/O, no goroutines, no clock.
//
// A Roads holds one shoe. Append adds a round to every road in O(1) amortised time without
// allocating; Build computes the same roads from a list of rounds; Cancel removes a past round
// and recomputes everything. Derived roads are computed from the big road's logical columns,
// never from its drawn grid. Every road is drawn 6 rows high with the gravity dragon tail;
// Window gives a screen the last N drawn columns and the newest mark. Report is the JSON of
// `coupboard roads`, and ParseHands reads its notation (BBbPTpP).
package roadmap
