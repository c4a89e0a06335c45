package rt

import (
	"strconv"
	"strings"
)

// TypeSet is a set of JSON Schema types.
type TypeSet uint8

// The JSON Schema types. TInteger admits numbers with an integral value.
const (
	TNull TypeSet = 1 << iota
	TBool
	TObject
	TArray
	TNumber
	TInteger
	TString
)

// PatternNode pairs a patternProperties regexp with its schema.
type PatternNode struct {
	Pattern *Pattern
	Node    *Node
}

// Node is one compiled schema for values that have no Go shape of their
// own. Generated code declares the nodes; Validate interprets them over the
// input in one pass, scanning a value again only where an applicator
// (allOf, anyOf, oneOf, not, if, $ref beside other keywords, contains,
// dependentSchemas) needs a second look at it.
type Node struct {
	Never bool    // the false schema
	Types TypeSet // 0: any type

	Const []string // canonical text of the const, if any (one element)
	Enum  []string // canonical texts of the enum values; non-nil and empty admits nothing

	Str *StrRule
	Num *NumRule

	Prefix      []*Node
	Items       *Node
	Contains    *Node
	MinContains int // defaults to 1 when Contains is set
	MaxContains int // -1: no limit
	ArrSize     *SizeRule
	Unique      bool

	Props         map[string]*Node
	Patterns      []PatternNode
	Additional    *Node
	PropertyNames *Node
	Required      []string
	DepRequired   map[string][]string
	DepSchemas    map[string]*Node
	ObjSize       *SizeRule

	Ref                 *Node
	AllOf, AnyOf, OneOf []*Node
	Not, If, Then, Else *Node
}

// maxApplyDepth bounds how deep applicators may nest on one value, so a
// schema that refers to itself without consuming input fails instead of
// looping forever.
const maxApplyDepth = 512

// Validate reads one value from d and validates it against n.
func (n *Node) Validate(d *Decoder) error {
	return n.validate(d, 0)
}

// ValidateRaw validates a complete JSON text against n.
func (n *Node) ValidateRaw(r Raw) error {
	var d Decoder
	d.resetShared(view(r), DefaultMaxDepth)
	if err := n.validate(&d, 0); err != nil {
		return err
	}
	return d.End()
}

func (n *Node) validate(d *Decoder, depth int) error {
	if n.Never {
		d.skipSpace()
		return newError(d.pos, "false", "no value is allowed here")
	}
	d.skipSpace()
	start := d.pos
	if err := n.own(d, depth); err != nil {
		return err
	}
	if !n.hasApplicators() {
		return nil
	}
	if depth >= maxApplyDepth {
		return newError(start, "$ref", "schema applies itself more than "+strconv.Itoa(maxApplyDepth)+" times to one value")
	}
	return n.apply(d.str[start:d.pos], start, d.MaxDepth-d.depth, depth+1)
}

func (n *Node) hasApplicators() bool {
	return n.Ref != nil || len(n.AllOf) > 0 || len(n.AnyOf) > 0 || len(n.OneOf) > 0 ||
		n.Not != nil || n.If != nil || len(n.Const) > 0 || n.Enum != nil
}

// sub validates the value text raw (found at offset start) against m.
func sub(m *Node, raw string, start, maxDepth, depth int) error {
	var d Decoder
	d.resetShared(raw, maxDepth)
	err := m.validate(&d, depth)
	if e, ok := err.(*Error); ok && e.Offset >= 0 {
		e.Offset += start
	}
	return err
}

func (n *Node) apply(raw string, start, maxDepth, depth int) error {
	if len(n.Const) > 0 || n.Enum != nil {
		if err := n.checkConstEnum(raw, start); err != nil {
			return err
		}
	}
	if n.Ref != nil {
		if err := sub(n.Ref, raw, start, maxDepth, depth); err != nil {
			return err
		}
	}
	for _, m := range n.AllOf {
		if err := sub(m, raw, start, maxDepth, depth); err != nil {
			return err
		}
	}
	if len(n.AnyOf) > 0 {
		if err := n.anyOf(raw, start, maxDepth, depth); err != nil {
			return err
		}
	}
	if len(n.OneOf) > 0 {
		if err := n.oneOf(raw, start, maxDepth, depth); err != nil {
			return err
		}
	}
	if n.Not != nil && sub(n.Not, raw, start, maxDepth, depth) == nil {
		return newError(start, "not", "the value matches the schema it must not match")
	}
	if n.If != nil {
		branch := n.Else
		if sub(n.If, raw, start, maxDepth, depth) == nil {
			branch = n.Then
		}
		if branch != nil {
			return sub(branch, raw, start, maxDepth, depth)
		}
	}
	return nil
}

