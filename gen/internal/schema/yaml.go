package schema

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/big"
	"path"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/zeroproject/zero/rt"
)

// IsYAML reports whether the schema file name is read as YAML: it ends in
// .yaml or .yml.
func IsYAML(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".yaml", ".yml":
		return true
	}
	return false
}

// maxYAMLValues bounds the values a YAML document may expand to through
// its aliases, so that a few nested aliases cannot stand for billions of
// values.
const maxYAMLValues = 1 << 20

// YAMLToJSON converts one YAML document to compact JSON text with the
// members of every mapping in the order written. It reads YAML 1.2 (as
// go.yaml.in/yaml/v3 does): true and false are the only booleans, so
// "yes", "no", "on" and "off" stay strings. Anchors and aliases are
// expanded, and merge keys (<<) are merged, the keys written beside them
// winning. A key that is not a string (1:, true:, null:), a key written
// twice, a custom tag, .inf and .nan, and a second document in the file
// are errors; each error is a *YAMLError with the line and column of the
// node at fault.
func YAMLToJSON(data []byte) ([]byte, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &YAMLError{Line: 1, Col: 1, Msg: "empty document"}
		}
		return nil, yamlSyntaxError(err)
	}
	var next yaml.Node
	if err := dec.Decode(&next); err == nil {
		return nil, &YAMLError{Line: next.Line, Col: next.Column, Msg: "a second YAML document; a schema file holds one"}
	} else if !errors.Is(err, io.EOF) {
		return nil, yamlSyntaxError(err)
	}
	c := &yamlConv{}
	v, err := c.value(&doc, 0)
	if err != nil {
		return nil, err
	}
	return v.Bytes(), nil
}

// YAMLError is a YAML file that cannot be read as JSON, at a line and
// column (both 1-based; Col is 0 when the YAML parser gives only a line).
type YAMLError struct {
	Line, Col int
	Msg       string
}

func (e *YAMLError) Error() string {
	if e.Col == 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// yamlSyntaxError turns the parser's "yaml: line N: ..." into a YAMLError.
func yamlSyntaxError(err error) error {
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		n, _ := strconv.Atoi(m[1])
		return &YAMLError{Line: n, Msg: m[2]}
	}
	return &YAMLError{Line: 1, Msg: strings.TrimPrefix(err.Error(), "yaml: ")}
}

// yamlConv converts a node tree, counting the values it builds.
type yamlConv struct{ values int }

func yamlErr(n *yaml.Node, format string, args ...any) error {
	return &YAMLError{Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)}
}

func (c *yamlConv) value(n *yaml.Node, depth int) (*Value, error) {
	c.values++
	if c.values > maxYAMLValues {
		return nil, yamlErr(n, "the document expands to more than %d values through its aliases", maxYAMLValues)
	}
	if depth > 1000 {
		return nil, yamlErr(n, "values nested more than 1000 deep")
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, yamlErr(n, "empty document")
		}
		return c.value(n.Content[0], depth)
	case yaml.AliasNode:
		return c.value(n.Alias, depth+1)
	case yaml.MappingNode:
		return c.mapping(n, depth)
	case yaml.SequenceNode:
		arr := Array()
		for _, it := range n.Content {
			v, err := c.value(it, depth+1)
			if err != nil {
				return nil, err
			}
			arr.Items = append(arr.Items, v)
		}
		return arr, nil
	case yaml.ScalarNode:
		return yamlScalar(n)
	}
	return nil, yamlErr(n, "unexpected YAML node")
}

// mapping converts a mapping, refusing keys that are not strings and keys
// written twice, and merging the mappings a << key names.
func (c *yamlConv) mapping(n *yaml.Node, depth int) (*Value, error) {
	obj := Object()
	at := map[string]*yaml.Node{} // explicit keys
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
			continue
		}
		key, err := yamlKey(k)
		if err != nil {
			return nil, err
		}
		if prev, ok := at[key]; ok {
			return nil, yamlErr(k, "key %q written twice (first at line %d, column %d)", key, prev.Line, prev.Column)
		}
		at[key] = k
	}
	merged := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
			if err := c.merge(obj, v, at, merged, depth); err != nil {
				return nil, err
			}
			continue
		}
		val, err := c.value(v, depth+1)
		if err != nil {
			return nil, err
		}
		obj.Members = append(obj.Members, Member{Key: k.Value, Val: val})
	}
	return obj, nil
}

// merge adds the members of the mapping (or sequence of mappings) src that
// neither the mapping's own keys nor an earlier merge set.
func (c *yamlConv) merge(obj *Value, src *yaml.Node, own map[string]*yaml.Node, merged map[string]bool, depth int) error {
	for src.Kind == yaml.AliasNode {
		src = src.Alias
	}
	sources := []*yaml.Node{src}
	if src.Kind == yaml.SequenceNode {
		sources = src.Content
	}
	for _, s := range sources {
		v, err := c.value(s, depth+1)
		if err != nil {
			return err
		}
		if v.Kind != rt.Object {
			return yamlErr(s, "a merge key (<<) takes a mapping or a list of mappings")
		}
		for _, m := range v.Members {
			if own[m.Key] != nil || merged[m.Key] {
				continue
			}
			merged[m.Key] = true
			obj.Members = append(obj.Members, m)
		}
	}
	return nil
}

