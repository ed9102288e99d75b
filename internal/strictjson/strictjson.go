// Package strictjson reads one JSON value strictly: a field the target does not have, and
// anything after the value (another value, or a stray closing bracket), are errors. The
// journal's records, the pit bus's messages and the operator directory are read with it.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ErrTrailing is the error for data after the value.
var ErrTrailing = errors.New("data after the object")

// Decode reads exactly one JSON value from data into v, refusing unknown fields; an error
// from encoding/json is returned as it is (callers name the field from it).
func Decode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	// dec.More reports false before a stray '}' or ']': only the end of the input will do.
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return ErrTrailing
	}
	return nil
}

// Require reports the first of keys that data's JSON object does not have, or has only as
// null: for a field whose zero value is a valid one (a round's kind, whose zero is normal), so
// that leaving it out is refused as it would be were its zero value invalid. Keys match as
// encoding/json matches a struct's fields, case-insensitively.
func Require(data []byte, keys ...string) error {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return err
	}
	for _, k := range keys {
		found := false
		for name, v := range obj {
			found = found || strings.EqualFold(name, k) && string(v) != "null"
		}
		if !found {
			return fmt.Errorf("no %q", k)
		}
	}
	return nil
}
