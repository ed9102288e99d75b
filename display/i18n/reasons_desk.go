package i18n

import "strings"

// deskWordEntries are the table's words for what it settled (engine/desk words.go:
// Table.SettledText and CommissionText, one line per wager settled and per deferred commission
// owed or collected, as app/table gives them to the operator screen's log) and the sign's
// refusal of a change for want of notice (engine.NoticeError), each format
// exactly as the desk words it, in English, Simplified and Traditional Chinese. They are not
// reasons (TestReasonFormatsCoverTheEngine does not look for them); TestDeskWordsWorded builds
// every shape of them with engine/desk and fails on one left in English. A settled wager's
// notes follow it after "; ", each worded as a reason with its rule.
func deskWordEntries() []reasonEntry {
	return []reasonEntry{
		{"seat %d %s wins %s", "%[1]d 号座%[2]s赢 %[3]s", "%[1]d 號座%[2]s贏 %[3]s"},
		{"seat %d %s wins %s (%s)", "%[1]d 号座%[2]s赢 %[3]s（%[4]s）", "%[1]d 號座%[2]s贏 %[3]s（%[4]s）"},
		{"seat %d %s wins %s, commission %s", "%[1]d 号座%[2]s赢 %[3]s，佣金 %[4]s", "%[1]d 號座%[2]s贏 %[3]s，佣金 %[4]s"},
		{"seat %d %s loses %s", "%[1]d 号座%[2]s输 %[3]s", "%[1]d 號座%[2]s輸 %[3]s"},
		{"seat %d %s loses %s: Banker won with 6 (%s)", "%[1]d 号座%[2]s输 %[3]s：庄以 6 点赢（%[4]s）", "%[1]d 號座%[2]s輸 %[3]s：莊以 6 點贏（%[4]s）"},
		{"seat %d %s stands off, %s returned", "%[1]d 号座%[2]s不输不赢，退还 %[3]s", "%[1]d 號座%[2]s不輸不贏，退還 %[3]s"},
		{"seat %d %s %s returned", "%[1]d 号座%[2]s退还 %[3]s", "%[1]d 號座%[2]s退還 %[3]s"},
		{"seat %d %s %s returned (its %s undone)", "%[1]d 号座%[2]s退还 %[3]s（撤销其%[4]s）", "%[1]d 號座%[2]s退還 %[3]s（撤銷其%[4]s）"},
		{"standing player %s wins %s", "站立的玩家%[1]s赢 %[2]s", "站立的玩家%[1]s贏 %[2]s"},
		{"standing player %s wins %s (%s)", "站立的玩家%[1]s赢 %[2]s（%[3]s）", "站立的玩家%[1]s贏 %[2]s（%[3]s）"},
		{"standing player %s wins %s, commission %s", "站立的玩家%[1]s赢 %[2]s，佣金 %[3]s", "站立的玩家%[1]s贏 %[2]s，佣金 %[3]s"},
		{"standing player %s loses %s", "站立的玩家%[1]s输 %[2]s", "站立的玩家%[1]s輸 %[2]s"},
		{"standing player %s loses %s: Banker won with 6 (%s)", "站立的玩家%[1]s输 %[2]s：庄以 6 点赢（%[3]s）", "站立的玩家%[1]s輸 %[2]s：莊以 6 點贏（%[3]s）"},
		{"standing player %s stands off, %s returned", "站立的玩家%[1]s不输不赢，退还 %[2]s", "站立的玩家%[1]s不輸不贏，退還 %[2]s"},
		{"standing player %s %s returned", "站立的玩家%[1]s退还 %[2]s", "站立的玩家%[1]s退還 %[2]s"},
		{"standing player %s %s returned (its %s undone)", "站立的玩家%[1]s退还 %[2]s（撤销其%[3]s）", "站立的玩家%[1]s退還 %[2]s（撤銷其%[3]s）"},
		{"seat %d: collect deferred commission %s (%s)", "%[1]d 号座：收取延后的佣金 %[2]s（%[3]s）", "%[1]d 號座：收取延後的佣金 %[2]s（%[3]s）"},
		{"seat %d owes %s deferred commission (%s)", "%[1]d 号座欠延后的佣金 %[2]s（%[3]s）", "%[1]d 號座欠延後的佣金 %[2]s（%[3]s）"},
		{"standing player: collect deferred commission %s (%s)", "站立的玩家：收取延后的佣金 %[1]s（%[2]s）", "站立的玩家：收取延後的佣金 %[1]s（%[2]s）"},
		{"standing player owes %s deferred commission (%s)", "站立的玩家欠延后的佣金 %[1]s（%[2]s）", "站立的玩家欠延後的佣金 %[1]s（%[2]s）"},
		// A change of the sign refused for want of notice (engine.NoticeError.Error).
		{"%s needs %d minutes' notice (%s): earliest %s", "%[1]s需提前 %[2]d 分钟通知（%[3]s）：最早 %[4]s", "%[1]s需提前 %[2]d 分鐘通知（%[3]s）：最早 %[4]s"},
		{"%s on reopening needs %d minutes' notice, or the table closed as long (%s): earliest %s",
			"重开时%[1]s需提前 %[2]d 分钟通知，或牌台关闭同样长的时间（%[3]s）：最早 %[4]s", "重開時%[1]s需提前 %[2]d 分鐘通知，或牌檯關閉同樣長的時間（%[3]s）：最早 %[4]s"},
	}
}

