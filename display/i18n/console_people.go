package i18n

// The pit console's People page (issue 25 item 3): the pit's operator directory managed by a
// pit manager. Apart from console.go's, like them out of the screen's font subset.
const (
	ConPeople          Key = "con.people"            // link and heading
	ConPeopleBack      Key = "con.people_back"       // link back to the tables
	ConDirVersion      Key = "con.dir_version"       // %[1]d version, %[2]s when, %[3]s by whom
	ConDirEmpty        Key = "con.dir_empty"         // no directory yet
	ConName            Key = "con.name"              // field: a person's name
	ConRole            Key = "con.role"              // field: a person's role
	ConStateCol        Key = "con.person_state"      // column: active or not
	ConLastChange      Key = "con.last_change"       // column
	ConActions         Key = "con.actions"           // column
	ConActive          Key = "con.active"            // a person may sign in
	ConInactive        Key = "con.inactive"          // a person may not sign in
	ConAddPerson       Key = "con.add_person"        // heading and button
	ConResetPIN        Key = "con.reset_pin"         // heading and button
	ConNewPIN          Key = "con.new_pin"           // field
	ConPINAgain        Key = "con.pin_again"         // field
	ConDeactivate      Key = "con.deactivate"        // button
	ConReactivate      Key = "con.reactivate"        // button
	ConDeactivateWho   Key = "con.deactivate_who"    // %[1]s name, %[2]s id: the button's label for a screen reader
	ConReactivateWho   Key = "con.reactivate_who"    // %[1]s name, %[2]s id
	ConChangeLine      Key = "con.change_line"       // %[1]d version, %[2]s when, %[3]s by whom, %[4]s what
	ConChangeOlder     Key = "con.change_older"      // %d: the oldest version read: no change since
	ConChangeGap       Key = "con.change_gap"        // %[1]d first, %[2]d last version, %[3]s when the last was made, %[4]s what: across a gap in the record
	ConRecordStarts    Key = "con.record_starts"     // %d: the record's oldest version
	ConHistory         Key = "con.history"           // heading: the latest changes
	ConWhatAdded       Key = "con.what.added"        // what a version changed for a person
	ConWhatDeactivated Key = "con.what.deactivated"  //
	ConWhatReactivated Key = "con.what.reactivated"  //
	ConWhatPIN         Key = "con.what.pin_reset"    //
	ConWhatRenamed     Key = "con.what.renamed"      //
	ConWhatRole        Key = "con.what.role_changed" //
	ConWhatRemoved     Key = "con.what.removed"      //
	ConPersonDone      Key = "con.person_done"       // %[1]s id, %[2]s name, %[3]s what, %[4]d version
	ConErrManager      Key = "con.err_manager"       // only a pit manager
	ConErrIDRule       Key = "con.err_id_rule"       // %d: digits
	ConErrPINRule      Key = "con.err_pin_rule"      // PIN: 4 to 12 digits
	ConErrPINDiffer    Key = "con.err_pin_differ"    // the two PINs differ
	ConErrNameRule     Key = "con.err_name_rule"     // %d: bytes
	ConErrRoleRule     Key = "con.err_role_rule"     // choose a role
	ConErrIDTaken      Key = "con.err_id_taken"      // %s id: in the directory already
	ConErrIDUnknown    Key = "con.err_id_unknown"    // %s id: not in the directory
	ConErrAlreadyOn    Key = "con.err_already_on"    // %s id: active already
	ConErrAlreadyOff   Key = "con.err_already_off"   // %s id: inactive already
	ConErrPINInactive  Key = "con.err_pin_inactive"  // %s id: reactivate first
	ConErrSelf         Key = "con.err_self"          // a manager may not deactivate themselves
	ConErrDirectory    Key = "con.err_directory"     // %s: the directory could not be changed
	ConErrPeopleAction Key = "con.err_people_action" // no such action
	ConAmendPerson     Key = "con.amend_person"      // heading and button: rename or change a role
	ConNameKeep        Key = "con.name_keep"         // field: the new name, empty keeps it
	ConRoleKeep        Key = "con.role_keep"         // the role choice that keeps the role
	ConErrSelfRole     Key = "con.err_self_role"     // a manager may not change their own role
	ConErrNoChange     Key = "con.err_no_change"     // %s id: the name and role given are the ones it has
)

