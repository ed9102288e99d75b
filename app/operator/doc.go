// Package operator is the operator screen's controller (spec/display.md §2): what the dealer's
// and the supervisor's touch screen behind a PIN does, apart from drawing it. It takes the
// snapshots the screen draws (SnapshotOf, SnapshotOfRedDog: plain display/view.Operator values
// read on the table loop's goroutine). Package display/operator draws them; app wires the two.
package operator