// alertEntries are the alerts the table program raises itself for a supervisor (app/shoefeed:
// the shoe's own faults; app/table: the recovery banner, a coup in progress at a restart, the
// replay differing from the record, the journal failing), each format exactly as the app words it, in English,
// Simplified and Traditional Chinese; the Corrections tab words them with Catalogue.Reason.
// A shoe's fault text and an error's text inside them stay as they are.
// TestAlertFormatsFollowTheApp scans the app's source and fails when the two drift apart.
func alertEntries() []reasonEntry {
	return []reasonEntry{
		{"shoe jammed — clear it; enter cards by hand meanwhile", "牌靴卡住——请清理；其间请手动录入牌", "牌靴卡住——請清理；其間請手動錄入牌"},
		{"shoe fault: %s", "牌靴故障：%s", "牌靴故障：%s"},
		{"coup %d was in progress when the display stopped: check the cards on the table and accept or void it",
			"显示停止时第 %d 局正在进行：请核对桌上的牌，然后接受或作废该局", "顯示停止時第 %d 局正在進行：請核對桌上的牌，然後接受或作廢該局"},
		{"replay: %d journalled command(s) are decided differently by the table's rules now (first: %s); what the table showed then may differ from what it shows now — check the journal with a supervisor",
			"重播：有 %[1]d 条已记录的指令现在按本台规则的判定不同（第一条：%[2]s）；牌台当时显示的可能与现在不同——请与主管核对记录",
			"重播：有 %[1]d 條已記錄的指令現在按本檯規則的判定不同（第一條：%[2]s）；牌檯當時顯示的可能與現在不同——請與主管核對記錄"},
		{"journal write failed: %s — inputs are not being recorded; call a supervisor", "记录写入失败：%s——输入没有被记录；请呼叫主管", "記錄寫入失敗：%s——輸入沒有被記錄；請呼叫主管"},
		// The recovery banner (app/table Recovery.Banner); the journal's damage inside it is
		// worded by damageEntries.
		{"Recovered at %s — %d coups restored", "于 %[1]s 恢复运行——已恢复 %[2]d 局", "於 %[1]s 恢復運行——已恢復 %[2]d 局"},
		{"Recovered at %s — %d coups restored (journal damage: %s)", "于 %[1]s 恢复运行——已恢复 %[2]d 局（记录损坏：%[3]s）",
			"於 %[1]s 恢復運行——已恢復 %[2]d 局（記錄損壞：%[3]s）"},
	}
}

// writeFailureEntries are what kind of failure a journal write failed with, inside the alert
// "journal write failed: %s — …" (app/table WriteFailure, by journal.FailureOf), in English,
// Simplified and Traditional Chinese. SQLite's or the system's own words of the failure go to
// the log only. TestWriteFailuresFollowTheTable fails when the two drift apart.
func writeFailureEntries() []reasonEntry {
	return []reasonEntry{
		{"the disk is full", "磁盘已满", "磁碟已滿"},
		{"the journal cannot be written (read-only)", "记录无法写入（只读）", "記錄無法寫入（唯讀）"},
		{"a disk I/O error", "磁盘读写错误", "磁碟讀寫錯誤"},
		{"the journal's database is damaged", "记录数据库已损坏", "記錄資料庫已損壞"},
		{"an unexpected error (the log says what)", "意外错误（详见日志）", "意外錯誤（詳見日誌）"},
	}
}

