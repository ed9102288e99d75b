// Package operator is the operator screen (spec/display.md §2): the dealer's and the
// supervisor's touch screen behind a PIN, opened from the table screen. It owns no table
// state: it turns what the operator taps or types into table commands (table.Msg), each
// carrying the operator's role, id and a reason, hands them to a Table that journals and
// applies them, and draws the Snapshot the Table gives back. The engine validates a card
// entered by hand exactly like a card read by the shoe; its refusals are shown as they come.
//
// Session holds the logic (PIN and role, what each role may do, the card keypad); Screen is
// the Fyne widget that draws it.
package operator
