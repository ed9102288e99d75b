package journal

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"
	"unicode/utf8"
)

// Record kinds the app writes. Kind is free text, but these are the ones recall, export and
// the pit publisher understand.
const (
	KindShoe     = "input.shoe"     // a decoded shoe event (card, shuffle, cut card, …)
	KindManual   = "input.manual"   // a card or result entered by hand on the operator screen
	KindOperator = "input.operator" // an operator command; Actor and Reason are required
	KindConfig   = "config"         // a configuration change
	KindRound    = "round"          // a finished round (payload: Round), derived in the same batch as its input
	KindEvent    = "event"          // another derived engine event
	KindPrune    = "journal.prune"  // a prune checkpoint written by Prune (payload: Checkpoint)
	// KindAccess is a sign-in attempt or a sign-out at the operator screen (payload:
	// access.Entry; actor: the operator id and role; never a PIN). It is not a table input.
	KindAccess = "access"
	// KindPitAnswer is a table's answer to a pit command (payload: pitwire.PitAnswer, as sent).
	// A command that reached the table's rules has it in its own transaction, after the
	// command's record (the answer's seq); a command refused before them (for another table,
	// too late, malformed, an unknown person) has it alone. It is not a table input: the
	// table looks commands up here, so that none is carried out twice.
	KindPitAnswer = "pit.answer"
)

// Sources say where an input came from: the one vocabulary of a record's Source, of a table
// input's, and of a round's (Round.Source). A card's two are the engine's card sources, spelled
// as engine.Source.String spells them (TestSourcesAreTheEngines).
const (
	SourceShoe     = "shoe"   // engine.SourceShoe: the smart shoe (or a script)
	SourceManual   = "manual" // engine.SourceManual: entered by hand on the operator screen
	SourceOperator = "operator"
	SourceConfig   = "config"
	SourceJournal  = "journal" // records the journal writes itself (prune checkpoints)
	// SourceShoeAndManual is a round's source when some of its cards came from the shoe and
	// some were entered by hand.
	SourceShoeAndManual = SourceShoe + "+" + SourceManual
)

// InputKind is the kind of the record that journals an input from source: KindManual,
// KindOperator or KindConfig for those sources, KindShoe for any other.
func InputKind(source string) string {
	switch source {
	case SourceManual:
		return KindManual
	case SourceOperator:
		return KindOperator
	case SourceConfig:
		return KindConfig
	}
	return KindShoe
}

// HashSize is the length of a record hash in bytes (SHA-256).
const HashSize = sha256.Size

// Hash is the SHA-256 hash of a record's canonical encoding. The zero Hash is the previous
// hash of the first record of a journal.
type Hash [HashSize]byte

// String returns the hash in lower-case hex.
func (h Hash) String() string { return hex.EncodeToString(h[:]) }

// IsZero reports whether h is the zero hash.
func (h Hash) IsZero() bool { return h == Hash{} }

// MarshalText encodes the hash as hex (so JSON shows it as a string).
func (h Hash) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// UnmarshalText decodes a hash written by MarshalText.
func (h *Hash) UnmarshalText(b []byte) error {
	v, err := ParseHash(string(b))
	if err != nil {
		return err
	}
	*h = v
	return nil
}

// ParseHash decodes a 64-digit hex hash.
func ParseHash(s string) (Hash, error) {
	var h Hash
	if len(s) != 2*HashSize {
		return h, fmt.Errorf("parse hash %q: want %d hex digits, got %d", s, 2*HashSize, len(s))
	}
	if _, err := hex.Decode(h[:], []byte(s)); err != nil {
		return h, fmt.Errorf("parse hash %q: %w", s, err)
	}
	return h, nil
}

// Actor is who performed an operator action: their role (dealer, supervisor, …) and id.
type Actor struct {
	Role string `json:"role,omitempty"`
	ID   string `json:"id,omitempty"`
}

// Record is one journal entry. The caller fills Time, Table, Kind, Source, Actor, Reason,
// Shoe and Payload; the journal assigns Seq, PrevHash and Hash when it appends the record.
type Record struct {
	Seq      int64           `json:"seq"`       // 1, 2, 3, … assigned by the journal, never reused
	Time     time.Time       `json:"time"`      // when it happened, passed in by the caller; stored in UTC to the nanosecond
	Table    string          `json:"table"`     // table id; AppendBatch fills in Options.Table when empty
	Kind     string          `json:"kind"`      // KindShoe, KindManual, KindOperator, KindConfig, KindRound, …
	Source   string          `json:"source"`    // SourceShoe, SourceManual, SourceOperator, …
	Actor    Actor           `json:"actor"`     // for operator actions: role and operator id
	Reason   string          `json:"reason"`    // why (required for operator actions)
	Shoe     int64           `json:"shoe"`      // shoe number the record belongs to (0 before the first shoe)
	Payload  json.RawMessage `json:"payload"`   // JSON defined by the app; stored byte for byte
	PrevHash Hash            `json:"prev_hash"` // hash of the record before it
	Hash     Hash            `json:"hash"`      // SHA-256 of the canonical encoding, PrevHash included
}

