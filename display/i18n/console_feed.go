package i18n

// The pit console's words for what the tables publish on the feed (issue 25 item 2): a coup
// held for review with the kinds of reason, and the notices posted on each table's sign. Apart
// from console.go's, like them out of the screen's font subset.
const (
	ConUnderReview Key = "con.under_review" // %[1]d coup, %[2]s the kinds of reason: state
	// The kinds of reason the bus carries for a coup held (pitwire.Review.Reasons).
	ConWhyLost       Key = "con.why.lost"
	ConWhyUnreadable Key = "con.why.unreadable"
	ConWhyConflict   Key = "con.why.conflict"
	ConWhyReplay     Key = "con.why.replay"
	ConWhyRestart    Key = "con.why.restart"
	ConWhyDisconnect Key = "con.why.disconnect"
	ConWhyRepeat     Key = "con.why.repeat"
	ConWhyShoeResult Key = "con.why.shoe_result"
	ConWhyIrregular  Key = "con.why.irregular"
	ConNoticeAmount  Key = "con.notice_amount"   // %[1]s item, %[2]s wager, %[3]s old, %[4]s new, %[5]s time
	ConNoticeDiff    Key = "con.notice_diff"     // %[1]s which differential, %[2]s old, %[3]s new, %[4]s time
	ConNoticeDiffOff Key = "con.notice_diff_off" // %[1]s which differential, %[2]s time
	ConNoticeSettle  Key = "con.notice_settle"   // %[1]s time, %[2]s the new method
	ConItemMinimum   Key = "con.item.minimum"    // a wager's minimum
	ConItemMaximum   Key = "con.item.maximum"    // a wager's maximum
	ConItemMultiple  Key = "con.item.multiple"   // a wager's multiple
	ConNoticeRule    Key = "con.notice_rule"     // %[1]s the notice, %[2]s the rule that asks for it
	// The sign's lines besides its wagers (pitwire.Limits): a table differential in force and
	// the settlement method.
	ConSignDiff   Key = "con.sign_diff"   // %[1]s which differential (ConDiffMin, ConDiffMax), %[2]s amount
	ConSignSettle Key = "con.sign_settle" // %s the method (ConSettleA, ConSettleB)
)

// consoleFeedEntries are the words above in the three languages.
func consoleFeedEntries() []entry {
	return []entry{
		{ConUnderReview, "Coup %[1]d under review: %[2]s", "第 %[1]d 局复核中：%[2]s", "第 %[1]d 局覆核中：%[2]s"},
		{ConWhyLost, "shoe data lost", "发牌靴数据丢失", "發牌靴數據遺失"},
		{ConWhyUnreadable, "a card could not be read", "有牌无法读取", "有牌無法讀取"},
		{ConWhyConflict, "conflicting shoe data", "发牌靴数据矛盾", "發牌靴數據矛盾"},
		{ConWhyReplay, "old shoe data sent again", "发牌靴重发旧数据", "發牌靴重發舊數據"},
		{ConWhyRestart, "the shoe restarted", "发牌靴重新启动", "發牌靴重新啟動"},
		{ConWhyDisconnect, "the shoe was disconnected", "发牌靴断开连接", "發牌靴斷開連線"},
		{ConWhyRepeat, "a card read twice in a row", "同一张牌连续读取两次", "同一張牌連續讀取兩次"},
		{ConWhyShoeResult, "the shoe's result differs from the cards", "发牌靴结果与牌不符", "發牌靴結果與牌不符"},
		{ConWhyIrregular, "an irregularity", "异常情况", "異常情況"},
		{ConNoticeAmount, "%[2]s %[1]s: %[3]s → %[4]s at %[5]s", "%[2]s%[1]s：%[3]s → %[4]s，%[5]s 起", "%[2]s%[1]s：%[3]s → %[4]s，%[5]s 起"},
		{ConNoticeDiff, "%[1]s: %[2]s → %[3]s at %[4]s", "%[1]s：%[2]s → %[3]s，%[4]s 起", "%[1]s：%[2]s → %[3]s，%[4]s 起"},
		{ConNoticeDiffOff, "%[1]s removed at %[2]s", "%[2]s 起取消%[1]s", "%[2]s 起取消%[1]s"},
		{ConNoticeSettle, "From %[1]s: %[2]s", "%[1]s 起：%[2]s", "%[1]s 起：%[2]s"},
		{ConItemMinimum, "minimum", "最低", "最低"},
		{ConItemMaximum, "maximum", "最高", "最高"},
		{ConItemMultiple, "multiple", "倍数", "倍數"},
		{ConNoticeRule, "%[1]s (%[2]s)", "%[1]s（%[2]s）", "%[1]s（%[2]s）"},
		{ConSignDiff, "%[1]s %[2]s", "%[1]s %[2]s", "%[1]s %[2]s"},
		{ConSignSettle, "Settlement %s", "结算方式 %s", "結算方式 %s"},
	}
}
