package codecfuzz

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"
)

// shape is what the deviations depend on, read from the input with
// encoding/json's tokenizer (so only for json.Valid input).
type shape struct {
	duplicateKey bool // some object repeats a key (after unescaping)
	depth        int  // deepest nesting of arrays and objects
}

func shapeOf(b []byte) shape {
	type frame struct {
		obj     bool
		wantKey bool
		keys    map[string]bool
	}
	var sh shape
	var stack []*frame
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	for {
		tok, err := d.Token()
		if err == io.EOF || err != nil {
			return sh
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if s, ok := tok.(string); ok && top != nil && top.obj && top.wantKey {
			if top.keys[s] {
				sh.duplicateKey = true
			}
			top.keys[s] = true
			top.wantKey = false
			continue
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			stack = append(stack, &frame{obj: tok == json.Delim('{'), wantKey: true, keys: map[string]bool{}})
			sh.depth = max(sh.depth, len(stack))
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			stack[len(stack)-1].wantKey = true // a member's value ended
		}
	}
}

func TestShapeOf(t *testing.T) {
	for _, c := range []struct {
		in    string
		dup   bool
		depth int
	}{
		{`1`, false, 0},
		{`{"a":{"a":1},"b":[{"a":2},{"a":3}]}`, false, 3},
		{`{"a":1,"a":2}`, true, 1},
		{`{"a":1,"\u0061":2}`, true, 1},
		{`[{"a":[]},{"b":"a","a":"b"}]`, false, 3},
		{`{"x":{"k":1,"k":1}}`, true, 2},
		{`[[[[]]]]`, false, 4},
	} {
		sh := shapeOf([]byte(c.in))
		if sh.duplicateKey != c.dup || sh.depth != c.depth {
			t.Errorf("shapeOf(%s) = %+v, want dup %v depth %d", c.in, sh, c.dup, c.depth)
		}
	}
}