// hashDomain starts every canonical encoding, so a journal hash is never confused with another.
const hashDomain = "coupboard-journal-v1\x00"

// Canonical returns the encoding the hash covers: a domain tag, seq, time (Unix nanoseconds),
// shoe as big-endian int64, then table, kind, source, actor role, actor id, reason and payload,
// each as a uvarint length and its bytes, and finally the previous hash.
func (r *Record) Canonical() []byte {
	n := len(hashDomain) + 24 + len(r.Table) + len(r.Kind) + len(r.Source) + len(r.Actor.Role) +
		len(r.Actor.ID) + len(r.Reason) + len(r.Payload) + 7*binary.MaxVarintLen64 + HashSize
	b := make([]byte, 0, n)
	b = append(b, hashDomain...)
	b = binary.BigEndian.AppendUint64(b, uint64(r.Seq))
	b = binary.BigEndian.AppendUint64(b, uint64(r.Time.UnixNano()))
	b = binary.BigEndian.AppendUint64(b, uint64(r.Shoe))
	for _, s := range []string{r.Table, r.Kind, r.Source, r.Actor.Role, r.Actor.ID, r.Reason} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(len(r.Payload)))
	b = append(b, r.Payload...)
	b = append(b, r.PrevHash[:]...)
	return b
}

// ComputeHash returns the SHA-256 of r.Canonical(). A record is intact when ComputeHash equals
// its Hash.
func (r *Record) ComputeHash() Hash { return sha256.Sum256(r.Canonical()) }

// maxField is the longest text field (table, kind, source, role, id, reason) a record may have.
const maxField = 4096

// maxPayload is the largest payload a record may carry.
const maxPayload = 1 << 20

// ErrInvalidRecord is wrapped by every error AppendBatch returns for a record it refuses.
var ErrInvalidRecord = errors.New("invalid journal record")

// validate checks a record the caller wants appended. It never changes the record.
func (r *Record) validate() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s", ErrInvalidRecord, fmt.Sprintf(format, a...))
	}
	if r.Seq != 0 || !r.PrevHash.IsZero() || !r.Hash.IsZero() {
		return bad("seq and hashes are assigned by the journal and must be zero (seq %d)", r.Seq)
	}
	if r.Time.IsZero() {
		return bad("kind %q: no time", r.Kind)
	}
	// Only times that UnixNano can represent (1678 to 2262) are stored exactly.
	if r.Time.Before(time.Unix(0, math.MinInt64+1)) || r.Time.After(time.Unix(0, math.MaxInt64)) {
		return bad("kind %q: time %s out of range", r.Kind, r.Time)
	}
	if r.Kind == "" {
		return bad("no kind")
	}
	if r.Table == "" {
		return bad("kind %q: no table id", r.Kind)
	}
	if r.Shoe < 0 {
		return bad("kind %q: negative shoe number %d", r.Kind, r.Shoe)
	}
	for _, f := range []struct{ name, v string }{
		{"table", r.Table}, {"kind", r.Kind}, {"source", r.Source},
		{"actor role", r.Actor.Role}, {"actor id", r.Actor.ID}, {"reason", r.Reason},
	} {
		if len(f.v) > maxField {
			return bad("kind %q: %s longer than %d bytes", r.Kind, f.name, maxField)
		}
		if !utf8.ValidString(f.v) {
			return bad("kind %q: %s is not valid UTF-8", r.Kind, f.name)
		}
	}
	if r.Kind == KindOperator && (r.Actor.Role == "" || r.Actor.ID == "" || r.Reason == "") {
		return bad("operator action needs an actor role, an actor id and a reason")
	}
	if len(r.Payload) > maxPayload {
		return bad("kind %q: payload of %d bytes is over the %d limit", r.Kind, len(r.Payload), maxPayload)
	}
	if len(r.Payload) > 0 && !json.Valid(r.Payload) {
		return bad("kind %q: payload is not valid JSON", r.Kind)
	}
	return nil
}
