package ir

import (
	"encoding/json"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// fieldDefault records the default d of property schema s on f, and
// whether s accepts it (by the reference validator): JSON Schema does not
// require a default to be valid, and an invalid one gets no Go constant.
func (b *builder) fieldDefault(f *Field, s *jsonschema.Schema, d *schema.Value) error {
	f.Default = strings.TrimSpace(string(d.Bytes()))
	dec := json.NewDecoder(strings.NewReader(f.Default))
	dec.UseNumber() // the validator's own reading of numbers
	var v any
	if err := dec.Decode(&v); err != nil {
		return b.errAt(s, "default: %v", err)
	}
	f.DefaultValid = s.Validate(v) == nil
	return nil
}
