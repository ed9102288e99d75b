package engine

import (
	"testing"
)

// TestIrregularities plays every row of the irregularity table of spec/rule-profiles.md under
// every baccarat profile.
func TestIrregularities(t *testing.T) {
	const start = "shoe noburn "
	tests := []struct {
		row    string
		id     string
		sets   []string
		script string
		want   string
	}{
		// A third card to Player contrary to the tableau, Banker must draw: it is Banker's third.
		{"P3 to Banker", ProfileVic2002, nil, start + "2C KD 5H 4S 3D@P3", "noburn 11.1; R1 T 7-7 normal [11.7.1(a)]"},
		{"P3 to Banker", ProfileACT2012, nil, start + "2C KD 5H 4S 3D@P3", "noburn 9.7; R1 T 7-7 normal [9.1]"},
		{"P3 to Banker", ProfileNZ1998, nil, start + "2C KD 5H 4S 3D@P3", "noburn 12.8; R1 T 7-7 normal [12.1(a)]"},
		{"P3 to Banker", ProfileNZ, nil, start + "2C KD 5H 4S 3D@P3", "noburn 12.7; R1 T 7-7 normal [12.1(a)]"},
		// ... Banker stands: the card starts the next round.
		{"P3 excess", ProfileVic2002, nil, start + s4 + "5D@P3 9C 4H TS", "noburn 11.1; R1 P 7-6 normal; R2 T 9-9 nobet [11.7.1(b)]"},
		{"P3 excess", ProfileACT2012, nil, start + s4 + "5D@P3 9C 4H TS", "noburn 9.7; R1 P 7-6 normal; R2 T 9-9 nobet [9.2]"},
		{"P3 excess", ProfileACT2012, []string{"style=B"}, start + s4 + "5D@P3 9C 4H TS", "noburn 9.7; R1 P 7-6 normal; R2 T 9-9 normal [9.3]"},
		{"P3 excess", ProfileNZ1998, nil, start + s4 + "5D@P3 9C 4H TS", "noburn 12.8; R1 P 7-6 normal; R2 T 9-9 nobet [12.1(b)]"},
		{"P3 excess", ProfileNZ1998, []string{"style=B"}, start + s4 + "5D@P3 9C 4H TS", "noburn 12.8; R1 P 7-6 normal; R2 T 9-9 normal [12.1(b)]"},
		{"P3 excess", ProfileNZ, []string{"style=B"}, start + s4 + "5D@P3 exposed 9C 4H TS", "noburn 12.7; R1 P 7-6 normal; R2 T 9-9 nobet [12.1(b)]"},
		// A third card to Banker contrary to the tableau.
		{"B3 excess", ProfileVic2002, nil, start + s4 + "5D@B3 9C 4H TS", "noburn 11.1; R1 P 7-6 normal; R2 T 9-9 nobet [11.7.2]"},
		{"B3 excess", ProfileACT2012, nil, start + s4 + "5D@B3 9C 4H TS", "noburn 9.7; R1 P 7-6 normal; R2 T 9-9 nobet [9.2]"},
		{"B3 excess", ProfileNZ1998, nil, start + s4 + "5D@B3 9C 4H TS", "noburn 12.8; R1 P 7-6 normal; R2 T 9-9 nobet [12.2(b)]"},
		{"B3 excess", ProfileNZ, []string{"style=B"}, start + s4 + "5D@B3 9C 4H TS", "noburn 12.7; R1 P 7-6 normal; R2 T 9-9 normal [12.2(a)]"},
		// A card drawn in excess and disclosed.
		{"excess disclosed", ProfileVic2002, nil, start + s4 + "5D exposed 9C 4H TS", "noburn 11.1; R1 P 7-6 normal; R2 T 9-9 normal [11.2]"},
		{"excess disclosed", ProfileACT2012, nil, start + s4 + "5D exposed 9C 4H TS", "noburn 9.7; R1 P 7-6 normal; R2 T 9-9 nobet [9.2]"},
		{"excess disclosed", ProfileNZ1998, nil, start + s4 + "5D exposed 9C 4H TS", "noburn 12.8; R1 P 7-6 normal; R2 T 9-9 nobet [12.2(b)]"},
		{"excess disclosed", ProfileNZ, nil, start + s4 + "5D exposed 9C 4H TS", "noburn 12.7; R1 P 7-6 normal; R2 T 9-9 nobet [12.2(b)]"},
		// A card dealt to Banker that was Player's: it goes to Player (000 11.3); elsewhere reconstructed.
		{"wrong box", ProfileVic2002, nil, start + "7H@B1 6S KD TC", "noburn 11.1; anomaly; R1 P 7-6 normal [11.3] review"},
		{"wrong box", ProfileVic2002, nil, start + "7H 6S@P2 KD TC", "noburn 11.1; anomaly; R1 P 7-6 normal [11.8] review"},
		{"wrong box", ProfileACT2012, nil, start + "7H@B1 6S KD TC", "noburn 9.7; anomaly; R1 P 7-6 normal [9.4] review"},
		{"wrong box", ProfileNZ1998, nil, start + "7H@B1 6S KD TC", "noburn 12.8; anomaly; R1 P 7-6 normal [12.6] review"},
		{"wrong box", ProfileNZ, nil, start + "7H@B1 6S KD TC", "noburn 12.7; anomaly; R1 P 7-6 normal [12.6] review"},
		// The first card of a coup found face up in the shoe.
		{"first face up", ProfileVic2002, nil, start + "faceup" + s4, "noburn 11.1; R1 P 7-6 nobet [11.6.1]"},
		{"first face up", ProfileACT2012, nil, start + "faceup" + s4, "noburn 9.7; anomaly; R1 P 7-6 normal review"},
		{"first face up", ProfileNZ1998, nil, start + "faceup" + s4, "noburn 12.8; R1 P 7-6 nobet [12.3]"},
		{"first face up", ProfileNZ, nil, start + "faceup" + s4, "noburn 12.7; R1 P 7-6 nobet [12.3]"},
		// Another card found face up: used as if face down.
		{"other face up", ProfileVic2002, nil, start + "7H faceup 6S KD TC", "noburn 11.1; R1 P 7-6 normal [11.6.2]"},
		{"other face up", ProfileACT2012, nil, start + "7H faceup 6S KD TC", "noburn 9.7; anomaly; R1 P 7-6 normal review"},
		{"other face up", ProfileNZ1998, nil, start + "7H faceup 6S KD TC", "noburn 12.8; R1 P 7-6 normal [12.4]"},
		{"other face up", ProfileNZ, nil, start + "7H faceup 6S KD TC", "noburn 12.7; R1 P 7-6 normal [12.4]"},
		// Not enough cards to finish.
		{"empty", ProfileVic2002, nil, start + "7H 6S KD empty", "noburn 11.1; R1 cancelled [11.11]; end"},
		{"empty", ProfileACT2012, nil, start + "7H 6S KD empty", "noburn 9.7; R1 cancelled [9.6]; end"},
		{"empty", ProfileNZ1998, nil, start + "7H 6S KD empty", "noburn 12.8; R1 cancelled [12.5]; end"},
		{"empty", ProfileNZ, nil, start + "7H 6S KD empty", "noburn 12.7; R1 cancelled [12.5]; end"},
		{"empty", ProfileNZ, []string{"shuffler=continuous"}, start + "7H 6S KD empty" + s4, "noburn 12.7; R1 cancelled [12.5]; R2 P 7-6 normal"},
		// Out of sequence, not reconstructable: the supervisor cancels the round in progress.
		{"void cancels the coup in progress (000 13.3, not 11.12)", ProfileVic2002, nil, start + "7H 6S void" + s4, "noburn 11.1; R1 cancelled [13.3]; R2 P 7-6 normal"},
		{"void", ProfileACT2012, nil, start + "7H 6S void" + s4, "noburn 9.7; R1 cancelled [11.3]; R2 P 7-6 normal"},
		{"void", ProfileNZ1998, nil, start + "7H 6S void" + s4, "noburn 12.8; R1 cancelled [12.7]; R2 P 7-6 normal"},
		{"void", ProfileNZ, nil, start + "7H 6S void" + s4, "noburn 12.7; R1 cancelled [12.6]; R2 P 7-6 normal"},
		{"void", ProfileNZ, nil, start + "void" + s4, "noburn 12.7; refused 12.6; R1 P 7-6 normal"},
		// An error found after the next coup started.
		{"void after", ProfileVic2002, nil, start + s4 + s4 + "void 1 void 1 void 5", "noburn 11.1; R1 P 7-6 normal; R2 P 7-6 normal; void 1 13.3; refused 13.3; refused 13.3"},
		{"void after", ProfileACT2012, nil, start + s4 + s4 + "void 1", "noburn 9.7; R1 P 7-6 normal; R2 P 7-6 normal; void 1 9.5"},
		{"void after", ProfileNZ1998, nil, start + s4 + s4 + "void 1", "noburn 12.8; R1 P 7-6 normal; R2 P 7-6 normal; refused"},
		{"void after", ProfileNZ, nil, start + s4 + s4 + "void 1", "noburn 12.7; R1 P 7-6 normal; R2 P 7-6 normal; refused 12.8"},
		// Rounds without wagers.
		{"nobet", ProfileACT2012, nil, start + "nobet" + s4 + "nobet" + s4 + "nobet" + s4 + "nobet" + s4 + "nobet" + s4,
			"noburn 9.7; R1 P 7-6 nobet [4.7]; R2 P 7-6 nobet [4.7]; R3 P 7-6 nobet [4.7]; refused 4.9; R4 P 7-6 normal; R5 P 7-6 nobet [4.7]"},
		{"nobet", ProfileNZ, nil, start + "nobet" + s4 + "nobet" + s4 + "nobet" + s4 + "nobet" + s4,
			"noburn 12.7; R1 P 7-6 normal [8.3]; R2 P 7-6 normal [8.3]; R3 P 7-6 normal [8.3]; refused 8.3; R4 P 7-6 normal"},
		{"nobet", ProfileVic2002, nil, start + "nobet" + s4 + "nobet" + s4 + "nobet" + s4 + "nobet" + s4,
			"noburn 11.1; R1 P 7-6 nobet [11.5]; R2 P 7-6 nobet [11.5]; R3 P 7-6 nobet [11.5]; R4 P 7-6 nobet [11.5]"},
		{"nobet", ProfileNZ1998, nil, start + "nobet" + s4, "noburn 12.8; refused; R1 P 7-6 normal"},
		// Dummy coups directed by the supervisor (vic only).
		{"dummy", ProfileVic2002, nil, start + "dummy" + s4 + s4, "noburn 11.1; R1 P 7-6 nobet [11.4]; R2 P 7-6 normal"},
		{"dummy", ProfileACT2012, nil, start + "dummy" + s4, "noburn 9.7; refused; R1 P 7-6 normal"},
		{"dummy", ProfileNZ1998, nil, start + "dummy" + s4, "noburn 12.8; refused; R1 P 7-6 normal"},
		{"dummy", ProfileNZ, nil, start + "dummy" + s4, "noburn 12.7; refused; R1 P 7-6 normal"},
		// Reshuffle is Red Dog's.
		{"reshuffle", ProfileNZ, nil, start + "reshuffle", "noburn 12.7; refused"},
	}
	for _, tc := range tests {
		check(t, tc.row+" "+tc.id+" "+tc.script, play(t, tc.id, tc.sets, tc.script), tc.want)
	}
}

