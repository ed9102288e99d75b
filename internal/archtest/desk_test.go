package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// engineRuleFuncs are the engine's settlement, notice, run and commission functions: what a
// table decides with them is the table aggregate's (engine/desk), never app/'s (issue 22).
var engineRuleFuncs = map[string]bool{
	"Settle": true, "ChipExact": true, "PayablePart": true, "InsuranceOffered": true,
	"Differential": true, "ReduceForDifferential": true,
	"NewBoard": true, "NewRuns": true, "RunOdds": true,
	// The objects that hold a table's sign, runs and commission: app/ holds none of its own.
	"Board": true, "Runs": true, "CommissionLedger": true,
}

// appFiles parses every non-test Go file under dir (relative to the module root).
func appFiles(t *testing.T, dir string) (map[string]*ast.File, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	root := filepath.Join("..", "..", dir)
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		files[path] = f
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no Go files under %s", root)
	}
	return files, fset
}

// engineName is the name file f imports the engine package by, "" when it does not.
func engineName(f *ast.File) string {
	for _, im := range f.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p == module+"/engine" {
			if im.Name != nil {
				return im.Name.Name
			}
			return "engine"
		}
	}
	return ""
}

// ruleUses lists where f uses one of engineRuleFuncs, except a *engine.CommissionLedger as the
// result of a function (a read accessor of the aggregate's ledger: desk.Table.Commission).
func ruleUses(fset *token.FileSet, f *ast.File) []string {
	name := engineName(f)
	if name == "" {
		return nil
	}
	allowed := map[ast.Node]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if ft, ok := n.(*ast.FuncType); ok && ft.Results != nil {
			for _, r := range ft.Results.List {
				if st, ok := r.Type.(*ast.StarExpr); ok {
					allowed[st.X] = true
				}
			}
		}
		return true
	})
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || allowed[n] {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && id.Name == name && engineRuleFuncs[sel.Sel.Name] {
			out = append(out, fset.Position(sel.Pos()).String()+": engine."+sel.Sel.Name)
		}
		return true
	})
	return out
}

// TestAppDecidesNoRule fails when anything under app/ (non-test code) uses a settlement, notice,
// run or commission function of the engine, or holds a sign board, run book or commission
// ledger of its own: app/ reaches them only through the table aggregate, engine/desk
// (architecture.md invariant 1; issue 22 "the table is pure").
func TestAppDecidesNoRule(t *testing.T) {
	files, fset := appFiles(t, "app")
	for _, f := range files {
		for _, u := range ruleUses(fset, f) {
			t.Errorf("%s: app/ decides no rule; go through engine/desk", u)
		}
	}
}

// ruleNumber is a rule number as a refusal or a note cites it: "(000 1.1)", "(001 8.6(b))",
// "(000 7.7, s66(2))" — a book number, a space, a section.
var ruleNumber = regexp.MustCompile(`\b\d{3} \d+(\.\d+)*`)

// TestAppTableCitesNoRule fails when a string literal in app/table's non-test code holds a rule
// number: the rules and their numbers are the aggregate's (engine/desk/rules.go), and app/table
// only shows what the aggregate reports.
func TestAppTableCitesNoRule(t *testing.T) {
	files, fset := appFiles(t, filepath.Join("app", "table"))
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && ruleNumber.MatchString(lit.Value) {
				t.Errorf("%s: %s: a rule number in app/table; the aggregate (engine/desk) cites the rules", fset.Position(lit.Pos()), lit.Value)
			}
			return true
		})
	}
}

// TestArchCheckersFind: the checkers above find what they look for (a test that cannot fail is
// no test): an engine.Settle call, a ledger of its own and a rule number in a literal, under
// another import name too; and they let a ledger accessor and a comment pass.
func TestArchCheckersFind(t *testing.T) {
	src := `package x

import eng "github.com/coupboard/coupboard/engine"

// Commission settles under 000 10.2.1 (a comment may cite a rule).
func (s *S) Commission() *eng.CommissionLedger { return s.d.Commission() }

type S struct {
	d      interface{ Commission() *eng.CommissionLedger }
	ledger eng.CommissionLedger
}

func f(w eng.Wager, o eng.Outcome, r eng.SettlementRules) error {
	_, err := eng.Settle(w, o, r)
	return fmt.Errorf("refused (000 6.4): %w", err)
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	uses := ruleUses(fset, f)
	if len(uses) != 2 || !strings.HasSuffix(uses[0], "engine.CommissionLedger") || !strings.HasSuffix(uses[1], "engine.Settle") {
		t.Fatalf("uses %q, want the ledger field and the Settle call", uses)
	}
	lits := 0
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && ruleNumber.MatchString(lit.Value) {
			lits++
		}
		return true
	})
	if lits != 1 {
		t.Fatalf("%d literals with a rule number, want 1", lits)
	}
}
