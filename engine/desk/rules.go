package desk

// Rules are the rule numbers behind the desk's decisions, one set per rule book: the data
// of every wager-side decision, as engine.Profile is for the cards. An empty field means the
// book has no such rule (the decision it names does not apply).
type Rules struct {
	Book string // the book's file prefix in ../shared/seeds
	// BetsClosed: no wager is placed, increased or withdrawn after the first card of the coup
	// (000 6.4, 001 6.2, 002 5.10, 004 5.14, 003 5.6).
	BetsClosed string
	// Chips: wagers are placed in chips (000 6.1, 001 4.2, 002 5.3, 004 5.3, 003 5.1).
	Chips string
	// NotBoth: the Banker's hand and the Player's hand may not be backed together (002 5.2);
	// empty where the book allows it (004 5.2(c)).
	NotBoth string
	// NotExact: a Banker wager whose win could not be paid exactly in chips is not accepted
	// (002 5.8, 004 5.12; not on a 6-pays-half table); empty where the book pays up (000 7.3.3).
	NotExact string
	// Defer: commission may be deferred for seated players (000 10.2.1); NoDefer is the rule
	// that collects it when the winnings are paid, where the book does not allow deferral
	// (002 5.7(b), 004 5.10(b); act: commission is deducted from the win, 001 8.6(b)).
	Defer, NoDefer string
	// DeferredByShoe: deferred commission is settled at the end of each shoe and collected
	// before the next shoe commences (000 10.2.1(a)).
	DeferredByShoe string
	// NoWagers: wagers on a coup played without wagers are void and returned (000 11.9.4,
	// 001 definition "Non-betting round" and 4.7, 002/004 definition "Void Hand").
	NoWagers string
	// LateOnDummy: a wager placed after a coup became a dummy coup is void (000 11.9.5).
	LateOnDummy string
	// Refund: where the outcome of a coup is invalidated, every wager on it is refunded
	// (000 13.4, 001 definition "Void", 002/004 definition "Void", 003 10.4).
	Refund string
	// Minimum and Maximum: a wager under the minimum is paid or collected and the player warned
	// (000 7.3.1, 001 3.4); over the maximum it is paid or collected to the maximum (000 7.3.2, 001 3.5).
	Minimum, Maximum string
	// Runs: Run wagers are offered (000 1.1, 2.4, 6.5.5-6.5.8); Raise: Red Dog's raise (003 5.4, 7.2.1.1).
	Runs, Raise string
	// Closed: no wager at a closed table (000 13.7, 001 10.2, 003 10.7).
	Closed string
	// InsurancePays: Insurance/No 6 pays 2 to 1 (000 10.1); InsuranceLoses: it loses only to a
	// Banker win with 6 (000 1.1). Empty where the book has no Insurance/No 6.
	InsurancePays, InsuranceLoses string
	// NotInGame: the book has no such input or command — Red Dog's (003) has no hand to turn, no
	// result entered without cards, no shoe's own baccarat result, no table settings, no
	// differential and no commission; a baccarat book has them all (empty).
	NotInGame string
}

// books holds each book's Rules.
var books = map[string]Rules{
	"000": {Book: "000", BetsClosed: "000 6.4", Chips: "000 6.1", Defer: "000 10.2.1", DeferredByShoe: "000 10.2.1(a)",
		NoWagers: "000 11.9.4", LateOnDummy: "000 11.9.5", Refund: "000 13.4", Minimum: "000 7.3.1", Maximum: "000 7.3.2",
		Runs: "000 1.1, 6.5.5-6.5.8", Closed: "000 13.7", InsurancePays: "000 10.1", InsuranceLoses: "000 1.1"},
	"001": {Book: "001", BetsClosed: "001 6.2", Chips: "001 4.2", NoDefer: "001 8.6(b)", NoWagers: "001 4.7",
		Refund: "001 Void", Minimum: "001 3.4", Maximum: "001 3.5", Closed: "001 10.2"},
	"002": {Book: "002", BetsClosed: "002 5.10", Chips: "002 5.3", NotBoth: "002 5.2", NotExact: "002 5.8",
		NoDefer: "002 5.7(b)", NoWagers: "002 Void Hand", Refund: "002 12.5-12.7"},
	"004": {Book: "004", BetsClosed: "004 5.14", Chips: "004 5.3", NotExact: "004 5.12", NoDefer: "004 5.10(b)",
		NoWagers: "004 Void Hand", Refund: "004 12.5-12.7"},
	"003": {Book: "003", BetsClosed: "003 5.6", Chips: "003 5.1", Refund: "003 10.4", Raise: "003 5.4, 7.2.1.1", Maximum: "003 6.3",
		Closed: "003 10.7", NotInGame: "003"},
}

// RulesFor is the book's Rules; an unknown book has none (every decision that needs a rule is refused).
func RulesFor(book string) (Rules, bool) {
	r, ok := books[book]
	return r, ok
}
