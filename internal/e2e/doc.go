// Package e2e holds the table screen's end-to-end test and measurements (issue 5): Go tests
// that build the real coupboard binary, feed it a shoe over a pseudo-terminal as a smart shoe
// would, and check what the screen shows. TestTableScreen runs the windowed table under a
// virtual X server (Xvfb, or the DISPLAY that xvfb-run provides), checks that the roads in the
// view model it presents equal `coupboard roads` for the same results, and saves a screenshot.
// The measurements (latency from a CARD frame to the screen that shows it, idle CPU, memory
// after 1,000 coups, start-up time) run only when COUPBOARD_E2E_MEASURE=1 (bench/display.sh).
// It has no non-test code.
package e2e
