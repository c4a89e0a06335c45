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

	// UnevalProps and UnevalItems apply to the members and items that no
	// other keyword of this schema, nor a passing in-place applicator,
	// evaluated (unevaluatedProperties, unevaluatedItems).
	UnevalProps, UnevalItems *Node
}

// annots collects which members and items of one instance were evaluated,
// for unevaluatedProperties and unevaluatedItems.
type annots struct {
	props    map[string]bool
	allProps bool
	items    int // items [0, items) were evaluated
	allItems bool
	idx      map[int]bool // items a contains schema matched
}

func (a *annots) prop(k string) {
	if a.props == nil {
		a.props = map[string]bool{}
	}
	a.props[k] = true
}

func (a *annots) merge(b *annots) {
	for k := range b.props {
		a.prop(k)
	}
	a.allProps = a.allProps || b.allProps
	a.items = max(a.items, b.items)
	a.allItems = a.allItems || b.allItems
	for i := range b.idx {
		if a.idx == nil {
			a.idx = map[int]bool{}
		}
		a.idx[i] = true
	}
}

func (n *Node) hasUneval() bool { return n.UnevalProps != nil || n.UnevalItems != nil }

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
	return n.validateA(d, depth, nil)
}

// validateA validates one value; when a is not nil it also records which
// members and items of the value were evaluated.
func (n *Node) validateA(d *Decoder, depth int, a *annots) error {
	if n.Never {
		d.skipSpace()
		return newError(d.pos, "false", "no value is allowed here")
	}
	d.skipSpace()
	start := d.pos
	local := a
	if n.hasUneval() {
		local = &annots{}
	}
	if err := n.own(d, depth, local); err != nil {
		return err
	}
	if !n.hasApplicators() && !n.hasUneval() {
		return nil
	}
	if depth >= maxApplyDepth {
		return newError(start, "$ref", "schema applies itself more than "+strconv.Itoa(maxApplyDepth)+" times to one value")
	}
	raw, maxDepth := d.str[start:d.pos], d.MaxDepth-d.depth
	if err := n.apply(raw, start, maxDepth, depth+1, local); err != nil {
		return err
	}
	if !n.hasUneval() {
		return nil
	}
	if err := n.unevaluated(raw, start, maxDepth, depth+1, local); err != nil {
		return err
	}
	if a != nil {
		a.merge(local)
	}
	return nil
}

func (n *Node) hasApplicators() bool {
	return n.Ref != nil || len(n.AllOf) > 0 || len(n.AnyOf) > 0 || len(n.OneOf) > 0 ||
		n.Not != nil || n.If != nil || len(n.Const) > 0 || n.Enum != nil
}

// sub validates the value text raw (found at offset start) against m,
// recording into a (when not nil) what m evaluated, only if m passes.
func sub(m *Node, raw string, start, maxDepth, depth int, a *annots) error {
	var d Decoder
	d.resetShared(raw, maxDepth)
	var mine *annots
	if a != nil {
		mine = &annots{}
	}
	err := m.validateA(&d, depth, mine)
	if e, ok := err.(*Error); ok && e.Offset >= 0 {
		e.Offset += start
	}
	if err == nil && a != nil {
		a.merge(mine)
	}
	return err
}