// damageEntries are the journal's damage as the recovery banner gives it (app/table Replay's
// Recovery.Damaged, its parts joined by "; ", with the journal's start-up warnings), each
// format exactly as Replay and app/journal word it, in English, Simplified and Traditional
// Chinese; a path stays as it is. TestDamageFormatsFollowReplay scans their sites and fails
// when the two drift apart.
func damageEntries() []reasonEntry {
	return []reasonEntry{
		{"intact through record %d", "记录完整至第 %d 条", "記錄完整至第 %d 條"},
		{"files copied to %s", "记录已复制到 %s", "記錄已複製到 %s"},
		// The journal's warnings at start-up (app/journal compareHead, readHead).
		{"the head file %s is missing: the journal's %d records cannot be checked for records lost from its end",
			"记录头文件 %[1]s 缺失：无法核对记录的 %[2]d 条记录最后是否有丢失", "記錄頭文件 %[1]s 缺失：無法核對記錄的 %[2]d 條記錄最後是否有遺失"},
		{"%s: the journal cannot be checked for records lost from its end", "%s：无法核对记录最后是否有丢失", "%s：無法核對記錄最後是否有遺失"},
		{"head file %s (%d bytes) has no intact record of the head", "记录头文件 %[1]s（%[2]d 字节）没有完整的记录头", "記錄頭文件 %[1]s（%[2]d 位元組）沒有完整的記錄頭"},
	}
}

// differEntries are the first journalled command a replay decides otherwise (app/table differ's
// first, inside the replay alert's "(first: …)"), each format exactly as the table program
// words it, in English, Simplified and Traditional Chinese; the command stays as the script
// says it, the rule number as it is. TestDifferFormatsFollowTheTable fails when they drift apart.
func differEntries() []reasonEntry {
	return []reasonEntry{
		{"record %d %s is refused now (%s) but is not recorded as refused",
			"第 %[1]d 条记录 %[2]s 现在被拒绝（%[3]s），但记录中没有记为被拒绝", "第 %[1]d 條記錄 %[2]s 現在被拒絕（%[3]s），但記錄中沒有記為被拒絕"},
		{"record %d %s is accepted now but was refused when recorded (%s)",
			"第 %[1]d 条记录 %[2]s 现在被接受，但记录时被拒绝（%[3]s）", "第 %[1]d 條記錄 %[2]s 現在被接受，但記錄時被拒絕（%[3]s）"},
		{"record %d %s is refused now (%s) otherwise than recorded (%s refused, %s)",
			"第 %[1]d 条记录 %[2]s 现在被拒绝（%[3]s），与记录不同（记录为 %[4]s 被拒绝，%[5]s）",
			"第 %[1]d 條記錄 %[2]s 現在被拒絕（%[3]s），與記錄不同（記錄為 %[4]s 被拒絕，%[5]s）"},
	}
}

