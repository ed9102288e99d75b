package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// notShown are the calls whose string arguments no screen shows as they are: errors (a
// caller words them or logs them), the journal's own words (an action's reason, a sign-in's
// record, why a session ended: the record is English, and the screen words the action by its
// label), and the catalogue's own calls, whose literals are formats or arguments.
var notShown = map[string]bool{
	"Errorf": true, "New": true, "game": true, "op": true, "command": true, "journalAccess": true,
	"SignOutBecause": true, "End": true, "TrimPrefix": true, "FixedZone": true,
	"T": true, "t": true, "Say": true, "SayDetail": true, "Letter": true, "Winner": true, "m": true,
	// The operational log (log/slog): the installer's, in English, never on a screen.
	"Debug": true, "Info": true, "Warn": true, "Error": true,
	// A file's path, a condition's key on the status strip (health.Board), a bus connection's name.
	"Join": true, "Clear": true, "tableBusConn": true,
	"UsesKey": true, // a table setting's key, asked of the profile
}

// appScreens are the files outside display/ whose words reach a screen: the machine's
// conditions on the status strip (app/health, the operator directory, the shoe and the bus),
// the open-bus error the table adds to every screen, the pit console's answers, and the operator
// screen's controller (app/operator: the log strip, the PIN pad's refusals, recall). funcs,
// when given, are the only functions of the file scanned (with its constants and variables).
var appScreens = []struct {
	file  string
	funcs []string
}{
	{"../../app/health/health.go", nil},
	{"../../app/directory.go", nil},
	{"../../app/conditions.go", nil},
	{"../../app/run.go", []string{"present"}},
	{"../../app/console/commands.go", nil},
	// The operator screen's controller: its log lines, sign-in refusals, keypad notes and recall lines.
	{"../../app/operator/session.go", nil},
	{"../../app/operator/controller.go", nil},
	{"../../app/operator/keypad.go", nil},
	{"../../app/operator/recall.go", nil},
}

// notShownFuncs are functions whose literals are data, not words on a screen.
var notShownFuncs = map[string]string{
	"String": "a value's name for logs, tests and the wire; the screens word values through the catalogue",
}

// notShownDirs are packages that hold no screen: sample data for the goldens and the preview,
// the preview tool, and the catalogue itself.
var notShownDirs = map[string]bool{"sample": true, "cmd": true, "i18n": true, "testdata": true}

// word is a run of two letters: English, or a CJK ideograph.
var word = regexp.MustCompile(`[A-Za-z]{2,}|\p{Han}`)

// allowed are literals that stay, each with why.
var allowed = map[string]string{
	`"word"`:          "the name of a shoe word the operator screen does not know, as the journal names it",
	`"routine"`:       "the journal's reason for a dealer's routine shoe word",
	`"%d:%s manual"`:  "pitmodel.Summary, the board's state as comparable values for tests, never drawn",
	`".tmp"`:          "app/health: the backup status file's temporary name",
	`"directory"`:     "app/directory.go: the key of a condition on the status strip, never shown",
	`"directory.pit"`: "app/directory.go: the key of a condition on the status strip, never shown",
}

// TestNoWordBypassesTheCatalogue scans the screen packages (display/...) and appScreens for a string literal
// holding a word of any language that is not worded by the catalogue (issue 23: the table
// screen, the operator screen and the pit board in the three languages). A literal in a
// comparison, a switch case or a map key is a value compared, not shown; what is left is a
// word some screen may show. Each finding names the file, the line and the literal: put the
// word in display/i18n/messages.go, or, if no screen shows it, in allowed with the reason.
func TestNoWordBypassesTheCatalogue(t *testing.T) {
	var dirs []string
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && notShownDirs[d.Name()] {
			return filepath.SkipDir
		}
		if d.IsDir() {
			dirs = append(dirs, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var bad []string
	files := 0
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files++
			for _, d := range f.Decls {
				if fn, ok := d.(*ast.FuncDecl); ok && notShownFuncs[fn.Name.Name] != "" {
					continue
				}
				if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
					continue
				}
				for _, lit := range wordsIn(d) {
					if _, ok := allowed[lit.Value]; !ok {
						bad = append(bad, fset.Position(lit.Pos()).String()+": "+lit.Value)
					}
				}
			}
		}
	}
	if files < 20 {
		t.Fatalf("only %d files scanned: the walk missed the screens", files)
	}
	for _, as := range appScreens {
		f, err := parser.ParseFile(fset, as.file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		found := 0
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
				continue
			}
			if fn, ok := d.(*ast.FuncDecl); ok && as.funcs != nil {
				if !slices.Contains(as.funcs, fn.Name.Name) {
					continue
				}
				found++
			}
			for _, lit := range wordsIn(d) {
				if _, ok := allowed[lit.Value]; !ok {
					bad = append(bad, fset.Position(lit.Pos()).String()+": "+lit.Value)
				}
			}
		}
		if found != len(as.funcs) {
			t.Errorf("%s: %d of the functions %v found: the scan misses what it should read", as.file, found, as.funcs)
		}
	}
	if len(bad) > 0 {
		t.Errorf("%d words may reach a screen without the catalogue (display/i18n/messages.go):\n  %s", len(bad), strings.Join(bad, "\n  "))
	}
}

// wordsIn lists the string literals with a word in n that some screen may show: not in a call
// in notShown, a comparison, a switch case, a map key or a struct tag.
func wordsIn(n ast.Node) []*ast.BasicLit {
	var out []*ast.BasicLit
	skip := map[ast.Node]bool{}
	ast.Inspect(n, func(n ast.Node) bool {
		if n == nil || skip[n] {
			return false
		}
		switch v := n.(type) {
		case *ast.CallExpr:
			if notShown[callName(v)] {
				return false
			}
		case *ast.BinaryExpr:
			if v.Op == token.EQL || v.Op == token.NEQ {
				return false
			}
		case *ast.CaseClause:
			for _, e := range v.List {
				skip[e] = true
			}
		case *ast.KeyValueExpr:
			skip[v.Key] = true
		case *ast.Field:
			if v.Tag != nil {
				skip[v.Tag] = true
			}
		case *ast.BasicLit:
			if v.Kind == token.STRING {
				if s, err := strconv.Unquote(v.Value); err == nil && word.MatchString(s) {
					out = append(out, v)
				}
			}
		}
		return true
	})
	return out
}

// callName is the called function's or method's name.
func callName(c *ast.CallExpr) string {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// TestTheScanFindsABypass: the scan is not blind. A word handed to a widget, joined to
// another, kept in a variable, formatted, raised on the status strip in words or set as a
// console's answer is found; one worded by the catalogue, compared, used as a case or
// written to the operational log is not.
func TestTheScanFindsABypass(t *testing.T) {
	src := `package p
func f() {
	l.SetText("Shoe link: " + x)
	l.SetText(w.T(Key, "ok"))
	widget.NewButton("Reconnect", nil)
	status := []string{"Under review"}
	l.SetText(fmt.Sprintf("%d lost", n))
	if s == "consecutive" {
	}
	switch s {
	case "pair":
	}
	_ = fmt.Errorf("port %s: gone", p)
	d.board.Set(condDirectoryCopy, "operator directory copies DAMAGED")
	a.Reason = "no answer before it expired"
	t.log.Warn("the pit bus is OPEN", "urls", u)
}`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, lit := range wordsIn(f) {
		found = append(found, lit.Value)
	}
	if got := strings.Join(found, " "); got != `"Shoe link: " "Reconnect" "Under review" "%d lost" "operator directory copies DAMAGED" "no answer before it expired"` {
		t.Errorf("found %s", got)
	}
}
