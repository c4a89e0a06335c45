package codecfuzz

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/big"
	"math/rand"
	"path"
	"sort"
	"strings"

	"github.com/zeroproject/zero/schema"
)

// mutator makes single-step mutants of documents of one root.
type mutator struct {
	rng     *rand.Rand
	strs    []string           // enum and const strings of the schemas, strings of the fixtures
	keys    []string           // property names of the schemas and fixtures
	byKey   map[string][]*node // values the fixtures hold under each key
	subtree []*node            // every value of the fixtures
}

// mutation changes one place of a document and returns the new root (which
// may be the same node). Each names the change it makes.
type mutation struct {
	name string
	fn   func(m *mutator, root *node) *node
}

var mutations = []mutation{
	{"delete member", (*mutator).deleteMember},
	{"add member", (*mutator).addMember},
	{"change type", (*mutator).changeType},
	{"change string", (*mutator).changeString},
	{"change number", (*mutator).changeNumber},
	{"duplicate key", (*mutator).duplicateKey},
	{"wrap in array", (*mutator).wrapInArray},
	{"change enum", (*mutator).changeEnum},
	{"nest deeper", (*mutator).nestDeeper},
	{"swap value", (*mutator).swapValue},
	{"escape string", (*mutator).escapeString},
	{"add whitespace", (*mutator).addWhitespace},
	{"respell number", (*mutator).respellNumber},
}

func newMutator(seed int64, r *root, valid []*node) *mutator {
	m := &mutator{rng: rand.New(rand.NewSource(seed)), byKey: map[string][]*node{}}
	strs, keys := map[string]bool{}, map[string]bool{}
	schemaStrings(r.family, strs, keys)
	for _, v := range valid {
		m.collect(v, strs, keys)
	}
	m.strs, m.keys = sorted(strs), sorted(keys)
	return m
}

func (m *mutator) collect(n *node, strs, keys map[string]bool) {
	m.subtree = append(m.subtree, n)
	if n.kind == '"' {
		strs[n.text] = true
	}
	for i, v := range n.vals {
		if n.kind == '{' {
			keys[n.keys[i]] = true
			m.byKey[n.keys[i]] = append(m.byKey[n.keys[i]], v)
		}
		m.collect(v, strs, keys)
	}
}

// schemaStrings gathers the strings of enum and const and the property names
// of every schema file in family.
func schemaStrings(family string, strs, keys map[string]bool) {
	entries, _ := fs.ReadDir(schema.FS, family)
	for _, e := range entries {
		b, err := fs.ReadFile(schema.FS, path.Join(family, e.Name()))
		if err != nil {
			continue
		}
		var v any
		if json.Unmarshal(b, &v) == nil {
			walkSchema(v, strs, keys)
		}
	}
}

func walkSchema(v any, strs, keys map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			switch k {
			case "const":
				if s, ok := x.(string); ok {
					strs[s] = true
				}
			case "enum":
				for _, e := range asSlice(x) {
					if s, ok := e.(string); ok {
						strs[s] = true
					}
				}
			case "properties":
				if p, ok := x.(map[string]any); ok {
					for name := range p {
						keys[name] = true
					}
				}
			}
			walkSchema(x, strs, keys)
		}
	case []any:
		for _, x := range v {
			walkSchema(x, strs, keys)
		}
	}
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}

func sorted(set map[string]bool) []string {
	s := make([]string, 0, len(set))
	for k := range set {
		s = append(s, k)
	}
	sort.Strings(s)
	return s
}

// slot is a place in a tree: the root (parent nil) or parent.vals[i].
type slot struct {
	parent *node
	i      int
	n      *node
}

func slots(root *node) []slot {
	all := []slot{{n: root}}
	var walk func(n *node)
	walk = func(n *node) {
		for i, v := range n.vals {
			all = append(all, slot{n, i, v})
			walk(v)
		}
	}
	walk(root)
	return all
}

// pick returns a random slot whose node satisfies ok, or false.
func (m *mutator) pick(root *node, ok func(*node) bool) (slot, bool) {
	var c []slot
	for _, s := range slots(root) {
		if ok(s.n) {
			c = append(c, s)
		}
	}
	if len(c) == 0 {
		return slot{}, false
	}
	return c[m.rng.Intn(len(c))], true
}

// replace puts v in s and returns the root.
func replace(root *node, s slot, v *node) *node {
	if s.parent == nil {
		return v
	}
	s.parent.vals[s.i] = v
	return root
}

func isObject(n *node) bool                { return n.kind == '{' }
func hasMembers(n *node) bool              { return n.kind == '{' && len(n.vals) > 0 }
func isString(n *node) bool                { return n.kind == '"' }
func isNumber(n *node) bool                { return n.kind == '0' }
func anyNode(*node) bool                   { return true }
func str(s string) *node                   { return &node{kind: '"', text: s} }
func num(lit string) *node                 { return &node{kind: '0', text: lit} }
func (m *mutator) oneOf(s []string) string { return s[m.rng.Intn(len(s))] }

