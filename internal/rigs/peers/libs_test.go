package peers

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/bytedance/sonic"
	"github.com/go-faster/jx"
	jsonv2 "github.com/go-json-experiment/json"

	"github.com/zeroproject/zero/rt"
)

// library is one codec under measurement. decode and encode return the
// benchmark of one pass over every document of a mix. roundTrip decodes
// each document of the mix and encodes it again, as the benchmarks do, and
// returns the encodings. jx, the floor, only reads: it has neither encode
// nor roundTrip.
type library struct {
	name      string
	decode    func(m mix) func(*testing.B)
	encode    func(m mix) func(*testing.B)
	roundTrip func(m mix) ([][]byte, error)
	validates string // what decoding checks, for the report
}

// libraries lists zerogen first; the others are its peers.
func libraries() []library {
	return []library{zerogenLib, ogenLib, sonicLib, jsonv2Lib, jxLib}
}

// zerogen decodes with DecodeJSON through a reused rt.Decoder into reused
// values, as codecbench does, and encodes with AppendJSON into a reused buffer.
var zerogenLib = library{
	name:      "zerogen",
	validates: "the JSON Schema",
	decode: func(m mix) func(*testing.B) {
		return func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalBytes(m.docs))
			var d rt.Decoder
			out := m.zero()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j, doc := range m.docs {
					d.Reset(doc)
					if err := out[j].DecodeJSON(&d); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	},
	encode: func(m mix) func(*testing.B) {
		return func(b *testing.B) {
			values := m.zero()
			for j, doc := range m.docs {
				if err := values[j].UnmarshalJSON(doc); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			b.SetBytes(totalBytes(m.docs))
			buf := make([]byte, 0, 16<<10)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, v := range values {
					var err error
					if buf, err = v.AppendJSON(buf[:0]); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	},
	roundTrip: func(m mix) ([][]byte, error) {
		var out [][]byte
		var d rt.Decoder
		for j, v := range m.zero() {
			d.Reset(m.docs[j])
			if err := v.DecodeJSON(&d); err != nil {
				return nil, fmt.Errorf("document %d: decode: %w", j, err)
			}
			enc, err := v.AppendJSON(nil)
			if err != nil {
				return nil, fmt.Errorf("document %d: encode: %w", j, err)
			}
			out = append(out, enc)
		}
		return out, nil
	},
}

// ogen decodes with Decode through a reused jx.Decoder into reused values,
// then calls Validate where ogen generated one, as ogen's own server does
// with a request body; it encodes with Encode into a reused jx.Encoder.
var ogenLib = library{
	name:      "ogen",
	validates: "what ogen generates checks for (not const; see README)",
	decode: func(m mix) func(*testing.B) {
		return func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalBytes(m.docs))
			d := jx.DecodeBytes(nil)
			out := m.ogen()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j, doc := range m.docs {
					zero(out[j])
					d.ResetBytes(doc)
					if err := ogenDecode(d, out[j]); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	},
	encode: func(m mix) func(*testing.B) {
		return func(b *testing.B) {
			values := m.ogen()
			for j, doc := range m.docs {
				if err := ogenDecode(jx.DecodeBytes(doc), values[j]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			b.SetBytes(totalBytes(m.docs))
			var e jx.Encoder
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, v := range values {
					e.Reset()
					v.Encode(&e)
				}
			}
		}
	},
	roundTrip: func(m mix) ([][]byte, error) {
		var out [][]byte
		for j, v := range m.ogen() {
			if err := ogenDecode(jx.DecodeBytes(m.docs[j]), v); err != nil {
				return nil, fmt.Errorf("document %d: %w", j, err)
			}
			var e jx.Encoder
			v.Encode(&e)
			out = append(out, e.Bytes())
		}
		return out, nil
	},
}

// zero sets the value v points to to its zero value. The peers decode into
// values they reuse, zeroed before each pass: a value still holding the
// last pass's strings would let json/v2 keep a string equal to the one it
// reads instead of allocating it, which a stream of different documents
// never allows. zerogen's decoders overwrite every member themselves.
func zero(v any) { reflect.ValueOf(v).Elem().SetZero() }

// ogenDecode is ogen's decode of a body: Decode, then Validate when the
// type has one, then nothing but white space after the value.
func ogenDecode(d *jx.Decoder, v ogenValue) error {
	if err := v.Decode(d); err != nil {
		return err
	}
	if val, ok := v.(ogenValidator); ok {
		if err := val.Validate(); err != nil {
			return err
		}
	}
	if d.Next() != jx.Invalid {
		return fmt.Errorf("data after the value")
	}
	return nil
}

// sonic uses its default configuration (sonic.ConfigDefault: strings may
// share the input's bytes, UTF-8 is not checked, HTML is not escaped).
var sonicLib = library{
	name:      "sonic",
	validates: "JSON syntax only",
	decode: func(m mix) func(*testing.B) {
		return func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalBytes(m.docs))
			out := m.sonic()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j, doc := range m.docs {
					zero(out[j])
					if err := sonic.Unmarshal(doc, out[j]); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	},
	encode: func(m mix) func(*testing.B) {
		return func(b *testing.B) {
			values := m.sonic()
			for j, doc := range m.docs {
				if err := sonic.Unmarshal(doc, values[j]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			b.SetBytes(totalBytes(m.docs))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, v := range values {
					if _, err := sonic.Marshal(v); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	},
	roundTrip: func(m mix) ([][]byte, error) {
		var out [][]byte
		for j, v := range m.sonic() {
			if err := sonic.Unmarshal(m.docs[j], v); err != nil {
				return nil, fmt.Errorf("document %d: decode: %w", j, err)
			}
			enc, err := sonic.Marshal(v)
			if err != nil {
				return nil, fmt.Errorf("document %d: encode: %w", j, err)
			}
			out = append(out, enc)
		}
		return out, nil
	},
}

// jsonv2 is encoding/json/v2 with its default options (UTF-8 checked,
// duplicate names rejected, names matched exactly).
var jsonv2Lib = library{
	name:      "json/v2",
	validates: "JSON syntax, UTF-8, duplicate names",
	decode: func(m mix) func(*testing.B) {
		return func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalBytes(m.docs))
			out := m.jsonv2()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j, doc := range m.docs {
					zero(out[j])
					if err := jsonv2.Unmarshal(doc, out[j]); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	},
	encode: func(m mix) func(*testing.B) {
		return func(b *testing.B) {
			values := m.jsonv2()
			for j, doc := range m.docs {
				if err := jsonv2.Unmarshal(doc, values[j]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			b.SetBytes(totalBytes(m.docs))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, v := range values {
					if _, err := jsonv2.Marshal(v); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	},
	roundTrip: func(m mix) ([][]byte, error) {
		var out [][]byte
		for j, v := range m.jsonv2() {
			if err := jsonv2.Unmarshal(m.docs[j], v); err != nil {
				return nil, fmt.Errorf("document %d: decode: %w", j, err)
			}
			enc, err := jsonv2.Marshal(v)
			if err != nil {
				return nil, fmt.Errorf("document %d: encode: %w", j, err)
			}
			out = append(out, enc)
		}
		return out, nil
	},
}

// jx reads each document once with Skip and keeps nothing: the floor.
var jxLib = library{
	name:      "jx Skip",
	validates: "JSON syntax only; keeps nothing",
	decode: func(m mix) func(*testing.B) {
		return func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalBytes(m.docs))
			d := jx.DecodeBytes(nil)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, doc := range m.docs {
					d.ResetBytes(doc)
					if err := d.Skip(); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	},
}
