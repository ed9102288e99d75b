package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// parsePackage parses the Go files of dir, not its tests.
func parsePackage(t *testing.T, dir string) (*token.FileSet, []*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		t.Fatalf("read %s: %v (%d files)", dir, err, len(names))
	}
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		src, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, n, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return fset, files
}

// textFormat is the format of a text given as e: a string literal (its % doubled), or the
// literal format of a fmt.Sprintf; false for anything else (a variable, a field).
func textFormat(e ast.Expr) (string, bool) {
	if v, ok := stringLit(e); ok {
		return strings.ReplaceAll(v, "%", "%%"), true
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Sprintf" {
		return "", false
	}
	if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "fmt" {
		return "", false
	}
	return stringLit(call.Args[0])
}

// appAlertFormats reads the table program's source (app/shoefeed, app/table; not their tests)
// and returns, with the file and line of a site, every format it words an alert for a
// supervisor with: the format given to shoefeed's alert, the text of an Alert literal, the
// text given to Raise, what differ.alert returns, and the recovery banner (bannerFormats). A text held in a variable or a field is
// not a site (it is worded where it was made).
func appAlertFormats(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, dir := range []string{"../../app/shoefeed", "../../app/table"} {
		fset, files := parsePackage(t, dir)
		add := func(e ast.Expr, literalIsFormat bool) {
			if v, ok := stringLit(e); ok && literalIsFormat {
				out[v] = fset.Position(e.Pos()).String()
				return
			}
			if f, ok := textFormat(e); ok {
				out[f] = fset.Position(e.Pos()).String()
			}
		}
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					switch fn := n.Fun.(type) {
					case *ast.Ident:
						if fn.Name == "alert" && len(n.Args) > 0 {
							add(n.Args[0], true) // shoefeed's alert(format, args...)
						}
					case *ast.SelectorExpr:
						if fn.Sel.Name == "Raise" && len(n.Args) > 0 {
							add(n.Args[0], false)
						}
					}
				case *ast.CompositeLit:
					name := ""
					switch ty := n.Type.(type) {
					case *ast.Ident:
						name = ty.Name
					case *ast.SelectorExpr:
						name = ty.Sel.Name
					}
					if name != "Alert" {
						return true
					}
					for _, e := range n.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok {
							if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Text" {
								add(kv.Value, false)
							}
						}
					}
				case *ast.FuncDecl:
					if n.Name.Name == "Banner" && n.Recv != nil && n.Body != nil {
						bannerFormats(fset, n, out)
						return true
					}
					if n.Name.Name != "alert" || n.Recv == nil || n.Body == nil {
						return true
					}
					ast.Inspect(n.Body, func(m ast.Node) bool {
						if r, ok := m.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
							if v, ok := stringLit(r.Results[0]); !ok || v != "" {
								add(r.Results[0], false)
							}
						}
						return true
					})
				}
				return true
			})
		}
	}
	return out
}

// bannerFormats adds the formats of Recovery.Banner to out: the format of its fmt.Sprintf, and
// that format with each tail it adds (s += " (journal damage: " + damage + ")"), the variable
// a %s.
func bannerFormats(fset *token.FileSet, fd *ast.FuncDecl, out map[string]string) {
	var head string
	var tails []string
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		if f, ok := textFormat(as.Rhs[0]); ok && as.Tok == token.DEFINE {
			head = f
			out[f] = fset.Position(as.Pos()).String()
		}
		if as.Tok != token.ADD_ASSIGN {
			return true
		}
		// lit + variable + lit
		if outer, ok := as.Rhs[0].(*ast.BinaryExpr); ok {
			if inner, ok := outer.X.(*ast.BinaryExpr); ok {
				a, ok1 := stringLit(inner.X)
				_, isID := inner.Y.(*ast.Ident)
				b, ok2 := stringLit(outer.Y)
				if ok1 && ok2 && isID {
					tails = append(tails, strings.ReplaceAll(a, "%", "%%")+"%s"+strings.ReplaceAll(b, "%", "%%"))
				}
			}
		}
		return true
	})
	if head == "" {
		return
	}
	for _, tail := range tails {
		out[head+tail] = fset.Position(fd.Pos()).String()
	}
}