func (m *mutator) deleteMember(root *node) *node {
	s, ok := m.pick(root, hasMembers)
	if !ok {
		return root
	}
	o, i := s.n, m.rng.Intn(len(s.n.vals))
	o.keys = append(o.keys[:i], o.keys[i+1:]...)
	o.vals = append(o.vals[:i], o.vals[i+1:]...)
	return root
}

// addMember adds a member with an unknown key, or a key some schema of the
// family knows (which adds an optional property, or repeats a key).
func (m *mutator) addMember(root *node) *node {
	s, ok := m.pick(root, isObject)
	if !ok {
		return root
	}
	key := m.oneOf([]string{"zzUnknown", "", "x", "Type", "schemaversion", "__proto__", "a/b~c"})
	if m.rng.Intn(2) == 0 && len(m.keys) > 0 {
		key = m.oneOf(m.keys)
	}
	v := m.value()
	if vs := m.byKey[key]; len(vs) > 0 && m.rng.Intn(2) == 0 {
		v = vs[m.rng.Intn(len(vs))].clone()
	}
	insertMember(s.n, m.rng.Intn(len(s.n.vals)+1), key, v)
	return root
}

func insertMember(o *node, i int, key string, v *node) {
	o.keys = append(o.keys[:i], append([]string{key}, o.keys[i:]...)...)
	o.vals = append(o.vals[:i], append([]*node{v}, o.vals[i:]...)...)
}

// value returns a small random value of any type.
func (m *mutator) value() *node {
	switch m.rng.Intn(8) {
	case 0:
		return &node{kind: 'n'}
	case 1:
		return &node{kind: 't'}
	case 2:
		return &node{kind: 'f'}
	case 3:
		return num(m.oneOf([]string{"0", "1", "-1", "0.5", "1e30", "1.0", "255", "600000"}))
	case 4:
		if len(m.strs) > 0 {
			return str(m.oneOf(m.strs))
		}
		return str("x")
	case 5:
		return &node{kind: '['}
	case 6:
		return &node{kind: '{'}
	}
	return m.subtree[m.rng.Intn(len(m.subtree))].clone()
}

func (m *mutator) changeType(root *node) *node {
	s, _ := m.pick(root, anyNode)
	for range 10 {
		v := m.value()
		if v.kind != s.n.kind {
			return replace(root, s, v)
		}
	}
	return root
}

// changeString changes a string value, or sometimes a key, by one
// character, empties it or makes it long.
func (m *mutator) changeString(root *node) *node {
	if m.rng.Intn(5) == 0 {
		if s, ok := m.pick(root, hasMembers); ok {
			i := m.rng.Intn(len(s.n.keys))
			s.n.keys[i] = m.editString(s.n.keys[i])
			return root
		}
	}
	s, ok := m.pick(root, isString)
	if !ok {
		return root
	}
	s.n.text = m.editString(s.n.text)
	return root
}

var oddChars = []string{"a", "Z", "0", "_", "-", ".", ":", "/", " ", "\n", "\t", "\x00", "\"", "\\", "é", "\u2028", "😀", "\ufffd", "\x7f"}

func (m *mutator) editString(s string) string {
	r := []rune(s)
	switch m.rng.Intn(10) {
	case 0, 1: // replace a character
		if len(r) > 0 {
			i := m.rng.Intn(len(r))
			return string(r[:i]) + m.oneOf(oddChars) + string(r[i+1:])
		}
		return m.oneOf(oddChars)
	case 2: // insert a character
		i := m.rng.Intn(len(r) + 1)
		return string(r[:i]) + m.oneOf(oddChars) + string(r[i:])
	case 3: // delete a character
		if len(r) > 0 {
			i := m.rng.Intn(len(r))
			return string(r[:i]) + string(r[i+1:])
		}
		return s
	case 4:
		return ""
	case 5: // long: around the maxLength bounds, or much longer
		n := []int{127, 128, 129, 199, 200, 201, 4096}[m.rng.Intn(7)]
		c := m.oneOf([]string{"a", "é", "😀"})
		return strings.Repeat(c, n)
	case 6: // invalid UTF-8
		i := m.rng.Intn(len(s) + 1)
		return s[:i] + m.oneOf([]string{"\xff", "\xc3", "\xed\xa0\x80"}) + s[i:]
	case 7, 8: // a special character after 0 to 80 plain ones, where word-at-a-time scanners change gear
		return strings.Repeat("a", m.rng.Intn(81)) + m.oneOf(oddChars) + s
	}
	return strings.ToUpper(s)
}

var oddNumbers = []string{
	"0.5", "1e30", "-1", "0", "-0", "1.0", "1e0", "1E2", "0.1", "1e-7",
	"9223372036854775807", "9223372036854775808", "-9223372036854775809",
	"1e20001", "0e20001", "1e-20001", "1e400", "255", "256", "600000", "600001",
}

