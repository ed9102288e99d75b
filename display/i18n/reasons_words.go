package i18n

import "slices"

// reasonEntries are the engine's reasons the catalogue words: why a coup is under review and
// the irregularities (reviewEntries), the baccarat game's refusals (refusalEntries) and the
// table's refusals of a command (deskRefusalEntries), the Red Dog table's (redDogRefusalEntries)
// and the settlement's notes (noteEntries).
// TestReasonFormatsCoverTheEngine keeps this list and the engine's reason sites the same; see
// docs/developer.md, "An engine reason".
func reasonEntries() []reasonEntry {
	return slices.Concat(reviewEntries(), refusalEntries(), deskRefusalEntries(), redDogRefusalEntries(), noteEntries())
}

// reviewEntries are the engine's reasons for a review and the irregularities it reports, each
// format exactly as the engine words it (engine, engine/reddog; the shoe link's doubts), in
// English, Simplified and Traditional Chinese.
func reviewEntries() []reasonEntry {
	return []reasonEntry{
		// The shoe link's doubts (engine.Doubt.Reason): the words alone, and with the link's detail.
		{"shoe data lost", "牌靴数据丢失", "牌靴數據遺失"},
		{"shoe data lost (%s)", "牌靴数据丢失（%s）", "牌靴數據遺失（%s）"},
		{"a card could not be read", "有一张牌无法读取", "有一張牌無法讀取"},
		{"a card could not be read (%s)", "有一张牌无法读取（%s）", "有一張牌無法讀取（%s）"},
		{"the shoe sent conflicting data", "牌靴发来的数据互相矛盾", "牌靴發來的數據互相矛盾"},
		{"the shoe sent conflicting data (%s)", "牌靴发来的数据互相矛盾（%s）", "牌靴發來的數據互相矛盾（%s）"},
		{"old shoe data sent again (dropped)", "牌靴重发旧数据（已丢弃）", "牌靴重發舊數據（已丟棄）"},
		{"old shoe data sent again (dropped) (%s)", "牌靴重发旧数据（已丢弃）（%s）", "牌靴重發舊數據（已丟棄）（%s）"},
		{"the shoe restarted", "牌靴已重新启动", "牌靴已重新啟動"},
		{"the shoe restarted (%s)", "牌靴已重新启动（%s）", "牌靴已重新啟動（%s）"},
		{"the shoe was disconnected", "牌靴已断开连接", "牌靴已斷開連接"},
		{"the shoe was disconnected (%s)", "牌靴已断开连接（%s）", "牌靴已斷開連接（%s）"},
		{"a card was read twice in a row", "同一张牌被连续读取两次", "同一張牌被連續讀取兩次"},
		{"a card was read twice in a row (%s)", "同一张牌被连续读取两次（%s）", "同一張牌被連續讀取兩次（%s）"},

		// Baccarat (engine): reasons within reasons, the shoe's own result, the supervisor.
		{"coup %d: %s", "第 %d 局：%s", "第 %d 局：%s"},
		{"round %d: %s", "第 %d 局：%s", "第 %d 局：%s"},
		{"the shoe reported a result (%s) before coup %d had its cards by the table of play",
			"牌靴在第 %[2]d 局按补牌规则发完牌之前就报告了结果（%[1]s）", "牌靴在第 %[2]d 局按補牌規則發完牌之前就報告了結果（%[1]s）"},
		{"the shoe's result %s contradicts the cards (%s)", "牌靴的结果 %s 与牌面不符（%s）", "牌靴的結果 %s 與牌面不符（%s）"},
		{"disputed: put under review by the supervisor", "有争议：主管已将其列入复核", "有爭議：主管已將其列入覆核"},
		{"coup %d was entered by the supervisor: cards read after it may belong to it",
			"第 %d 局的牌由主管录入：其后读到的牌可能属于该局", "第 %d 局的牌由主管錄入：其後讀到的牌可能屬於該局"},
		{"coup %d was cancelled under review: cards read after it may belong to it",
			"第 %d 局在复核中被取消：其后读到的牌可能属于该局", "第 %d 局在覆核中被取消：其後讀到的牌可能屬於該局"},
		{"%d card(s) read after coup %d set aside: %s", "第 %[2]d 局之后读到的 %[1]d 张牌已放在一边：%[3]s", "第 %[2]d 局之後讀到的 %[1]d 張牌已放在一邊：%[3]s"},

		// Baccarat (engine): cards the rules cannot place.
		{"card code %d/%d is not a card: ignored", "牌码 %d/%d 不是一张牌：已忽略", "牌碼 %d/%d 不是一張牌：已忽略"},
		{"%s: no shoe started; the card joins no round", "%s：尚未开始牌靴；此牌不属于任何一局", "%s：尚未開始牌靴；此牌不屬於任何一局"},
		{"%s dealt after the last coup: it joins no round", "%s 在最后一局之后发出：不属于任何一局", "%s 在最後一局之後發出：不屬於任何一局"},
		{"%s: too many cards drawn ahead of the round; it joins no round", "%s：本局之前预先抽出的牌过多；此牌不属于任何一局", "%s：本局之前預先抽出的牌過多；此牌不屬於任何一局"},
		{"%s was found face up in the shoe as the first card of round %d: this book has no rule",
			"%s 作为第 %d 局的第一张牌在牌靴中被发现牌面朝上：本规则书没有相关规定", "%s 作為第 %d 局的第一張牌在牌靴中被發現牌面朝上：本規則書沒有相關規定"},
		{"%s reported at %s, table of play says %s", "%s 报告在 %s，按补牌规则应在 %s", "%s 報告在 %s，按補牌規則應在 %s"},
		{"%s was found face up in the shoe: this book has no rule", "%s 在牌靴中被发现牌面朝上：本规则书没有相关规定", "%s 在牌靴中被發現牌面朝上：本規則書沒有相關規定"},
		{"%s: %s joins no round", "%s：%s 不属于任何一局", "%s：%s 不屬於任何一局"},
		{"cards drawn after the last coup", "最后一局之后抽出的牌", "最後一局之後抽出的牌"},
		{"a new shoe was loaded", "已装入新牌靴", "已裝入新牌靴"},
		{"a new shoe was loaded during round %d: the round is cancelled", "第 %d 局进行中装入了新牌靴：该局取消", "第 %d 局進行中裝入了新牌靴：該局取消"},
		{"card %s is not a card", "%s 不是一张牌", "%s 不是一張牌"},
		{"%s seen %d times: %d decks hold %d", "%s 出现了 %d 次：%d 副牌只有 %d 张", "%s 出現了 %d 次：%d 副牌只有 %d 張"},
		{"rank %s seen %d times: %d decks hold %d", "点数 %s 出现了 %d 次：%d 副牌只有 %d 张", "點數 %s 出現了 %d 次：%d 副牌只有 %d 張"},
		{"%d cards out of %d decks of 52", "%[2]d 副 52 张的牌中已发出 %[1]d 张", "%[2]d 副 52 張的牌中已發出 %[1]d 張"},
		{"cutting card with no shoe in play", "没有进行中的牌靴时出现切牌卡", "沒有進行中的牌靴時出現切牌卡"},
		{"a second cutting card, but this book uses one", "出现第二张切牌卡，但本规则书只用一张", "出現第二張切牌卡，但本規則書只用一張"},
		{"cutting card during the burn", "烧牌时出现切牌卡", "燒牌時出現切牌卡"},
		{"cutting card with %d cards behind it: the book has it inserted at least %d cards from the back (%s)",
			"切牌卡后面只有 %d 张牌：规则书要求它至少插在距底部 %d 张牌处（%s）", "切牌卡後面只有 %d 張牌：規則書要求它至少插在距底部 %d 張牌處（%s）"},
		{"the script ended during round %d: it has no result", "脚本在第 %d 局进行中结束：该局没有结果", "腳本在第 %d 局進行中結束：該局沒有結果"},

		// Red Dog (engine/reddog).
		{"the script ended during round %d (cards %v): it has no result", "脚本在第 %d 局进行中结束（牌 %v）：该局没有结果", "腳本在第 %d 局進行中結束（牌 %v）：該局沒有結果"},
		{"round %d is under review: %s (10.10)", "第 %d 局复核中：%s（10.10）", "第 %d 局覆核中：%s（10.10）"},
		{"round %d will be under review from its first card: %s (10.10)", "第 %d 局将从第一张牌起复核：%s（10.10）", "第 %d 局將從第一張牌起覆核：%s（10.10）"},
		{"round %d has all its cards and waits for the supervisor: confirm the cards, enter them or cancel the round (10.10)",
			"第 %d 局的牌已发完，等待主管：确认这些牌、录入牌或取消该局（10.10）", "第 %d 局的牌已發完，等待主管：確認這些牌、錄入牌或取消該局（10.10）"},
		{"round %d cannot be decided (%v)", "第 %d 局无法判定（%v）", "第 %d 局無法判定（%v）"},
		{"round %d cannot be decided (%v): for the supervisor (10.10)", "第 %d 局无法判定（%v）：交由主管处理（10.10）", "第 %d 局無法判定（%v）：交由主管處理（10.10）"},
		{"round %d was entered by the supervisor: cards read after it may belong to it",
			"第 %d 局的牌由主管录入：其后读到的牌可能属于该局", "第 %d 局的牌由主管錄入：其後讀到的牌可能屬於該局"},
		{"cards were read while round %d waited for review", "第 %d 局等待复核时读到了牌", "第 %d 局等待覆核時讀到了牌"},
		{"%s was read while round %d waits for review: set aside; the next round starts under review (10.10)",
			"第 %[2]d 局等待复核时读到 %[1]s：已放在一边；下一局从复核开始（10.10）", "第 %[2]d 局等待覆核時讀到 %[1]s：已放在一邊；下一局從覆核開始（10.10）"},
		{"a card reported face up in the shoe never came out before the shuffle", "报告在牌靴中牌面朝上的牌在洗牌前始终没有出现", "報告在牌靴中牌面朝上的牌在洗牌前始終沒有出現"},
		{"the cards were shuffled during round %d (4.1.4): the round is cancelled and its wagers refunded (10.4)",
			"第 %d 局进行中洗了牌（4.1.4）：该局取消，投注退还（10.4）", "第 %d 局進行中洗了牌（4.1.4）：該局取消，投注退還（10.4）"},
		{"a burn the rules do not call for (only after a shuffle, 4.6): the next card is discarded unseen; for the supervisor (10.10)",
			"规则未要求的烧牌（只在洗牌后，4.6）：下一张牌不看牌面弃掉；交由主管处理（10.10）", "規則未要求的燒牌（只在洗牌後，4.6）：下一張牌不看牌面棄掉；交由主管處理（10.10）"},
		{"no card was burned after the shuffle: the dealer continues to deal (9.1)", "洗牌后没有烧牌：荷官继续发牌（9.1）", "洗牌後沒有燒牌：荷官繼續發牌（9.1）"},
		{"a second cutting card in one shoe (3.1 has one): ignored; the cards need checking (3.3)",
			"同一牌靴出现第二张切牌卡（3.1 只有一张）：已忽略；需要检查牌（3.3）", "同一牌靴出現第二張切牌卡（3.1 只有一張）：已忽略；需要檢查牌（3.3）"},
		{"the burned card was exposed; it stays in the discards (4.6, 9.4)", "烧掉的牌被翻开；它留在弃牌中（4.6、9.4）", "燒掉的牌被翻開；它留在棄牌中（4.6、9.4）"},
		{"a card reported face up in the shoe never came out before the reshuffle", "报告在牌靴中牌面朝上的牌在重新洗牌前始终没有出现", "報告在牌靴中牌面朝上的牌在重新洗牌前始終沒有出現"},
		{"not enough cards to finish the round: the discards are shuffled, cut and burned, then the round is finished (9.7)",
			"剩余的牌不够完成本局：弃牌经洗牌、切牌、烧牌后，继续完成本局（9.7）", "剩餘的牌不夠完成本局：棄牌經洗牌、切牌、燒牌後，繼續完成本局（9.7）"},
		{"the shoe ran out during the round: the discards are to be shuffled, cut and burned (9.7)",
			"本局进行中牌靴已空：弃牌须洗牌、切牌、烧牌（9.7）", "本局進行中牌靴已空：棄牌須洗牌、切牌、燒牌（9.7）"},
		{"the shoe ran out without the cutting card coming out (4.5): a shuffle is due", "牌靴已空而切牌卡没有出现（4.5）：须洗牌", "牌靴已空而切牌卡沒有出現（4.5）：須洗牌"},
		{"a card before any shoe was loaded: the cards are shuffled before play (4.1.1); not used", "装入牌靴之前出现了牌：开局前须洗牌（4.1.1）；此牌不用", "裝入牌靴之前出現了牌：開局前須洗牌（4.1.1）；此牌不用"},
		{"a card after the shoe ran out, before the discards were reshuffled (9.7): not used; the round needs review",
			"牌靴已空、弃牌重新洗牌之前出现了牌（9.7）：此牌不用；本局需要复核", "牌靴已空、棄牌重新洗牌之前出現了牌（9.7）：此牌不用；本局需要覆核"},
		{"%s was read after the shoe ran out, before the discards were reshuffled (9.7)", "牌靴已空、弃牌重新洗牌之前读到 %s（9.7）", "牌靴已空、棄牌重新洗牌之前讀到 %s（9.7）"},
		{"more %s than %d decks hold (3.1)", "%[1]s 多于 %[2]d 副牌所有（3.1）", "%[1]s 多於 %[2]d 副牌所有（3.1）"},
		{"more %s than %d decks hold (3.1): the round needs review and the cards checking (3.3)",
			"%[1]s 多于 %[2]d 副牌所有（3.1）：本局需要复核，牌需要检查（3.3）", "%[1]s 多於 %[2]d 副牌所有（3.1）：本局需要覆核，牌需要檢查（3.3）"},
		{"cards like the burned one", "与烧掉的牌相同的牌", "與燒掉的牌相同的牌"},
		{"a card found face up in the shoe is discarded (9.2)", "在牌靴中发现牌面朝上的牌须弃掉（9.2）", "在牌靴中發現牌面朝上的牌須棄掉（9.2）"},
		{"the shoe reported position %s, which a Red Dog layout does not have: the card is placed by the order of the deal (7.1, 7.2)",
			"牌靴报告的位置 %s 在红狗台面上不存在：此牌按发牌顺序放置（7.1、7.2）", "牌靴報告的位置 %s 在紅狗檯面上不存在：此牌按發牌順序放置（7.1、7.2）"},
		{"the shuffle due under %s was not done: round %d is played and the cards are shuffled at its end (9.6)",
			"按 %s 应洗牌但没有洗：第 %d 局照常进行，结束后洗牌（9.6）", "按 %s 應洗牌但沒有洗：第 %d 局照常進行，結束後洗牌（9.6）"},
		{"%s was dealt to the %s box instead of the %s box: %s", "%[1]s 被发到%[2]s框，而不是%[3]s框：%[4]s", "%[1]s 被發到%[2]s框，而不是%[3]s框：%[4]s"},
		{"the first two cards are reconstructed (9.5)", "前两张牌须重新摆放（9.5）", "前兩張牌須重新擺放（9.5）"},
		{"the third card belongs in the centre box (7.2); for the supervisor (10.10)", "第三张牌应放在中框（7.2）；交由主管处理（10.10）", "第三張牌應放在中框（7.2）；交由主管處理（10.10）"},
	}
}

// reasonArgWord is a word the engine gives as an argument of its reasons (Red Dog's boxes) in
// lang, or "" for a word it does not know; English gives them as they are.
func reasonArgWord(a string, lang Lang) string {
	if lang == English {
		return ""
	}
	switch a {
	case "right":
		return "右"
	case "left":
		return "左"
	case "centre":
		return "中"
	}
	return ""
}
