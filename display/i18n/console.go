package i18n

// The pit console's words (app/console): the web page a supervisor uses at the podium. They are
// kept apart from the table screen's entries so that the screen's CJK font subset (Chars) does
// not grow with words the screen never shows; New and T find them like any other key.
const (
	ConTitle          Key = "con.title"           // the page's title
	ConRehearsal      Key = "con.rehearsal"       // banner: postings are decided here, not sent
	ConSignIn         Key = "con.sign_in"         // button and heading
	ConSignOut        Key = "con.sign_out"        // button
	ConID             Key = "con.id"              // field: operator id
	ConPIN            Key = "con.pin"             // field: PIN
	ConSignedIn       Key = "con.signed_in"       // %[1]s name, %[2]s id, %[3]s role
	ConSupervisor     Key = "con.supervisor"      // role
	ConDealer         Key = "con.dealer"          // role
	ConBadCredentials Key = "con.bad_credentials" // sign-in refused
	ConLocked         Key = "con.locked"          // %s time: locked until
	ConSignInFailed   Key = "con.sign_in_failed"  // the directory could not be asked
	ConExpired        Key = "con.expired"         // the session ended
	ConStaleForm      Key = "con.stale_form"      // CSRF token missing or wrong
	ConLanguage       Key = "con.language"        // the language switch's label
	ConTables         Key = "con.tables"          // heading
	ConSelect         Key = "con.select"          // column: select
	ConSelectTable    Key = "con.select_table"    // %s table: the checkbox's label
	ConTable          Key = "con.table"           // column
	ConGame           Key = "con.game"            // column
	ConPit            Key = "con.pit"             // column
	ConSign           Key = "con.sign"            // column: the limit sign
	ConNotices        Key = "con.notices"         // column
	ConState          Key = "con.state"           // column
	ConLast           Key = "con.last"            // column: last result
	ConNoPit          Key = "con.no_pit"          // a table in no pit
	ConOpen           Key = "con.open"            // state
	ConClosesAt       Key = "con.closes_at"       // %s time: state
	ConClosed         Key = "con.closed"          // state
	ConReopensAt      Key = "con.reopens_at"      // %s time: state
	ConOffline        Key = "con.offline"         // state
	ConStale          Key = "con.stale"           // state
	ConNoStatus       Key = "con.no_status"       // state
	ConNoticeClose    Key = "con.notice_close"    // %s time
	ConNoticeOpen     Key = "con.notice_open"     // %s time
	ConNoLimits       Key = "con.no_limits"       // no sign published
	ConLastBaccarat   Key = "con.last_baccarat"   // %[1]d round, %[2]s winner, %[3]d player total, %[4]d banker total
	ConLastByHand     Key = "con.last_by_hand"    // %[1]d round, %[2]s winner
	ConLastRedDog     Key = "con.last_red_dog"    // %[1]d round, %[2]s cards, %[3]s outcome
	ConNoResult       Key = "con.no_result"       // no round yet
	ConWagerPairs     Key = "con.wager_pairs"     // the pair wagers
	ConSelectPit      Key = "con.select_pit"      // %s pit: every table of it
	ConSelectGame     Key = "con.select_game"     // %s game: every table of it
	ConSelectBy       Key = "con.select_by"       // heading: select many
	ConPostHeading    Key = "con.post_heading"    // heading of the form
	ConChange         Key = "con.change"          // field: what to change
	ConKindLimits     Key = "con.kind_limits"     // change
	ConKindDiff       Key = "con.kind_diff"       // change
	ConKindSettlement Key = "con.kind_settlement" // change
	ConKindClose      Key = "con.kind_close"      // change
	ConKindReopen     Key = "con.kind_reopen"     // change
	ConAt             Key = "con.at"              // field: the time
	ConMainMin        Key = "con.main_min"        // field
	ConMainMax        Key = "con.main_max"        // field
	ConTieMin         Key = "con.tie_min"         // field
	ConTieMax         Key = "con.tie_max"         // field
	ConDiffMin        Key = "con.diff_min"        // field
	ConDiffMax        Key = "con.diff_max"        // field
	ConSettleA        Key = "con.settle_a"        // option
	ConSettleB        Key = "con.settle_b"        // option
	ConEarliestButton Key = "con.earliest_button" // button
	ConPostButton     Key = "con.post_button"     // button
	ConCancelButton   Key = "con.cancel_button"   // button
	ConEarliest       Key = "con.earliest"        // %[1]s time, %[2]s table, %[3]s rule
	ConEarliestNow    Key = "con.earliest_now"    // %s time: no notice needed
	ConEarliestAfter  Key = "con.earliest_after"  // %[1]s time, %[2]s table: after a change already posted
	ConEarliestRefuse Key = "con.earliest_refuse" // %[1]s table, %[2]s reason: the engine refuses it at any time
	ConEarliestPassed Key = "con.earliest_passed" // %[1]s time asked, %[2]s earliest now, %[3]s the earliest message: not sent
	ConPosted         Key = "con.posted"          // %[1]s line, %[2]d tables
	ConCancelled      Key = "con.cancelled"       // %s id
	ConActivity       Key = "con.activity"        // heading: who did what
	ConNothingYet     Key = "con.nothing_yet"     // nothing posted
	ConPostedBy       Key = "con.posted_by"       // %[1]s time, %[2]s name, %[3]s id
	ConCancelledBy    Key = "con.cancelled_by"    // %[1]s time, %[2]s name, %[3]s id
	ConAnsPending     Key = "con.ans_pending"     // answer
	ConAnsAccepted    Key = "con.ans_accepted"    // answer
	ConAnsRefused     Key = "con.ans_refused"     // answer
	ConAnsMissed      Key = "con.ans_missed"      // answer
	ConAnsCancelled   Key = "con.ans_cancelled"   // answer
	ConAnsEffective   Key = "con.ans_effective"   // %s date and time (UTC): an accepted change in effect then
	ConAnsTooLate     Key = "con.ans_too_late"    // why missed: it reached the table after it expired
	ConAnsNoAnswer    Key = "con.ans_no_answer"   // why missed: no answer before it expired
	ConAnsOffline     Key = "con.ans_offline"     // why pending: the table is offline
	ConAnsNotSent     Key = "con.ans_not_sent"    // %s why: the bus did not store the posting for this table
	ConPostedPartial  Key = "con.posted_partial"  // %[1]s line, %[2]d sent, %[3]d tables, %[4]s tables not sent to
	ConWdSent         Key = "con.wd_sent"         // the Cancel's !withdraw sent to a table, no answer yet
	ConWdDone         Key = "con.wd_done"         // the table withdrew the change
	ConWdRefused      Key = "con.wd_refused"      // the table's rules refused the withdrawal
	ConWdNotReached   Key = "con.wd_not_reached"  // the withdrawal never reached the table in time
	ConWdOffline      Key = "con.wd_offline"      // why the withdrawal is not answered: the table is offline
	ConWdNoAnswer     Key = "con.wd_no_answer"    // why not reached: no answer before it expired
	ConNoJS           Key = "con.no_js"           // the page refreshes itself without JavaScript
	ConRefresh        Key = "con.refresh"         // link
	ConLiveOn         Key = "con.live_on"         // live updates connected
	ConLiveOff        Key = "con.live_off"        // live updates lost
	ConErrNoTables    Key = "con.err_no_tables"   // nothing selected
	ConErrUnknown     Key = "con.err_unknown"     // %s table not on the board
	ConErrKind        Key = "con.err_kind"        // no kind chosen
	ConErrTime        Key = "con.err_time"        // bad time
	ConErrAmount      Key = "con.err_amount"      // bad amount
	ConErrRequired    Key = "con.err_required"    // a field is needed
	ConErrMinMax      Key = "con.err_min_max"     // min above max
	ConErrSettlement  Key = "con.err_settlement"  // A or B
	ConErrTooLong     Key = "con.err_too_long"    // %d characters at most
	ConErrTooLarge    Key = "con.err_too_large"   // the request is too large
	ConErrNotClosed   Key = "con.err_not_closed"  // %s table is open: reopen needs a closing
	ConErrField       Key = "con.err_field"       // %[1]s field, %[2]s what is wrong
	ConErrSupervisor  Key = "con.err_supervisor"  // only supervisors post
	ConErrPoster      Key = "con.err_poster"      // %s why: could not be sent
	ConErrCancel      Key = "con.err_cancel"      // %s why: could not be cancelled
	ConErrServer      Key = "con.err_server"      // something failed; nothing changed
	ConErrNotFound    Key = "con.err_not_found"   // no such page
)

