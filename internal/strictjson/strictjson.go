// Package strictjson reads one JSON value strictly: a field the target does not have, and
// anything after the value (another value, or a stray closing bracket), are errors. The
// journal's records, the pit bus's messages and the operator directory are read with it.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
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