// linkDetailEntries are the shoe link's details inside a doubt ("shoe data lost (%s)": what
// app/shoefeed and serialin say of the frames), each format exactly as they word it, in
// English, Simplified and Traditional Chinese. A shoe's own text (its vendor, a restart
// reason) stays as it is. TestLinkDetailFormatsStillWorded fails on one the link no longer words.
func linkDetailEntries() []reasonEntry {
	return []reasonEntry{
		{"%d frame(s): %s", "%[1]d 帧：%[2]s", "%[1]d 幀：%[2]s"},
		{"SEQ %04d: %s", "序号 %[1]d：%[2]s", "序號 %[1]d：%[2]s"},
		{"SEQ %04d follows %04d", "序号 %[1]d 接在 %[2]d 之后", "序號 %[1]d 接在 %[2]d 之後"},
		{"SEQ %04d follows %04d, the last frame the table took before it stopped", "序号 %[1]d 接在 %[2]d（牌台停止前收到的最后一帧）之后", "序號 %[1]d 接在 %[2]d（牌檯停止前收到的最後一幀）之後"},
		{"SEQ %04d is behind %04d", "序号 %[1]d 落后于 %[2]d", "序號 %[1]d 落後於 %[2]d"},
		{"SEQ %04d is behind %04d, the last frame the table took before it stopped", "序号 %[1]d 落后于 %[2]d（牌台停止前收到的最后一帧）", "序號 %[1]d 落後於 %[2]d（牌檯停止前收到的最後一幀）"},
		{"same SEQ as %q, different body", "序号与 %q 相同，内容不同", "序號與 %q 相同，內容不同"},
		{"the shoe reported a card that left it unread", "牌靴报告有一张牌未读取就送出", "牌靴報告有一張牌未讀取就送出"},
		{"%s read twice within %v: a double read or a real repeat", "%[1]s 在 %[2]v 内被读取两次：重复读取或真的重复", "%[1]s 在 %[2]v 內被讀取兩次：重複讀取或真的重複"},
		// After a reconnect (serialin CSP1.unproven and the HELO that proves the stream).
		{"SEQ %04d after the link came back does not continue %04d, the last frame taken: not proven to be the same shoe; its frames are dropped until the shoe sends HELO (power-cycle it)",
			"连接恢复后序号 %[1]d 未接续最后收到的 %[2]d：无法证明是同一牌靴；牌靴发送 HELO（重新开关电源）前，其数据帧一律丢弃",
			"連接恢復後序號 %[1]d 未接續最後收到的 %[2]d：無法證明是同一牌靴；牌靴發送 HELO（重新開關電源）前，其資料幀一律丟棄"},
		{"HELO from %s after the link came back, but the table's shoe is %s: not the same shoe; its frames are dropped until the table's shoe sends HELO",
			"连接恢复后收到 %[1]s 的 HELO，但本台牌靴是 %[2]s：不是同一牌靴；本台牌靴发送 HELO 前，其数据帧一律丢弃",
			"連接恢復後收到 %[1]s 的 HELO，但本檯牌靴是 %[2]s：不是同一牌靴；本檯牌靴發送 HELO 前，其資料幀一律丟棄"},
		{"HELO after the link came back (last frame taken SEQ %04d); the table had no HELO to check it against",
			"连接恢复后收到 HELO（最后收到的帧序号 %[1]d）；牌台没有可供核对的 HELO",
			"連接恢復後收到 HELO（最後收到的幀序號 %[1]d）；牌檯沒有可供核對的 HELO"},
		{"HELO after the link came back (last frame taken SEQ %04d); the same vendor, model and firmware as the table's shoe, which cannot tell two shoes of one model apart: check the shoe at the table",
			"连接恢复后收到 HELO（最后收到的帧序号 %[1]d）；厂商、型号和固件与本台牌靴相同，但无法区分同型号的两台牌靴：请在牌台核对牌靴",
			"連接恢復後收到 HELO（最後收到的幀序號 %[1]d）；廠商、型號和韌體與本檯牌靴相同，但無法區分同型號的兩台牌靴：請在牌檯核對牌靴"},
	}
}

// deskArgWord is a wager's or a result's name as the desk's words give it ("insurance",
// "win") in lang; "" when a is none of them, or in English.
func deskArgWord(a string, lang Lang) string {
	if lang == English {
		return ""
	}
	hant := lang == TraditionalChinese
	pick := func(hans, tw string) string {
		if hant {
			return tw
		}
		return hans
	}
	switch a {
	case "player":
		return pick("闲", "閒")
	case "banker":
		return pick("庄", "莊")
	case "tie":
		return "和"
	case "insurance":
		return pick("保险", "保險")
	case "bet":
		return "投注"
	case "raise":
		return "加注"
	case "win":
		return pick("赢", "贏")
	case "lose":
		return pick("输", "輸")
	case "push":
		return pick("不输不赢", "不輸不贏")
	}
	return changeKindWord(a, pick)
}

// changeKindWords are the kinds of change to the sign as engine.ChangeKind names them.
var changeKindWords = map[string][2]string{
	"raise minimum": {"提高最低限额", "提高最低限額"}, "lower minimum": {"降低最低限额", "降低最低限額"},
	"maximum": {"最高限额", "最高限額"}, "multiples": {"倍数", "倍數"}, "differential": {"台面差额", "檯面差額"},
	"settlement method": {"结算方式", "結算方式"}, "close": {"关闭牌台", "關閉牌檯"}, "open": {"开台", "開檯"},
}

// changeKindWord is a set of kinds of change as the engine names it ("raise minimum+close"),
// in the language pick chooses; "" when a is not one.
func changeKindWord(a string, pick func(hans, hant string) string) string {
	parts := strings.Split(a, "+")
	for i, p := range parts {
		w, ok := changeKindWords[p]
		if !ok {
			return ""
		}
		parts[i] = pick(w[0], w[1])
	}
	return strings.Join(parts, "、")
}
