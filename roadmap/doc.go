// Package roadmap turns a shoe's baccarat results into the five standard roads (bead plate,
// big road, big eye boy, small road, cockroach pig), the ask-road predictions and the
// statistics shown beside them (spec/roadmap.md). It works on grids of marks, not pixels,
// and is pure: no I/O, no goroutines, no clock.
package roadmap
