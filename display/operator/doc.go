// Package operator is the operator screen (spec/display.md §2): the dealer's and the
// supervisor's touch screen behind a PIN, opened from the table screen. It draws and decides
// nothing of the table: it turns what the operator taps or types into plain requests
// (view.Request) and keys for its Controller (app/operator's Session, which checks the role,
// journals and sends them to the table), and draws the view.Operator snapshot and the log lines
// the Controller gives back. It imports nothing of app/. The engine validates a card entered by
// hand exactly like a card read by the shoe; its refusals are shown as they come.
//
// Screen is the Fyne widget; Controller is all it knows of the session behind it. One file per
// part of the screen: the frame (screen.go), the PIN pad (pinpad.go), one file per tab
// (entry.go, shoe.go, corrections.go, limits.go, runs.go, recall.go, diag.go), the time fields
// (clock.go), the review box (review.go) and Red Dog's views (reddog_*.go).
package operator
