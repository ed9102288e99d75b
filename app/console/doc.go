// Package console is the pit console: a web page served by the pit server for supervisors at
// the podium. It shows every table of the pit live (its sign, notices, state and last result,
// from the pit board's model, display/pitmodel, fed by the bus), and lets a supervisor, signed
// in as a person, post a change of the sign, a closing or a reopening to many tables at once
// for a time, cancel it, and see who did what and what each table answered.
//
// The page is server-rendered HTML (html/template, embedded) that works without JavaScript (a
// refresh) and, with it, updates itself from a server-sent event stream. Every word on it is
// in the table screen's catalogue (display/i18n), in its three languages.
//
// The console decides no rule. Who a person is comes from an Authenticator (the operator
// directory; PeopleFile reads a file of bcrypt PINs); what a table does with a change is the
// table's decision, reached through a Poster (the pit's command sender; Rehearsal decides each
// change with the table's own engine but does not reach the table). The earliest time offered
// for a change is the engine's (engine.Board.Schedule, engine.Earliest) for the table's book
// and the sign it publishes.
package console
