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
	NoticeMinimum   Key = "notice.minimum"    // %[1]s new minimum, %[2]s time, %[3]s the wager
	NoticeMaximum   Key = "notice.maximum"    // %[1]s new maximum, %[2]s time, %[3]s the wager
	NoticeLimits    Key = "notice.limits"     // %s time: the limits change
	NoticeDiff      Key = "notice.diff"       // %s time: the table differential changes
	NoticeSettle    Key = "notice.settle"     // %s time: the settlement method changes
	NoticeClosing   Key = "notice.closing"    // %s time
	NoticeReopening Key = "notice.reopening"  // %s time: a closed table opens again
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
	ShoeUnproven    Key = "status.unproven"   // the shoe's frames are dropped: not proven to be the table's shoe since the link came back
	UnderReview     Key = "status.review"     // %d coup number under review
	ReasonJoin      Key = "reason.join"       // what joins the engine's reasons in a list ("; ")
	ReasonLabel     Key = "reason.label"      // %[1]s a script word, %[2]s the engine's reason for it
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
	PitReview     Key = "pit.review"     // %d coup: status badge, a coup held for review
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
	OpSignInTitle      Key = "op.sign_in_title"      // Operator sign-in
	OpOperatorID       Key = "op.operator_i_d"       // Operator id
	OpPIN              Key = "op.p_i_n"              // PIN
	OpBackToTable      Key = "op.back_to_table"      // Back to table
	OpOK               Key = "op.o_k"                // OK
	OpSignOut          Key = "op.sign_out"           // Sign out
	OpTable            Key = "op.table"              // Table
	OpExitKiosk        Key = "op.exit_kiosk"         // Exit kiosk
	OpLangName         Key = "op.lang_name"          // English
	OpReason           Key = "op.reason"             // Reason
	OpReasonHint       Key = "op.reason_hint"        // choose or type the reason
	OpWrongPINFor      Key = "op.wrong_pin_for"      // %[1]s id, %[2]d wrong so far, %[3]d the lockout's count
	OpWrongPIN         Key = "op.wrong_pin"          // %[1]d wrong so far, %[2]d the lockout's count (role PINs)
	OpLockedFor        Key = "op.locked_for"         // %[1]s id, %[2]s time the id opens again
	OpLockedAll        Key = "op.locked_all"         // %s time the keypad opens again (role PINs)
	OpUnknownID        Key = "op.unknown_id"         // %s id not in the pit's operator directory
	OpInactiveID       Key = "op.inactive_id"        // %s id deactivated in the pit's operator directory
	OpTabEntry         Key = "op.tab_entry"          // Entry
	OpTabShoe          Key = "op.tab_shoe"           // Shoe
	OpTabCorrections   Key = "op.tab_corrections"    // Corrections
	OpTabLimits        Key = "op.tab_limits"         // Limits
	OpTabRuns          Key = "op.tab_runs"           // Runs & commission
	OpTabRecall        Key = "op.tab_recall"         // Recall
	OpTabDiag          Key = "op.tab_diag"           // Diagnostics
	OpNoShoe           Key = "op.no_shoe"            // no shoe
	OpDealer           Key = "op.dealer"             // dealer
	OpSupervisor       Key = "op.supervisor"         // supervisor
	OpTyped            Key = "op.typed"              // Typed
	OpTurnPlayer       Key = "op.turn_player"        // Turn Player
	OpTurnBanker       Key = "op.turn_banker"        // Turn Banker
	OpTurnBankerFirst  Key = "op.turn_banker_first"  // the supervisor turns Banker before Player (004 8.17)
	OpResultHelp       Key = "op.result_help"        // Result only, cards unknown (keypad: * then 1 B, 2 P, 3 T,…
	OpNatural          Key = "op.natural"            // Natural
	OpConfirmResult    Key = "op.confirm_result"     // Confirm result only
	OpUndo             Key = "op.undo"               // . undo
	OpEnter            Key = "op.enter"              // Enter
	OpFaceDown         Key = "op.face_down"          // %d face down
	OpCoupInProgress   Key = "op.coup_in_progress"   // Coup %d in progress
	OpRoundResult      Key = "op.round_result"       // Round %[1]d: %[2]s
	OpCancelled        Key = "op.cancelled"          // CANCELLED
	OpNoResult         Key = "op.no_result"          // no result
	OpNoBets           Key = "op.no_bets"            // (no bets)
	OpRulesApplied     Key = "op.rules_applied"      // Rules applied: %s
	OpLoadShoe         Key = "op.load_shoe"          // No shoe: load a new shoe (Shoe tab)
	OpShoeOver         Key = "op.shoe_over"          // Shoe over: new shoe
	OpLastCoup         Key = "op.last_coup"          // Last coup of the shoe
	OpUnderReview      Key = "op.under_review"       // Under review: %s
	OpNewShoe          Key = "op.new_shoe"           // New shoe
	OpCutCard          Key = "op.cut_card"           // Cutting card out
	OpFaceBurn         Key = "op.face_burn"          // Face-value burn requested
	OpBurn             Key = "op.burn"               // Burn a card
	OpNoBurn           Key = "op.no_burn"            // No burn (dealer failed to burn)
	OpShoeEmpty        Key = "op.shoe_empty"         // End of shoe (shoe empty)
	OpSupervisorOnly   Key = "op.supervisor_only"    // Supervisor (with a reason):
	OpVoidNow          Key = "op.void_now"           // Void round in progress
	OpRoundNo          Key = "op.round_no"           // round no.
	OpVoidRound        Key = "op.void_round"         // Void round
	OpDisputeRound     Key = "op.dispute_round"      // Dispute round: put a round already shown under review
	OpAcceptReview     Key = "op.accept_review"      // Accept review
	OpDummyNext        Key = "op.dummy_next"         // Dummy coup next
	OpNoBetNext        Key = "op.no_bet_next"        // No-bet coup next
	OpExposed          Key = "op.exposed"            // Card exposed
	OpFaceUp           Key = "op.face_up"            // Next card face up in shoe
	OpAlerts           Key = "op.alerts"             // Alerts to clear:
	OpClear            Key = "op.clear"              // Clear
	OpNone             Key = "op.none"               // none
	OpReviewTitle      Key = "op.review_title"       // Under review — check the cards on the table
	OpReviewCards      Key = "op.review_cards"       // cards in deal order: P1 B1 P2 B2 [P3] [B3]
	OpConfirmCards     Key = "op.confirm_cards"      // Confirm cards as read
	OpEnterCards       Key = "op.enter_cards"        // Enter cards
	OpCancelCoup       Key = "op.cancel_coup"        // Cancel the coup
	OpPBMin            Key = "op.p_b_min"            // Player/Banker min
	OpTieMin           Key = "op.tie_min"            // Tie min
	OpMax              Key = "op.max"                // max
	OpTakesEffect      Key = "op.takes_effect"       // Takes effect at
	OpEarliest         Key = "op.earliest"           // Earliest
	OpPostAt           Key = "op.post_at"            // Post for the time
	OpWaiver           Key = "op.waiver"             // Requested or agreed by the players (000 7.7.1)
	OpWaivedBy         Key = "op.waived_by"          // who asked or agreed
	OpChangeNow        Key = "op.change_now"         // Change now
	OpCloseAtButton    Key = "op.close_at_button"    // Close the table at
	OpCloseAt          Key = "op.close_at"           // Close at
	OpSettlement       Key = "op.settlement"         // Settlement method (001 8.1)
	OpMethodA          Key = "op.method_a"           // method A: commission (001 8.6)
	OpMethodB          Key = "op.method_b"           // method B: Banker 6 pays half (001 8.7)
	OpPostMethod       Key = "op.post_method"        // Post the method for the time in the time field (001 8.2)
	OpMinus15          Key = "op.minus15"            // −15 min
	OpPlus15           Key = "op.plus15"             // +15 min
	OpCancel           Key = "op.cancel"             // Cancel
	OpChangeSignNow    Key = "op.change_sign_now"    // Change the sign now
	OpCloseTable       Key = "op.close_table"        // Close the table
	OpAskChangeNow     Key = "op.ask_change_now"     // Change the limit sign now, with no notice? Player/Banker …
	OpAskClose         Key = "op.ask_close"          // Close the table at %[1]s? The players are told from now; …
	OpAskExit          Key = "op.ask_exit"           // Leave kiosk mode? The table display closes and the deskto…
	OpSignNow          Key = "op.sign_now"           // Sign now: Player %[1]s–%[2]s, Banker %[3]s–%[4]s, Tie %[5…
	OpNoticeRule       Key = "op.notice_rule"        // Notice: %[1]d minutes for %[2]s (%[3]s); earliest now %[4]s
	OpPosted           Key = "op.posted"             // Posted: %[1]s at %[2]s (in %[3]s)
	OpNoticeMin        Key = "op.notice_min"         // %[1]s minimum %[2]s
	OpNoticeMax        Key = "op.notice_max"         // %[1]s maximum %[2]s
	OpNoticeMultiple   Key = "op.notice_multiple"    // %[1]s in multiples of %[2]s
	OpNoticeDiffMin    Key = "op.notice_diff_min"    // minimum differential %s
	OpNoticeDiffMax    Key = "op.notice_diff_max"    // maximum differential %s
	OpNoticeNoDiffMin  Key = "op.notice_no_diff_min" // no minimum differential
	OpNoticeNoDiffMax  Key = "op.notice_no_diff_max" // no maximum differential
	OpNoticeSettle     Key = "op.notice_settle"      // settlement method %s
	OpNoticeClose      Key = "op.notice_close"       // table closes
	OpNoticeOpen       Key = "op.notice_open"        // table reopens
	OpKindRaiseMin     Key = "op.kind_raise_min"     // a higher minimum
	OpKindLowerMin     Key = "op.kind_lower_min"     // a lower minimum
	OpKindMaximum      Key = "op.kind_maximum"       // the maximum
	OpKindMultiples    Key = "op.kind_multiples"     // the multiples
	OpKindDifferential Key = "op.kind_differential"  // the differential
	OpKindSettlement   Key = "op.kind_settlement"    // the settlement method
	OpKindClose        Key = "op.kind_close"         // closing
	OpKindOpen         Key = "op.kind_open"          // opening
	OpKindNone         Key = "op.kind_none"          // no change
	OpKindEvery        Key = "op.kind_every"         // every change of the sign and the closing
	LogRunVoid         Key = "log.run_void"          // VOID (a Run wager returned)
	CmdBet             Key = "cmd.bet"               // the table-script command !bet, as a refusal names it
	CmdRun             Key = "cmd.run"               // the table-script command !run, as a refusal names it
	CmdNominate        Key = "cmd.nominate"          // the table-script command !nominate, as a refusal names it
	CmdDefer           Key = "cmd.defer"             // the table-script command !defer, as a refusal names it
	CmdCollect         Key = "cmd.collect"           // the table-script command !collect, as a refusal names it
	CmdLimits          Key = "cmd.limits"            // the table-script command !limits, as a refusal names it
	CmdDifferential    Key = "cmd.differential"      // the table-script command !differential, as a refusal names it
	CmdSetting         Key = "cmd.setting"           // the table-script command !setting, as a refusal names it
	CmdClose           Key = "cmd.close"             // the table-script command !close, as a refusal names it
	CmdWithdraw        Key = "cmd.withdraw"          // the table-script command !withdraw, as a refusal names it
	CmdTurn            Key = "cmd.turn"              // the table-script command !turn, as a refusal names it
	CmdAccept          Key = "cmd.accept"            // the table-script command !accept, as a refusal names it
	CmdResult          Key = "cmd.result"            // the table-script command !result, as a refusal names it
	CmdReconstruct     Key = "cmd.reconstruct"       // the table-script command !reconstruct, as a refusal names it
	CmdDispute         Key = "cmd.dispute"           // the table-script command !dispute, as a refusal names it
	CmdDoubt           Key = "cmd.doubt"             // the table-script command !doubt, as a refusal names it
	CmdShoeResult      Key = "cmd.shoeresult"        // the table-script command !shoeresult, as a refusal names it
	OpSeat             Key = "op.seat"               // seat
	OpAmount           Key = "op.amount"             // amount $
	OpRegisterRun      Key = "op.register_run"       // Register run
	OpRunWager         Key = "op.run_wager"          // Run wager (000 6.5.5-6.5.8)
	OpCommissionAmount Key = "op.commission_amount"  // commission $
	OpDefer            Key = "op.defer"              // Defer
	OpCollect          Key = "op.collect"            // Collect
	OpDeferred         Key = "op.deferred"           // Deferred commission (000 10.2)
	OpInsAmount        Key = "op.ins_amount"         // insurance $
	OpInsCover         Key = "op.ins_cover"          // P/B wager $ (optional)
	OpPlaceInsurance   Key = "op.place_insurance"    // Place insurance
	OpNoOpenRuns       Key = "op.no_open_runs"       // no open runs
	OpNoCommission     Key = "op.no_commission"      // no commission deferred
	OpOwes             Key = "op.owes"               // seat %[1]d owes %[2]s
	OpNextPlayer       Key = "op.next_player"        // Next: Player
	OpNextBanker       Key = "op.next_banker"        // Next: Banker
	OpShoeNoHint       Key = "op.shoe_no_hint"       // shoe no.
	OpShowShoe         Key = "op.show_shoe"          // Show shoe
	OpThisShoe         Key = "op.this_shoe"          // This shoe
	OpNoRecall         Key = "op.no_recall"          // Earlier shoes: no journal recall configured
	OpRecallTitle      Key = "op.recall_title"       // Shoe %[1]d: %[2]d coups
	OpRecallJournal    Key = "op.recall_journal"     // Shoe %[1]d: %[2]d coups (from the journal)
	OpRecallError      Key = "op.recall_error"       // Shoe %d: cannot read the journal
	OpPort             Key = "op.port"               // port
	OpReconnect        Key = "op.reconnect"          // Reconnect
	OpUsePort          Key = "op.use_port"           // Use port
	OpFindPorts        Key = "op.find_ports"         // Find ports
	OpNoLink           Key = "op.no_link"            // no shoe link
	OpInsOpen          Key = "op.ins_open"           // Insurance/No 6 open on coup %[1]d: pays %[2]d to 1, los…
	OpInsClosed        Key = "op.ins_closed"         // Insurance/No 6 on coup %d: closed, waiting for the result
	OpPlaced           Key = "op.placed"             // Placed: %s
	OpNonePlaced       Key = "op.none_placed"        // none placed
	OpSeatN            Key = "op.seat_n"             // seat %d
	OpStanding         Key = "op.standing"           // standing
	OpRunRow           Key = "op.run_row"            // #%[1]d seat %[2]d %[3]s × %[4]d %[5]s — %[6]d won
	OpRunNext          Key = "op.run_next"           // , next: %s
	OpDecided          Key = "op.decided"            // decided: seat %[1]d %[2]s × %[3]d — %[4]s

	// Operator screen, its log strip, review, Red Dog and diagnostics (issue 23): the actions'
	// names, the frame around the engine's reasons (which stay as the journal has them), the
	// coup-under-review details, Red Dog's entry and recall words, the shoe link's counters.
	ActCard                 Key = "act.card"                   // %s card code
	ActResultOnly           Key = "act.result_only"            // %s the result
	ActInsurance            Key = "act.insurance"              // %[1]d seat, %[2]s amount
	ActTurn                 Key = "act.turn"                   // %s the hand
	ActTurnBankerFirst      Key = "act.turn_banker_first"      // Banker before Player, authorised (004 8.17)
	ActNewShoe              Key = "act.new_shoe"               // a new shoe
	ActFaceBurn             Key = "act.face_burn"              // a face-value burn
	ActBurn                 Key = "act.burn"                   // burn a card
	ActNoBurn               Key = "act.no_burn"                // no burn
	ActCut                  Key = "act.cut"                    // the cutting card
	ActExposed              Key = "act.exposed"                // a card exposed
	ActFaceUp               Key = "act.face_up"                // a card face up in the shoe
	ActDummy                Key = "act.dummy"                  // a dummy coup
	ActNoBet                Key = "act.no_bet"                 // a no-bet coup
	ActVoidRound            Key = "act.void_round"             // %d round
	ActDisputeRound         Key = "act.dispute_round"          // %d round: put under review after it was shown
	ActVoidNow              Key = "act.void_now"               // void the round in progress
	ActEmpty                Key = "act.empty"                  // the shoe is empty
	ActAcceptReview         Key = "act.accept_review"          // accept the review
	ActChangeLimits         Key = "act.change_limits"          // %s time
	ActCloseAt              Key = "act.close_at"               // %s time
	ActSettlement           Key = "act.settlement"             // %[1]s method letter, %[2]s time
	ActRun                  Key = "act.run"                    // %[1]d seat, %[2]s kind, %[3]d length, %[4]s amount
	ActNominate             Key = "act.nominate"               // %[1]d run, %[2]s hand letter
	ActDefer                Key = "act.defer"                  // %[1]s amount, %[2]d seat
	ActCollect              Key = "act.collect"                // %d seat
	ActClearAlert           Key = "act.clear_alert"            // %d alert
	ActReconstruct          Key = "act.reconstruct"            // %s cards
	ActReconstructRound     Key = "act.reconstruct_round"      // %d round, %s cards: those really dealt for a finished round under review
	LogNeeds                Key = "log.needs"                  // %[1]s action, %[2]s role
	LogNoReason             Key = "log.no_reason"              // %s action
	LogNotRecorded          Key = "log.not_recorded"           // %[1]s action, %[2]s error
	LogRefusedCmd           Key = "log.refused_cmd"            // %[1]s action, %[2]s the engine's reason
	LogRefusalOf            Key = "log.refusal_of"             // %[1]s the script command, %[2]s " (rule)" or "", %[3]s the desk's reason
	LogDone                 Key = "log.done"                   // %s action
	LogNotSent              Key = "log.not_sent"               // %d cards
	LogSignInNotRecorded    Key = "log.sign_in_not_recorded"   // %s error
	LogIdleSignOut          Key = "log.idle_sign_out"          // %s duration
	LogShoeLoaded           Key = "log.shoe_loaded"            // %d shoe
	LogShown                Key = "log.shown"                  // %s cards
	LogBurn                 Key = "log.burn"                   // %[1]s what was burned, %[2]s the rule
	LogNoBurn               Key = "log.no_burn"                // %s the rule
	LogLastCoup             Key = "log.last_coup"              // %[1]d round, %[2]s the rule
	LogShoeOver             Key = "log.shoe_over"              // %d shoe
	LogAnomaly              Key = "log.anomaly"                // %[1]s the engine's reason, %[2]s the rule
	LogRefused              Key = "log.refused"                // %[1]s the engine's reason, %[2]s the rule
	LogReview               Key = "log.review"                 // %[1]d round, %[2]s the reason
	LogCancelled            Key = "log.cancelled"              // %[1]d round, %[2]s the rule
	LogInsurance            Key = "log.insurance"              // %d round
	LogSetting              Key = "log.setting"                // %[1]s key, %[2]s value
	LogRound                Key = "log.round"                  // %[1]d round, %[2]s result, %[3]s Player's cards, %[4]s Banker's
	LogNatural              Key = "log.natural"                // a natural, among a round's marks
	LogPPair                Key = "log.p_pair"                 // a Player pair, among a round's marks
	LogBPair                Key = "log.b_pair"                 // a Banker pair, among a round's marks
	LogByHand               Key = "log.by_hand"                // %d cards entered by hand
	LogResultOnly           Key = "log.result_only"            // a result entered without its cards
	LogRunHead              Key = "log.run_head"               // %[1]d run, %[2]d seat, %[3]s kind, %[4]d length
	LogRunWon               Key = "log.run_won"                // %[1]s run, %[2]s paid
	LogRunLost              Key = "log.run_lost"               // %[1]s run, %[2]s lost
	LogRunReturned          Key = "log.run_returned"           // %[1]s run, %[2]s state, %[3]s returned
	LogNothingToUndo        Key = "log.nothing_to_undo"        // keypad
	LogNoCards              Key = "log.no_cards"               // keypad
	LogResultCardsFirst     Key = "log.result_cards_first"     // keypad
	LogResultChoose         Key = "log.result_choose"          // keypad
	LogResultChooseTouch    Key = "log.result_choose_touch"    // the result-only panel
	LogResultKeys           Key = "log.result_keys"            // keypad
	LogResultMode           Key = "log.result_mode"            // keypad
	LogResultTyped          Key = "log.result_typed"           // %s the result typed so far
	LogTooMany              Key = "log.too_many"               // keypad
	LogRankFirst            Key = "log.rank_first"             // keypad
	LogTypeRound            Key = "log.type_round"             // the void field is empty
	LogTypeDisputeRound     Key = "log.type_dispute_round"     // the round field is empty for a dispute
	LogTypeEnterRound       Key = "log.type_enter_round"       // more than one round under review and the round field is empty
	LogLimitsErr            Key = "log.limits_err"             // %s error
	LogClosingErr           Key = "log.closing_err"            // %s error
	LogSettlementErr        Key = "log.settlement_err"         // %s error
	LogEarliest             Key = "log.earliest"               // %[1]s time, %[2]s the button
	LogCommissionSeatAmount Key = "log.commission_seat_amount" // the commission fields
	LogCommissionSeat       Key = "log.commission_seat"        // the commission fields
	LogInsuranceSeat        Key = "log.insurance_seat"         // the insurance fields
	LogInsuranceErr         Key = "log.insurance_err"          // %s error
	LogInsuranceCoverErr    Key = "log.insurance_cover_err"    // %s error
	LogRunSeat              Key = "log.run_seat"               // the run fields
	LogRunErr               Key = "log.run_err"                // %s error
	LogRecallShoe           Key = "log.recall_shoe"            // the recall field
	LogReconnectErr         Key = "log.reconnect_err"          // %s error
	LogReconnecting         Key = "log.reconnecting"           // the shoe link
	LogChangePort           Key = "log.change_port"            // the action
	LogPortErr              Key = "log.port_err"               // %[1]s action, %[2]s error
	LogShoePort             Key = "log.shoe_port"              // %[1]s port, %[2]s protocol
	LogPortsErr             Key = "log.ports_err"              // %s error
	LogEnterCardsErr        Key = "log.enter_cards_err"        // %s error
	RevHands                Key = "rev.hands"                  // %[1]s Player's cards, %[2]s Banker's
	RevHeld                 Key = "rev.held"                   // %[1]d coup, %[2]s the cards as read
	RevDisputed             Key = "rev.disputed"               // %d round
	RevCards                Key = "rev.cards"                  // %s the cards
	RevNextHeld             Key = "rev.next_held"              // the next coup is held
	RdHeld                  Key = "rd.held"                    // %[1]d round, %[2]s the cards by box
	RdAllCards              Key = "rd.all_cards"               // the held round is complete
	RdDisputed              Key = "rd.disputed"                // %d round
	RdNextHeld              Key = "rd.next_held"               // the next round is held
	RdBoxRight              Key = "rd.box_right"               // the right box, naming a card
	RdBoxLeft               Key = "rd.box_left"                // the left box, naming a card
	RdBoxCentre             Key = "rd.box_centre"              // the centre box, naming a card
	RdCardsHint             Key = "rd.cards_hint"              // the Enter cards field at a Red Dog table
	RdBurn                  Key = "rd.burn"                    // stage
	RdFirst                 Key = "rd.first"                   // stage
	RdSecond                Key = "rd.second"                  // stage
	RdRaise                 Key = "rd.raise"                   // %[1]s spread, %[2]d percent
	RdPairDraw              Key = "rd.pair_draw"               // stage
	RdShuffle               Key = "rd.shuffle"                 // %s why
	RdReshuffle             Key = "rd.reshuffle"               // stage
	RdReview                Key = "rd.review"                  // stage
	RdAPair                 Key = "rd.a_pair"                  // the spread of a pair
	RdConsecutive           Key = "rd.consecutive"             // no spread
	RdSpreadN               Key = "rd.spread_n"                // %s spread
	RdCancelledWord         Key = "rd.cancelled_word"          // a cancelled round, in a line
	RdWinWord               Key = "rd.win_word"                // outcome
	RdLoseWord              Key = "rd.lose_word"               // outcome
	RdPushWord              Key = "rd.push_word"               // outcome
	RdUnderReview           Key = "rd.under_review"            // %s the reasons
	RdReviewed              Key = "rd.reviewed"                // %s how it was resolved
	RdRoundReview           Key = "rd.round_review"            // %d round
	RdRoundInProgress       Key = "rd.round_in_progress"       // %d round
	RdRecallTitle           Key = "rd.recall_title"            // %[1]d rounds, %[2]d shoe
	RdRecordError           Key = "rd.record_error"            // %[1]s time, %[2]d record, %[3]s error
	RdOperator              Key = "rd.operator"                // %s operator id
	RecallNoBets            Key = "recall.no_bets"             // a round without wagers, in recall
	DiagLink                Key = "diag.link"                  // %[1]s state, %[2]s port, %[3]s time
	DiagCounts              Key = "diag.counts"                // the shoe link's counters (serialin.Status; unproven: frames dropped after a reconnect as not proven the table's shoe's)
	DiagDetails             Key = "diag.details"               // %s the link's error in its own words (English): the technical line
	// The start-up refusal window of a damaged or foreign journal (app refusalText); what the
	// journal found inside is worded by refusalEntries.
	RefusalWindow        Key = "refusal.window"         // the window's title
	RefusalTitle         Key = "refusal.title"          // the table will not play
	RefusalDamaged       Key = "refusal.damaged"        // %[1]s the journal's path, %[2]s what was found
	RefusalKept          Key = "refusal.kept"           // %s the quarantine directory
	RefusalAdvice        Key = "refusal.advice"         // %[1]s the journal's file name, %[2]s the head file's suffix, %[3]s its directory: journal.RecoveryAdvice
	RefusalForeign       Key = "refusal.foreign"        // %s the journal's path
	RefusalForeignAdvice Key = "refusal.foreign_advice" // %[1]s the journal's file name, %[2]s its directory
	RefusalOther         Key = "refusal.other"          // %[1]s the journal's path, %[2]s why it cannot be used
	RefusalOtherAdvice   Key = "refusal.other_advice"   // %[1]s the journal's file name, %[2]s the head file's suffix, %[3]s its directory
	// The shoe link's states (serialin.LinkState) on the Diagnostics tab.
	DiagStateConnecting   Key = "diag.state_connecting"
	DiagStateConnected    Key = "diag.state_connected"
	DiagStateSilent       Key = "diag.state_silent"
	DiagStateDisconnected Key = "diag.state_disconnected"
	DiagStateReconnecting Key = "diag.state_reconnecting"
	DiagStateClosed       Key = "diag.state_closed"
	DiagStateUnreadable   Key = "diag.state_unreadable"
	DiagStateUnproven     Key = "diag.state_unproven"

	// The machine's warnings on the status strip (app/health, issue 23): the shoe's port, the
	// clock, the pit server, the backup. The shoe link's own error, in English, is only on the
	// Diagnostics tab's technical line (DiagDetails) and in the log.
	WarnClock            Key = "warn.clock"             // the clock is not synchronised
	WarnClockUnknown     Key = "warn.clock_unknown"     // the clock's state cannot be read
	WarnBackupUnreadable Key = "warn.backup_unreadable" // the backup status file
	WarnBackupFailed     Key = "warn.backup_failed"     // %[1]s when, %[2]s why
	WarnBackupStale      Key = "warn.backup_stale"      // %s when
	WarnShoeUnreadable   Key = "warn.shoe_unreadable"   // %s port
	WarnBus              Key = "warn.bus"               // the pit server
	WarnOpenBus          Key = "warn.open_bus"          // the table publishes on a pit bus with no credentials
	// The shoe link's faults (serialin.Fault), each %s the port.
	ShoeFaultNotFound     Key = "shoe.not_found"
	ShoeFaultPermission   Key = "shoe.permission"
	ShoeFaultBusy         Key = "shoe.busy"
	ShoeFaultNotSerial    Key = "shoe.not_serial"
	ShoeFaultUSBNone      Key = "shoe.usb_none"
	ShoeFaultUSBMany      Key = "shoe.usb_many"
	ShoeFaultList         Key = "shoe.list"
	ShoeFaultConnect      Key = "shoe.connect"
	ShoeFaultDisconnected Key = "shoe.disconnected"
	ShoeFaultSilent       Key = "shoe.silent"
	ShoeFaultIO           Key = "shoe.io"
	ShoeFaultResume       Key = "shoe.resume"
	ShoeFaultOther        Key = "shoe.other" // of no known kind: Diagnostics shows its own words
	// The operator directory's conditions (app/directory.go).
	WarnDirCopyDamaged   Key = "warn.dir_copy_damaged"   // %[1]s damaged copy, %[2]d version used, %[3]s its file
	WarnDirCopiesDamaged Key = "warn.dir_copies_damaged" // every copy damaged
	WarnDirPitUnreadable Key = "warn.dir_pit_unreadable" // %d revision of what the pit sent
	WarnDirPitOlder      Key = "warn.dir_pit_older"      // %[1]d version sent, %[2]d the table's version, kept
	WarnDirNotSaved      Key = "warn.dir_not_saved"      // %d version in use, not saved

	// The supervisor's pick-list of reasons (display/operator): the journal keeps a chosen
	// reason in English, the record's language.
	ReasonDealerError Key = "reason.dealer_error" // dealer error
	ReasonMisdeal     Key = "reason.misdeal"      // misdeal
	ReasonExposed     Key = "reason.exposed"      // card exposed in error
	ReasonFaceUp      Key = "reason.face_up"      // card face up in the shoe
	ReasonShoeFault   Key = "reason.shoe_fault"   // shoe fault
	ReasonPlayers     Key = "reason.players"      // players' request
	ReasonDisrupted   Key = "reason.disrupted"    // game disrupted
	ReasonDirection   Key = "reason.direction"    // supervisor's direction

	// The pit board's Red Dog tile (issue 23).
	PitRdNone      Key = "pit.rd_none"      // a Red Dog tile before its first round
	PitRdCancelled Key = "pit.rd_cancelled" // %d round
	PitRdRound     Key = "pit.rd_round"     // %[1]d round, %[2]s outcome
	PitRdNoSpread  Key = "pit.rd_no_spread" // consecutive cards
	PitRdCounts    Key = "pit.rd_counts"    // %[1]d rounds, %[2]d shoe
	PitRdNoRoads   Key = "pit.rd_no_roads"  // a Red Dog tile has no roads
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
		{NoticeMinimum, "%[3]s minimum changes to %[1]s at %[2]s", "%[3]s 最低限额于 %[2]s 改为 %[1]s", "%[3]s 最低限額於 %[2]s 改為 %[1]s"},
		{NoticeMaximum, "%[3]s maximum changes to %[1]s at %[2]s", "%[3]s 最高限额于 %[2]s 改为 %[1]s", "%[3]s 最高限額於 %[2]s 改為 %[1]s"},
		{NoticeLimits, "Table limits change at %s", "投注限额于 %s 更改", "投注限額於 %s 更改"},
		{NoticeDiff, "Table differential changes at %s", "台面差额于 %s 更改", "檯面差額於 %s 更改"},
		{NoticeSettle, "Settlement method changes at %s", "结算方式于 %s 更改", "結算方式於 %s 更改"},
		{NoticeClosing, "This table closes at %s", "本台于 %s 关闭", "本檯於 %s 關閉"},
		{NoticeReopening, "This table reopens at %s", "本台于 %s 重开", "本檯於 %s 重開"},
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
		{ShoeUnproven, "Shoe not proven", "牌靴未经验证", "牌靴未經驗證"},
		{UnderReview, "Coup %d under review", "第 %d 局复核中", "第 %d 局覆核中"},
		{ReasonJoin, "; ", "；", "；"},
		{ReasonLabel, "%[1]s: %[2]s", "%[1]s：%[2]s", "%[1]s：%[2]s"},
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
		{PitReview, "UNDER REVIEW · COUP %d", "复核中 · 第 %d 局", "覆核中 · 第 %d 局"},
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
		{OpWrongPINFor, "Operator %s: wrong PIN (%d of %d before lockout)", "操作员 %s：密码不对（%d / %d 后锁定）", "操作員 %s：密碼不對（%d / %d 後鎖定）"},
		{OpWrongPIN, "Wrong PIN (%d of %d before lockout)", "密码不对（%d / %d 后锁定）", "密碼不對（%d / %d 後鎖定）"},
		{OpLockedFor, "Operator %s is locked until %s (too many wrong PINs)", "操作员 %s 已锁定，%s 后开放（密码不对）", "操作員 %s 已鎖定，%s 後開放（密碼不對）"},
		{OpLockedAll, "PIN entry is locked until %s (too many wrong PINs)", "密码输入已锁定，%s 后开放（密码不对）", "密碼輸入已鎖定，%s 後開放（密碼不對）"},
		{OpUnknownID, "Operator id %s is not in the operator directory", "操作员编号 %s 未登记", "操作員編號 %s 未登記"},
		{OpInactiveID, "Operator %s is deactivated: see a supervisor", "操作员 %s 已停用：请找主管", "操作員 %s 已停用：請找主管"},
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
		{OpTurnBankerFirst, "Supervisor: Banker first (004 8.17)", "主管同意：先翻庄牌（004 8.17）", "主管同意：先翻莊牌（004 8.17）"},
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
		{OpDisputeRound, "Dispute round", "争议复核该局", "爭議覆核該局"},
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
		{OpSettlement, "Settlement method (001 8.1)", "结算方式（001 8.1）", "結算方式（001 8.1）"},
		{OpMethodA, "A: 5% commission on Banker wins", "A：庄赢抽水 5%", "A：莊贏抽水 5%"},
		{OpMethodB, "B: Banker wins on 6 pay 1 to 2", "B：庄以 6 点赢赔 1 赔 2", "B：莊以 6 點贏賠 1 賠 2"},
		{OpPostMethod, "Post method (001 8.2)", "公布结算方式（001 8.2）", "公佈結算方式（001 8.2）"},
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
		{OpPosted, "Posted: %[1]s at %[2]s (in %[3]s)", "已公布：%[2]s 起%[1]s（还有 %[3]s）", "已公佈：%[2]s 起%[1]s（還有 %[3]s）"},
		{OpNoticeMin, "%[1]s minimum %[2]s", "%[1]s最低 %[2]s", "%[1]s最低 %[2]s"},
		{OpNoticeMax, "%[1]s maximum %[2]s", "%[1]s最高 %[2]s", "%[1]s最高 %[2]s"},
		{OpNoticeMultiple, "%[1]s in multiples of %[2]s", "%[1]s须为 %[2]s 的倍数", "%[1]s須為 %[2]s 的倍數"},
		{OpNoticeDiffMin, "minimum differential %s", "最低台面差额 %s", "最低檯面差額 %s"},
		{OpNoticeDiffMax, "maximum differential %s", "最高台面差额 %s", "最高檯面差額 %s"},
		{OpNoticeNoDiffMin, "no minimum differential", "取消最低台面差额", "取消最低檯面差額"},
		{OpNoticeNoDiffMax, "no maximum differential", "取消最高台面差额", "取消最高檯面差額"},
		{OpNoticeSettle, "settlement method %s", "结算方式 %s", "結算方式 %s"},
		{OpNoticeClose, "the table closes", "牌台关闭", "牌檯關閉"},
		{OpNoticeOpen, "the table reopens", "牌台重开", "牌檯重開"},
		{OpKindRaiseMin, "a higher minimum", "提高最低限额", "提高最低限額"},
		{OpKindLowerMin, "a lower minimum", "降低最低限额", "降低最低限額"},
		{OpKindMaximum, "the maximum", "最高限额", "最高限額"},
		{OpKindMultiples, "the multiples", "倍数", "倍數"},
		{OpKindDifferential, "the differential", "台面差额", "檯面差額"},
		{OpKindSettlement, "the settlement method", "结算方式", "結算方式"},
		{OpKindClose, "closing", "关闭牌台", "關閉牌檯"},
		{OpKindOpen, "opening", "开台", "開檯"},
		{OpKindNone, "no change", "无", "無"},
		{OpKindEvery, "every change of the sign and the closing", "限额牌的任何更改和关闭牌台", "限額牌的任何更改和關閉牌檯"},
		{LogRunVoid, "VOID", "无效", "無效"},
		{CmdBet, "bet", "下注", "下注"},
		{CmdRun, "run", "连串注", "連串注"},
		{CmdNominate, "nominate", "指定连串注", "指定連串注"},
		{CmdDefer, "defer", "延后收取佣金", "延後收取佣金"},
		{CmdCollect, "collect", "收取佣金", "收取佣金"},
		{CmdLimits, "limits", "限额", "限額"},
		{CmdDifferential, "differential", "台面差额", "檯面差額"},
		{CmdSetting, "setting", "设置", "設置"},
		{CmdClose, "close", "关闭牌台", "關閉牌檯"},
		{CmdWithdraw, "withdraw", "撤回", "撤回"},
		{CmdTurn, "turn", "翻牌", "翻牌"},
		{CmdAccept, "accept", "接受", "接受"},
		{CmdResult, "result", "结果", "結果"},
		{CmdReconstruct, "reconstruct", "重建", "重建"},
		{CmdDispute, "dispute", "争议", "爭議"},
		{CmdDoubt, "doubt", "牌靴存疑", "牌靴存疑"},
		{CmdShoeResult, "shoeresult", "牌靴结果", "牌靴結果"},
		{OpSeat, "seat", "座位", "座位"},
		{OpAmount, "amount", "金额", "金額"},
		{OpRegisterRun, "Register run", "登记连串注", "登記連串注"},
		{OpRunWager, "Run wager (000 6.5.5-6.5.8)", "连串注（000 6.5.5-6.5.8）", "連串注（000 6.5.5-6.5.8）"},
		{OpCommissionAmount, "commission", "佣金", "佣金"},
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
		// Operator screen, its log strip, review, Red Dog and diagnostics (issue 23).
		{ActCard, "card %s", "牌 %s", "牌 %s"},
		{ActResultOnly, "result only: %s", "仅录结果：%s", "僅錄結果：%s"},
		{ActInsurance, "insurance: seat %[1]d %[2]s", "保险：%[1]d 号座 %[2]s", "保險：%[1]d 號座 %[2]s"},
		{ActTurn, "turn %s", "翻开%s", "翻開%s"},
		{ActTurnBankerFirst, "turn Banker before Player, authorised by the supervisor", "经主管同意先翻庄牌", "經主管同意先翻莊牌"},
		{ActNewShoe, "new shoe", "新牌靴", "新牌靴"},
		{ActFaceBurn, "face-value burn requested", "要求按点数烧牌", "要求按點數燒牌"},
		{ActBurn, "burn a card", "烧一张牌", "燒一張牌"},
		{ActNoBurn, "no burn", "未烧牌", "未燒牌"},
		{ActCut, "cutting card out", "切牌卡已出", "切牌卡已出"},
		{ActExposed, "card exposed", "牌已暴露", "牌已暴露"},
		{ActFaceUp, "card face up in the shoe", "靴中有牌面朝上", "靴中有牌面朝上"},
		{ActDummy, "dummy coup", "空局", "空局"},
		{ActNoBet, "no-bet coup", "不设投注局", "不設投注局"},
		{ActVoidRound, "void round %d", "作废第 %d 局", "作廢第 %d 局"},
		{ActDisputeRound, "dispute round %d", "对第 %d 局提出争议", "對第 %d 局提出爭議"},
		{ActVoidNow, "void the round in progress", "作废进行中的局", "作廢進行中的局"},
		{ActEmpty, "end of shoe", "牌靴结束", "牌靴結束"},
		{ActAcceptReview, "accept review", "接受复核", "接受覆核"},
		{ActChangeLimits, "change the limits at %s", "于 %s 更改限额", "於 %s 更改限額"},
		{ActCloseAt, "close the table at %s", "于 %s 关闭牌台", "於 %s 關閉牌檯"},
		{ActSettlement, "settlement method %[1]s from %[2]s", "于 %[2]s 起结算方式 %[1]s", "於 %[2]s 起結算方式 %[1]s"},
		{ActRun, "run: seat %[1]d %[2]s × %[3]d %[4]s", "连串注：%[1]d 号座 %[2]s × %[3]d %[4]s", "連串注：%[1]d 號座 %[2]s × %[3]d %[4]s"},
		{ActNominate, "run #%[1]d backs %[2]s", "连串注 #%[1]d 押 %[2]s", "連串注 #%[1]d 押 %[2]s"},
		{ActDefer, "defer %[1]s commission, seat %[2]d", "延后收取佣金 %[1]s，%[2]d 号座", "延後收取佣金 %[1]s，%[2]d 號座"},
		{ActCollect, "collect commission, seat %d", "收取佣金，%d 号座", "收取佣金，%d 號座"},
		{ActClearAlert, "clear alert %d", "清除警报 %d", "清除警報 %d"},
		{ActReconstruct, "enter the cards of the coup under review: %s", "输入复核中一局的牌：%s", "輸入覆核中一局的牌：%s"},
		{ActReconstructRound, "enter the cards of round %d: %s", "输入第 %d 局的牌：%s", "輸入第 %d 局的牌：%s"},
		{LogNeeds, "%[1]s: needs a %[2]s", "%[1]s：需要%[2]s", "%[1]s：需要%[2]s"},
		{LogNoReason, "%s: choose or type a reason", "%s：请选择或输入原因", "%s：請選擇或輸入原因"},
		{LogNotRecorded, "%[1]s: NOT RECORDED: %[2]s", "%[1]s：未记录：%[2]s", "%[1]s：未記錄：%[2]s"},
		{LogRefusedCmd, "%[1]s: REFUSED: %[2]s", "%[1]s：被拒绝：%[2]s", "%[1]s：被拒絕：%[2]s"},
		{LogRefusalOf, "%[1]s refused%[2]s: %[3]s", "%[1]s 被拒绝%[2]s：%[3]s", "%[1]s 被拒絕%[2]s：%[3]s"},
		{LogDone, "%s: done", "%s：完成", "%s：完成"},
		{LogNotSent, "%d typed card(s) not sent: check them, then Enter again or undo", "%d 张已输入的牌未发送：请核对后再按确认或撤销", "%d 張已輸入的牌未發送：請核對後再按確認或撤銷"},
		{LogSignInNotRecorded, "sign-in NOT RECORDED: %s", "登录未记录：%s", "登入未記錄：%s"},
		{LogIdleSignOut, "signed out after %s unused", "闲置 %s 后已登出", "閒置 %s 後已登出"},
		{LogShoeLoaded, "shoe %d loaded", "第 %d 靴已装入", "第 %d 靴已裝入"},
		{LogShown, "%s shown", "%s 已亮出", "%s 已亮出"},
		{LogBurn, "burn: %[1]s%[2]s", "烧牌：%[1]s%[2]s", "燒牌：%[1]s%[2]s"},
		{LogNoBurn, "no burn: play continues%s", "未烧牌：继续游戏%s", "未燒牌：繼續遊戲%s"},
		{LogLastCoup, "round %[1]d is the last coup%[2]s", "第 %[1]d 局为最后一局%[2]s", "第 %[1]d 局為最後一局%[2]s"},
		{LogShoeOver, "shoe %d is over", "第 %d 靴已结束", "第 %d 靴已結束"},
		{LogAnomaly, "ANOMALY: %[1]s%[2]s", "异常：%[1]s%[2]s", "異常：%[1]s%[2]s"},
		{LogRefused, "REFUSED: %[1]s%[2]s", "被拒绝：%[1]s%[2]s", "被拒絕：%[1]s%[2]s"},
		{LogReview, "REVIEW round %[1]d: %[2]s", "复核 第 %[1]d 局：%[2]s", "覆核 第 %[1]d 局：%[2]s"},
		{LogCancelled, "round %[1]d cancelled%[2]s", "第 %[1]d 局已取消%[2]s", "第 %[1]d 局已取消%[2]s"},
		{LogInsurance, "Insurance/No 6 open on round %d", "第 %d 局保险/无 6 开放", "第 %d 局保險/無 6 開放"},
		{LogSetting, "setting %[1]s=%[2]s in effect", "设置 %[1]s=%[2]s 已生效", "設定 %[1]s=%[2]s 已生效"},
		{LogRound, "round %[1]d: %[2]s — P %[3]s  B %[4]s", "第 %[1]d 局：%[2]s — 闲 %[3]s  庄 %[4]s", "第 %[1]d 局：%[2]s — 閒 %[3]s  莊 %[4]s"},
		{LogNatural, "natural", "天牌", "天牌"},
		{LogPPair, "P pair", "闲对", "閒對"},
		{LogBPair, "B pair", "庄对", "莊對"},
		{LogByHand, "%d by hand", "%d 张手动输入", "%d 張手動輸入"},
		{LogResultOnly, "result only", "仅结果", "僅結果"},
		{LogRunHead, "run #%[1]d seat %[2]d %[3]s × %[4]d", "连串注 #%[1]d %[2]d 号座 %[3]s × %[4]d", "連串注 #%[1]d %[2]d 號座 %[3]s × %[4]d"},
		{LogRunWon, "%[1]s: WON, pays %[2]s", "%[1]s：赢，赔付 %[2]s", "%[1]s：贏，賠付 %[2]s"},
		{LogRunLost, "%[1]s: LOST %[2]s", "%[1]s：输 %[2]s", "%[1]s：輸 %[2]s"},
		{LogRunReturned, "%[1]s: %[2]s, %[3]s returned", "%[1]s：%[2]s，退回 %[3]s", "%[1]s：%[2]s，退回 %[3]s"},
		{LogNothingToUndo, "nothing to undo: cards already confirmed are corrected by a supervisor (void)", "没有可撤销的牌：已确认的牌由主管更正（作废）", "沒有可撤銷的牌：已確認的牌由主管更正（作廢）"},
		{LogNoCards, "no cards to confirm", "没有要确认的牌", "沒有要確認的牌"},
		{LogResultCardsFirst, "result only: confirm or undo the typed cards first", "仅录结果：请先确认或撤销已输入的牌", "僅錄結果：請先確認或撤銷已輸入的牌"},
		{LogResultChoose, "result only: choose 1 Banker, 2 Player or 3 Tie first", "仅录结果：请先选择 1 庄、2 闲或 3 和", "僅錄結果：請先選擇 1 莊、2 閒或 3 和"},
		{LogResultChooseTouch, "result only: choose Banker, Player or Tie", "仅录结果：请选择庄、闲或和", "僅錄結果：請選擇莊、閒或和"},
		{LogResultKeys, "result only: 1 Banker, 2 Player, 3 Tie, 4 Banker pair, 5 Player pair, 6 natural, Enter; * for cards", "仅录结果：1 庄、2 闲、3 和、4 庄对、5 闲对、6 天牌，确认；* 改为输入牌", "僅錄結果：1 莊、2 閒、3 和、4 莊對、5 閒對、6 天牌，確認；* 改為輸入牌"},
		{LogResultMode, "result only: 1 Banker, 2 Player, 3 Tie, 4 Banker pair, 5 Player pair, 6 natural, Enter to confirm; * for cards", "仅录结果：1 庄、2 闲、3 和、4 庄对、5 闲对、6 天牌，按确认提交；* 改为输入牌", "僅錄結果：1 莊、2 閒、3 和、4 莊對、5 閒對、6 天牌，按確認提交；* 改為輸入牌"},
		{LogResultTyped, "RESULT %s", "结果 %s", "結果 %s"},
		{LogTooMany, "too many cards pending: confirm or undo first", "待发送的牌太多：请先确认或撤销", "待發送的牌太多：請先確認或撤銷"},
		{LogRankFirst, "type the rank first, then the suit", "请先输入点数，再输入花色", "請先輸入點數，再輸入花色"},
		{LogTypeRound, "void round: type the round number", "作废：请输入局号", "作廢：請輸入局號"},
		{LogTypeDisputeRound, "dispute round: type the round number", "争议复核：请输入局号", "爭議覆核：請輸入局號"},
		{LogTypeEnterRound, "enter cards: type the number of the round under review", "输入牌：请输入复核中的局号", "輸入牌：請輸入覆核中的局號"},
		{LogLimitsErr, "limits: %s", "限额：%s", "限額：%s"},
		{LogClosingErr, "closing: %s", "关闭：%s", "關閉：%s"},
		{LogSettlementErr, "settlement method: %s", "结算方式：%s", "結算方式：%s"},
		{LogEarliest, "earliest the book allows: %[1]s — tap “%[2]s” to post it", "规则允许的最早时间：%[1]s — 点“%[2]s”公布", "規則允許的最早時間：%[1]s — 點「%[2]s」公佈"},
		{LogCommissionSeatAmount, "commission: type the seat and the amount", "佣金：请输入座位和金额", "佣金：請輸入座位和金額"},
		{LogCommissionSeat, "commission: type the seat", "佣金：请输入座位", "佣金：請輸入座位"},
		{LogInsuranceSeat, "insurance: type the seat number (0 for a standing player)", "保险：请输入座位号（站立玩家为 0）", "保險：請輸入座位號（站立玩家為 0）"},
		{LogInsuranceErr, "insurance: %s", "保险：%s", "保險：%s"},
		{LogInsuranceCoverErr, "insurance: Player/Banker wager: %s", "保险：闲/庄注：%s", "保險：閒/莊注：%s"},
		{LogRunSeat, "run: type the seat number", "连串注：请输入座位号", "連串注：請輸入座位號"},
		{LogRunErr, "run: %s", "连串注：%s", "連串注：%s"},
		{LogRecallShoe, "recall: type a shoe number", "回查：请输入靴号", "回查：請輸入靴號"},
		{LogReconnectErr, "reconnect: %s", "重新连接：%s", "重新連接：%s"},
		{LogReconnecting, "reconnecting to the shoe", "正在重新连接牌靴", "正在重新連接牌靴"},
		{LogChangePort, "change port", "更换端口", "更換連接埠"},
		{LogPortErr, "%[1]s: %[2]s", "%[1]s：%[2]s", "%[1]s：%[2]s"},
		{LogShoePort, "shoe: %[1]s (%[2]s)", "牌靴：%[1]s（%[2]s）", "牌靴：%[1]s（%[2]s）"},
		{LogPortsErr, "ports: %s", "端口：%s", "連接埠：%s"},
		{LogEnterCardsErr, "enter cards: %s", "输入牌：%s", "輸入牌：%s"},
		{RevHands, "Player %[1]s, Banker %[2]s", "闲 %[1]s，庄 %[2]s", "閒 %[1]s，莊 %[2]s"},
		{RevHeld, "Coup %[1]d is under review — no result is shown. Cards as read: %[2]s.", "第 %[1]d 局复核中 — 不显示结果。读取的牌：%[2]s。", "第 %[1]d 局覆核中 — 不顯示結果。讀取的牌：%[2]s。"},
		{RevDisputed, "Round %d is under review after it was shown: its result is off the screen and the roads.", "第 %d 局显示后进入复核：其结果已从屏幕和路单撤下。", "第 %d 局顯示後進入覆核：其結果已從螢幕和路單撤下。"},
		{RevCards, "Cards: %s.", "牌：%s。", "牌：%s。"},
		{RevNextHeld, "The next coup will be under review from its first card (shoe data was lost or set aside).", "下一局将从第一张牌起复核（牌靴数据丢失或被搁置）。", "下一局將從第一張牌起覆核（牌靴資料遺失或被擱置）。"},
		{RdHeld, "Round %[1]d is under review — no result is shown. Cards as read: %[2]s.", "第 %[1]d 局复核中 — 不显示结果。读取的牌：%[2]s。", "第 %[1]d 局覆核中 — 不顯示結果。讀取的牌：%[2]s。"},
		{RdAllCards, "The round has all its cards: the dealer waits.", "本局牌已齐：荷官等待。", "本局牌已齊：荷官等待。"},
		{RdDisputed, "Round %d is under review after it was shown: its result is off the screen.", "第 %d 局显示后进入复核：其结果已从屏幕撤下。", "第 %d 局顯示後進入覆核：其結果已從螢幕撤下。"},
		{RdNextHeld, "The next round will be under review from its first card:", "下一局将从第一张牌起复核：", "下一局將從第一張牌起覆核："},
		{RdBoxRight, "right", "右", "右"},
		{RdBoxLeft, "left", "左", "左"},
		{RdBoxCentre, "centre", "中", "中"},
		{RdCardsHint, "cards as they lie: right left [centre]", "按台上位置输入：右 左 [中]", "按檯上位置輸入：右 左 [中]"},
		{RdBurn, "Burn one card face down (4.6)", "烧一张牌，牌面朝下（4.6）", "燒一張牌，牌面朝下（4.6）"},
		{RdFirst, "First card of the next round: right box (7.1.2)", "下一局第一张牌：右格（7.1.2）", "下一局第一張牌：右格（7.1.2）"},
		{RdSecond, "Second card: left box (7.1.3)", "第二张牌：左格（7.1.3）", "第二張牌：左格（7.1.3）"},
		{RdRaise, "Spread %[1]s: raises open, up to %[2]d%% of the wager (7.2.1.1); then the third card, centre box", "差距 %[1]s：可加注，最多为投注额的 %[2]d%%（7.2.1.1）；然后发第三张牌，中格", "差距 %[1]s：可加注，最多為投注額的 %[2]d%%（7.2.1.1）；然後發第三張牌，中格"},
		{RdPairDraw, "A pair: no raise; the third card, centre box (7.2.3.1)", "对子：不可加注；发第三张牌，中格（7.2.3.1）", "對子：不可加注；發第三張牌，中格（7.2.3.1）"},
		{RdShuffle, "Shuffle due (%s): load a new shoe", "需要洗牌（%s）：请装入新牌靴", "需要洗牌（%s）：請裝入新牌靴"},
		{RdReshuffle, "The shoe ran out: shuffle, cut and burn the discards, then finish the round (9.7)", "牌靴已空：将弃牌洗牌、切牌、烧牌，然后完成本局（9.7）", "牌靴已空：將棄牌洗牌、切牌、燒牌，然後完成本局（9.7）"},
		{RdReview, "Round under review: the dealer waits for the supervisor (Corrections tab)", "本局复核中：荷官等待主管（更正页）", "本局覆核中：荷官等待主管（更正頁）"},
		{RdAPair, "a pair", "对子", "對子"},
		{RdConsecutive, "no spread (consecutive)", "无差距（连续）", "無差距（連續）"},
		{RdSpreadN, "spread %s", "差距 %s", "差距 %s"},
		{RdCancelledWord, "cancelled", "已取消", "已取消"},
		{RdWinWord, "win", "赢", "贏"},
		{RdLoseWord, "lose", "输", "輸"},
		{RdPushWord, "push", "和局", "和局"},
		{RdUnderReview, "UNDER REVIEW: %s", "复核中：%s", "覆核中：%s"},
		{RdReviewed, "review %s", "复核：%s", "覆核：%s"},
		{RdRoundReview, "Round %d under review: no result", "第 %d 局复核中：无结果", "第 %d 局覆核中：無結果"},
		{RdRoundInProgress, "Round %d in progress", "第 %d 局进行中", "第 %d 局進行中"},
		{RdRecallTitle, "Red Dog: the last %[1]d rounds (shoe %[2]d)", "红狗：最近 %[1]d 局（第 %[2]d 靴）", "紅狗：最近 %[1]d 局（第 %[2]d 靴）"},
		{RdRecordError, "%[1]s record %[2]d: %[3]s", "%[1]s 记录 %[2]d：%[3]s", "%[1]s 記錄 %[2]d：%[3]s"},
		{RdOperator, "op %s", "操作员 %s", "操作員 %s"},
		{RecallNoBets, "no bets", "无投注", "無投注"},
		{DiagLink, "Shoe link: %[1]s on %[2]s since %[3]s", "牌靴连接：%[2]s 上 %[1]s，自 %[3]s 起", "牌靴連接：%[2]s 上 %[1]s，自 %[3]s 起"},
		{DiagDetails, "details: %s", "详情：%s", "詳情：%s"},
		{RefusalWindow, "coupboard — journal refused", "coupboard — 记录被拒绝", "coupboard — 記錄被拒絕"},
		{RefusalTitle, "The table will not play: its journal is damaged or not a coupboard journal. Call a supervisor.",
			"本台不会开局：其记录已损坏，或不是 coupboard 记录。请呼叫主管。", "本檯不會開局：其記錄已損壞，或不是 coupboard 記錄。請呼叫主管。"},
		{RefusalDamaged, "The journal %[1]s is damaged and the table will not play on it: %[2]s.",
			"记录 %[1]s 已损坏，本台不会在其上开局：%[2]s。", "記錄 %[1]s 已損壞，本檯不會在其上開局：%[2]s。"},
		{RefusalKept, "Its files as they were are kept in %s.", "其文件的原样副本保存在 %s。", "其檔案的原樣副本保存在 %s。"},
		{RefusalAdvice, "To recover: restore the journal files (%[1]s, and its -wal and %[2]s files) from a backup and start again; " +
			"or move those files out of %[3]s (they are also in the quarantine copy), and the table starts a new, empty journal; " +
			"or, when records were lost only from the journal's end, a supervisor accepts the loss with `coupboard journal accept-loss --config <table's configuration>` and the table plays on the records that survived. " +
			"`coupboard audit verify --db <copy>` shows what a copy holds (docs/auditor.md, \"Journal damage\")",
			"恢复方法：从备份还原记录文件（%[1]s 及其 -wal 和 %[2]s 文件）后重新启动；" +
				"或将这些文件移出 %[3]s（隔离副本中也有这些文件），本台将新建一个空记录；" +
				"或者，若记录只是从末尾丢失，由主管以 `coupboard journal accept-loss --config <本台配置文件>` 接受丢失，本台在保留下来的记录上继续运行。" +
				"`coupboard audit verify --db <副本>` 可显示副本中的内容（见 docs/auditor.md）。",
			"恢復方法：從備份還原記錄檔案（%[1]s 及其 -wal 和 %[2]s 檔案）後重新啟動；" +
				"或將這些檔案移出 %[3]s（隔離副本中也有這些檔案），本檯將新建一個空記錄；" +
				"或者，若記錄只是從末尾遺失，由主管以 `coupboard journal accept-loss --config <本檯設定檔>` 接受遺失，本檯在保留下來的記錄上繼續運行。" +
				"`coupboard audit verify --db <副本>` 可顯示副本中的內容（見 docs/auditor.md）。"},
		{RefusalForeign, "The file %s is not a coupboard journal, or not a database: the table has left it as it is.",
			"文件 %s 不是 coupboard 记录，或不是数据库：本台未改动该文件。", "檔案 %s 不是 coupboard 記錄，或不是資料庫：本檯未改動該檔案。"},
		{RefusalForeignAdvice, "To recover: check the journal's path in the table's configuration; or move %[1]s out of %[2]s, and the table starts a new, empty journal; or restore the table's journal from a backup.",
			"恢复方法：检查本台配置中的记录路径；或将 %[1]s 移出 %[2]s，本台将新建一个空记录；或从备份还原本台的记录。",
			"恢復方法：檢查本檯設定中的記錄路徑；或將 %[1]s 移出 %[2]s，本檯將新建一個空記錄；或從備份還原本檯的記錄。"},
		{RefusalOther, "The journal %[1]s cannot be used and the table will not play on it: %[2]s.",
			"记录 %[1]s 无法使用，本台不会在其上运行：%[2]s。", "記錄 %[1]s 無法使用，本檯不會在其上運行：%[2]s。"},
		{RefusalOtherAdvice, "To recover: call a supervisor; keep the journal files (%[1]s, and its -wal and %[2]s files) in %[3]s as they are, for the auditor, and copy them; then restore the journal from a backup and start again. " +
			"`coupboard audit verify --db <copy>` shows what a copy holds (docs/auditor.md, \"Journal damage\")",
			"恢复方法：请呼叫主管；将 %[3]s 中的记录文件（%[1]s 及其 -wal 和 %[2]s 文件）原样保留给审计人员并复制一份；然后从备份还原记录后重新启动。" +
				"`coupboard audit verify --db <副本>` 可显示副本中的内容（见 docs/auditor.md）。",
			"恢復方法：請呼叫主管；將 %[3]s 中的記錄檔案（%[1]s 及其 -wal 和 %[2]s 檔案）原樣保留給稽核人員並複製一份；然後從備份還原記錄後重新啟動。" +
				"`coupboard audit verify --db <副本>` 可顯示副本中的內容（見 docs/auditor.md）。"},
		{DiagStateConnecting, "CONNECTING", "正在连接", "正在連線"},
		{DiagStateConnected, "CONNECTED", "已连接", "已連線"},
		{DiagStateSilent, "SILENT", "无信号", "無訊號"},
		{DiagStateDisconnected, "DISCONNECTED", "已断开", "已中斷連線"},
		{DiagStateReconnecting, "RECONNECTING", "正在重新连接", "正在重新連線"},
		{DiagStateClosed, "CLOSED", "已关闭", "已關閉"},
		{DiagStateUnreadable, "UNREADABLE", "无法读取", "無法讀取"},
		{DiagStateUnproven, "UNPROVEN", "未证明", "未證明"},
		{DiagCounts, "connects %d · frames %d · cards %d · noise %d B · CRC/corrupt %d · duplicates %d · conflicts %d · gaps %d (%d lost) · stale %d · unproven %d · misreads %d", "连接 %d · 帧 %d · 牌 %d · 杂讯 %d B · CRC/损坏 %d · 重复 %d · 冲突 %d · 缺口 %d（丢失 %d）· 过时 %d · 未证明 %d · 误读 %d", "連接 %d · 幀 %d · 牌 %d · 雜訊 %d B · CRC/損壞 %d · 重複 %d · 衝突 %d · 缺口 %d（遺失 %d）· 過時 %d · 未證明 %d · 誤讀 %d"},
		// The machine's warnings on the status strip (issue 23).
		{WarnClock, "clock not synchronised: notice times may be wrong", "时钟未同步：通知时间可能有误", "時鐘未同步：通知時間可能有誤"},
		{WarnClockUnknown, "clock state unknown: notice times may be wrong", "时钟状态未知：通知时间可能有误", "時鐘狀態未知：通知時間可能有誤"},
		{WarnBackupUnreadable, "journal backup status unreadable", "日志备份状态无法读取", "日誌備份狀態無法讀取"},
		{WarnBackupFailed, "journal backup failed %[1]s: %[2]s", "日志备份失败 %[1]s：%[2]s", "日誌備份失敗 %[1]s：%[2]s"},
		{WarnBackupStale, "no journal backup since %s", "自 %s 起无日志备份", "自 %s 起無日誌備份"},
		{WarnShoeUnreadable, "shoe %s: nothing readable (cable, protocol or baud?)", "牌靴 %s：无法读取（请检查线缆、协议或波特率）", "牌靴 %s：無法讀取（請檢查線纜、協定或鮑率）"},
		{WarnBus, "pit server not reachable: rounds wait in the journal", "无法连接场内服务器：各局暂存于日志", "無法連接場內伺服器：各局暫存於日誌"},
		{ShoeFaultNotFound, "shoe %s: not found: is the shoe plugged in and powered?", "牌靴 %s：未找到：牌靴是否已插上并通电？", "牌靴 %s：未找到：牌靴是否已插上並通電？"},
		{ShoeFaultPermission, "shoe %s: permission denied: the display's user must be in the dialout group (installer's guide)", "牌靴 %s：权限被拒：显示程序的用户须属于 dialout 组（见安装指南）", "牌靴 %s：權限被拒：顯示程式的使用者須屬於 dialout 群組（見安裝指南）"},
		{ShoeFaultBusy, "shoe %s: busy: another program has the port open", "牌靴 %s：忙碌：另一程序正在使用此端口", "牌靴 %s：忙碌：另一程式正在使用此連接埠"},
		{ShoeFaultNotSerial, "shoe %s: not a serial port", "牌靴 %s：不是串口", "牌靴 %s：不是序列埠"},
		{ShoeFaultUSBNone, "shoe %s: no USB serial device matches: is the shoe plugged in?", "牌靴 %s：无匹配的 USB 串口设备：牌靴是否已插上？", "牌靴 %s：無相符的 USB 序列裝置：牌靴是否已插上？"},
		{ShoeFaultUSBMany, "shoe %s: several USB devices match: give the serial number too", "牌靴 %s：多个 USB 设备匹配：请同时指定序列号", "牌靴 %s：多個 USB 裝置相符：請同時指定序號"},
		{ShoeFaultList, "shoe %s: the serial ports cannot be listed", "牌靴 %s：无法列出串口", "牌靴 %s：無法列出序列埠"},
		{ShoeFaultConnect, "shoe %s: cannot connect", "牌靴 %s：无法连接", "牌靴 %s：無法連線"},
		{ShoeFaultDisconnected, "shoe %s: disconnected", "牌靴 %s：已断开", "牌靴 %s：已中斷連線"},
		{ShoeFaultSilent, "shoe %s: silent: no frame within the heartbeat; manual entry available", "牌靴 %s：无信号：心跳期内未收到数据帧；可手动输入", "牌靴 %s：無訊號：心跳期內未收到資料幀；可手動輸入"},
		{ShoeFaultIO, "shoe %s: input/output error: check the cable, the USB adapter and the shoe", "牌靴 %s：输入输出错误：请检查线缆、USB 转接器和牌靴", "牌靴 %s：輸入輸出錯誤：請檢查線纜、USB 轉接器和牌靴"},
		{ShoeFaultResume, "shoe %s: its sequence was not taken up from the last stop: it starts afresh", "牌靴 %s：未能从上次停止处接续其序号：序号重新开始", "牌靴 %s：未能從上次停止處接續其序號：序號重新開始"},
		{ShoeFaultOther, "shoe %s: link error (the Diagnostics tab shows its details)", "牌靴 %s：连接出错（详情见诊断页）", "牌靴 %s：連線出錯（詳情見診斷頁）"},
		{WarnOpenBus, "pit bus OPEN: no credentials (bus.open)", "台面总线开放：无凭证（bus.open）", "檯面總線開放：無憑證（bus.open）"},
		{WarnDirCopyDamaged, "operator directory copy %[1]s DAMAGED: using version %[2]d from %[3]s", "操作员名录副本 %[1]s 已损坏：使用 %[3]s 中的第 %[2]d 版", "操作員名錄副本 %[1]s 已損壞：使用 %[3]s 中的第 %[2]d 版"},
		{WarnDirCopiesDamaged, "operator directory copies DAMAGED: sign-in by the role PINs until the pit sends the directory", "操作员名录副本均已损坏：场内发送名录前以角色 PIN 登录", "操作員名錄副本均已損壞：場內發送名錄前以角色 PIN 登入"},
		{WarnDirPitUnreadable, "operator directory from the pit unreadable (revision %d): kept the table's copy", "场内发送的操作员名录无法读取（修订 %d）：保留本台副本", "場內發送的操作員名錄無法讀取（修訂 %d）：保留本檯副本"},
		{WarnDirPitOlder, "operator directory: the pit sent version %[1]d, older than the table's %[2]d: kept %[2]d", "操作员名录：场内发送的第 %[1]d 版旧于本台的第 %[2]d 版：保留第 %[2]d 版", "操作員名錄：場內發送的第 %[1]d 版舊於本檯的第 %[2]d 版：保留第 %[2]d 版"},
		{WarnDirNotSaved, "operator directory version %d NOT SAVED: in use until the table restarts", "操作员名录第 %d 版未保存：本台重启前使用", "操作員名錄第 %d 版未儲存：本檯重新啟動前使用"},
		// The supervisor's pick-list of reasons.
		{ReasonDealerError, "dealer error", "荷官失误", "荷官失誤"},
		{ReasonMisdeal, "misdeal", "发牌错误", "發牌錯誤"},
		{ReasonExposed, "card exposed in error", "牌被误露", "牌被誤露"},
		{ReasonFaceUp, "card face up in the shoe", "牌靴内有正面朝上的牌", "牌靴內有正面朝上的牌"},
		{ReasonShoeFault, "shoe fault", "牌靴故障", "牌靴故障"},
		{ReasonPlayers, "players' request", "玩家要求", "玩家要求"},
		{ReasonDisrupted, "game disrupted", "牌局受干扰", "牌局受干擾"},
		{ReasonDirection, "supervisor's direction", "主管指示", "主管指示"},
		// The pit board's Red Dog tile (issue 23).
		{PitRdNone, "No round yet", "尚无牌局", "尚無牌局"},
		{PitRdCancelled, "Round %d cancelled", "第 %d 局已取消", "第 %d 局已取消"},
		{PitRdRound, "Round %[1]d · %[2]s", "第 %[1]d 局 · %[2]s", "第 %[1]d 局 · %[2]s"},
		{PitRdNoSpread, "no spread", "无差距", "無差距"},
		{PitRdCounts, "· last %[1]d rounds · shoe %[2]d", "· 最近 %[1]d 局 · 第 %[2]d 靴", "· 最近 %[1]d 局 · 第 %[2]d 靴"},
		{PitRdNoRoads, "Red Dog · no roads", "红狗 · 无路单", "紅狗 · 無路單"},
	}
}
