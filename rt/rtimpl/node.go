package rtimpl

import (
	"strconv"
	"strings"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/internal/msg"
	"github.com/zeroproject/zero/rt/rtimpl/jsonnum"
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
	// DepKeyword names DepRequired in SchemaLoc where the schema's dialect
	// says it otherwise: "dependencies" before 2019-09 (all-errors mode).
	DepKeyword string
	DepSchemas map[string]*Node
	ObjSize    *SizeRule

	Ref                 *Node
	AllOf, AnyOf, OneOf []*Node
	Not, If, Then, Else *Node

	// UnevalProps and UnevalItems apply to the members and items that no
	// other keyword of this schema, nor a passing in-place applicator,
	// evaluated (unevaluatedProperties, unevaluatedItems).
	UnevalProps, UnevalItems *Node
	// ContainsNoEval: items that pass Contains do not count as evaluated
	// (2019-09).
	ContainsNoEval bool

	// DynRef is a dynamic reference ($dynamicRef, or 2019-09's
	// $recursiveRef) as resolved statically. When DynName is set, the
	// outermost schema resource on the dynamic scope that declares a
	// dynamic anchor of that name is the target instead.
	DynRef  *Node
	DynName string
	// DynAnchors are the dynamic anchors of the schema resource that holds
	// the node, DynResource its name; validating the node puts the
	// resource on the dynamic scope.
	DynAnchors  map[string]*Node
	DynResource string

	// Loc is where the schema is, its file and JSON Pointer
	// ("order.json#/$defs/item"), for the errors of the all-errors mode
	// (rt.Error.SchemaLoc); generated code sets it only for packages
	// generated with --all-errors.
	Loc string
	// UserCheck, in packages generated with --all-errors, hands a value of
	// a schema with a user's Go type (x-go-type) to that type's
	// unmarshaler, so that the all-errors mode reports its refusal too.
	// Validate does not call it: the generated decoders do.
	UserCheck func(raw rt.Raw, off int) error
}

// dynScope is the dynamic scope: the schema resources entered on the way
// to the current node that declare dynamic anchors, innermost first.
type dynScope struct {
	resource string
	anchors  map[string]*Node
	outer    *dynScope
}

