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
	}
}
