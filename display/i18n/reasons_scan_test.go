package i18n

import (
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/coupboard/coupboard/engine"
)

// reasonSinks are the engine's functions, by package directory, that take a reason the screens
// show (why a coup is under review, what the rules could not place, what they refuse): a call's
// argument in the parameter named why, reason or text is a reason site (a function declared, or
// a function literal assigned to a local variable of that name). A function of these names
// without such a parameter is not one. A composite literal with a Rule and a Text (an
// engine.Note) is a reason site too: a settlement's note.
var reasonSinks = map[string][]string{
	"../../engine":        {"anomaly", "flag", "disputeRound", "setAside", "addWhy", "dropCarry", "refuse", "note"},
	"../../engine/desk":   {"no", "refuse", "void", "settleVoid"},
	"../../engine/reddog": {"anomaly", "disputeRound", "addWhy", "underReview", "refuse", "refuseInput"},
}

// reasonReturns are the engine's functions whose results are reasons, with the index of the
// reason among their results: inventory.take, and dealtBy's why the cards make no coup.
var reasonReturns = map[string]int{"take": 0, "dealtBy": 1}

// reasonEventKinds are the engine events whose Reason the screens show as a reason.
var reasonEventKinds = []string{"EvAnomaly", "EvReview", "EvShuffle", "EvShuffleDue"}

// engineReasonFormats reads the engine's source (engine, engine/desk, engine/reddog; not its
// tests) and returns every format a reason site words a reason with: a string literal, the
// format of a fmt.Sprintf (a package constant given to a %s put in its place), or the literals
// and formats a local variable so given was assigned in the same function. It returns each
// with the file and line of a site.
func engineReasonFormats(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, dir := range []string{"../../engine", "../../engine/desk", "../../engine/reddog"} {
		sinks := reasonSinks[dir]
		fset, files := parsePackage(t, dir)
		s := reasonScan{fset: fset, out: out, consts: map[string]string{}, sinks: map[string]int{}, names: sinks}
		for _, f := range files {
			s.declarations(f)
		}
		for _, f := range files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					s.function(fd)
				}
			}
		}
	}
	return out
}

// reasonScan is the scan of one package.
type reasonScan struct {
	fset   *token.FileSet
	out    map[string]string // format → where
	consts map[string]string // the package's string constants
	sinks  map[string]int    // reason sink → the index of its reason parameter
	names  []string          // the names of the package's reason sinks
}

// declarations collects the package's string constants and its reason sinks.
func (s *reasonScan) declarations(f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok != token.CONST {
				continue
			}
			for _, sp := range d.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						if v, ok := stringLit(vs.Values[i]); ok {
							s.consts[n.Name] = v
						}
					}
				}
			}
		case *ast.FuncDecl:
			if !slices.Contains(s.names, d.Name.Name) {
				continue
			}
			i := 0
			for _, fl := range d.Type.Params.List {
				for _, n := range fl.Names {
					if reasonParam(n.Name) {
						s.sinks[d.Name.Name] = i
					}
					i++
				}
			}
		}
	}
}

// reasonParam reports whether a parameter of that name takes a reason.
func reasonParam(name string) bool { return name == "why" || name == "reason" || name == "text" }

// localSinks are the function literals fd assigns to a local variable named as a reason sink,
// with the index of their reason parameter.
func (s *reasonScan) localSinks(fd *ast.FuncDecl) map[string]int {
	out := map[string]int{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		id, ok1 := as.Lhs[0].(*ast.Ident)
		fl, ok2 := as.Rhs[0].(*ast.FuncLit)
		if !ok1 || !ok2 || !slices.Contains(s.names, id.Name) {
			return true
		}
		i := 0
		for _, f := range fl.Type.Params.List {
			for _, n := range f.Names {
				if reasonParam(n.Name) {
					out[id.Name] = i
				}
				i++
			}
		}
		return true
	})
	return out
}

// function finds the reason sites of one function.
func (s *reasonScan) function(fd *ast.FuncDecl) {
	ri, returns := reasonReturns[fd.Name.Name]
	local := s.localSinks(fd)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			name, sinks := "", s.sinks
			switch f := n.Fun.(type) {
			case *ast.Ident:
				name = f.Name
				if _, ok := local[name]; ok {
					sinks = local
				}
			case *ast.SelectorExpr:
				name = f.Sel.Name
			}
			if i, ok := sinks[name]; ok && i < len(n.Args) {
				s.reason(fd, n.Args[i])
			}
		case *ast.CompositeLit:
			var kind string
			var reason, text ast.Expr
			rule := false
			for _, e := range n.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				switch k, _ := kv.Key.(*ast.Ident); {
				case k == nil:
				case k.Name == "Kind":
					if id, ok := kv.Value.(*ast.Ident); ok {
						kind = id.Name
					}
				case k.Name == "Reason":
					reason = kv.Value
				case k.Name == "Rule":
					rule = true
				case k.Name == "Text":
					text = kv.Value
				}
			}
			if reason != nil && slices.Contains(reasonEventKinds, kind) {
				s.reason(fd, reason)
			}
			if rule && text != nil {
				s.reason(fd, text)
			}
		case *ast.ReturnStmt:
			if returns && ri < len(n.Results) {
				s.reason(fd, n.Results[ri])
			}
		}
		return true
	})
}

