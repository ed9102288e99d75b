package i18n

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"
)

// journalRefusalFormats reads app/journal's source (not its tests) for what Startup.Problems
// words: every format assigned to a Startup's Missing (a hash's %x read as the %s it matches),
// the words assigned to what (the database file's state inside them), and the literal
// Problems puts before a bad record or SQLite's report.
func journalRefusalFormats(t *testing.T) map[string]string {
	t.Helper()
	fset, files := parsePackage(t, "../../app/journal")
	out := map[string]string{}
	add := func(e ast.Expr) {
		if f, ok := textFormat(e); ok {
			out[strings.ReplaceAll(f, "%x", "%s")] = fset.Position(e.Pos()).String()
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if i >= len(n.Rhs) {
						break
					}
					switch l := l.(type) {
					case *ast.SelectorExpr:
						if l.Sel.Name == "Missing" {
							add(n.Rhs[i])
						}
					case *ast.Ident:
						if l.Name == "what" {
							if v, ok := stringLit(n.Rhs[i]); ok {
								out[v] = fset.Position(n.Pos()).String()
							}
						}
					}
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Missing" {
					add(n.Value)
				}
			case *ast.FuncDecl:
				if n.Name.Name == "Problems" && n.Recv != nil && n.Body != nil {
					ast.Inspect(n.Body, func(m ast.Node) bool {
						if b, ok := m.(*ast.BinaryExpr); ok && b.Op == token.ADD {
							if v, ok := stringLit(b.X); ok {
								out[strings.ReplaceAll(v, "%", "%%")+"%s"] = fset.Position(b.Pos()).String()
							}
						}
						return true
					})
				}
			}
			return true
		})
	}
	return out
}

// TestRefusalFormatsFollowTheJournal fails when the journal words a refusal's finding the
// catalogue lacks, and when the catalogue holds one the journal no longer words.
func TestRefusalFormatsFollowTheJournal(t *testing.T) {
	found := journalRefusalFormats(t)
	if len(found) < 8 {
		t.Fatalf("the scan found %d of the journal's refusal formats (%q); it finds their sites no more", len(found), found)
	}
	formatsMatch(t, "journal refusal", "journalRefusalEntries", journalRefusalEntries(), "app/journal", found)
}

// What the journal found, as the refusal window words it in each Chinese catalogue: only the
// numbers, a hash, SQLite's own report and its name are left.
func TestRefusalProblemsWorded(t *testing.T) {
	problems := []struct{ text, keep string }{
		{"hash chain broken at record 41: contents do not match its hash (changed)", ""},
		{"hash chain broken at record 7: missing: the chain jumps from record 6 to record 9 (deleted)", ""},
		{"SQLite integrity check: *** in database main *** Page 5: btreeInitPage() returns error code 11", "SQLite|*** in database main *** Page 5: btreeInitPage() returns error code 11"},
		{"the database file is empty (0 bytes) while a write-ahead log of 4096 bytes is left beside it; SQLite cannot read that log", "SQLite"},
		{"records 1 to 12 are missing: the database file is missing and there is no write-ahead log, but the head file says 12 records were committed", ""},
		{"records 1 to 12 are missing: the database file is empty (0 bytes) and there is no write-ahead log, but the head file says 12 records were committed", ""},
		{"records 1 to 12 cannot be read: the database file is missing while a write-ahead log of 4096 bytes is left beside it; the head file says 12 records were committed", ""},
		{"records 41 to 45 are missing: the journal ends at record 40 but the head file says 45 records were committed (a lost, damaged or cut write-ahead log, or a cut database file)", ""},
		{"record 45 differs from the one committed: its hash is 0a1b2c, the head file says 3d4e5f", "0a1b2c|3d4e5f"},
	}
	for _, lang := range []Lang{SimplifiedChinese, TraditionalChinese} {
		c, err := New(lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range problems {
			got := c.Reason(p.text, "")
			rest, lost := got, false
			for _, k := range strings.Split(p.keep, "|") {
				lost = lost || !strings.Contains(got, k)
				rest = strings.ReplaceAll(rest, k, "")
			}
			if left := asciiWord.FindAllString(rest, -1); len(left) > 0 || lost {
				t.Errorf("%s: %q worded %q: English %q left, or %q lost", lang, p.text, got, left, p.keep)
			}
		}
	}
}