// TestAlertFormatsFollowTheApp fails when the table program raises an alert whose format the
// catalogue lacks, and when the catalogue holds an alert format the program no longer words:
// alertEntries follows app/shoefeed and app/table, format for format.
func TestAlertFormatsFollowTheApp(t *testing.T) {
	app := appAlertFormats(t)
	if len(app) < 5 {
		t.Fatalf("the scan found %d alert formats in the app (%q); it finds its sites no more", len(app), app)
	}
	formatsMatch(t, "alert", "alertEntries", alertEntries(), "the table program", app)
}

// formatsMatch fails t where a list of the catalogue's formats (of what, named list) and the
// formats a program words (found: each with its site; who: the program) differ either way.
func formatsMatch(t *testing.T, what, list string, entries []reasonEntry, who string, found map[string]string) {
	t.Helper()
	have := map[string]bool{}
	for _, e := range entries {
		if have[e.en] {
			t.Errorf("%s format %q is in the catalogue twice", what, e.en)
		}
		have[e.en] = true
		if _, ok := found[e.en]; !ok {
			t.Errorf("%s format %q is in the catalogue (%s) but %s no longer words it", what, e.en, list, who)
		}
	}
	var missing []string
	for f, where := range found {
		if !have[f] {
			missing = append(missing, where+": "+strconv.Quote(f))
		}
	}
	slices.Sort(missing)
	for _, m := range missing {
		t.Errorf("%s words this %s, which the catalogue lacks (add it to %s in every language): %s", who, what, list, m)
	}
}

// linkFormats reads the shoe link's source (serialin, app/shoefeed; not their tests) and returns
// every format of a fmt.Sprintf or shoefeed's doubt, and every string literal.
func linkFormats(t *testing.T) (formats, literals map[string]bool) {
	t.Helper()
	formats, literals = map[string]bool{}, map[string]bool{}
	for _, dir := range []string{"../../serialin", "../../app/shoefeed"} {
		_, files := parsePackage(t, dir)
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.BasicLit:
					if v, ok := stringLit(n); ok {
						literals[v] = true
					}
				case *ast.CallExpr:
					if f, ok := textFormat(n); ok {
						formats[f] = true
					}
					if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "doubt" && len(n.Args) > 1 {
						if v, ok := stringLit(n.Args[1]); ok {
							formats[v] = true
						}
					}
				}
				return true
			})
		}
	}
	return formats, literals
}

// TestLinkDetailFormatsStillWorded fails when the catalogue holds a detail of the shoe link's
// doubts that serialin and app/shoefeed no longer word: a format of theirs, a literal, or a
// format whose closing %s is given one of their literals (CSP1's resumedWords) or nothing.
func TestLinkDetailFormatsStillWorded(t *testing.T) {
	formats, literals := linkFormats(t)
	worded := func(en string) bool {
		if formats[en] || literals[en] {
			return true
		}
		for f := range formats {
			head, ok := strings.CutSuffix(f, "%s")
			if !ok || !strings.HasPrefix(en, head) {
				continue
			}
			if tail := en[len(head):]; tail == "" || literals[tail] {
				return true
			}
		}
		return false
	}
	for _, e := range linkDetailEntries() {
		if !worded(e.en) {
			t.Errorf("link detail format %q is in the catalogue (linkDetailEntries) but the shoe link no longer words it", e.en)
		}
	}
}

// assignSite is a function of the app's (in dir, a method when recv is true) that words a
// field with fmt.Sprintf.
type assignSite struct {
	dir, fn string
	recv    bool
	field   string
}

