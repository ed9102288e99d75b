// Package schema holds the JSON Schemas (draft 2020-12) of the pit bus's messages — the
// integration feed — version 1: one file per message type (v1/<type>.schema.json) and
// v1/message.schema.json for any message. docs/integrator.md describes them; Compile builds
// a validator for consumers written in Go (examples/feed-csv). The board itself checks the
// same rules with pitwire.Decode, which the tests hold to these files. The pit's commands to
// the tables and their answers (v1/pit_command.schema.json, v1/pit_answer.schema.json) are
// not feed messages: ValidatePit checks them.
package schema

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Files are the schema files, under v1/.
//
//go:embed v1/*.schema.json
var Files embed.FS

// BaseURL is the $id prefix of the version 1 schemas: BaseURL + "<type>.schema.json".
const BaseURL = "https://coupboard.example/schema/feed/v1/"

// Set is the compiled version 1 schemas.
type Set struct {
	any    *jsonschema.Schema
	byType map[string]*jsonschema.Schema
	pit    map[string]*jsonschema.Schema // pit_command, pit_answer: the pit commands, not the feed
}

// Compile compiles every version 1 schema, with formats (date-time) asserted.
func Compile() (*Set, error) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	names, err := fs.Glob(Files, "v1/*.schema.json")
	if err != nil {
		return nil, fmt.Errorf("schema files: %w", err)
	}
	for _, name := range names {
		b, err := Files.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		if err := c.AddResource(BaseURL+strings.TrimPrefix(name, "v1/"), doc); err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
	}
	s := &Set{byType: map[string]*jsonschema.Schema{}, pit: map[string]*jsonschema.Schema{}}
	for _, name := range names {
		sch, err := c.Compile(BaseURL + strings.TrimPrefix(name, "v1/"))
		if err != nil {
			return nil, fmt.Errorf("compile schema %s: %w", name, err)
		}
		t := strings.TrimSuffix(strings.TrimPrefix(name, "v1/"), ".schema.json")
		switch {
		case t == "message":
			s.any = sch
		case strings.HasPrefix(t, "pit_"):
			s.pit[t] = sch
		default:
			s.byType[t] = sch
		}
	}
	if s.any == nil {
		return nil, fmt.Errorf("schema files: no v1/message.schema.json")
	}
	return s, nil
}

// Types are the message types that have a schema.
func (s *Set) Types() []string {
	var t []string
	for k := range s.byType {
		t = append(t, k)
	}
	return t
}

// Validate checks one message (its JSON) against message.schema.json, and against the
// schema of its type when typ is not "".
func (s *Set) Validate(data []byte, typ string) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	if err := s.any.Validate(v); err != nil {
		return err
	}
	if typ == "" {
		return nil
	}
	sch, ok := s.byType[typ]
	if !ok {
		return fmt.Errorf("no schema for type %q", typ)
	}
	return sch.Validate(v)
}

// ValidatePit checks a pit command or answer (its JSON) against its schema: typ is
// "pit_command" or "pit_answer" (pitwire, command.go).
func (s *Set) ValidatePit(data []byte, typ string) error {
	sch, ok := s.pit[typ]
	if !ok {
		return fmt.Errorf("no pit schema %q", typ)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	return sch.Validate(v)
}
