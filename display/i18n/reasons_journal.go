package i18n

import (
	"fmt"
	"regexp"
)

// verifyEntries are the journal's broken chain as its check words it (app/journal verifyFrom: a
// BadRecord's problem, and BadRecord.String, "record N: problem"), inside the recovery banner's
// "journal damage: …", each format exactly as the journal words it, in English, Simplified and
// Traditional Chinese. A hash and an inner error's text stay as they are. The journal, its
// audit and DAMAGE.txt keep the English. TestVerifyFormatsFollowTheJournal scans their sites and
// fails when the two drift apart.
func verifyEntries() []reasonEntry {
	return []reasonEntry{
		{"record %d: %s", "第 %[1]d 条记录：%[2]s", "第 %[1]d 條記錄：%[2]s"},
		{"loss acceptance unreadable: %v", "接受丢失的记录无法读取：%v", "接受遺失的記錄無法讀取：%v"},
		{"accepts the loss of records %d to %d, but the chain goes from record %d to record %d",
			"接受第 %[1]d 至 %[2]d 条记录丢失，但记录链是从第 %[3]d 条到第 %[4]d 条",
			"接受第 %[1]d 至 %[2]d 條記錄遺失，但記錄鏈是從第 %[3]d 條到第 %[4]d 條"},
		{"accepts a loss after record %d with hash %s, but that record's hash is %s",
			"接受哈希值为 %[2]s 的第 %[1]d 条记录之后的丢失，但该记录的哈希值是 %[3]s",
			"接受雜湊值為 %[2]s 的第 %[1]d 條記錄之後的遺失，但該記錄的雜湊值是 %[3]s"},
		{"present although records up to %d were pruned (anchor edited or record inserted)",
			"第 %d 条及之前的记录已清理，此记录却仍存在（清理锚点被改动或有记录被插入）",
			"第 %d 條及之前的記錄已清理，此記錄卻仍存在（清理錨點被改動或有記錄被插入）"},
		{"missing: the journal starts at record %d but should start at %d",
			"缺失：记录从第 %[1]d 条开始，但应从第 %[2]d 条开始", "缺失：記錄從第 %[1]d 條開始，但應從第 %[2]d 條開始"},
		{"missing: the chain jumps from record %d to record %d (deleted)",
			"缺失：记录链从第 %[1]d 条跳到第 %[2]d 条（已被删除）", "缺失：記錄鏈從第 %[1]d 條跳到第 %[2]d 條（已被刪除）"},
		{"contents do not match its hash (changed)", "内容与其哈希值不符（已被改动）", "內容與其雜湊值不符（已被改動）"},
		{"does not chain to the prune anchor (record %d's hash)",
			"未接续清理锚点（第 %d 条记录的哈希值）", "未接續清理錨點（第 %d 條記錄的雜湊值）"},
		{"does not chain to record %d: its prev hash is not that record's hash (record %d changed and rehashed, or a record inserted or removed here)",
			"未接续第 %[1]d 条记录：其所记的前一哈希值不是该记录的哈希值（第 %[2]d 条记录被改动并重算哈希值，或此处有记录被插入或删除）",
			"未接續第 %[1]d 條記錄：其所記的前一雜湊值不是該記錄的雜湊值（第 %[2]d 條記錄被改動並重算雜湊值，或此處有記錄被插入或刪除）"},
		{"prune checkpoint unreadable: %v", "清理检查点无法读取：%v", "清理檢查點無法讀取：%v"},
		{"prune checkpoint authorises records up to %d, at or after itself",
			"清理检查点授权清理至第 %d 条记录，即其自身或其后的记录", "清理檢查點授權清理至第 %d 條記錄，即其自身或其後的記錄"},
		{"prune checkpoint's hash of record %d differs from the prune anchor",
			"清理检查点所记第 %d 条记录的哈希值与清理锚点不同", "清理檢查點所記第 %d 條記錄的雜湊值與清理錨點不同"},
		{"missing: records %d to %d were deleted and no prune checkpoint in the chain authorises it",
			"缺失：第 %[1]d 至 %[2]d 条记录已被删除，记录链中没有授权清理它们的检查点",
			"缺失：第 %[1]d 至 %[2]d 條記錄已被刪除，記錄鏈中沒有授權清理它們的檢查點"},
		{"missing: records %d to %d were deleted; the pit bus had acknowledged them",
			"缺失：第 %[1]d 至 %[2]d 条记录已被删除；台面总线曾确认收到这些记录",
			"缺失：第 %[1]d 至 %[2]d 條記錄已被刪除；檯面總線曾確認收到這些記錄"},
	}
}

// commandRefusedEntries are a command the table refuses as engine/desk words it
// (desk.Refusal.Error: "void refused: no coup 2", "bet refused (000 6.4): …"), as the replay
// alert quotes it inside the first command a replay decides otherwise, in English, Simplified
// and Traditional Chinese: the command stays as the script says it, the rule as it is, the
// reason is worded. They are not matched as formats (a bare "%s refused: %s" would take any
// text that holds " refused: "): commandRefused reads the command, one word, first.
// TestCommandRefusedWorded builds refusals with engine/desk and fails when they drift apart.
func commandRefusedEntries() [2]reasonEntry {
	return [2]reasonEntry{
		{"%s refused: %s", "%[1]s 被拒绝：%[2]s", "%[1]s 被拒絕：%[2]s"},
		{"%s refused (%s): %s", "%[1]s 被拒绝（%[2]s）：%[3]s", "%[1]s 被拒絕（%[2]s）：%[3]s"},
	}
}

// commandRefusedText is desk.Refusal.Error's text: the command, the rule when given beside the
// reason, the reason.
var commandRefusedText = regexp.MustCompile(`^([a-z]+) refused(?: \((.+?)\))?: (.+)$`)

// commandRefused words a command's refusal (commandRefusedEntries), its reason worded; false
// when text is not one.
func (c Catalogue) commandRefused(text, currency string, depth int) (string, bool) {
	m := commandRefusedText.FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	es, reason := commandRefusedEntries(), c.reason(m[3], currency, depth+1)
	if m[2] == "" {
		return fmt.Sprintf(es[0].in(c.Lang()), m[1], reason), true
	}
	return fmt.Sprintf(es[1].in(c.Lang()), m[1], m[2], reason), true
}
