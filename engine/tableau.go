package engine

// PlayerDraws reports whether the Player hand with this two-card total draws a third
// card: it draws on 0-5 and stands on 6-7 (000 Table 1, 001 7.2, 002 Table 1). A natural
// (8 or 9 for either hand) ends the coup before this question is asked (000 9.1).
func PlayerDraws(playerTotal int) bool { return playerTotal <= 5 }

// BankerDraws reports whether the Banker hand with this two-card total draws a third card.
// playerThird is the Player's third card when Player drew (playerDrew true).
//
// If Player stood, Banker draws on 0-5 and stands on 6-7 (002 9.5, 000 Table 2 first row).
// If Player drew, the tableau of 000 Table 2 / 001 7.3 / 002 Table 2 applies, by the point
// value of Player's third card: 0-2 draws; 3 draws unless that card is 8; 4 draws on 2-7;
// 5 draws on 4-7; 6 draws on 6-7; 7 stands.
func BankerDraws(bankerTotal int, playerDrew bool, playerThird Card) bool {
	if !playerDrew {
		return bankerTotal <= 5
	}
	v := playerThird.Point()
	switch bankerTotal {
	case 0, 1, 2:
		return true
	case 3:
		return v != 8
	case 4:
		return v >= 2 && v <= 7
	case 5:
		return v >= 4 && v <= 7
	case 6:
		return v == 6 || v == 7
	default:
		return false
	}
}

// IsNatural reports whether a two-card total is a natural (8 or 9) (000 9.1, 001 6.4, 002 9.2).
func IsNatural(twoCardTotal int) bool { return twoCardTotal >= 8 }