// assignedFormats reads site.dir (not its tests) and returns, with the file and line of each,
// the formats site.fn words site.field with: every fmt.Sprintf in an assignment to a selector
// .field. loose are the string literals there
// other than the "; " that joins parts: a text worded so would escape the catalogue.
func assignedFormats(t *testing.T, site assignSite, formats map[string]string) (loose []string) {
	t.Helper()
	fn, recv, field := site.fn, site.recv, site.field
	fset, files := parsePackage(t, site.dir)
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name != fn || (fd.Recv != nil) != recv || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok || len(as.Lhs) != 1 {
					return true
				}
				if sel, ok := as.Lhs[0].(*ast.SelectorExpr); !ok || sel.Sel.Name != field {
					return true
				}
				for _, rhs := range as.Rhs {
					ast.Inspect(rhs, func(m ast.Node) bool {
						switch m := m.(type) {
						case *ast.CallExpr:
							if f, ok := textFormat(m); ok { // a fmt.Sprintf: its format, not its literals
								formats[f] = fset.Position(m.Pos()).String()
								return false
							}
						case *ast.BasicLit:
							if v, ok := stringLit(m); ok && v != "; " && v != "" {
								loose = append(loose, fset.Position(m.Pos()).String()+": "+strconv.Quote(v))
							}
						}
						return true
					})
				}
				return true
			})
		}
	}
	return loose
}

// followsTheTable fails t where the formats the sites word their fields with and the
// catalogue's list (entries, of what, named list) differ either way, or where a site words
// one with a bare literal.
func followsTheTable(t *testing.T, sites []assignSite, what, list string, entries []reasonEntry) {
	t.Helper()
	formats := map[string]string{}
	var names []string
	for _, site := range sites {
		n := len(formats)
		for _, l := range assignedFormats(t, site, formats) {
			t.Errorf("%s words a %s with a bare literal (make it a fmt.Sprintf and add it to %s): %s", site.fn, what, list, l)
		}
		if len(formats) == n {
			t.Fatalf("the scan found no %s format in %s; it finds its sites no more", what, site.fn)
		}
		names = append(names, site.fn)
	}
	formatsMatch(t, what, list, entries, strings.Join(names, " or "), formats)
}

// TestDamageFormatsFollowReplay fails when Replay or the journal's start-up words a part of the
// journal's damage (the recovery banner's "journal damage: …") that damageEntries lacks, words
// one with a bare literal, or no longer words one damageEntries holds.
func TestDamageFormatsFollowReplay(t *testing.T) {
	followsTheTable(t, []assignSite{
		{dir: "../../app/table", fn: "Replay", field: "Damaged"},
		{dir: "../../app/journal", fn: "compareHead", field: "Warnings"},
		{dir: "../../app/journal", fn: "readHead", field: "problem"},
	}, "damage", "damageEntries", damageEntries())
}

// TestDifferFormatsFollowTheTable fails when the table program words the first command a replay
// decides otherwise (differ.done, the replay alert's "first: …") in a way differEntries lacks,
// with a bare literal, or no longer words one differEntries holds.
func TestDifferFormatsFollowTheTable(t *testing.T) {
	followsTheTable(t, []assignSite{{dir: "../../app/table", fn: "done", recv: true, field: "first"}},
		"replay difference", "differEntries", differEntries())
}

// TestWriteFailuresFollowTheTable fails when app/table's WriteFailure says a kind of journal
// failure the catalogue lacks, and when the catalogue holds one it no longer says: every string
// it returns is one of writeFailureEntries, and the other way round.
func TestWriteFailuresFollowTheTable(t *testing.T) {
	fset, files := parsePackage(t, "../../app/table")
	found := map[string]string{}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name != "WriteFailure" || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
					if v, ok := stringLit(r.Results[0]); ok {
						found[strings.ReplaceAll(v, "%", "%%")] = fset.Position(r.Pos()).String()
					} else {
						t.Errorf("%s: WriteFailure returns something other than a string literal", fset.Position(r.Pos()))
					}
				}
				return true
			})
		}
	}
	if len(found) < 5 {
		t.Fatalf("the scan found %d kinds of write failure in app/table WriteFailure (%q); it finds them no more", len(found), found)
	}
	formatsMatch(t, "write failure", "writeFailureEntries", writeFailureEntries(), "app/table WriteFailure", found)
}