// resolve finds the outermost resource on the scope that declares the
// dynamic anchor name.
func (sc *dynScope) resolve(name string) *Node {
	var found *Node
	for ; sc != nil; sc = sc.outer {
		if m, ok := sc.anchors[name]; ok {
			found = m
		}
	}
	return found
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
func (n *Node) Validate(d *rt.Decoder) error {
	return n.validate(d, 0, nil)
}

// ValidateRaw validates a complete JSON text against n.
func (n *Node) ValidateRaw(r rt.Raw) error {
	var d rt.Decoder
	d.ResetString(view(r))
	if err := n.validate(&d, 0, nil); err != nil {
		return err
	}
	return d.End()
}

func (n *Node) validate(d *rt.Decoder, depth int, sc *dynScope) error {
	return n.validateA(d, depth, nil, sc)
}

// validateA validates one value; when a is not nil it also records which
// members and items of the value were evaluated.
func (n *Node) validateA(d *rt.Decoder, depth int, a *annots, sc *dynScope) error {
	if n.Never {
		d.Start()
		return rt.Fail(d.Offset(), "false", "no value is allowed here")
	}
	d.Start()
	start := d.Offset()
	if n.DynAnchors != nil && (sc == nil || sc.resource != n.DynResource) {
		sc = &dynScope{resource: n.DynResource, anchors: n.DynAnchors, outer: sc}
	}
	local := a
	if n.hasUneval() {
		local = &annots{}
	}
	if err := n.own(d, depth, local, sc); err != nil {
		return err
	}
	if !n.hasApplicators() && !n.hasUneval() {
		return nil
	}
	if depth >= maxApplyDepth {
		return rt.Fail(start, "$ref", "schema applies itself more than "+strconv.Itoa(maxApplyDepth)+" times to one value")
	}
	raw, maxDepth := d.Span(start), d.MaxDepth-d.Depth()
	if err := n.apply(raw, start, maxDepth, depth+1, local, sc); err != nil {
		return err
	}
	if !n.hasUneval() {
		return nil
	}
	if err := n.unevaluated(raw, start, maxDepth, depth+1, local, sc); err != nil {
		return err
	}
	if a != nil {
		a.merge(local)
	}
	return nil
}

func (n *Node) hasApplicators() bool {
	return n.Ref != nil || n.DynRef != nil || len(n.AllOf) > 0 || len(n.AnyOf) > 0 || len(n.OneOf) > 0 ||
		n.Not != nil || n.If != nil || len(n.Const) > 0 || n.Enum != nil
}

// sub validates the value text raw (found at offset start) against m,
// recording into a (when not nil) what m evaluated, only if m passes.
func sub(m *Node, raw string, start, maxDepth, depth int, a *annots, sc *dynScope) error {
	var d rt.Decoder
	d.ResetString(raw)
	d.MaxDepth = maxDepth
	var mine *annots
	if a != nil {
		mine = &annots{}
	}
	err := m.validateA(&d, depth, mine, sc)
	if e, ok := err.(*rt.Error); ok && e.Offset >= 0 {
		e.Offset += start
	}
	if err == nil && a != nil {
		a.merge(mine)
	}
	return err
}

func (n *Node) apply(raw string, start, maxDepth, depth int, a *annots, sc *dynScope) error {
	if len(n.Const) > 0 || n.Enum != nil {
		if err := n.checkConstEnum(raw, start); err != nil {
			return err
		}
	}
	if n.Ref != nil {
		if err := sub(n.Ref, raw, start, maxDepth, depth, a, sc); err != nil {
			return err
		}
	}
	if n.DynRef != nil {
		target := n.DynRef
		if n.DynName != "" {
			if m := sc.resolve(n.DynName); m != nil {
				target = m
			}
		}
		if err := sub(target, raw, start, maxDepth, depth, a, sc); err != nil {
			return err
		}
	}
	for _, m := range n.AllOf {
		if err := sub(m, raw, start, maxDepth, depth, a, sc); err != nil {
			return err
		}
	}
	if len(n.AnyOf) > 0 {
		if err := n.anyOf(raw, start, maxDepth, depth, a, sc); err != nil {
			return err
		}
	}
	if len(n.OneOf) > 0 {
		if err := n.oneOf(raw, start, maxDepth, depth, a, sc); err != nil {
			return err
		}
	}
	if n.Not != nil {
		switch err := sub(n.Not, raw, start, maxDepth, depth, nil, sc); {
		case err == nil:
			return rt.Fail(start, "not", "the value matches the schema it must not match")
		case rt.IsRange(err):
			return err // not knowing whether it matches, refuse
		}
	}
	if n.If != nil {
		branch := n.Else
		switch err := sub(n.If, raw, start, maxDepth, depth, a, sc); {
		case err == nil:
			branch = n.Then
		case rt.IsRange(err):
			return err
		}
		if branch != nil {
			return sub(branch, raw, start, maxDepth, depth, a, sc)
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
		return constMismatch(start, msg.Clip(n.Const[0]))
	}
	if n.Enum != nil {
		for _, e := range n.Enum {
			if c == e {
				return nil
			}
		}
		return EnumMismatch(start, c, msg.Clip(strings.Join(n.Enum, ", ")))
	}
	return nil
}

// excludes reports whether m fails on raw by its type alone, whatever else
// it says: own checks the type of every value before anything else. Branches
// of anyOf and oneOf that exclude a value are not run, so a failing branch
// does not build an error nobody reads. Such a branch never refuses a number
// for its range.
func (m *Node) excludes(raw string) bool {
	if m.Never {
		return true
	}
	if m.Types == 0 || raw == "" {
		return false
	}
	var t TypeSet
	switch raw[0] {
	case '"':
		t = TString
	case '{':
		t = TObject
	case '[':
		t = TArray
	case 't', 'f':
		t = TBool
	case 'n':
		t = TNull
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		t = TNumber | TInteger
	default:
		return false
	}
	return m.Types&t == 0
}

// firstFailure is the error of branch i of an anyOf or oneOf, reported when
// no branch matches; err is that error when the branch ran.
func firstFailure(branches []*Node, i int, err error, raw string, start, maxDepth, depth int, sc *dynScope) error {
	if err != nil {
		return err
	}
	return sub(branches[i], raw, start, maxDepth, depth, nil, sc)
}

// anyOf passes when a branch passes. When none does and one refused a
// number beyond the exact range, that refusal is the answer: the branch
// might have passed.
func (n *Node) anyOf(raw string, start, maxDepth, depth int, a *annots, sc *dynScope) error {
	var first, beyond error
	firstAt := -1
	ok := false
	for i, m := range n.AnyOf {
		if m.excludes(raw) {
			if firstAt < 0 {
				firstAt = i
			}
			continue
		}
		err := sub(m, raw, start, maxDepth, depth, a, sc)
		if err == nil {
			ok = true
			if a == nil {
				return nil // nobody needs the other branches' annotations
			}
			continue
		}
		if firstAt < 0 {
			firstAt, first = i, err
		}
		if beyond == nil && rt.IsRange(err) {
			beyond = err
		}
	}
	if ok {
		return nil
	}
	if beyond != nil {
		return beyond
	}
	first = firstFailure(n.AnyOf, firstAt, first, raw, start, maxDepth, depth, sc)
	return rt.Fail(start, "anyOf", "the value matches none of the "+strconv.Itoa(len(n.AnyOf))+" schemas (first failure: "+first.Error()+")")
}

// oneOf passes when exactly one branch passes. A branch that refused a
// number beyond the exact range leaves the count unknown, so unless two
// branches pass, that refusal is the answer.
func (n *Node) oneOf(raw string, start, maxDepth, depth int, a *annots, sc *dynScope) error {
	matched, firstAt := -1, -1
	var first, beyond error
	var won *annots
	for i, m := range n.OneOf {
		if m.excludes(raw) {
			if firstAt < 0 {
				firstAt = i
			}
			continue
		}
		var mine *annots
		if a != nil {
			mine = &annots{}
		}
		err := sub(m, raw, start, maxDepth, depth, mine, sc)
		if err != nil {
			if firstAt < 0 {
				firstAt, first = i, err
			}
			if beyond == nil && rt.IsRange(err) {
				beyond = err
			}
			continue
		}
		if matched >= 0 {
			return rt.Fail(start, "oneOf", "the value matches schemas "+strconv.Itoa(matched)+" and "+strconv.Itoa(i)+", want exactly one")
		}
		matched, won = i, mine
	}
	if beyond != nil {
		return beyond
	}
	if matched < 0 {
		first = firstFailure(n.OneOf, firstAt, first, raw, start, maxDepth, depth, sc)
		return rt.Fail(start, "oneOf", "the value matches none of the "+strconv.Itoa(len(n.OneOf))+" schemas (first failure: "+first.Error()+")")
	}
	if a != nil {
		a.merge(won)
	}
	return nil
}

// unevaluated applies UnevalProps and UnevalItems to what nothing else
// evaluated, then marks everything evaluated.
func (n *Node) unevaluated(raw string, start, maxDepth, depth int, a *annots, sc *dynScope) error {
	var d rt.Decoder
	d.ResetString(raw)
	d.MaxDepth = maxDepth
	var err error
	switch d.Next() {
	case rt.Object:
		if n.UnevalProps == nil {
			return nil
		}
		err = n.unevalMembers(&d, depth, a, sc)
		a.allProps = true
	case rt.Array:
		if n.UnevalItems == nil {
			return nil
		}
		err = n.unevalItems(&d, depth, a, sc)
		a.allItems = true
	default:
		return nil
	}
	if e, ok := err.(*rt.Error); ok && e.Offset >= 0 {
		e.Offset += start
	}
	return err
}

func (n *Node) unevalMembers(d *rt.Decoder, depth int, a *annots, sc *dynScope) error {
	if err := d.ObjStart(); err != nil {
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
			return rt.Fail(d.Start(), "unevaluatedProperties", "property "+strconv.Quote(msg.Clip(k))+" is not evaluated by any keyword and is not allowed")
		}
		if err := n.UnevalProps.validateA(d, depth, nil, sc); err != nil {
			return rt.AtKey(err, k)
		}
	}
}

func (n *Node) unevalItems(d *rt.Decoder, depth int, a *annots, sc *dynScope) error {
	if err := d.ArrStart(); err != nil {
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
			return rt.AtIndex(rt.Fail(d.Start(), "unevaluatedItems", "item "+strconv.Itoa(i)+" is not evaluated by any keyword and is not allowed"), i)
		}
		if err := n.UnevalItems.validateA(d, depth, nil, sc); err != nil {
			return rt.AtIndex(err, i)
		}
	}
}