// consolePeopleEntries are the words above in the three languages.
func consolePeopleEntries() []entry {
	return []entry{
		{ConPeople, "People", "人员", "人員"},
		{ConPeopleBack, "Tables", "牌台", "牌檯"},
		{ConDirVersion, "Operator directory version %[1]d, changed %[2]s by %[3]s", "操作员名录第 %[1]d 版，%[2]s 由 %[3]s 更改", "操作員名錄第 %[1]d 版，%[2]s 由 %[3]s 更改"},
		{ConDirEmpty, "The operator directory is empty: the tables use their role PINs until someone is added", "操作员名录为空：在添加人员之前，牌台使用各角色密码", "操作員名錄為空：在新增人員之前，牌檯使用各角色密碼"},
		{ConName, "Name", "姓名", "姓名"},
		{ConRole, "Role", "角色", "角色"},
		{ConStateCol, "State", "状态", "狀態"},
		{ConLastChange, "Last change", "最近更改", "最近更改"},
		{ConActions, "Actions", "操作", "操作"},
		{ConActive, "active", "在用", "在用"},
		{ConInactive, "inactive", "已停用", "已停用"},
		{ConAddPerson, "Add a person", "添加人员", "新增人員"},
		{ConResetPIN, "Reset a PIN", "重设密码", "重設密碼"},
		{ConNewPIN, "New PIN (4–12 digits)", "新密码（4–12 位数字）", "新密碼（4–12 位數字）"},
		{ConPINAgain, "The same PIN again", "再次输入密码", "再次輸入密碼"},
		{ConDeactivate, "Deactivate", "停用", "停用"},
		{ConReactivate, "Reactivate", "重新启用", "重新啟用"},
		{ConDeactivateWho, "Deactivate %[1]s (%[2]s)", "停用 %[1]s（%[2]s）", "停用 %[1]s（%[2]s）"},
		{ConReactivateWho, "Reactivate %[1]s (%[2]s)", "重新启用 %[1]s（%[2]s）", "重新啟用 %[1]s（%[2]s）"},
		{ConChangeLine, "version %[1]d, %[2]s, by %[3]s: %[4]s", "第 %[1]d 版，%[2]s，由 %[3]s：%[4]s", "第 %[1]d 版，%[2]s，由 %[3]s：%[4]s"},
		{ConChangeOlder, "not since version %d", "自第 %d 版以来未更改", "自第 %d 版以來未更改"},
		{ConChangeGap, "versions %[1]d–%[2]d, until %[3]s (the record lacks some of them: who made it is not known): %[4]s", "第 %[1]d–%[2]d 版，至 %[3]s（记录缺少其中部分版本：不知由谁更改）：%[4]s", "第 %[1]d–%[2]d 版，至 %[3]s（記錄缺少其中部分版本：不知由誰更改）：%[4]s"},
		{ConRecordStarts, "the record starts at version %d", "记录始于第 %d 版", "記錄始於第 %d 版"},
		{ConHistory, "Latest changes", "最近的更改", "最近的更改"},
		{ConWhatAdded, "added", "已添加", "已新增"},
		{ConWhatDeactivated, "deactivated", "已停用", "已停用"},
		{ConWhatReactivated, "reactivated", "已重新启用", "已重新啟用"},
		{ConWhatPIN, "PIN reset", "密码已重设", "密碼已重設"},
		{ConWhatRenamed, "renamed", "已改名", "已改名"},
		{ConWhatRole, "role changed", "角色已更改", "角色已更改"},
		{ConWhatRemoved, "removed", "已移除", "已移除"},
		{ConPersonDone, "%[1]s (%[2]s): %[3]s. Directory version %[4]d: the tables take it from the bus", "%[1]s（%[2]s）：%[3]s。名录第 %[4]d 版：牌台经总线接收", "%[1]s（%[2]s）：%[3]s。名錄第 %[4]d 版：牌檯經匯流排接收"},
		{ConErrManager, "Only a pit manager may change the operator directory", "只有赌区经理可以更改操作员名录", "只有賭區經理可以更改操作員名錄"},
		{ConErrIDRule, "1 to %d digits (the tables' keypad is numeric)", "1 至 %d 位数字（牌台键盘仅有数字）", "1 至 %d 位數字（牌檯鍵盤僅有數字）"},
		{ConErrPINRule, "4 to 12 digits", "4 至 12 位数字", "4 至 12 位數字"},
		{ConErrPINDiffer, "the two PINs differ", "两次输入的密码不同", "兩次輸入的密碼不同"},
		{ConErrNameRule, "1 to %d bytes of printable text", "1 至 %d 字节的可打印文字", "1 至 %d 位元組的可列印文字"},
		{ConErrRoleRule, "choose dealer or supervisor", "请选择荷官或主管", "請選擇荷官或主管"},
		{ConErrIDTaken, "%s is in the directory already (reactivate it, or reset its PIN)", "%s 已在名录中（可重新启用或重设密码）", "%s 已在名錄中（可重新啟用或重設密碼）"},
		{ConErrIDUnknown, "%s is not in the directory", "%s 不在名录中", "%s 不在名錄中"},
		{ConErrAlreadyOn, "%s is active already", "%s 已在用", "%s 已在用"},
		{ConErrAlreadyOff, "%s is inactive already", "%s 已停用", "%s 已停用"},
		{ConErrPINInactive, "%s is inactive: reactivate them first", "%s 已停用：请先重新启用", "%s 已停用：請先重新啟用"},
		{ConErrSelf, "you cannot deactivate yourself", "不能停用自己", "不能停用自己"},
		{ConErrDirectory, "The operator directory could not be changed: %s", "操作员名录无法更改：%s", "操作員名錄無法更改：%s"},
		{ConErrPeopleAction, "choose what to do", "请选择要执行的操作", "請選擇要執行的操作"},
		{ConAmendPerson, "Change a name or role", "更改姓名或角色", "更改姓名或角色"},
		{ConNameKeep, "New name (empty: keep it)", "新姓名（留空则不变）", "新姓名（留空則不變）"},
		{ConRoleKeep, "keep", "不变", "不變"},
		{ConErrSelfRole, "you cannot change your own role: another pit manager does it", "不能更改自己的角色：须由另一位赌区经理更改", "不能更改自己的角色：須由另一位賭區經理更改"},
		{ConErrNoChange, "nothing to change for %s: give a new name or another role", "%s 无需更改：请输入新姓名或选择其他角色", "%s 無需更改：請輸入新姓名或選擇其他角色"},
	}
}
