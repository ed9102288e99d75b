package i18n

import (
	"go/ast"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine/desk"
)

// verifyFormats reads app/journal (not its tests) and returns, with its site, every format of
// its chain check's problems: the format given to verifyFrom's bad(seq, format, …), a
// BadRecord's Problem worded with fmt.Sprintf, and BadRecord.String's own. loose are the
// problems given otherwise (a literal or a variable), which would escape the catalogue.
func verifyFormats(t *testing.T) (formats map[string]string, loose []string) {
	t.Helper()
	formats = map[string]string{}
	fset, files := parsePackage(t, "../../app/journal")
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fd.Name.Name == "String" && fd.Recv != nil && recvName(fd) == "BadRecord" {
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok {
						if f, ok := textFormat(c); ok {
							formats[f] = fset.Position(c.Pos()).String()
						}
					}
					return true
				})
				continue
			}
			if fd.Name.Name != "verifyFrom" {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "bad" && len(n.Args) > 1 {
						if v, ok := stringLit(n.Args[1]); ok {
							formats[v] = fset.Position(n.Pos()).String()
						} else {
							loose = append(loose, fset.Position(n.Pos()).String())
						}
					}
				case *ast.KeyValueExpr:
					if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Problem" {
						if f, ok := textFormat(n.Value); ok && !isLit(n.Value) {
							formats[f] = fset.Position(n.Pos()).String()
						} else if !badsOwn(n.Value) {
							loose = append(loose, fset.Position(n.Pos()).String())
						}
					}
				}
				return true
			})
		}
	}
	return formats, loose
}

// badsOwn reports whether e is bad's own wording of its format: fmt.Sprintf(format, args...).
func badsOwn(e ast.Expr) bool {
	c, ok := e.(*ast.CallExpr)
	if !ok || len(c.Args) != 2 || !c.Ellipsis.IsValid() {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Sprintf" {
		return false
	}
	id, ok := c.Args[0].(*ast.Ident)
	return ok && id.Name == "format"
}

// recvName is the type a method's receiver is, its pointer aside.
func recvName(fd *ast.FuncDecl) string {
	ty := fd.Recv.List[0].Type
	if s, ok := ty.(*ast.StarExpr); ok {
		ty = s.X
	}
	if id, ok := ty.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// isLit reports whether e is a string literal.
func isLit(e ast.Expr) bool {
	_, ok := stringLit(e)
	return ok
}

// TestVerifyFormatsFollowTheJournal fails when the journal's chain check words a problem
// that verifyEntries lacks, words one with a bare literal, or no longer words one verifyEntries
// holds: the recovery banner's damage follows app/journal, format for format.
func TestVerifyFormatsFollowTheJournal(t *testing.T) {
	formats, loose := verifyFormats(t)
	if len(formats) < 10 {
		t.Fatalf("the scan found %d formats of the journal's check (%q); it finds its sites no more", len(formats), formats)
	}
	for _, l := range loose {
		t.Errorf("the journal's check words a problem other than by a format of its own (give bad a literal format, or Problem a fmt.Sprintf, and add it to verifyEntries): %s", l)
	}
	formatsMatch(t, "chain problem", "verifyEntries", verifyEntries(), "the journal's check", formats)
}

// TestCommandRefusedWorded words engine/desk's refusals (with and without a rule of their own
// beside the reason) in each Chinese catalogue: only the command, as the script says it, and
// the rule are left. A change of desk.Refusal.Error's format fails it.
func TestCommandRefusedWorded(t *testing.T) {
	refusals := []struct {
		r    desk.Refusal
		keep string
	}{
		{desk.Refusal{Command: desk.VerbLimits, Rule: "000 7.7, s66(2)", Reason: "raise minimum needs 20 minutes' notice (000 7.7, s66(2)): earliest 21:30"}, "limits"},
		{desk.Refusal{Command: desk.VerbReconstruct, Rule: "000 9.1", Reason: "this book has no rule to reconstruct a coup: cancel it instead"}, "reconstruct"},
		{desk.Refusal{Command: desk.VerbDispute, Reason: "no such finished round in this shoe"}, "dispute"},
	}
	for _, lang := range []Lang{SimplifiedChinese, TraditionalChinese} {
		c, err := New(lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range refusals {
			text := r.r.Error()
			got := c.Reason(text, "")
			if left := asciiWord.FindAllString(strings.ReplaceAll(got, r.keep, ""), -1); len(left) > 0 || !strings.Contains(got, r.keep) {
				t.Errorf("%s: %q worded %q: English %q left, or %q lost", lang, text, got, left, r.keep)
			}
		}
	}
}
