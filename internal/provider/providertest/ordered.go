package providertest

import (
	"bytes"
	"encoding/json"
)

// ordered is a JSON object that keeps its keys in the order given, as the vendors write them.
type ordered []any

// o builds an ordered object from alternating keys and values.
func o(pairs ...any) ordered { return ordered(pairs) }

// MarshalJSON writes the object's members in order.
func (m ordered) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i := 0; i+1 < len(m); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(marshal(m[i].(string)))
		b.WriteByte(':')
		b.WriteString(marshal(m[i+1]))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

var _ json.Marshaler = ordered(nil)
