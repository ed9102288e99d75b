package i18n

// journalRefusalEntries are what the journal found when it refuses to be played on (app/journal
// Startup.Problems: the committed records missing, the hash chain broken, SQLite's integrity
// check), inside the start-up refusal window (app refusalText), each format exactly as the
// journal words it, in English, Simplified and Traditional Chinese; a record's own damage
// inside is worded by verifyEntries, a hash, a path and SQLite's own report stay as they are.
// The journal, its log and DAMAGE.txt keep the English. TestRefusalFormatsFollowTheJournal
// scans app/journal and fails when the two drift apart.
func journalRefusalEntries() []reasonEntry {
	return []reasonEntry{
		{"hash chain broken at %s", "记录链断裂于%s", "記錄鏈斷裂於%s"},
		{"SQLite integrity check: %s", "SQLite 完整性检查：%s", "SQLite 完整性檢查：%s"},
		{"the database file is empty (0 bytes) while a write-ahead log of %d bytes is left beside it; SQLite cannot read that log",
			"数据库文件为空（0 字节），但旁边留有 %d 字节的预写日志；SQLite 无法读取该日志",
			"資料庫檔案為空（0 位元組），但旁邊留有 %d 位元組的預寫日誌；SQLite 無法讀取該日誌"},
		{"records 1 to %d are missing: the database file %s and there is no write-ahead log, but the head file says %d records were committed",
			"第 1 至 %[1]d 条记录缺失：数据库文件%[2]s，且没有预写日志，但记录头文件表明已提交 %[3]d 条记录",
			"第 1 至 %[1]d 條記錄缺失：資料庫檔案%[2]s，且沒有預寫日誌，但記錄頭檔案表明已提交 %[3]d 條記錄"},
		{"the database file %s while a write-ahead log of %d bytes is left beside it",
			"数据库文件%[1]s，但旁边留有 %[2]d 字节的预写日志", "資料庫檔案%[1]s，但旁邊留有 %[2]d 位元組的預寫日誌"},
		{"records 1 to %d cannot be read: %s; the head file says %d records were committed",
			"第 1 至 %[1]d 条记录无法读取：%[2]s；记录头文件表明已提交 %[3]d 条记录",
			"第 1 至 %[1]d 條記錄無法讀取：%[2]s；記錄頭檔案表明已提交 %[3]d 條記錄"},
		// What the database file is, inside the two before.
		{"is missing", "缺失", "缺失"},
		{"is empty (0 bytes)", "为空（0 字节）", "為空（0 位元組）"},
		{"records %d to %d are missing: the journal ends at record %d but the head file says %d records were committed (a lost, damaged or cut write-ahead log, or a cut database file)",
			"第 %[1]d 至 %[2]d 条记录缺失：记录止于第 %[3]d 条，但记录头文件表明已提交 %[4]d 条记录（预写日志丢失、损坏或被截断，或数据库文件被截断）",
			"第 %[1]d 至 %[2]d 條記錄缺失：記錄止於第 %[3]d 條，但記錄頭檔案表明已提交 %[4]d 條記錄（預寫日誌遺失、損壞或被截斷，或資料庫檔案被截斷）"},
		{"record %d differs from the one committed: its hash is %s, the head file says %s",
			"第 %[1]d 条记录与已提交的不同：其哈希值为 %[2]s，记录头文件所记为 %[3]s",
			"第 %[1]d 條記錄與已提交的不同：其雜湊值為 %[2]s，記錄頭檔案所記為 %[3]s"},
	}
}