func (m *mutator) changeNumber(root *node) *node {
	s, ok := m.pick(root, isNumber)
	if !ok {
		return root
	}
	if m.rng.Intn(3) == 0 {
		s.n.text = m.oneOf(oddNumbers)
		return root
	}
	r, ok := new(big.Rat).SetString(s.n.text)
	if !ok {
		return root
	}
	switch m.rng.Intn(5) {
	case 0:
		r.Add(r, big.NewRat(1, 1))
	case 1:
		r.Sub(r, big.NewRat(1, 1))
	case 2:
		r.SetFrac64(1, 2)
	case 3:
		r.SetString("1e30")
	case 4:
		r.SetInt64(-1)
	}
	if r.IsInt() {
		s.n.text = r.Num().String()
	} else {
		s.n.text = r.FloatString(20)
		s.n.text = strings.TrimRight(s.n.text, "0")
	}
	return root
}

// duplicateKey repeats a member's key, with the same or another value,
// before or after it.
func (m *mutator) duplicateKey(root *node) *node {
	s, ok := m.pick(root, hasMembers)
	if !ok {
		return root
	}
	i := m.rng.Intn(len(s.n.vals))
	v := s.n.vals[i].clone()
	if m.rng.Intn(2) == 0 {
		v = m.value()
	}
	insertMember(s.n, m.rng.Intn(len(s.n.vals)+1), s.n.keys[i], v)
	return root
}

func (m *mutator) wrapInArray(root *node) *node {
	s, _ := m.pick(root, anyNode)
	return replace(root, s, &node{kind: '[', vals: []*node{s.n}})
}

// changeEnum replaces a string by another enum or const value of the
// family, or a string of another fixture.
func (m *mutator) changeEnum(root *node) *node {
	s, ok := m.pick(root, isString)
	if !ok || len(m.strs) == 0 {
		return root
	}
	s.n.text = m.oneOf(m.strs)
	return root
}

// nestDeeper puts a value inside one to three objects or arrays, or rarely
// inside 1000 or 1001 of them, around rt.DefaultMaxDepth.
func (m *mutator) nestDeeper(root *node) *node {
	s, _ := m.pick(root, anyNode)
	levels := 1 + m.rng.Intn(3)
	if m.rng.Intn(20) == 0 {
		levels = 998 + m.rng.Intn(4)
	}
	v := s.n
	for range levels {
		if m.rng.Intn(2) == 0 {
			v = &node{kind: '[', vals: []*node{v}}
		} else {
			v = &node{kind: '{', keys: []string{m.oneOf(m.keys)}, vals: []*node{v}}
		}
	}
	return replace(root, s, v)
}

// swapValue replaces a member's value by a value another fixture has under
// the same key (another union variant, say), or any fixture value.
func (m *mutator) swapValue(root *node) *node {
	s, ok := m.pick(root, hasMembers)
	if !ok {
		return root
	}
	i := m.rng.Intn(len(s.n.vals))
	vs := m.byKey[s.n.keys[i]]
	if len(vs) == 0 || m.rng.Intn(4) == 0 {
		vs = m.subtree
	}
	s.n.vals[i] = vs[m.rng.Intn(len(vs))].clone()
	return root
}

// escapeString writes all or some characters of a string value, or of the
// keys of an object, as escapes: the same document, spelled differently.
func (m *mutator) escapeString(root *node) *node {
	s, ok := m.pick(root, func(n *node) bool { return n.kind == '"' || hasMembers(n) })
	if ok {
		s.n.esc = ^uint64(0)
		if m.rng.Intn(2) == 0 {
			s.n.esc = m.rng.Uint64()
		}
	}
	return root
}

var spaces = []string{" ", "\t", "\n", "\r", " \r\n\t "}

// addWhitespace puts whitespace around a value's tokens.
func (m *mutator) addWhitespace(root *node) *node {
	s, _ := m.pick(root, anyNode)
	s.n.ws = m.oneOf(spaces)
	return root
}

// respellNumber writes a number another way with the same value: 5 as 5.0,
// 5e0, 50e-1 or 0.5E+1.
func (m *mutator) respellNumber(root *node) *node {
	s, ok := m.pick(root, isNumber)
	if !ok {
		return root
	}
	lit := s.n.text
	mant, exp := lit, ""
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		mant, exp = lit[:i], lit[i:]
	}
	switch m.rng.Intn(4) {
	case 0:
		if !strings.Contains(mant, ".") {
			mant += ".0"
		} else {
			mant += "0"
		}
	case 1:
		if exp == "" {
			exp = "e0"
		}
	case 2:
		if exp == "" && !strings.Contains(mant, ".") && strings.TrimPrefix(mant, "-") != "0" {
			mant, exp = mant+"0", "e-1"
		}
	case 3:
		if exp == "" && !strings.Contains(mant, ".") {
			neg := strings.HasPrefix(mant, "-")
			digits := strings.TrimPrefix(mant, "-")
			mant, exp = "0."+digits, fmt.Sprintf("E+%d", len(digits))
			if neg {
				mant = "-" + mant
			}
		}
	}
	s.n.text = mant + exp
	return root
}
