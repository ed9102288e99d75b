package i18n

// noteEntries are the settlement's notes (engine: how a wager was settled and by which rule;
// engine/desk: a wager voided or refunded), each format exactly as the engine words it, in
// English, Simplified and Traditional Chinese. Amounts are written "$12.50" by the engine;
// Catalogue.Reason gives them in the table's currency (issue 24).
func noteEntries() []reasonEntry {
	return []reasonEntry{
		// Run wagers (engine/runs.go).
		{"a cancelled coup voids open runs; wager returned", "取消的一局使未完成的连赢投注无效；投注退还", "取消的一局使未完成的連贏投注無效；投注退還"},
		{"coup %d: no Player or Banker wager for the run: lost", "第 %d 局：连赢没有闲或庄的投注：输", "第 %d 局：連贏沒有閒或莊的投注：輸"},
		{"coup %d: %s won, not %s: lost after %d of %d", "第 %[1]d 局：%[2]s 赢，不是 %[3]s：在 %[5]d 局中赢 %[4]d 局后输", "第 %[1]d 局：%[2]s 贏，不是 %[3]s：在 %[5]d 局中贏 %[4]d 局後輸"},
		{"coup %d: a Tie breaks a %s run: lost after %d of %d", "第 %[1]d 局：和局中断 %[2]s 连赢：在 %[4]d 局中赢 %[3]d 局后输", "第 %[1]d 局：和局中斷 %[2]s 連贏：在 %[4]d 局中贏 %[3]d 局後輸"},
		{"%s %d in a row pays %d:1", "%s 连赢 %d 局赔 %d:1", "%s 連贏 %d 局賠 %d:1"},
		{"coup %d corrected: %s won, not %s: lost", "第 %[1]d 局已更正：%[2]s 赢，不是 %[3]s：输", "第 %[1]d 局已更正：%[2]s 贏，不是 %[3]s：輸"},
		{"the shoe ended: open runs are void and returned (the book is silent)", "本靴结束：未完成的连赢投注无效并退还（规则书未规定）", "本靴結束：未完成的連贏投注無效並退還（規則書未規定）"},
		// Settlement (engine/settle.go, settle_differential.go).
		{"a Tie: Player and Banker wagers stand off", "和局：闲和庄的投注不输不赢", "和局：閒和莊的投注不輸不贏"},
		{"Insurance/No 6 is limited to the covered wager %s; %s void", "保险/非 6 以所保的投注 %s 为限；%s 无效", "保險/非 6 以所保的投注 %s 為限；%s 無效"},
		{"over the maximum %s: settled to the maximum, %s void", "超过最高限额 %s：按最高限额结算，%s 无效", "超過最高限額 %s：按最高限額結算，%s 無效"},
		{"a wager may not exceed the maximum table differential %s: %s void", "投注不得超过最高台面差额 %s：%s 无效", "投注不得超過最高檯面差額 %s：%s 無效"},
		{"under the minimum %s after a warning: returned regardless of the result", "警告后仍低于最低限额 %s：不论结果一律退还", "警告後仍低於最低限額 %s：不論結果一律退還"},
		{"under the minimum %s: settled this once; further wagers under the minimum will be returned", "低于最低限额 %s：这次照常结算；以后低于最低限额的投注将退还", "低於最低限額 %s：這次照常結算；以後低於最低限額的投注將退還"},
		{"not in a permitted multiple of %s over the minimum: settled as placed", "超出最低限额的部分不是 %s 的整数倍：照下注结算", "超出最低限額的部分不是 %s 的整數倍：照下注結算"},
		{"a Banker wager must be payable exactly in %s chips less commission: %s valid, %s void",
			"庄家投注扣除佣金后须能以 %s 筹码准确赔付：%s 有效，%s 无效", "莊家投注扣除佣金後須能以 %s 籌碼準確賠付：%s 有效，%s 無效"},
		{"Player pays 1:1", "闲赔 1:1", "閒賠 1:1"},
		{"Tie pays 8:1", "和赔 8:1", "和賠 8:1"},
		{"Tie pays %d:1", "和赔 %d:1", "和賠 %d:1"},
		{"Insurance/No 6 wins on every result but a Banker win with 6: pays %d:1", "除庄以 6 点赢外，保险/非 6 在任何结果都赢：赔 %d:1", "除莊以 6 點贏外，保險/非 6 在任何結果都贏：賠 %d:1"},
		{"Banker wins with 6: pays 1:2", "庄以 6 点赢：赔 1:2", "莊以 6 點贏：賠 1:2"},
		{"Banker pays 1:1", "庄赔 1:1", "莊賠 1:1"},
		{"Banker pays 1:1 less 5%% commission on the amount won", "庄赔 1:1，赢得金额扣 5%% 佣金", "莊賠 1:1，贏得金額扣 5%% 佣金"},
		{"Banker pays 1:1 less %s commission on the amount won", "庄赔 1:1，赢得金额扣 %s 佣金", "莊賠 1:1，贏得金額扣 %s 佣金"},
		{"additional %s commission on %s above the minimum table differential %s", "超出最低台面差额 %[3]s 的 %[2]s 另收 %[1]s 佣金", "超出最低檯面差額 %[3]s 的 %[2]s 另收 %[1]s 佣金"},
		{"commission %s deferred and recorded against seat %d", "佣金 %s 延后收取，记在座位 %d 名下", "佣金 %s 延後收取，記在座位 %d 名下"},
		{"a fraction of a cent is rounded in the player's favour", "不足一分的零头按对玩家有利的方式取整", "不足一分的零頭按對玩家有利的方式取整"},
		{"%s cannot be paid exactly in chips: paid to the next payable amount %s", "%s 无法以筹码准确赔付：赔到下一个可赔付的金额 %s", "%s 無法以籌碼準確賠付：賠到下一個可賠付的金額 %s"},
		{"%s cannot be paid exactly in %s chips: paid exactly", "%s 无法以 %s 筹码准确赔付：照准确金额赔付", "%s 無法以 %s 籌碼準確賠付：照準確金額賠付"},
		{"%s total %s exceeds the minimum table differential %s: all %s wagers reduced pro rata to %s",
			"%[1]s 合计 %[2]s 超过最低台面差额 %[3]s：所有 %[4]s 投注按比例减至 %[5]s", "%[1]s 合計 %[2]s 超過最低檯面差額 %[3]s：所有 %[4]s 投注按比例減至 %[5]s"},
		{"differential %s exceeds the maximum %s: %s wagers reduced pro rata from %s to %s",
			"差额 %[1]s 超过最高限额 %[2]s：%[3]s 投注按比例从 %[4]s 减至 %[5]s", "差額 %[1]s 超過最高限額 %[2]s：%[3]s 投注按比例從 %[4]s 減至 %[5]s"},
		// The desk (engine/desk): wagers voided, refunded, paid to the maximum.
		{"not settled: %v; the wager is returned", "未结算：%v；投注退还", "未結算：%v；投注退還"},
		{"paid or collected to the maximum %s", "按最高限额 %s 赔付或收取", "按最高限額 %s 賠付或收取"},
		{"coup %d was played without wagers: the wager is void and returned", "第 %d 局按不下注进行：投注无效并退还", "第 %d 局按不下注進行：投注無效並退還"},
		{"coup %d has no result: the wager is returned", "第 %d 局没有结果：投注退还", "第 %d 局沒有結果：投注退還"},
		{"coup %d was corrected by the supervisor: its first settlement is reversed", "第 %d 局经主管更正：其第一次结算撤销", "第 %d 局經主管更正：其第一次結算撤銷"},
		{"coup %d settled again on the cards the supervisor entered", "第 %d 局按主管录入的牌重新结算", "第 %d 局按主管錄入的牌重新結算"},
		{"coup %d was cancelled after the fact (%s): the wager is refunded", "第 %d 局事后被取消（%s）：投注退还", "第 %d 局事後被取消（%s）：投注退還"},
	}
}