// own validates the keywords that look at the value itself, consuming it.
func (n *Node) own(d *rt.Decoder, depth int, a *annots, sc *dynScope) error {
	k := d.Next()
	off := d.Offset()
	switch k {
	case rt.String:
		if err := n.checkType(TString, k, off); err != nil {
			return err
		}
		s, err := d.Str()
		if err != nil || n.Str == nil {
			return err
		}
		return n.Str.Check(s, off)
	case rt.Number:
		return n.number(d, off)
	case rt.Object:
		if err := n.checkType(TObject, k, off); err != nil {
			return err
		}
		return n.object(d, depth, a, sc)
	case rt.Array:
		if err := n.checkType(TArray, k, off); err != nil {
			return err
		}
		return n.array(d, depth, a, sc)
	case rt.Bool:
		if err := n.checkType(TBool, k, off); err != nil {
			return err
		}
		_, err := d.Bool()
		return err
	case rt.Null:
		if err := n.checkType(TNull, k, off); err != nil {
			return err
		}
		return d.Null()
	}
	return d.TypeError("a JSON value")
}

func (n *Node) checkType(t TypeSet, k rt.Kind, off int) error {
	if n.Types == 0 || n.Types&t != 0 {
		return nil
	}
	return rt.Fail(off, "type", "got "+k.String()+", want "+n.Types.String())
}

func (n *Node) number(d *rt.Decoder, off int) error {
	lit, err := d.NumLit()
	if err != nil {
		return err
	}
	needInt := n.Types != 0 && n.Types&TNumber == 0
	if n.Types != 0 && n.Types&(TNumber|TInteger) == 0 {
		return rt.Fail(off, "type", "got number, want "+n.Types.String())
	}
	if !needInt && n.Num == nil {
		return nil
	}
	dec, ok := jsonnum.Parse(lit)
	if !ok {
		return rt.FailRange(off, "number "+msg.Clip(lit)+" is outside the range this decoder checks exactly")
	}
	if needInt && !dec.IsInt() {
		return rt.Fail(off, "type", "got number "+msg.Clip(lit)+", want integer")
	}
	if n.Num == nil {
		return nil
	}
	return n.Num.CheckDecimal(dec.Rat(), msg.Clip(lit), off)
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