// yamlKey is the string a mapping key stands for; JSON has no other keys.
func yamlKey(k *yaml.Node) (string, error) {
	for k.Kind == yaml.AliasNode {
		k = k.Alias
	}
	if k.Kind != yaml.ScalarNode {
		return "", yamlErr(k, "a mapping key must be a string, not a %s", yamlKindName(k))
	}
	if t := k.ShortTag(); t != "!!str" {
		return "", yamlErr(k, "the key %s is a YAML %s, and JSON keys are strings: write it quoted (\"%s\")", k.Value, strings.TrimPrefix(t, "!!"), k.Value)
	}
	return k.Value, nil
}

func yamlKindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "sequence"
	}
	return "value"
}

// yamlScalar converts a scalar by its resolved tag.
func yamlScalar(n *yaml.Node) (*Value, error) {
	switch n.ShortTag() {
	case "!!str", "!!timestamp", "!!binary":
		return String(n.Value), nil // a date stays the text written, as JSON Schema's format: date expects
	case "!!null":
		return Null(), nil
	case "!!bool":
		return Bool(strings.EqualFold(n.Value, "true")), nil
	case "!!int":
		lit, ok := yamlInt(n.Value)
		if !ok {
			return nil, yamlErr(n, "integer %s cannot be written in JSON", n.Value)
		}
		return Number(lit), nil
	case "!!float":
		lit, ok := yamlFloat(n.Value)
		if !ok {
			return nil, yamlErr(n, "number %s cannot be written in JSON", n.Value)
		}
		return Number(lit), nil
	}
	return nil, yamlErr(n, "tag %s is not supported: a schema holds only JSON values", n.Tag)
}

// yamlInt is the decimal JSON literal of a YAML integer (1_000, 0x1F,
// 0o17, +5 included).
func yamlInt(s string) (string, bool) {
	if jsonNumber(s) {
		return s, true
	}
	clean := strings.ReplaceAll(strings.TrimPrefix(s, "+"), "_", "")
	i, ok := new(big.Int).SetString(clean, 0)
	if !ok {
		return "", false
	}
	return i.String(), true
}

// yamlFloat is the JSON literal of a YAML float, its digits kept.
func yamlFloat(s string) (string, bool) {
	lit := strings.ReplaceAll(strings.TrimPrefix(s, "+"), "_", "")
	neg := strings.HasPrefix(lit, "-")
	lit = strings.TrimPrefix(lit, "-")
	if strings.HasPrefix(lit, ".") {
		lit = "0" + lit
	}
	if i := strings.IndexAny(lit, "eE"); i > 0 && lit[i-1] == '.' {
		lit = lit[:i] + "0" + lit[i:]
	} else if strings.HasSuffix(lit, ".") {
		lit += "0"
	}
	if neg {
		lit = "-" + lit
	}
	return lit, jsonNumber(lit)
}

// jsonNumber reports whether s is a JSON number literal.
func jsonNumber(s string) bool {
	v, err := Parse([]byte(s))
	return err == nil && v.Kind == rt.Number
}

// YAMLPosition finds the line and column of the value at the JSON Pointer
// ptr in a YAML document, or of its key when it is an object member (where
// a misspelt keyword is). ok is false when the document does not parse or
// has no such value.
func YAMLPosition(data []byte, ptr string) (line, col int, ok bool) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil || len(doc.Content) == 0 {
		return 0, 0, false
	}
	n, at := doc.Content[0], doc.Content[0]
	if ptr == "" {
		return n.Line, n.Column, true
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		for n.Kind == yaml.AliasNode {
			n = n.Alias
		}
		var key, next *yaml.Node
		switch n.Kind {
		case yaml.MappingNode:
			key, next = yamlMember(n, tok)
		case yaml.SequenceNode:
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(n.Content) {
				next = n.Content[i]
			}
		}
		if next == nil {
			return 0, 0, false
		}
		n, at = next, next
		if key != nil {
			at = key
		}
	}
	return at.Line, at.Column, true
}

// yamlMember finds the member tok of a mapping, looking into merged ones.
func yamlMember(n *yaml.Node, tok string) (key, val *yaml.Node) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; k.ShortTag() != "!!merge" && k.Value == tok {
			return k, n.Content[i+1]
		}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].ShortTag() != "!!merge" {
			continue
		}
		src := n.Content[i+1]
		for src.Kind == yaml.AliasNode {
			src = src.Alias
		}
		if src.Kind == yaml.MappingNode {
			if k, v := yamlMember(src, tok); v != nil {
				return k, v
			}
		}
	}
	return nil, nil
}

// toJSON is the JSON text of the schema file name: data itself, or a YAML
// file converted, its errors located in the file.
func toJSON(name string, data []byte) ([]byte, error) {
	if !IsYAML(name) {
		return data, nil
	}
	out, err := YAMLToJSON(data)
	if ye, ok := err.(*YAMLError); ok {
		return nil, &Error{File: name, Line: ye.Line, Col: ye.Col, Msg: "YAML: " + ye.Msg}
	}
	return out, err
}
