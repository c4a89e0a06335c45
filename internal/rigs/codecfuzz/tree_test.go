package codecfuzz

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/zeroproject/zero/rt/rttest"
)

// node is a JSON value that keeps member order and may repeat keys, so that
// mutations can write documents encoding/json's maps cannot hold.
type node struct {
	kind byte   // '{', '[', '"', '0' (number), 't', 'f', 'n'
	text string // string value or number literal
	keys []string
	vals []*node // object members (keys[i]: vals[i]) or array elements
	esc  uint64  // escape the string's (or keys') i-th character when bit i%64 is set
	ws   string  // whitespace to write around the value's tokens
}

func parseTree(b []byte) (*node, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	return parseNode(d)
}

func parseNode(d *json.Decoder) (*node, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch tok := tok.(type) {
	case json.Delim:
		n := &node{kind: byte(tok)}
		for d.More() {
			if n.kind == '{' {
				k, err := d.Token()
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k.(string))
			}
			v, err := parseNode(d)
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, v)
		}
		_, err := d.Token() // the closing delimiter
		return n, err
	case string:
		return &node{kind: '"', text: tok}, nil
	case json.Number:
		return &node{kind: '0', text: string(tok)}, nil
	case bool:
		if tok {
			return &node{kind: 't'}, nil
		}
		return &node{kind: 'f'}, nil
	case nil:
		return &node{kind: 'n'}, nil
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

func (n *node) clone() *node {
	c := *n
	c.keys = append([]string(nil), n.keys...)
	c.vals = make([]*node, len(n.vals))
	for i, v := range n.vals {
		c.vals[i] = v.clone()
	}
	return &c
}

// appendJSON writes n compactly. Strings are written byte for byte, escaping
// only what JSON requires, so invalid UTF-8 survives.
func (n *node) appendJSON(b []byte) []byte {
	b = append(b, n.ws...)
	b = n.appendValue(b)
	return append(b, n.ws...)
}

func (n *node) appendValue(b []byte) []byte {
	switch n.kind {
	case '{', '[':
		b = append(b, n.kind)
		b = append(b, n.ws...)
		for i, v := range n.vals {
			if i > 0 {
				b = append(b, ',')
			}
			if n.kind == '{' {
				b = append(b, n.ws...)
				b = appendString(b, n.keys[i], n.esc)
				b = append(b, n.ws...)
				b = append(b, ':')
			}
			b = v.appendJSON(b)
		}
		return append(b, n.kind+2) // '{'+2 == '}', '['+2 == ']'
	case '"':
		return appendString(b, n.text, n.esc)
	case '0':
		return append(b, n.text...)
	case 't':
		return append(b, "true"...)
	case 'f':
		return append(b, "false"...)
	}
	return append(b, "null"...)
}

func appendString(b []byte, s string, esc uint64) []byte {
	b = append(b, '"')
	if esc != 0 && utf8.ValidString(s) {
		for i, r := range []rune(s) {
			if esc>>(i%64)&1 == 0 {
				b = appendRaw(b, string(r))
			} else {
				b = appendEscaped(b, r)
			}
		}
		return append(b, '"')
	}
	return append(appendRaw(b, s), '"')
}

// appendRaw writes s byte for byte, escaping only what JSON requires.
func appendRaw(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, `\u00`...)
			b = append(b, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		default:
			b = append(b, c)
		}
	}
	return b
}

// appendEscaped writes r as an escape: a short one where JSON has it,
// else \uXXXX, as a surrogate pair beyond the BMP.
func appendEscaped(b []byte, r rune) []byte {
	if i := strings.IndexRune("\"\\/\b\f\n\r\t", r); i >= 0 {
		return append(b, '\\', `"\/bfnrt`[i])
	}
	for _, u := range utf16.Encode([]rune{r}) {
		b = fmt.Appendf(b, `\u%04X`, u)
	}
	return b
}

func TestTreeRoundTrip(t *testing.T) {
	esc := &node{kind: '"', text: "a😀/\nb", esc: 0b01111}
	if got := string(esc.appendJSON(nil)); got != `"\u0061\uD83D\uDE00\/\nb"` {
		t.Errorf("escaped string written as %s", got)
	}
	for _, s := range []string{
		`{"a":1,"a":[true,false,null,"x\"\\\u0001é"],"b":{}}`,
		`[]`, `-1.5e3`, `"\u2028"`, `[[{"":""}]]`,
	} {
		n, err := parseTree([]byte(s))
		if err != nil {
			t.Fatalf("parseTree(%s): %v", s, err)
		}
		got := n.clone().appendJSON(nil)
		if same, err := rttest.SameJSON([]byte(s), got); !same || err != nil {
			t.Errorf("%s came back as %s", s, got)
		}
	}
	if got := string((&node{kind: '"', text: "\xff", esc: ^uint64(0)}).appendJSON(nil)); got != "\"\xff\"" {
		t.Errorf("invalid UTF-8 written as %q", got)
	}
}
