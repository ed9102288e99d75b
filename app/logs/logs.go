// Package logs is the table's operational log: log/slog records written one line each to
// standard error, in the form the system journal reads when standard error is a journal
// stream (under systemd, or systemd-cat in the kiosk session): a "<N>" syslog priority
// prefix, the message, then key=value attributes. Elsewhere (a terminal, a test) the line
// starts "coupboard: " instead and warnings and errors say so.
package logs

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
)

// New is a logger writing to w; journal chooses the journal's form. Records below min are
// dropped.
func New(w io.Writer, journal bool, min slog.Level) *slog.Logger {
	return slog.New(&Handler{out: &output{w: w}, journal: journal, min: min})
}

// For is the logger of the table's standard error w: the journal's form when the environment
// (getenv) says w is the journal: JOURNAL_STREAM, set by systemd, names w's device and inode;
// or COUPBOARD_LOG=journal, set by the kiosk session when it runs the table under
// systemd-cat. COUPBOARD_LOG=debug logs debug records too ("journal,debug": both).
func For(w io.Writer, getenv func(string) string) *slog.Logger {
	min := slog.LevelInfo
	if strings.Contains(getenv("COUPBOARD_LOG"), "debug") {
		min = slog.LevelDebug
	}
	return New(w, journalStream(w, getenv), min)
}

// journalStream reports whether w is a journal stream.
func journalStream(w io.Writer, getenv func(string) string) bool {
	if strings.Contains(getenv("COUPBOARD_LOG"), "journal") {
		return true
	}
	js := getenv("JOURNAL_STREAM") // "device:inode" of the stream systemd connected
	if js == "" {
		return false
	}
	dev, ino, ok := strings.Cut(js, ":")
	if !ok {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	d, ok := statDevIno(f)
	return ok && d == dev+":"+ino
}

// Handler is the slog handler of the table's log.
type Handler struct {
	out     *output
	journal bool
	min     slog.Level
	attrs   string // pre-formatted attributes of WithAttrs, each with its leading space
	group   string // the group prefix of WithGroup, "a.b."
}

// output serialises whole lines onto one writer.
type output struct {
	mu sync.Mutex
	w  io.Writer
}

// Enabled reports whether records of level l are written.
func (h *Handler) Enabled(_ context.Context, l slog.Level) bool { return l >= h.min }

// Handle writes one record as one line.
func (h *Handler) Handle(_ context.Context, r slog.Record) error {
	var b strings.Builder
	if h.journal {
		fmt.Fprintf(&b, "<%d>", priority(r.Level))
	} else {
		b.WriteString("coupboard: ")
		switch {
		case r.Level >= slog.LevelError:
			b.WriteString("ERROR: ")
		case r.Level >= slog.LevelWarn:
			b.WriteString("warning: ")
		}
	}
	b.WriteString(oneLine(r.Message))
	b.WriteString(h.attrs)
	r.Attrs(func(a slog.Attr) bool {
		writeAttr(&b, h.group, a)
		return true
	})
	b.WriteByte('\n')
	h.out.mu.Lock()
	defer h.out.mu.Unlock()
	_, err := io.WriteString(h.out.w, b.String())
	return err
}

// WithAttrs is a handler that adds attrs to every record.
func (h *Handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	var b strings.Builder
	for _, a := range attrs {
		writeAttr(&b, h.group, a)
	}
	c := *h
	c.attrs += b.String()
	return &c
}

// WithGroup is a handler whose attributes' keys are prefixed with name.
func (h *Handler) WithGroup(name string) slog.Handler {
	if name == "" {
		return h
	}
	c := *h
	c.group += name + "."
	return &c
}

// priority is the syslog priority of a level: err, warning, info, debug.
func priority(l slog.Level) int {
	switch {
	case l >= slog.LevelError:
		return 3
	case l >= slog.LevelWarn:
		return 4
	case l >= slog.LevelInfo:
		return 6
	}
	return 7
}

// writeAttr writes " key=value" (a group's attributes each with the group's prefix).
func writeAttr(b *strings.Builder, group string, a slog.Attr) {
	a.Value = a.Value.Resolve()
	if a.Equal(slog.Attr{}) {
		return
	}
	if a.Value.Kind() == slog.KindGroup {
		g := group
		if a.Key != "" {
			g += a.Key + "."
		}
		for _, ga := range a.Value.Group() {
			writeAttr(b, g, ga)
		}
		return
	}
	b.WriteByte(' ')
	b.WriteString(quote(group + a.Key))
	b.WriteByte('=')
	var v string
	switch a.Value.Kind() {
	case slog.KindTime:
		v = a.Value.Time().Format(time.RFC3339)
	case slog.KindDuration:
		v = a.Value.Duration().String()
	default:
		v = a.Value.String()
	}
	b.WriteString(quote(v))
}

// quote quotes s when it is empty or has a space, a quote, '=' or a character that is not
// printable; a line never holds a newline.
func quote(s string) string {
	if s == "" {
		return `""`
	}
	for _, r := range s {
		if r == ' ' || r == '"' || r == '=' || r == '\\' || !unicode.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}

// oneLine replaces the line breaks of a message (a line is a record).
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.NewReplacer("\r\n", " / ", "\n", " / ", "\r", " / ").Replace(s)
}
