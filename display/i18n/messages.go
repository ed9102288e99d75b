package i18n

// Key names one message of the catalogue.
type Key string

// The message keys. Arguments, where a message takes them, are listed beside it.
const (
	// Header.
	GameCommission  Key = "game.commission"   // Baccarat with 5% commission on Banker wins
	GameSixHalf     Key = "game.six_half"     // Banker wins on 6 pay 1 to 2 (Crown; ACT method B; NZ 5.11)
	GameRedDog      Key = "game.red_dog"      // Red Dog
	ShoeNo          Key = "header.shoe"       // %d shoe number
	CoupNo          Key = "header.coup"       // %d coup number
	LimitsTitle     Key = "limits.title"      // the limit sign's title
	WagerPB         Key = "wager.pb"          // Player / Banker
	WagerPlayer     Key = "wager.player"      // Player
	WagerBanker     Key = "wager.banker"      // Banker
	WagerTie        Key = "wager.tie"         // Tie
	WagerInsurance  Key = "wager.insurance"   // Insurance / No 6
	WagerRuns       Key = "wager.runs"        // Run wagers
	WagerRedDog     Key = "wager.red_dog"     // the Red Dog wager
	LimitMin        Key = "limits.min"        // column head: minimum
	LimitMax        Key = "limits.max"        // column head: maximum
	Multiples       Key = "limits.multiples"  // %s amount: wagers in multiples of it
	Differential    Key = "limits.diff"       // the table differential
	DiffMin         Key = "limits.diff_min"   // %s amount
	DiffMax         Key = "limits.diff_max"   // %s amount
	SettleComm      Key = "settle.commission" // settlement method: 5% commission
	SettleSixHalf   Key = "settle.six_half"   // settlement method: Banker 6 pays half
	PersonalLimit   Key = "limits.personal"   // %d seat, %s maximum: a personal limit marker
	HigherLimit     Key = "limits.higher"     // %d seat, %s maximum: a higher limit marker
	NoticeMinimum   Key = "notice.minimum"    // %[1]s new minimum, %[2]s time
	NoticeMaximum   Key = "notice.maximum"    // %[1]s new maximum, %[2]s time
	NoticeLimits    Key = "notice.limits"     // %s time: the limits change
	NoticeDiff      Key = "notice.diff"       // %s time: the table differential changes
	NoticeSettle    Key = "notice.settle"     // %s time: the settlement method changes
	NoticeClosing   Key = "notice.closing"    // %s time
	NoticeLastCoup  Key = "notice.last_coup"  // the next coup is the last of the shoe
	NoticeNoBets    Key = "notice.no_bets"    // no bets this hand
	NoticeDummy     Key = "notice.dummy"      // a dummy coup
	NoticeShoe      Key = "notice.shoe"       // shoe change
	CountdownIn     Key = "notice.in"         // %s remaining time: countdown
	CountdownNow    Key = "notice.now"        // the time has come
	HandPlayer      Key = "hand.player"       // PLAYER (hand title)
	HandBanker      Key = "hand.banker"       // BANKER (hand title)
	ResultBanker    Key = "result.banker"     // %[1]d Banker total, %[2]d Player total
	ResultPlayer    Key = "result.player"     // %[1]d Player total, %[2]d Banker total
	ResultBNatural  Key = "result.b_natural"  // %d Banker natural total
	ResultPNatural  Key = "result.p_natural"  // %d Player natural total
	ResultTie       Key = "result.tie"        // %d the tied total
	ResultBankerWin Key = "result.banker_win" // Banker wins (totals not known)
	ResultPlayerWin Key = "result.player_win" // Player wins (totals not known)
	ResultTieOnly   Key = "result.tie_only"   // Tie (totals not known)
	StatBankerPairs Key = "stats.b_pairs"     // %d banker pairs
	StatPlayerPairs Key = "stats.p_pairs"     // %d player pairs
	LegendRepeat    Key = "legend.repeat"     // red derived marks: repeating
	LegendChoppy    Key = "legend.choppy"     // blue derived marks: choppy
	PairPlayer      Key = "pair.player"       // Player pair
	PairBanker      Key = "pair.banker"       // Banker pair
	SixPaysHalf     Key = "result.six_half"   // Banker wins on 6 — pays half
	InsuranceOpen   Key = "coup.insurance"    // Insurance / No 6 open
	PlaceBets       Key = "coup.place_bets"   // waiting for the deal
	Dealing         Key = "coup.dealing"      // cards are coming
	RoadBig         Key = "road.big"          // Big road
	RoadBead        Key = "road.bead"         // Bead plate
	RoadBigEye      Key = "road.big_eye"      // Big eye boy
	RoadSmall       Key = "road.small"        // Small road
	RoadCockroach   Key = "road.cockroach"    // Cockroach pig
	AskBanker       Key = "road.ask_banker"   // B?
	AskPlayer       Key = "road.ask_player"   // P?
	LetterBanker    Key = "letter.banker"     // B on a bead
	LetterPlayer    Key = "letter.player"     // P on a bead
	LetterTie       Key = "letter.tie"        // T on a bead
	StatsTitle      Key = "stats.title"       // Statistics
	StatHands       Key = "stats.hands"       // Hands
	StatPairs       Key = "stats.pairs"       // Pairs
	StatNaturals    Key = "stats.naturals"    // Naturals
	StatStreak      Key = "stats.streak"      // Streak
	StatLongest     Key = "stats.longest"     // Longest
	StatCardsLeft   Key = "stats.cards_left"  // Cards left
	RunsTitle       Key = "runs.title"        // Run wagers
	RunCombination  Key = "runs.combination"  // Player/Banker combination run
	RunSeat         Key = "runs.seat"         // %d seat number
	RunAlive        Key = "runs.alive"        // still alive
	RunWon          Key = "runs.won"          // won
	RunLost         Key = "runs.lost"         // lost
	RunPays         Key = "runs.pays"         // %d to 1
	ShoeConnected   Key = "status.connected"  // shoe connected
	ShoeSilent      Key = "status.silent"     // shoe silent
	ShoeOffline     Key = "status.offline"    // shoe disconnected
	ManualEntry     Key = "status.manual"     // manual entry
	UnderReview     Key = "status.review"     // %d coup number under review
	ClearError      Key = "status.clear"      // %s error text: a supervisor must clear it
	Closed          Key = "closed.title"      // Closed
	Reopens         Key = "closed.reopens"    // %s time
	Welcome         Key = "idle.welcome"      // attract view title
	BoxRight        Key = "reddog.right"      // the right box (first card)
	BoxLeft         Key = "reddog.left"       // the left box (second card)
	BoxCentre       Key = "reddog.centre"     // the centre (third card)
	RedDogSpread    Key = "reddog.spread"     // %[1]d spread, %[2]d pays to 1
	RedDogRaise     Key = "reddog.raise"      // players may raise
	RedDogNoSpread  Key = "reddog.no_spread"  // consecutive ranks: push
	RedDogPair      Key = "reddog.pair"       // %d three of a kind pays to 1
	RedDogWin       Key = "reddog.win"        // %[1]d spread, %[2]d pays to 1
	RedDogLose      Key = "reddog.lose"       // the third card was outside
	RedDogPush      Key = "reddog.push"       // push
	RedDogTrips     Key = "reddog.trips"      // %d pays to 1
	RedDogTripsPays Key = "reddog.trips_pays" // %d: three of a kind pays it to 1 (after a pair)
	RedDogPaysTitle Key = "reddog.pays"       // the pay table's title
	RedDogPayRow    Key = "reddog.pay_row"    // %d-card spread, on the pay table
	RedDogPayMore   Key = "reddog.pay_more"   // %d-card spread or more, on the pay table
	RedDogPayTrips  Key = "reddog.pay_trips"  // three of a kind, on the pay table
	RedDogPaysTo    Key = "reddog.pays_to"    // %d to 1, on the pay table
	RedDogHistory   Key = "reddog.history"    // the history's title
	RedDogCancelled Key = "reddog.cancelled"  // a round cancelled by the supervisor, in the history

	// Pit board (display/pitboard): what it says besides the table screen's words above.
	PitTitle      Key = "pit.title"      // the board's default title
	PitWaiting    Key = "pit.waiting"    // no table has published yet
	PitCounts     Key = "pit.counts"     // %[1]d tables, %[2]d live, %[3]d stale, %[4]d offline
	PitPage       Key = "pit.page"       // %[1]d page, %[2]d pages
	PitRefused    Key = "pit.refused"    // %d messages refused by the board
	PitForged     Key = "pit.forged"     // %[1]d forged messages refused, %[2]s the last
	PitLegend     Key = "pit.legend"     // the marks of the compact roads
	PitOpen       Key = "pit.open"       // status badge: open
	PitClosingIn  Key = "pit.closing_in" // %d minutes: status badge
	PitOffline    Key = "pit.offline"    // status badge: no heartbeat for long
	PitStale      Key = "pit.stale"      // status badge: data old
	PitNoStatus   Key = "pit.no_status"  // status badge: no status published
	PitNoLimits   Key = "pit.no_limits"  // no limit sign published
	PitNoGame     Key = "pit.no_game"    // no game published
	PitNoCoup     Key = "pit.no_coup"    // no coup yet in this shoe
	PitByHand     Key = "pit.by_hand"    // %s winner: a result entered by hand, without cards
	PitNatural    Key = "pit.natural"    // a natural, among the last result's marks
	PitIncomplete Key = "pit.incomplete" // %d rounds missing from the table's data
	PitShoeEnded  Key = "pit.shoe_ended" // the shoe is over
	PitHot        Key = "pit.hot"        // a hot streak

	// Pit board: the pit bus's nodes and a table's pace (issue 26).
	PitPace     Key = "pit.pace"      // %d hands per hour, on a tile
	PitNodeDown Key = "pit.node_down" // %[1]s the nodes down, %[2]s the node the board reads from
	PitBusLost  Key = "pit.bus_lost"  // the board's connection to the pit bus is down

	// Operator screen (display/operator): its buttons, labels and the words of its tabs.
	OpSignInTitle      Key = "op.sign_in_title"     // Operator sign-in
	OpOperatorID       Key = "op.operator_i_d"      // Operator id
	OpPIN              Key = "op.p_i_n"             // PIN
	OpBackToTable      Key = "op.back_to_table"     // Back to table
	OpOK               Key = "op.o_k"               // OK
	OpSignOut          Key = "op.sign_out"          // Sign out
	OpTable            Key = "op.table"             // Table
	OpExitKiosk        Key = "op.exit_kiosk"        // Exit kiosk
	OpLangName         Key = "op.lang_name"         // English
	OpReason           Key = "op.reason"            // Reason
	OpReasonHint       Key = "op.reason_hint"       // choose or type the reason
	OpTabEntry         Key = "op.tab_entry"         // Entry
	OpTabShoe          Key = "op.tab_shoe"          // Shoe
	OpTabCorrections   Key = "op.tab_corrections"   // Corrections
	OpTabLimits        Key = "op.tab_limits"        // Limits
	OpTabRuns          Key = "op.tab_runs"          // Runs & commission
	OpTabRecall        Key = "op.tab_recall"        // Recall
	OpTabDiag          Key = "op.tab_diag"          // Diagnostics
	OpNoShoe           Key = "op.no_shoe"           // no shoe
	OpDealer           Key = "op.dealer"            // dealer
	OpSupervisor       Key = "op.supervisor"        // supervisor
	OpTyped            Key = "op.typed"             // Typed
	OpTurnPlayer       Key = "op.turn_player"       // Turn Player
	OpTurnBanker       Key = "op.turn_banker"       // Turn Banker
	OpResultHelp       Key = "op.result_help"       // Result only, cards unknown (keypad: * then 1 B, 2 P, 3 T,…
	OpNatural          Key = "op.natural"           // Natural
	OpConfirmResult    Key = "op.confirm_result"    // Confirm result only
	OpUndo             Key = "op.undo"              // . undo
	OpEnter            Key = "op.enter"             // Enter
	OpFaceDown         Key = "op.face_down"         // %d face down
	OpCoupInProgress   Key = "op.coup_in_progress"  // Coup %d in progress
	OpRoundResult      Key = "op.round_result"      // Round %[1]d: %[2]s
	OpCancelled        Key = "op.cancelled"         // CANCELLED
	OpNoResult         Key = "op.no_result"         // no result
	OpNoBets           Key = "op.no_bets"           // (no bets)
	OpRulesApplied     Key = "op.rules_applied"     // Rules applied: %s
	OpLoadShoe         Key = "op.load_shoe"         // No shoe: load a new shoe (Shoe tab)
	OpShoeOver         Key = "op.shoe_over"         // Shoe over: new shoe
	OpLastCoup         Key = "op.last_coup"         // Last coup of the shoe
	OpUnderReview      Key = "op.under_review"      // Under review: %s
	OpNewShoe          Key = "op.new_shoe"          // New shoe
	OpCutCard          Key = "op.cut_card"          // Cutting card out
	OpFaceBurn         Key = "op.face_burn"         // Face-value burn requested
	OpBurn             Key = "op.burn"              // Burn a card
	OpNoBurn           Key = "op.no_burn"           // No burn (dealer failed to burn)
	OpShoeEmpty        Key = "op.shoe_empty"        // End of shoe (shoe empty)
	OpSupervisorOnly   Key = "op.supervisor_only"   // Supervisor (with a reason):
	OpVoidNow          Key = "op.void_now"          // Void round in progress
	OpRoundNo          Key = "op.round_no"          // round no.
	OpVoidRound        Key = "op.void_round"        // Void round
	OpAcceptReview     Key = "op.accept_review"     // Accept review
	OpDummyNext        Key = "op.dummy_next"        // Dummy coup next
	OpNoBetNext        Key = "op.no_bet_next"       // No-bet coup next
	OpExposed          Key = "op.exposed"           // Card exposed
	OpFaceUp           Key = "op.face_up"           // Next card face up in shoe
	OpAlerts           Key = "op.alerts"            // Alerts to clear:
	OpClear            Key = "op.clear"             // Clear
	OpNone             Key = "op.none"              // none
	OpReviewTitle      Key = "op.review_title"      // Under review — check the cards on the table
	OpReviewCards      Key = "op.review_cards"      // cards in deal order: P1 B1 P2 B2 [P3] [B3]
	OpConfirmCards     Key = "op.confirm_cards"     // Confirm cards as read
	OpEnterCards       Key = "op.enter_cards"       // Enter cards
	OpCancelCoup       Key = "op.cancel_coup"       // Cancel the coup
	OpPBMin            Key = "op.p_b_min"           // Player/Banker min
	OpTieMin           Key = "op.tie_min"           // Tie min
	OpMax              Key = "op.max"               // max
	OpTakesEffect      Key = "op.takes_effect"      // Takes effect at
	OpEarliest         Key = "op.earliest"          // Earliest
	OpPostAt           Key = "op.post_at"           // Post for the time
	OpWaiver           Key = "op.waiver"            // Requested or agreed by the players (000 7.7.1)
	OpWaivedBy         Key = "op.waived_by"         // who asked or agreed
	OpChangeNow        Key = "op.change_now"        // Change now
	OpCloseAtButton    Key = "op.close_at_button"   // Close the table at
	OpCloseAt          Key = "op.close_at"          // Close at
	OpMinus15          Key = "op.minus15"           // −15 min
	OpPlus15           Key = "op.plus15"            // +15 min
	OpCancel           Key = "op.cancel"            // Cancel
	OpChangeSignNow    Key = "op.change_sign_now"   // Change the sign now
	OpCloseTable       Key = "op.close_table"       // Close the table
	OpAskChangeNow     Key = "op.ask_change_now"    // Change the limit sign now, with no notice? Player/Banker …
	OpAskClose         Key = "op.ask_close"         // Close the table at %[1]s? The players are told from now; …
	OpAskExit          Key = "op.ask_exit"          // Leave kiosk mode? The table display closes and the deskto…
	OpSignNow          Key = "op.sign_now"          // Sign now: Player %[1]s–%[2]s, Banker %[3]s–%[4]s, Tie %[5…
	OpNoticeRule       Key = "op.notice_rule"       // Notice: %[1]d minutes for %[2]s (%[3]s); earliest now %[4]s
	OpPosted           Key = "op.posted"            // Posted: %[1]s (in %[2]s)
	OpSeat             Key = "op.seat"              // seat
	OpAmount           Key = "op.amount"            // amount $
	OpRegisterRun      Key = "op.register_run"      // Register run
	OpRunWager         Key = "op.run_wager"         // Run wager (000 6.5.5-6.5.8)
	OpCommissionAmount Key = "op.commission_amount" // commission $
	OpDefer            Key = "op.defer"             // Defer
	OpCollect          Key = "op.collect"           // Collect
	OpDeferred         Key = "op.deferred"          // Deferred commission (000 10.2)
	OpInsAmount        Key = "op.ins_amount"        // insurance $
	OpInsCover         Key = "op.ins_cover"         // P/B wager $ (optional)
	OpPlaceInsurance   Key = "op.place_insurance"   // Place insurance
	OpNoOpenRuns       Key = "op.no_open_runs"      // no open runs
	OpNoCommission     Key = "op.no_commission"     // no commission deferred
	OpOwes             Key = "op.owes"              // seat %[1]d owes %[2]s
	OpNextPlayer       Key = "op.next_player"       // Next: Player
	OpNextBanker       Key = "op.next_banker"       // Next: Banker
	OpShoeNoHint       Key = "op.shoe_no_hint"      // shoe no.
	OpShowShoe         Key = "op.show_shoe"         // Show shoe
	OpThisShoe         Key = "op.this_shoe"         // This shoe
	OpNoRecall         Key = "op.no_recall"         // Earlier shoes: no journal recall configured
	OpRecallTitle      Key = "op.recall_title"      // Shoe %[1]d: %[2]d coups
	OpRecallJournal    Key = "op.recall_journal"    // Shoe %[1]d: %[2]d coups (from the journal)
	OpRecallError      Key = "op.recall_error"      // Shoe %d: cannot read the journal
	OpPort             Key = "op.port"              // port
	OpReconnect        Key = "op.reconnect"         // Reconnect
	OpUsePort          Key = "op.use_port"          // Use port
	OpFindPorts        Key = "op.find_ports"        // Find ports
	OpNoLink           Key = "op.no_link"           // no shoe link
	OpInsOpen          Key = "op.ins_open"          // Insurance/No 6 open on coup %[1]d: pays %[2]d to 1, los…
	OpInsClosed        Key = "op.ins_closed"        // Insurance/No 6 on coup %d: closed, waiting for the result
	OpPlaced           Key = "op.placed"            // Placed: %s
	OpNonePlaced       Key = "op.none_placed"       // none placed
	OpSeatN            Key = "op.seat_n"            // seat %d
	OpStanding         Key = "op.standing"          // standing
	OpRunRow           Key = "op.run_row"           // #%[1]d seat %[2]d %[3]s × %[4]d %[5]s — %[6]d won
	OpRunNext          Key = "op.run_next"          // , next: %s
	OpDecided          Key = "op.decided"           // decided: seat %[1]d %[2]s × %[3]d — %[4]s
)