// reason records the format of the reason e, in function fd.
func (s *reasonScan) reason(fd *ast.FuncDecl, e ast.Expr) {
	where := s.fset.Position(e.Pos()).String()
	if v, ok := stringLit(e); ok {
		if v != "" {
			s.out[strings.ReplaceAll(v, "%", "%%")] = where
		}
		return
	}
	switch e := e.(type) {
	case *ast.BinaryExpr:
		// Words before a reason ("enter cards: "+why): the words and a %s are the format,
		// and what the variable was given is a reason site of its own.
		lit, ok := stringLit(e.X)
		id, isID := e.Y.(*ast.Ident)
		if e.Op != token.ADD || !ok || !isID {
			return
		}
		s.out[strings.ReplaceAll(lit, "%", "%%")+"%s"] = where
		for _, a := range s.assigned(fd, id.Name) {
			s.reason(fd, a)
		}
	case *ast.Ident:
		if v, ok := s.consts[e.Name]; ok {
			s.out[strings.ReplaceAll(v, "%", "%%")] = where
			return
		}
		for _, a := range s.assigned(fd, e.Name) {
			s.reason(fd, a)
		}
	case *ast.CallExpr:
		sel, ok := e.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Sprintf" || len(e.Args) == 0 {
			return
		}
		if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "fmt" {
			return
		}
		f, ok := stringLit(e.Args[0])
		if !ok {
			return
		}
		vs, err := parseVerbs(f)
		if err != nil {
			s.out[f] = where + ": " + err.Error()
			return
		}
		// A package constant given to a %s is part of the format; a local variable holding
		// reasons is a reason site of its own.
		for i := len(vs) - 1; i >= 0; i-- {
			v := vs[i]
			if v.arg+1 >= len(e.Args) {
				continue
			}
			id, ok := e.Args[v.arg+1].(*ast.Ident)
			if !ok {
				continue
			}
			if c, ok := s.consts[id.Name]; ok && v.kind == 's' {
				f = f[:v.start] + strings.ReplaceAll(c, "%", "%%") + f[v.end:]
				continue
			}
			for _, a := range s.assigned(fd, id.Name) {
				if _, ok := stringLit(a); ok {
					s.reason(fd, a)
				}
			}
		}
		s.out[f] = where
	}
}

// assigned lists the values given to the local variable name in fd (by = or :=).
func (s *reasonScan) assigned(fd *ast.FuncDecl, name string) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name == name {
				out = append(out, as.Rhs[i])
			}
		}
		return true
	})
	return out
}

// stringLit is the value of a string literal, or of literals joined with +.
func stringLit(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		v, err := strconv.Unquote(e.Value)
		return v, err == nil
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		a, ok1 := stringLit(e.X)
		b, ok2 := stringLit(e.Y)
		return a + b, ok1 && ok2
	case *ast.ParenExpr:
		return stringLit(e.X)
	}
	return "", false
}

// doubtFormats are the reasons of the shoe link's doubts as the engine words them
// (engine.Doubt.Reason): each kind's words alone, and with the link's detail.
func doubtFormats() []string {
	var out []string
	for _, k := range engine.ReviewKinds() {
		if k == engine.ReviewShoeResult || k == engine.ReviewIrregular {
			continue
		}
		out = append(out, engine.Doubt{Kind: engine.DoubtKind(k)}.Reason(),
			engine.Doubt{Kind: engine.DoubtKind(k), Detail: "%s"}.Reason())
	}
	return out
}

// TestReasonFormatsCoverTheEngine fails when a reason the engine words at a reason site (or a
// doubt of the shoe link) has no format in the catalogue, and when the catalogue holds a format
// the engine no longer words: the catalogue follows the engine, format for format.
func TestReasonFormatsCoverTheEngine(t *testing.T) {
	engineFormats := engineReasonFormats(t)
	for _, f := range doubtFormats() {
		engineFormats[f] = "engine.Doubt.Reason"
	}
	if len(engineFormats) < 40 {
		t.Fatalf("the scan found %d reason formats in the engine; it finds its sites no more", len(engineFormats))
	}
	have := map[string]bool{}
	for _, f := range ReasonFormats() {
		if have[f] {
			t.Errorf("format %q is in the catalogue twice", f)
		}
		have[f] = true
		if _, ok := engineFormats[f]; !ok {
			t.Errorf("format %q is in the catalogue (reasons_words.go) but no reason site of the engine words it", f)
		}
	}
	var missing []string
	for f, where := range engineFormats {
		if !have[f] {
			missing = append(missing, where+": "+strconv.Quote(f))
		}
	}
	slices.Sort(missing)
	for _, m := range missing {
		t.Errorf("the engine words a reason the catalogue lacks (add it to reasons_words.go in every language): %s", m)
	}
}

// TestReasonTranslations checks every entry: its formats compile, each translation takes the
// English format's arguments with the same verbs, and each is worded in every language.
func TestReasonTranslations(t *testing.T) {
	all := formatEntries()
	refused := commandRefusedEntries()
	for _, e := range slices.Concat(all, refused[:]) {
		if _, err := compileReason(e); err != nil {
			t.Errorf("%v", err)
		}
		if e.hans == "" || e.hant == "" || e.hans == e.en || e.hant == e.en {
			t.Errorf("format %q: not translated (zh-Hans %q, zh-Hant %q)", e.en, e.hans, e.hant)
		}
		if e.hans == e.hant && strings.ContainsAny(e.hans, "说这张会为还后发过对无应级数没时") {
			t.Errorf("format %q: the Traditional is the Simplified (%q)", e.en, e.hant)
		}
	}
	if n, m := len(reasonPatterns()), len(all); n != m {
		t.Errorf("%d of %d formats compile", n, m)
	}
}
