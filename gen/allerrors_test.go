package gen

import (
	"bytes"
	"strings"
	"testing"
)

// TestAllErrorsOptIn: Config.AllErrors adds UnmarshalJSONAll to every root
// type and the interpreter nodes it walks, and changes nothing else.
func TestAllErrorsOptIn(t *testing.T) {
	files := []File{
		{Name: "a.json", Data: []byte(`{"title":"A","type":"object","required":["n"],"properties":{"n":{"type":"integer","minimum":1},"b":{"$ref":"b.json"},` +
			`"t":{"type":"string","x-go-type":"time.Time","x-go-type-import":"time"}}}`)},
		{Name: "b.json", Data: []byte(`{"title":"B","type":"object","properties":{"s":{"type":"string","minLength":1}},"additionalProperties":false}`)},
	}
	off, err := Generate(Config{Package: "p", Files: files})
	if err != nil {
		t.Fatal(err)
	}
	on, err := Generate(Config{Package: "p", Files: files, AllErrors: true})
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range off {
		if bytes.Contains(b, []byte("UnmarshalJSONAll")) {
			t.Errorf("%s has UnmarshalJSONAll without AllErrors", name)
		}
		if name != "decode.go" && name != "nodes.go" && !bytes.Equal(b, on[name]) {
			t.Errorf("%s differs with AllErrors", name)
		}
	}
	dec := string(on["decode.go"])
	for _, root := range []string{"A", "B"} {
		if !strings.Contains(dec, "func (x *"+root+") UnmarshalJSONAll(b []byte) rt.Errors {") {
			t.Errorf("decode.go has no UnmarshalJSONAll for %s:\n%s", root, dec)
		}
	}
	if strings.Count(dec, "UnmarshalJSONAll(b []byte)") != 2 {
		t.Errorf("UnmarshalJSONAll for other types than the roots:\n%s", dec)
	}
	if string(on["decode.go"]) == string(off["decode.go"]) || !bytes.Contains(on["nodes.go"], []byte("rtimpl.Node{")) {
		t.Error("AllErrors added no nodes")
	}
	// The all-errors walk asks the user's type too, as the decoder does.
	if !bytes.Contains(on["nodes.go"], []byte("var v time.Time\n\t\t\treturn rtimpl.UnmarshalTextAt(&v, raw, off)")) {
		t.Errorf("nodes.go does not hand time.Time values to UnmarshalText:\n%s", on["nodes.go"])
	}
}