// TestCarriedExcessCard drives the Game directly: in style C a card drawn before the hands
// are turned over is a card drawn in excess, not disclosed: it starts the next round
// (000 11.2, 001 9.3, 002/004 12.2(a)).
func TestCarriedExcessCard(t *testing.T) {
	for _, tc := range []struct{ id, note string }{
		{ProfileVic2002, "11.2"}, {ProfileACT2012, "9.3"}, {ProfileNZ1998, "12.2(a)"}, {ProfileNZ, "12.2(a)"},
	} {
		p, _ := LookupProfile(tc.id)
		s, err := ParseSettings(&p, []string{"style=C"})
		if err != nil {
			t.Fatal(err)
		}
		g, _ := NewGame(p, s)
		var evs []Event
		apply := func(in Input) { evs = append(evs, g.Apply(in)...) }
		apply(WordInput(TokShoe, 0))
		apply(WordInput(TokNoBurn, 0))
		for _, c := range mustCards(t, "9H", "2C", "TD", "3C", "5D") { // natural 9-5, then 5D
			apply(CardInput(c, PosNone, SourceShoe))
		}
		apply(TurnInput(HandPlayer))
		apply(TurnInput(HandBanker))
		for _, c := range mustCards(t, "9C", "4H", "TS") {
			apply(CardInput(c, PosNone, SourceShoe))
		}
		apply(TurnInput(HandPlayer))
		apply(TurnInput(HandBanker))
		var got []string
		for _, e := range evs {
			if s := summary(e); s != "" {
				got = append(got, s)
			}
		}
		check(t, tc.id, got, "noburn "+p.Irregular.FailedBurn+"; R1 P 9-5 normal; R2 T 9-9 normal ["+tc.note+"]")
	}
}
