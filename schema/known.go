package schema

import (
	"encoding/json"
	"fmt"
)

// KnownKeyword is the annotation that declares the values of an open
// vocabulary: a string or integer definition that accepts codes added
// later (by its pattern or bounds) and lists, in this keyword, the codes
// Zero uses today, each with its meaning. Each entry is itself a JSON
// Schema, {"const": VALUE, "description": MEANING}, plus a "title" (a Go
// name) for values that are not strings. It only annotates: validators
// ignore it (ajv in strict mode must be told so, with
// ajv.addVocabulary(["x-known-values"])).
const KnownKeyword = "x-known-values"

// Known is one declared value of an open vocabulary.
type Known struct {
	Value       json.RawMessage // the const, as JSON
	Title       string          // a Go name, for values that are not strings
	Description string          // its meaning
}

// String returns the value as a string, for vocabularies of strings.
func (k Known) String() (string, error) {
	var s string
	err := json.Unmarshal(k.Value, &s)
	return s, err
}

// KnownValues returns the values declared in $defs[def] of the schema file
// at path (for example "streamjson/v2/defs.json", "errorCode"), in their
// order.
func KnownValues(path, def string) ([]Known, error) {
	data, err := FS.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Defs map[string]map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	raw, ok := doc.Defs[def][KnownKeyword]
	if !ok {
		return nil, fmt.Errorf("%s#/$defs/%s: no %s", path, def, KnownKeyword)
	}
	var entries []struct {
		Const       json.RawMessage `json:"const"`
		Title       string          `json:"title"`
		Description string          `json:"description"`
	}
	if err := json.Unmarshal(raw, &entries); err != nil {
		return nil, fmt.Errorf("%s#/$defs/%s/%s: %w", path, def, KnownKeyword, err)
	}
	out := make([]Known, len(entries))
	for i, e := range entries {
		out[i] = Known{Value: e.Const, Title: e.Title, Description: e.Description}
	}
	return out, nil
}

// KnownStrings returns the string values declared in $defs[def] of the
// schema file at path.
func KnownStrings(path, def string) ([]string, error) {
	known, err := KnownValues(path, def)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(known))
	for i, k := range known {
		if out[i], err = k.String(); err != nil {
			return nil, fmt.Errorf("%s#/$defs/%s/%s/%d: %w", path, def, KnownKeyword, i, err)
		}
	}
	return out, nil
}