func (n *Node) checkConstEnum(raw string, start int) error {
	c, err := Canonical(raw)
	if err != nil {
		return err
	}
	if len(n.Const) > 0 && c != n.Const[0] {
		return newError(start, "const", "want "+clip(n.Const[0]))
	}
	if n.Enum != nil {
		for _, e := range n.Enum {
			if c == e {
				return nil
			}
		}
		return newError(start, "enum", "got "+clip(c)+", want one of "+clip(strings.Join(n.Enum, ", ")))
	}
	return nil
}

func (n *Node) anyOf(raw string, start, maxDepth, depth int) error {
	var first error
	for _, m := range n.AnyOf {
		err := sub(m, raw, start, maxDepth, depth)
		if err == nil {
			return nil
		}
		if first == nil {
			first = err
		}
	}
	return newError(start, "anyOf", "the value matches none of the "+strconv.Itoa(len(n.AnyOf))+" schemas (first failure: "+first.Error()+")")
}

func (n *Node) oneOf(raw string, start, maxDepth, depth int) error {
	matched := -1
	var first error
	for i, m := range n.OneOf {
		err := sub(m, raw, start, maxDepth, depth)
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		if matched >= 0 {
			return newError(start, "oneOf", "the value matches schemas "+strconv.Itoa(matched)+" and "+strconv.Itoa(i)+", want exactly one")
		}
		matched = i
	}
	if matched < 0 {
		return newError(start, "oneOf", "the value matches none of the "+strconv.Itoa(len(n.OneOf))+" schemas (first failure: "+first.Error()+")")
	}
	return nil
}

// own validates the keywords that look at the value itself, consuming it.
func (n *Node) own(d *Decoder, depth int) error {
	k := d.Next()
	off := d.pos
	switch k {
	case String:
		if err := n.checkType(TString, k, off); err != nil {
			return err
		}
		s, err := d.readString()
		if err != nil || n.Str == nil {
			return err
		}
		return n.Str.Check(s, off)
	case Number:
		return n.number(d, off)
	case Object:
		if err := n.checkType(TObject, k, off); err != nil {
			return err
		}
		return n.object(d, depth)
	case Array:
		if err := n.checkType(TArray, k, off); err != nil {
			return err
		}
		return n.array(d, depth)
	case Bool:
		if err := n.checkType(TBool, k, off); err != nil {
			return err
		}
		_, err := d.Bool()
		return err
	case Null:
		if err := n.checkType(TNull, k, off); err != nil {
			return err
		}
		return d.Null()
	}
	return d.unexpected("a JSON value")
}

func (n *Node) checkType(t TypeSet, k Kind, off int) error {
	if n.Types == 0 || n.Types&t != 0 {
		return nil
	}
	return newError(off, "type", "got "+k.String()+", want "+n.Types.String())
}

func (n *Node) number(d *Decoder, off int) error {
	lit, err := d.numLit()
	if err != nil {
		return err
	}
	needInt := n.Types != 0 && n.Types&TNumber == 0
	if n.Types != 0 && n.Types&(TNumber|TInteger) == 0 {
		return newError(off, "type", "got number, want "+n.Types.String())
	}
	if !needInt && n.Num == nil {
		return nil
	}
	dec, ok := ParseDecimal(lit)
	if !ok {
		return newError(off, "type", "number "+clip(lit)+" is outside the range this decoder checks exactly")
	}
	if needInt && !dec.IsInt() {
		return newError(off, "type", "got number "+clip(lit)+", want integer")
	}
	if n.Num == nil {
		return nil
	}
	return n.Num.CheckDecimal(dec.Rat(), clip(lit), off)
}

// String lists the types in the set.
func (t TypeSet) String() string {
	names := []string{"null", "boolean", "object", "array", "number", "integer", "string"}
	var parts []string
	for i, name := range names {
		if t&(1<<uint(i)) != 0 {
			parts = append(parts, name)
		}
	}
	return strings.Join(parts, " or ")
}