// consoleEntries is the pit console's part of the catalogue.
func consoleEntries() []entry {
	return []entry{
		{ConTitle, "Pit console", "赌区控制台", "賭區控制台"},
		{ConRehearsal, "Rehearsal: each change is decided by the tables' own rules here, but not sent to the tables", "演练：每项更改按各牌台自身规则在此判定，但不会发送到牌台", "演練：每項更改按各牌檯自身規則在此判定，但不會發送到牌檯"},
		{ConSignIn, "Sign in", "登录", "登入"},
		{ConSignOut, "Sign out", "登出", "登出"},
		{ConID, "Operator id", "操作员编号", "操作員編號"},
		{ConPIN, "PIN", "密码", "密碼"},
		{ConSignedIn, "%[1]s (%[2]s, %[3]s)", "%[1]s（%[2]s，%[3]s）", "%[1]s（%[2]s，%[3]s）"},
		{ConSupervisor, "supervisor", "主管", "主管"},
		{ConDealer, "dealer", "荷官", "荷官"},
		{ConBadCredentials, "Unknown operator id or wrong PIN", "操作员编号不存在或密码错误", "操作員編號不存在或密碼錯誤"},
		{ConLocked, "Too many wrong PINs: sign-in for this id is locked until %s", "密码错误次数过多：此编号已锁定至 %s", "密碼錯誤次數過多：此編號已鎖定至 %s"},
		{ConSignInFailed, "Sign-in could not be checked now; try again", "暂时无法验证登录，请重试", "暫時無法驗證登入，請重試"},
		{ConExpired, "Your session has ended: sign in again", "登录已过期，请重新登录", "登入已過期，請重新登入"},
		{ConStaleForm, "The form was out of date and nothing was done: try again", "表单已过期，未作任何操作，请重试", "表單已過期，未作任何操作，請重試"},
		{ConLanguage, "Language", "语言", "語言"},
		{ConTables, "Tables", "牌台", "牌檯"},
		{ConSelect, "Select", "选择", "選擇"},
		{ConSelectTable, "Select table %s", "选择牌台 %s", "選擇牌檯 %s"},
		{ConTable, "Table", "牌台", "牌檯"},
		{ConGame, "Game", "游戏", "遊戲"},
		{ConPit, "Pit", "赌区", "賭區"},
		{ConSign, "Sign", "限额牌", "限額牌"},
		{ConNotices, "Notices", "通告", "通告"},
		{ConState, "State", "状态", "狀態"},
		{ConLast, "Last result", "上局结果", "上局結果"},
		{ConNoPit, "no pit", "未分区", "未分區"},
		{ConOpen, "Open", "营业中", "營業中"},
		{ConClosesAt, "Closes at %s", "%s 关闭", "%s 關閉"},
		{ConClosed, "Closed", "暂停营业", "暫停營業"},
		{ConReopensAt, "Closed, reopens at %s", "暂停营业，%s 重开", "暫停營業，%s 重開"},
		{ConOffline, "Offline", "离线", "離線"},
		{ConStale, "Data late", "数据过时", "數據過時"},
		{ConNoStatus, "No status yet", "尚无状态", "尚無狀態"},
		{ConNoticeClose, "This table closes at %s", "本台于 %s 关闭", "本檯於 %s 關閉"},
		{ConNoticeOpen, "This table reopens at %s", "本台于 %s 重开", "本檯於 %s 重開"},
		{ConNoLimits, "no limits published", "未发布限额", "未發佈限額"},
		{ConLastBaccarat, "Coup %[1]d: %[2]s, %[3]d–%[4]d", "第 %[1]d 局：%[2]s，%[3]d–%[4]d", "第 %[1]d 局：%[2]s，%[3]d–%[4]d"},
		{ConLastByHand, "Coup %[1]d: %[2]s (entered by hand)", "第 %[1]d 局：%[2]s（手动输入）", "第 %[1]d 局：%[2]s（手動輸入）"},
		{ConLastRedDog, "Round %[1]d: %[2]s, %[3]s", "第 %[1]d 局：%[2]s，%[3]s", "第 %[1]d 局：%[2]s，%[3]s"},
		{ConNoResult, "No result yet this shoe", "本靴尚无结果", "本靴尚無結果"},
		{ConWagerPairs, "Pairs", "对子", "對子"},
		{ConSelectPit, "Every table of pit %s", "赌区 %s 的所有牌台", "賭區 %s 的所有牌檯"},
		{ConSelectGame, "Every table of %s", "所有%s牌台", "所有%s牌檯"},
		{ConSelectBy, "Select many", "批量选择", "批量選擇"},
		{ConPostHeading, "Post a change", "发布更改", "發佈更改"},
		{ConChange, "Change", "更改", "更改"},
		{ConKindLimits, "Limits", "限额", "限額"},
		{ConKindDiff, "Table differential", "台面差额", "檯面差額"},
		{ConKindSettlement, "Settlement method", "结算方式", "結算方式"},
		{ConKindClose, "Close the table", "关闭牌台", "關閉牌檯"},
		{ConKindReopen, "Reopen the table", "重开牌台", "重開牌檯"},
		{ConAt, "At (HH:MM)", "时间（时:分）", "時間（時:分）"},
		{ConMainMin, "Main wager minimum", "主注最低", "主注最低"},
		{ConMainMax, "Main wager maximum", "主注最高", "主注最高"},
		{ConTieMin, "Tie minimum", "和局最低", "和局最低"},
		{ConTieMax, "Tie maximum", "和局最高", "和局最高"},
		{ConDiffMin, "Differential minimum", "差额最低", "差額最低"},
		{ConDiffMax, "Differential maximum", "差额最高", "差額最高"},
		{ConSettleA, "A — 5% commission on Banker wins", "A — 庄赢抽水 5%", "A — 莊贏抽水 5%"},
		{ConSettleB, "B — Banker wins on 6 pay 1 to 2", "B — 庄以 6 点赢赔 1 赔 2", "B — 莊以 6 點贏賠 1 賠 2"},
		{ConEarliestButton, "Earliest time", "最早时间", "最早時間"},
		{ConPostButton, "Post", "发布", "發佈"},
		{ConCancelButton, "Cancel this change", "取消此更改", "取消此更改"},
		{ConEarliest, "Earliest allowed: %[1]s (table %[2]s, notice rule %[3]s)", "最早可于 %[1]s（牌台 %[2]s，通告规则 %[3]s）", "最早可於 %[1]s（牌檯 %[2]s，通告規則 %[3]s）"},
		{ConEarliestNow, "No notice needed: from %s", "无需通告：自 %s 起", "無需通告：自 %s 起"},
		{ConEarliestAfter, "Earliest allowed: %[1]s (table %[2]s: not before the change already posted there)", "最早可于 %[1]s（牌台 %[2]s：不得早于该台已公布的更改）", "最早可於 %[1]s（牌檯 %[2]s：不得早於該檯已公佈的更改）"},
		{ConEarliestPassed, "Not sent: %[1]s is no longer allowed; the earliest is now %[2]s. %[3]s", "未发送：%[1]s 已不可用；现在最早为 %[2]s。%[3]s", "未發送：%[1]s 已不可用；現在最早為 %[2]s。%[3]s"},
		{ConEarliestRefuse, "Table %[1]s refuses this change at any time: %[2]s", "牌台 %[1]s 任何时间都不接受此更改：%[2]s", "牌檯 %[1]s 任何時間都不接受此更改：%[2]s"},
		{ConPosted, "Posted %[1]s to %[2]d tables", "已向 %[2]d 张牌台发布 %[1]s", "已向 %[2]d 張牌檯發佈 %[1]s"},
		{ConCancelled, "Cancelled %s", "已取消 %s", "已取消 %s"},
		{ConActivity, "Who did what", "操作记录", "操作記錄"},
		{ConNothingYet, "Nothing posted yet", "尚未发布任何更改", "尚未發佈任何更改"},
		{ConPostedBy, "%[1]s, posted by %[2]s (%[3]s)", "%[1]s，由 %[2]s（%[3]s）发布", "%[1]s，由 %[2]s（%[3]s）發佈"},
		{ConCancelledBy, "cancelled at %[1]s by %[2]s (%[3]s)", "%[1]s 由 %[2]s（%[3]s）取消", "%[1]s 由 %[2]s（%[3]s）取消"},
		{ConAnsPending, "waiting", "等待中", "等待中"},
		{ConAnsAccepted, "accepted", "已接受", "已接受"},
		{ConAnsRefused, "refused", "已拒绝", "已拒絕"},
		{ConAnsMissed, "missed (offline)", "未送达（离线）", "未送達（離線）"},
		{ConAnsCancelled, "cancelled", "已取消", "已取消"},
		{ConAnsEffective, "in effect at %s UTC", "于 UTC %s 生效", "於 UTC %s 生效"},
		{ConAnsTooLate, "it reached the table after it expired", "送达牌台时已过期", "送達牌檯時已過期"},
		{ConAnsNoAnswer, "no answer before it expired: the table did not carry it out", "过期前未获回复：牌台未执行", "過期前未獲回覆：牌檯未執行"},
		{ConAnsOffline, "the table is offline: it gets the change when it is back, if still in time", "牌台离线：恢复连线后如仍在时限内即收到此更改", "牌檯離線：恢復連線後如仍在時限內即收到此更改"},
		{ConAnsNotSent, "not sent: the pit bus did not store it (%s)", "未发送：赌区总线未保存（%s）", "未發送：賭區匯流排未保存（%s）"},
		{ConPostedPartial, "Posted %[1]s to %[2]d of %[3]d tables; NOT sent to %[4]s: see each table below", "已向 %[3]d 张牌台中的 %[2]d 张发布 %[1]s；未发送至 %[4]s：见下方各台", "已向 %[3]d 張牌檯中的 %[2]d 張發佈 %[1]s；未發送至 %[4]s：見下方各檯"},
		{ConWdSent, "withdrawal sent, no answer yet", "撤回指令已发送，尚未回复", "撤回指令已發送，尚未回覆"},
		{ConWdDone, "withdrawn", "已撤回", "已撤回"},
		{ConWdRefused, "withdrawal refused", "撤回被拒绝", "撤回被拒絕"},
		{ConWdNotReached, "withdrawal not reached", "撤回未送达", "撤回未送達"},
		{ConWdOffline, "the table is offline: it gets the withdrawal when it is back, if still in time", "牌台离线：恢复连线后如仍在时限内即收到撤回指令", "牌檯離線：恢復連線後如仍在時限內即收到撤回指令"},
		{ConWdNoAnswer, "no answer before it expired: the change stays on the table's sign", "过期前未获回复：该更改仍在牌台告示上", "過期前未獲回覆：該更改仍在牌檯告示上"},
		{ConNoJS, "Without JavaScript this page refreshes every 30 seconds.", "未启用 JavaScript 时，本页每 30 秒刷新一次。", "未啟用 JavaScript 時，本頁每 30 秒重新整理一次。"},
		{ConRefresh, "Refresh now", "立即刷新", "立即重新整理"},
		{ConLiveOn, "Live", "实时", "即時"},
		{ConLiveOff, "Live updates lost: reconnecting…", "实时更新中断：正在重新连接…", "即時更新中斷：正在重新連線…"},
		{ConErrNoTables, "Select at least one table", "请至少选择一张牌台", "請至少選擇一張牌檯"},
		{ConErrUnknown, "Table %s is not on the board", "牌台 %s 不在看板上", "牌檯 %s 不在看板上"},
		{ConErrKind, "choose what to change", "请选择要更改的项目", "請選擇要更改的項目"},
		{ConErrTime, "write the time as HH:MM, e.g. 21:30", "请按 时:分 填写时间，例如 21:30", "請按 時:分 填寫時間，例如 21:30"},
		{ConErrAmount, "write the amount as a number, e.g. 25 or 2.50, with no currency sign", "请以数字填写金额，例如 25 或 2.50，不带货币符号", "請以數字填寫金額，例如 25 或 2.50，不帶貨幣符號"},
		{ConErrRequired, "this is needed", "此项必填", "此項必填"},
		{ConErrMinMax, "the minimum is above the maximum", "最低额高于最高额", "最低額高於最高額"},
		{ConErrSettlement, "choose A or B", "请选择 A 或 B", "請選擇 A 或 B"},
		{ConErrTooLong, "at most %d characters", "最多 %d 个字符", "最多 %d 個字元"},
		{ConErrTooLarge, "The form is too large", "表单过大", "表單過大"},
		{ConErrNotClosed, "Table %s is open: only a closed table, or one with its closing posted, can be reopened", "牌台 %s 正在营业：只有已关闭或已公布关闭的牌台才能重开", "牌檯 %s 正在營業：只有已關閉或已公佈關閉的牌檯才能重開"},
		{ConErrField, "%[1]s: %[2]s", "%[1]s：%[2]s", "%[1]s：%[2]s"},
		{ConErrSupervisor, "Only a supervisor may post or cancel a change", "只有主管可以发布或取消更改", "只有主管可以發佈或取消更改"},
		{ConErrPoster, "The change could not be sent: %s", "更改无法发送：%s", "更改無法發送：%s"},
		{ConErrCancel, "The change could not be cancelled: %s", "更改无法取消：%s", "更改無法取消：%s"},
		{ConErrServer, "Something went wrong and nothing was changed: try again", "出现错误，未作任何更改，请重试", "出現錯誤，未作任何更改，請重試"},
		{ConErrNotFound, "No such page", "页面不存在", "頁面不存在"},
	}
}
