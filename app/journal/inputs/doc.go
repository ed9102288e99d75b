// Package inputs is the journal's schema for table inputs: the payload of every input record
// (journal.KindShoe, KindManual, KindOperator, KindConfig). It is pure: no I/O, no clock.
//
// Schema version 2 (written): one JSON object with "v":2 and a string "kind"; every other
// field is explicit and named below. The canonical form of every shoe token and every operator
// command is its table-script line (spec/table-script.md, engine/desk), so a record reads as
// the script it exports to:
//
//	{"v":2,"kind":"token","line":"9H@P3","source":"shoe"}          a card or shoe word; source shoe|manual
//	{"v":2,"kind":"command","line":"!run 2 banker 4 20"}            an operator command (who and why: the record's actor and reason)
//	{"v":2,"kind":"doubt","doubt":"lost","detail":"SEQ 12 follows 10"}   what the shoe link could not vouch for
//	{"v":2,"kind":"shoe_result","winner":"banker","player_total":3,"banker_total":7,"player_pair":false,"banker_pair":false}
//	{"v":2,"kind":"schedule","at":"…","close":false,"sign":{…},"waived":false,"waived_by":""}   a whole sign posted (the operator screen's form)
//	{"v":2,"kind":"alert","text":"shoe restarted","key":""}         a problem a supervisor must clear
//	{"v":2,"kind":"alert_clear","alert":3}                          alert 3 cleared
//	{"v":2,"kind":"reopen"}                                         a closed table reopened
//	{"v":2,"kind":"stop"}                                           the program stopped cleanly
//
// Decoding is strict: an unknown field, an unknown kind, a version other than 1 or 2, a field
// of the wrong type, a line that is not exactly one token (or one command), or data after the
// object is refused with an error naming the field.
//
// Version 1 is the payload coupboard wrote before this schema: Go's default JSON of the table's
// input, with the engine's integer constants ({"game":{"Kind":1,"Token":{"Kind":1,…}}},
// {"op":{"kind":"run.place",…}}, {"alert":{…}}). Decode reads it through a frozen private copy
// of those types with every integer constant written out (v1.go), so that renumbering a
// constant in the engine can never change what an old record means. Old journals are read,
// not migrated: a journal is hash-chained evidence, and rewriting its payloads would rewrite
// every hash after the first one changed. A journal may hold both versions (records written
// before an upgrade are v1, after it v2); each record is read by its own version. A v1 operator
// command ("op": run.place, run.nominate, commission.defer, commission.collect, insurance) is
// read as the table-script command it is (KindCommand), which the table aggregate decides by
// today's rules; app/table journals each refusal and reports on replay a command that the rules
// now decide differently from the record (docs/auditor.md, "Operator commands, their refusals, and old journals").
package inputs