func (n *Node) apply(raw string, start, maxDepth, depth int, a *annots) error {
	if len(n.Const) > 0 || n.Enum != nil {
		if err := n.checkConstEnum(raw, start); err != nil {
			return err
		}
	}
	if n.Ref != nil {
		if err := sub(n.Ref, raw, start, maxDepth, depth, a); err != nil {
			return err
		}
	}
	for _, m := range n.AllOf {
		if err := sub(m, raw, start, maxDepth, depth, a); err != nil {
			return err
		}
	}
	if len(n.AnyOf) > 0 {
		if err := n.anyOf(raw, start, maxDepth, depth, a); err != nil {
			return err
		}
	}
	if len(n.OneOf) > 0 {
		if err := n.oneOf(raw, start, maxDepth, depth, a); err != nil {
			return err
		}
	}
	if n.Not != nil && sub(n.Not, raw, start, maxDepth, depth, nil) == nil {
		return newError(start, "not", "the value matches the schema it must not match")
	}
	if n.If != nil {
		branch := n.Else
		if sub(n.If, raw, start, maxDepth, depth, a) == nil {
			branch = n.Then
		}
		if branch != nil {
			return sub(branch, raw, start, maxDepth, depth, a)
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
		return constMismatch(start, clip(n.Const[0]))
	}
	if n.Enum != nil {
		for _, e := range n.Enum {
			if c == e {
				return nil
			}
		}
		return EnumMismatch(start, c, clip(strings.Join(n.Enum, ", ")))
	}
	return nil
}

func (n *Node) anyOf(raw string, start, maxDepth, depth int, a *annots) error {
	var first error
	ok := false
	for _, m := range n.AnyOf {
		err := sub(m, raw, start, maxDepth, depth, a)
		if err == nil {
			ok = true
			if a == nil {
				return nil // nobody needs the other branches' annotations
			}
			continue
		}
		if first == nil {
			first = err
		}
	}
	if ok {
		return nil
	}
	return newError(start, "anyOf", "the value matches none of the "+strconv.Itoa(len(n.AnyOf))+" schemas (first failure: "+first.Error()+")")
}

func (n *Node) oneOf(raw string, start, maxDepth, depth int, a *annots) error {
	matched := -1
	var first error
	var won *annots
	for i, m := range n.OneOf {
		var mine *annots
		if a != nil {
			mine = &annots{}
		}
		err := sub(m, raw, start, maxDepth, depth, mine)
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		if matched >= 0 {
			return newError(start, "oneOf", "the value matches schemas "+strconv.Itoa(matched)+" and "+strconv.Itoa(i)+", want exactly one")
		}
		matched, won = i, mine
	}
	if matched < 0 {
		return newError(start, "oneOf", "the value matches none of the "+strconv.Itoa(len(n.OneOf))+" schemas (first failure: "+first.Error()+")")
	}
	if a != nil {
		a.merge(won)
	}
	return nil
}

// unevaluated applies UnevalProps and UnevalItems to what nothing else
// evaluated, then marks everything evaluated.
func (n *Node) unevaluated(raw string, start, maxDepth, depth int, a *annots) error {
	var d Decoder
	d.resetShared(raw, maxDepth)
	var err error
	switch d.Next() {
	case Object:
		if n.UnevalProps == nil {
			return nil
		}
		err = n.unevalMembers(&d, depth, a)
		a.allProps = true
	case Array:
		if n.UnevalItems == nil {
			return nil
		}
		err = n.unevalItems(&d, depth, a)
		a.allItems = true
	default:
		return nil
	}
	if e, ok := err.(*Error); ok && e.Offset >= 0 {
		e.Offset += start
	}
	return err
}

func (n *Node) unevalMembers(d *Decoder, depth int, a *annots) error {
	if err := d.push(); err != nil {
		return err
	}
	for i := 0; ; i++ {
		k, more, err := d.ObjKey(i)
		if err != nil || !more {
			return err
		}
		if a.allProps || a.props[k] {
			if err := d.Skip(); err != nil {
				return err
			}
			continue
		}
		if n.UnevalProps.Never {
			return newError(d.Start(), "unevaluatedProperties", "property "+strconv.Quote(clip(k))+" is not evaluated by any keyword and is not allowed")
		}
		if err := n.UnevalProps.validateA(d, depth, nil); err != nil {
			return AtKey(err, k)
		}
	}
}

func (n *Node) unevalItems(d *Decoder, depth int, a *annots) error {
	if err := d.push(); err != nil {
		return err
	}
	for i := 0; ; i++ {
		more, err := d.ArrNext(i)
		if err != nil || !more {
			return err
		}
		if a.allItems || i < a.items || a.idx[i] {
			if err := d.Skip(); err != nil {
				return err
			}
			continue
		}
		if n.UnevalItems.Never {
			return AtIndex(newError(d.Start(), "unevaluatedItems", "item "+strconv.Itoa(i)+" is not evaluated by any keyword and is not allowed"), i)
		}
		if err := n.UnevalItems.validateA(d, depth, nil); err != nil {
			return AtIndex(err, i)
		}
	}
}

// own validates the keywords that look at the value itself, consuming it.
func (n *Node) own(d *Decoder, depth int, a *annots) error {
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
		return n.object(d, depth, a)
	case Array:
		if err := n.checkType(TArray, k, off); err != nil {
			return err
		}
		return n.array(d, depth, a)
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