// entry is one message in every language.
type entry struct {
	key            Key
	en, hans, hant string
}

// entries is the catalogue. It is a function, not a variable, so that it cannot be changed.
func entries() []entry {
	return []entry{
		{GameCommission, "Baccarat — 5% commission", "百家乐 — 庄赢抽水 5%", "百家樂 — 莊贏抽水 5%"},
		{GameSixHalf, "No commission: Banker wins on 6 pays 1 to 2", "免佣：庄以 6 点赢赔 1 赔 2", "免佣：莊以 6 點贏賠 1 賠 2"},
		{GameRedDog, "Red Dog", "红狗", "紅狗"},
		{ShoeNo, "Shoe %d", "第 %d 靴", "第 %d 靴"},
		{CoupNo, "Coup %d", "第 %d 局", "第 %d 局"},
		{LimitsTitle, "Table limits", "投注限额", "投注限額"},
		{WagerPB, "Player / Banker", "闲 / 庄", "閒 / 莊"},
		{WagerPlayer, "Player", "闲", "閒"},
		{WagerBanker, "Banker", "庄", "莊"},
		{WagerTie, "Tie", "和", "和"},
		{WagerInsurance, "Insurance / No 6", "保险 / 无 6", "保險 / 無 6"},
		{WagerRuns, "Runs", "连串注", "連串注"},
		{WagerRedDog, "Red Dog", "红狗", "紅狗"},
		{LimitMin, "Min", "最低", "最低"},
		{LimitMax, "Max", "最高", "最高"},
		{Multiples, "Multiples of %s", "以 %s 为单位", "以 %s 為單位"},
		{Differential, "Table differential", "台面差额", "檯面差額"},
		{DiffMin, "min %s", "最低 %s", "最低 %s"},
		{DiffMax, "max %s", "最高 %s", "最高 %s"},
		{SettleComm, "5% commission on Banker wins", "庄赢抽水 5%", "莊贏抽水 5%"},
		{SettleSixHalf, "Banker wins on 6 pay 1 to 2", "庄以 6 点赢赔 1 赔 2", "莊以 6 點贏賠 1 賠 2"},
		{PersonalLimit, "Seat %d: personal limit %s", "%d 号座：个人限额 %s", "%d 號座：個人限額 %s"},
		{HigherLimit, "Seat %d: higher limit %s", "%d 号座：高额限额 %s", "%d 號座：高額限額 %s"},
		{NoticeMinimum, "Minimum changes to %[1]s at %[2]s", "最低限额于 %[2]s 改为 %[1]s", "最低限額於 %[2]s 改為 %[1]s"},
		{NoticeMaximum, "Maximum changes to %[1]s at %[2]s", "最高限额于 %[2]s 改为 %[1]s", "最高限額於 %[2]s 改為 %[1]s"},
		{NoticeLimits, "Table limits change at %s", "投注限额于 %s 更改", "投注限額於 %s 更改"},
		{NoticeDiff, "Table differential changes at %s", "台面差额于 %s 更改", "檯面差額於 %s 更改"},
		{NoticeSettle, "Settlement method changes at %s", "结算方式于 %s 更改", "結算方式於 %s 更改"},
		{NoticeClosing, "This table closes at %s", "本台于 %s 关闭", "本檯於 %s 關閉"},
		{NoticeLastCoup, "Last coup", "最后一局", "最後一局"},
		{NoticeNoBets, "No bets this hand", "本局不设投注", "本局不設投注"},
		{NoticeDummy, "Dummy coup", "空局", "空局"},
		{NoticeShoe, "Shoe change", "换靴", "換靴"},
		{CountdownIn, "in %s", "还有 %s", "還有 %s"},
		{CountdownNow, "now", "现在", "現在"},
		{HandPlayer, "PLAYER", "闲", "閒"},
		{HandBanker, "BANKER", "庄", "莊"},
		{ResultBanker, "BANKER WINS %[1]d TO %[2]d", "庄赢 %[1]d 比 %[2]d", "莊贏 %[1]d 比 %[2]d"},
		{ResultPlayer, "PLAYER WINS %[1]d TO %[2]d", "闲赢 %[1]d 比 %[2]d", "閒贏 %[1]d 比 %[2]d"},
		{ResultBNatural, "BANKER NATURAL %d", "庄 天牌 %d", "莊 天牌 %d"},
		{ResultPNatural, "PLAYER NATURAL %d", "闲 天牌 %d", "閒 天牌 %d"},
		{ResultTie, "TIE %d", "和 %d", "和 %d"},
		{ResultBankerWin, "BANKER WINS", "庄赢", "莊贏"},
		{ResultPlayerWin, "PLAYER WINS", "闲赢", "閒贏"},
		{ResultTieOnly, "TIE", "和局", "和局"},
		{StatBankerPairs, "B pairs %d", "庄对 %d", "莊對 %d"},
		{StatPlayerPairs, "P pairs %d", "闲对 %d", "閒對 %d"},
		{LegendRepeat, "red: repeating", "红：重复", "紅：重複"},
		{LegendChoppy, "blue: choppy", "蓝：跳", "藍：跳"},
		{PairPlayer, "Player pair", "闲对", "閒對"},
		{PairBanker, "Banker pair", "庄对", "莊對"},
		{SixPaysHalf, "Banker wins on 6 — pays half", "庄以 6 点赢 — 赔一半", "莊以 6 點贏 — 賠一半"},
		{InsuranceOpen, "Insurance / No 6 open", "保险 / 无 6 接受投注", "保險 / 無 6 接受投注"},
		{PlaceBets, "Place your bets", "请下注", "請下注"},
		{Dealing, "Dealing", "发牌中", "發牌中"},
		{RoadBig, "Big road", "大路", "大路"},
		{RoadBead, "Bead plate", "珠盘路", "珠盤路"},
		{RoadBigEye, "Big eye boy", "大眼仔", "大眼仔"},
		{RoadSmall, "Small road", "小路", "小路"},
		{RoadCockroach, "Cockroach pig", "曱甴路", "曱甴路"},
		{AskBanker, "B?", "庄问路", "莊問路"},
		{AskPlayer, "P?", "闲问路", "閒問路"},
		{LetterBanker, "B", "庄", "莊"},
		{LetterPlayer, "P", "闲", "閒"},
		{LetterTie, "T", "和", "和"},
		{StatsTitle, "Statistics", "统计", "統計"},
		{StatHands, "Hands", "局数", "局數"},
		{StatPairs, "Pairs", "对子", "對子"},
		{StatNaturals, "Naturals", "天牌", "天牌"},
		{StatStreak, "Streak", "连胜", "連勝"},
		{StatLongest, "Longest", "最长", "最長"},
		{StatCardsLeft, "Cards left", "剩余牌数", "剩餘牌數"},
		{RunsTitle, "Run wagers", "连串注", "連串注"},
		{RunCombination, "Player/Banker", "闲/庄", "閒/莊"},
		{RunSeat, "Seat %d", "%d 号座", "%d 號座"},
		{RunAlive, "alive", "进行中", "進行中"},
		{RunWon, "won", "赢", "贏"},
		{RunLost, "lost", "输", "輸"},
		{RunPays, "%d:1", "%d:1", "%d:1"},
		{ShoeConnected, "Shoe connected", "牌靴已连接", "牌靴已連接"},
		{ShoeSilent, "Shoe silent", "牌靴无信号", "牌靴無信號"},
		{ShoeOffline, "Shoe disconnected", "牌靴已断开", "牌靴已斷開"},
		{ManualEntry, "Manual entry", "手动输入", "手動輸入"},
		{UnderReview, "Coup %d under review", "第 %d 局复核中", "第 %d 局覆核中"},
		{ClearError, "Supervisor to clear: %s", "待主管处理：%s", "待主管處理：%s"},
		{Closed, "Closed", "暂停营业", "暫停營業"},
		{Reopens, "Reopens at %s", "%s 重开", "%s 重開"},
		{Welcome, "Welcome", "欢迎", "歡迎"},
		{BoxRight, "Right", "右", "右"},
		{BoxLeft, "Left", "左", "左"},
		{BoxCentre, "Centre", "中", "中"},
		{RedDogSpread, "%[1]d-CARD SPREAD PAYS %[2]d TO 1", "点差 %[1]d — %[2]d 赔 1", "點差 %[1]d — %[2]d 賠 1"},
		{RedDogRaise, "Raise now", "现在可加注", "現在可加注"},
		{RedDogNoSpread, "NO SPREAD — PUSH", "连号 — 和局", "連號 — 和局"},
		{RedDogPair, "PAIR — NO RAISE", "对子 — 不可加注", "對子 — 不可加注"},
		{RedDogWin, "WIN — %[1]d-CARD SPREAD PAYS %[2]d TO 1", "赢 — 点差 %[1]d，%[2]d 赔 1", "贏 — 點差 %[1]d，%[2]d 賠 1"},
		{RedDogLose, "LOSE", "输", "輸"},
		{RedDogPush, "PUSH", "和局", "和局"},
		{RedDogTrips, "THREE OF A KIND — PAYS %d TO 1", "三条 — %d 赔 1", "三條 — %d 賠 1"},
		{RedDogTripsPays, "Three of a kind pays %d to 1", "三条 %d 赔 1", "三條 %d 賠 1"},
		{RedDogPaysTitle, "Pays", "赔", "賠"},
		{RedDogPayRow, "%d-card spread", "点差 %d", "點差 %d"},
		{RedDogPayMore, "%d-card spread or more", "点差 %d+", "點差 %d+"},
		{RedDogPayTrips, "Three of a kind", "三条", "三條"},
		{RedDogPaysTo, "%d to 1", "%d 赔 1", "%d 賠 1"},
		{RedDogHistory, "Rounds", "牌路", "牌路"},
		{RedDogCancelled, "VOID", "不计", "不計"},
		{PitTitle, "Pit board", "台面总览", "檯面總覽"},
		{PitWaiting, "Waiting for tables…", "等待牌台…", "等待牌檯…"},
		{PitCounts, "%[1]d tables · %[2]d live · %[3]d stale · %[4]d offline", "%[1]d 台 · %[2]d 在线 · %[3]d 过时 · %[4]d 离线", "%[1]d 檯 · %[2]d 在線 · %[3]d 過時 · %[4]d 離線"},
		{PitPage, "page %[1]d of %[2]d", "第 %[1]d/%[2]d 页", "第 %[1]d/%[2]d 頁"},
		{PitRefused, "%d messages refused", "已拒绝 %d 条消息", "已拒絕 %d 條訊息"},
		{PitForged, "%[1]d forged message(s) refused, the last: %[2]s", "已拒绝 %[1]d 条伪造消息，最近：%[2]s", "已拒絕 %[1]d 條偽造訊息，最近：%[2]s"},
		{PitLegend, "○ Banker  ● Player  / Tie  · pairs: banker top-left, player bottom-right", "○ 庄  ● 闲  / 和  · 对子：庄在左上，闲在右下", "○ 莊  ● 閒  / 和  · 對子：莊在左上，閒在右下"},
		{PitOpen, "OPEN", "营业中", "營業中"},
		{PitClosingIn, "CLOSING IN %d MIN", "%d 分钟后关闭", "%d 分鐘後關閉"},
		{PitOffline, "OFFLINE", "离线", "離線"},
		{PitStale, "STALE", "数据过时", "數據過時"},
		{PitNoStatus, "NO STATUS", "无状态", "無狀態"},
		{PitNoLimits, "no limits published", "未发布限额", "未發佈限額"},
		{PitNoGame, "game not published", "未发布游戏", "未發佈遊戲"},
		{PitNoCoup, "No coup yet this shoe", "本靴尚无牌局", "本靴尚無牌局"},
		{PitByHand, "%s (entered by hand)", "%s（手动输入）", "%s（手動輸入）"},
		{PitNatural, "natural", "天牌", "天牌"},
		{PitIncomplete, "INCOMPLETE: %d rounds missing", "不完整：缺 %d 局", "不完整：缺 %d 局"},
		{PitShoeEnded, "Shoe ended", "本靴结束", "本靴結束"},
		{PitHot, "HOT", "热", "熱"},
		{PitPace, "%d hands/h", "%d 局/小时", "%d 局/小時"},
		{PitNodeDown, "Pit bus node down: %[1]s — reading from %[2]s", "台面总线 %[1]s 离线 — 正在读取 %[2]s", "檯面總線 %[1]s 離線 — 正在讀取 %[2]s"},
		{PitBusLost, "Pit bus unreachable — reconnecting", "无法连接台面总线 — 正在重新连接", "無法連接檯面總線 — 正在重新連接"},
		{OpSignInTitle, "Operator sign-in", "操作员登录", "操作員登入"},
		{OpOperatorID, "Operator id", "操作员编号", "操作員編號"},
		{OpPIN, "PIN", "密码", "密碼"},
		{OpBackToTable, "Back to table", "返回牌台", "返回牌檯"},
		{OpOK, "OK", "确定", "確定"},
		{OpSignOut, "Sign out", "登出", "登出"},
		{OpTable, "Table", "牌台", "牌檯"},
		{OpExitKiosk, "Exit kiosk", "退出锁定模式", "退出鎖定模式"},
		{OpLangName, "English", "简体中文", "繁體中文"},
		{OpReason, "Reason", "原因", "原因"},
		{OpReasonHint, "choose or type the reason", "选择或输入原因", "選擇或輸入原因"},
		{OpTabEntry, "Entry", "录入", "錄入"},
		{OpTabShoe, "Shoe", "牌靴", "牌靴"},
		{OpTabCorrections, "Corrections", "更正", "更正"},
		{OpTabLimits, "Limits", "限额", "限額"},
		{OpTabRuns, "Runs & commission", "连串注与佣金", "連串注與佣金"},
		{OpTabRecall, "Recall", "回查", "回查"},
		{OpTabDiag, "Diagnostics", "诊断", "診斷"},
		{OpNoShoe, "no shoe", "无牌靴", "無牌靴"},
		{OpDealer, "dealer", "荷官", "荷官"},
		{OpSupervisor, "supervisor", "主管", "主管"},
		{OpTyped, "Typed", "已输入", "已輸入"},
		{OpTurnPlayer, "Turn Player", "翻闲牌", "翻閒牌"},
		{OpTurnBanker, "Turn Banker", "翻庄牌", "翻莊牌"},
		{OpResultHelp, "Result only, cards unknown (keypad: * then 1 B, 2 P, 3 T, 4 B pair, 5 P pair, 6 natural, Enter)", "仅录结果，牌面未知（键盘：* 后 1 庄、2 闲、3 和、4 庄对、5 闲对、6 天牌，Enter）", "僅錄結果，牌面未知（鍵盤：* 後 1 莊、2 閒、3 和、4 莊對、5 閒對、6 天牌，Enter）"},
		{OpNatural, "Natural", "天牌", "天牌"},
		{OpConfirmResult, "Confirm result only", "确认结果", "確認結果"},
		{OpUndo, ". undo", ". 撤销", ". 撤銷"},
		{OpEnter, "Enter", "确认", "確認"},
		{OpFaceDown, "%d face down", "%d 张暗牌", "%d 張暗牌"},
		{OpCoupInProgress, "Coup %d in progress", "第 %d 局进行中", "第 %d 局進行中"},
		{OpRoundResult, "Round %[1]d: %[2]s", "第 %[1]d 局：%[2]s", "第 %[1]d 局：%[2]s"},
		{OpCancelled, "CANCELLED", "已取消", "已取消"},
		{OpNoResult, "no result", "无结果", "無結果"},
		{OpNoBets, "(no bets)", "（不设投注）", "（不設投注）"},
		{OpRulesApplied, "Rules applied: %s", "适用规则：%s", "適用規則：%s"},
		{OpLoadShoe, "No shoe: load a new shoe (Shoe tab)", "无牌靴：请加载新牌靴（牌靴页）", "無牌靴：請載入新牌靴（牌靴頁）"},
		{OpShoeOver, "Shoe over: new shoe", "本靴结束：请换新靴", "本靴結束：請換新靴"},
		{OpLastCoup, "Last coup of the shoe", "本靴最后一局", "本靴最後一局"},
		{OpUnderReview, "Under review: %s", "复核中：%s", "覆核中：%s"},
		{OpNewShoe, "New shoe", "新牌靴", "新牌靴"},
		{OpCutCard, "Cutting card out", "切牌卡已出", "切牌卡已出"},
		{OpFaceBurn, "Face-value burn requested", "要求按点数烧牌", "要求按點數燒牌"},
		{OpBurn, "Burn a card", "烧一张牌", "燒一張牌"},
		{OpNoBurn, "No burn (dealer failed to burn)", "未烧牌（荷官漏烧）", "未燒牌（荷官漏燒）"},
		{OpShoeEmpty, "End of shoe (shoe empty)", "牌靴结束（已空）", "牌靴結束（已空）"},
		{OpSupervisorOnly, "Supervisor (with a reason):", "主管（需填原因）：", "主管（需填原因）："},
		{OpVoidNow, "Void round in progress", "作废进行中的局", "作廢進行中的局"},
		{OpRoundNo, "round no.", "局号", "局號"},
		{OpVoidRound, "Void round", "作废该局", "作廢該局"},
		{OpAcceptReview, "Accept review", "接受复核", "接受覆核"},
		{OpDummyNext, "Dummy coup next", "下一局为空局", "下一局為空局"},
		{OpNoBetNext, "No-bet coup next", "下一局不设投注", "下一局不設投注"},
		{OpExposed, "Card exposed", "牌已暴露", "牌已暴露"},
		{OpFaceUp, "Next card face up in shoe", "靴中下一张牌面朝上", "靴中下一張牌面朝上"},
		{OpAlerts, "Alerts to clear:", "待清除警报：", "待清除警報："},
		{OpClear, "Clear", "清除", "清除"},
		{OpNone, "none", "无", "無"},
		{OpReviewTitle, "Under review — check the cards on the table", "复核中 — 请核对台上的牌", "覆核中 — 請核對檯上的牌"},
		{OpReviewCards, "cards in deal order: P1 B1 P2 B2 [P3] [B3]", "按发牌顺序：P1 B1 P2 B2 [P3] [B3]", "按發牌順序：P1 B1 P2 B2 [P3] [B3]"},
		{OpConfirmCards, "Confirm cards as read", "确认读取的牌", "確認讀取的牌"},
		{OpEnterCards, "Enter cards", "输入牌", "輸入牌"},
		{OpCancelCoup, "Cancel the coup", "取消本局", "取消本局"},
		{OpPBMin, "Player/Banker min", "闲/庄 最低", "閒/莊 最低"},
		{OpTieMin, "Tie min", "和 最低", "和 最低"},
		{OpMax, "max", "最高", "最高"},
		{OpTakesEffect, "Takes effect at", "生效时间", "生效時間"},
		{OpEarliest, "Earliest", "最早", "最早"},
		{OpPostAt, "Post for the time", "按时公布", "按時公佈"},
		{OpWaiver, "Requested or agreed by the players (000 7.7.1)", "玩家要求或同意（000 7.7.1）", "玩家要求或同意（000 7.7.1）"},
		{OpWaivedBy, "who asked or agreed", "由谁要求或同意", "由誰要求或同意"},
		{OpChangeNow, "Change now", "立即更改", "立即更改"},
		{OpCloseAtButton, "Close the table at", "关闭牌台于", "關閉牌檯於"},
		{OpCloseAt, "Close at", "关闭时间", "關閉時間"},
		{OpMinus15, "−15 min", "−15 分钟", "−15 分鐘"},
		{OpPlus15, "+15 min", "+15 分钟", "+15 分鐘"},
		{OpCancel, "Cancel", "取消", "取消"},
		{OpChangeSignNow, "Change the sign now", "立即更改限额牌", "立即更改限額牌"},
		{OpCloseTable, "Close the table", "关闭牌台", "關閉牌檯"},
		{OpAskChangeNow, "Change the limit sign now, with no notice?\nPlayer/Banker %[1]s–%[2]s, Tie %[3]s–%[4]s", "不经通知立即更改限额牌？\n闲/庄 %[1]s–%[2]s，和 %[3]s–%[4]s", "不經通知立即更改限額牌？\n閒/莊 %[1]s–%[2]s，和 %[3]s–%[4]s"},
		{OpAskClose, "Close the table at %[1]s?\nThe players are told from now; at %[1]s the table closes.", "于 %[1]s 关闭牌台？\n即时通知玩家；%[1]s 牌台关闭。", "於 %[1]s 關閉牌檯？\n即時通知玩家；%[1]s 牌檯關閉。"},
		{OpAskExit, "Leave kiosk mode?\nThe table display closes and the desktop is open to whoever stands here.", "退出锁定模式？\n牌台显示将关闭，桌面对在场任何人开放。", "退出鎖定模式？\n牌檯顯示將關閉，桌面對在場任何人開放。"},
		{OpSignNow, "Sign now: Player %[1]s–%[2]s, Banker %[3]s–%[4]s, Tie %[5]s–%[6]s", "当前限额：闲 %[1]s–%[2]s，庄 %[3]s–%[4]s，和 %[5]s–%[6]s", "當前限額：閒 %[1]s–%[2]s，莊 %[3]s–%[4]s，和 %[5]s–%[6]s"},
		{OpNoticeRule, "Notice: %[1]d minutes for %[2]s (%[3]s); earliest now %[4]s", "通知期：%[2]s 需 %[1]d 分钟（%[3]s）；现在最早 %[4]s", "通知期：%[2]s 需 %[1]d 分鐘（%[3]s）；現在最早 %[4]s"},
		{OpPosted, "Posted: %[1]s (in %[2]s)", "已公布：%[1]s（还有 %[2]s）", "已公佈：%[1]s（還有 %[2]s）"},
		{OpSeat, "seat", "座位", "座位"},
		{OpAmount, "amount $", "金额 $", "金額 $"},
		{OpRegisterRun, "Register run", "登记连串注", "登記連串注"},
		{OpRunWager, "Run wager (000 6.5.5-6.5.8)", "连串注（000 6.5.5-6.5.8）", "連串注（000 6.5.5-6.5.8）"},
		{OpCommissionAmount, "commission $", "佣金 $", "佣金 $"},
		{OpDefer, "Defer", "延后收取", "延後收取"},
		{OpCollect, "Collect", "收取", "收取"},
		{OpDeferred, "Deferred commission (000 10.2)", "延后佣金（000 10.2）", "延後佣金（000 10.2）"},
		{OpInsAmount, "insurance $", "保险 $", "保險 $"},
		{OpInsCover, "P/B wager $ (optional)", "闲/庄注 $（可选）", "閒/莊注 $（可選）"},
		{OpPlaceInsurance, "Place insurance", "下保险注", "下保險注"},
		{OpNoOpenRuns, "no open runs", "无进行中的连串注", "無進行中的連串注"},
		{OpNoCommission, "no commission deferred", "无延后佣金", "無延後佣金"},
		{OpOwes, "seat %[1]d owes %[2]s", "%[1]d 号座欠 %[2]s", "%[1]d 號座欠 %[2]s"},
		{OpNextPlayer, "Next: Player", "下一局：闲", "下一局：閒"},
		{OpNextBanker, "Next: Banker", "下一局：庄", "下一局：莊"},
		{OpShoeNoHint, "shoe no.", "靴号", "靴號"},
		{OpShowShoe, "Show shoe", "显示该靴", "顯示該靴"},
		{OpThisShoe, "This shoe", "本靴", "本靴"},
		{OpNoRecall, "Earlier shoes: no journal recall configured", "更早的靴：未配置日志回查", "更早的靴：未配置日誌回查"},
		{OpRecallTitle, "Shoe %[1]d: %[2]d coups", "第 %[1]d 靴：%[2]d 局", "第 %[1]d 靴：%[2]d 局"},
		{OpRecallJournal, "Shoe %[1]d: %[2]d coups (from the journal)", "第 %[1]d 靴：%[2]d 局（来自日志）", "第 %[1]d 靴：%[2]d 局（來自日誌）"},
		{OpRecallError, "Shoe %d: cannot read the journal", "第 %d 靴：无法读取日志", "第 %d 靴：無法讀取日誌"},
		{OpPort, "port", "端口", "連接埠"},
		{OpReconnect, "Reconnect", "重新连接", "重新連接"},
		{OpUsePort, "Use port", "使用端口", "使用連接埠"},
		{OpFindPorts, "Find ports", "查找端口", "尋找連接埠"},
		{OpNoLink, "no shoe link", "无牌靴连接", "無牌靴連接"},
		{OpInsOpen, "Insurance/No 6 open on coup %[1]d: pays %[2]d to 1, loses only to a Banker win with 6 (000 1.1, 10.1)", "第 %[1]d 局保险/无 6 开放：%[2]d 赔 1，仅在庄以 6 点赢时输（000 1.1、10.1）", "第 %[1]d 局保險/無 6 開放：%[2]d 賠 1，僅在莊以 6 點贏時輸（000 1.1、10.1）"},
		{OpInsClosed, "Insurance/No 6 on coup %d: closed, waiting for the result", "第 %d 局保险/无 6：已截止，等待结果", "第 %d 局保險/無 6：已截止，等待結果"},
		{OpPlaced, "Placed: %s", "已下注：%s", "已下注：%s"},
		{OpNonePlaced, "none placed", "无人下注", "無人下注"},
		{OpSeatN, "seat %d", "%d 号座", "%d 號座"},
		{OpStanding, "standing", "站立玩家", "站立玩家"},
		{OpRunRow, "#%[1]d seat %[2]d %[3]s × %[4]d %[5]s — %[6]d won", "#%[1]d %[2]d 号座 %[3]s × %[4]d %[5]s — 已赢 %[6]d", "#%[1]d %[2]d 號座 %[3]s × %[4]d %[5]s — 已贏 %[6]d"},
		{OpRunNext, ", next: %s", "，下一局：%s", "，下一局：%s"},
		{OpDecided, "decided: seat %[1]d %[2]s × %[3]d — %[4]s", "已结算：%[1]d 号座 %[2]s × %[3]d — %[4]s", "已結算：%[1]d 號座 %[2]s × %[3]d — %[4]s"},
	}
}
