package rtimpl

import (
	"sort"
	"strconv"
	"strings"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/internal/msg"
	"github.com/zeroproject/zero/rt/rtimpl/jsonnum"
	"github.com/zeroproject/zero/rt/rtimpl/keyset"
)

// This file is the interpreter's all-errors mode. It walks a value as
// Validate does but, where Validate returns the first violation, it records
// each one and goes on, so that one pass reports every violation of the
// document. Its verdict is Validate's: the list is empty exactly when
// Validate returns nil (the suite test compares both over the JSON Schema
// Test Suite).
//
// What it reports follows santhosh-tekuri/jsonschema/v5:
//   - a value of the wrong type gets the type error only: the schema's
//     other keywords do not apply to it;
//   - the in-place applicators allOf, $ref, $dynamicRef, dependentSchemas
//     and the branch if chose add their errors as the value's own;
//   - anyOf and oneOf that no branch satisfies give one error at the value
//     whose Causes are every branch's errors; oneOf satisfied twice, not
//     and a missing contains match give one error (contains with the items'
//     failures as Causes);
//   - every missing required property is an error of its own, at the
//     object;
//   - uniqueItems reports the first pair of equal items only;
//   - a value of a user's Go type (x-go-type) that satisfies the schema's
//     keywords goes to the type's unmarshaler (Node.UserCheck), whose
//     refusal is reported under the keyword x-go-type.
// Faults of the JSON text itself (syntax, depth, duplicate keys) end the
// walk: such a document gets that one error.

// collector gathers the violations of one walk.
type collector struct {
	errs []*rt.Error
	path []string // the pointer of the current value, escaped segments
	base int      // offset of the current decoder's text in the document
}

// add records err, a violation at the current value (its own Pointer, if
// any, goes below the current value) of a keyword of n, which places the
// keyword in the schema when n knows where it is. An error that is not an
// *rt.Error cannot be placed and ends the walk.
func (c *collector) add(n *Node, err error) error {
	e, ok := err.(*rt.Error)
	if !ok {
		return err
	}
	if e.Offset >= 0 {
		e.Offset += c.base
	}
	if len(c.path) > 0 {
		e.Pointer = strings.Join(c.path, "") + e.Pointer
	}
	if e.SchemaLoc == "" && n != nil && n.Loc != "" {
		e.SchemaLoc = n.Loc
		if e.Keyword != "false" {
			e.SchemaLoc += "/" + e.Keyword
		}
	}
	c.errs = append(c.errs, e)
	return nil
}

func (c *collector) push(seg string) { c.path = append(c.path, "/"+escapeSeg(seg)) }

// escapeSeg escapes a JSON Pointer segment.
func escapeSeg(seg string) string {
	if strings.ContainsAny(seg, "~/") {
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~", "~0"), "/", "~1")
	}
	return seg
}

func (c *collector) pop() { c.path = c.path[:len(c.path)-1] }

// branch returns a collector for the errors of one branch of an applicator
// at the current value.
func (c *collector) branch() *collector {
	return &collector{path: append([]string(nil), c.path...), base: c.base}
}

// ValidateAll validates the JSON text data against n and returns every
// violation, in document order; nil means the document is valid.
func (n *Node) ValidateAll(data string) rt.Errors {
	var d rt.Decoder
	d.ResetString(data)
	c := &collector{}
	if err := n.collect(&d, 0, nil, nil, c); err != nil {
		return rt.Errors{asError(err)}
	}
	if err := d.End(); err != nil {
		return rt.Errors{asError(err)}
	}
	if len(c.errs) == 0 {
		return nil
	}
	sort.SliceStable(c.errs, func(i, j int) bool { return c.errs[i].Offset < c.errs[j].Offset })
	return c.errs
}

func asError(err error) *rt.Error {
	if e, ok := err.(*rt.Error); ok {
		return e
	}
	return &rt.Error{Offset: -1, Msg: err.Error()}
}

// AllErrors is what a generated UnmarshalJSONAll returns when the typed
// decoder refused data with first: every violation n finds in data, and
// first among them if the interpreter does not report the same failure
// (a user's type that refused its value, or a number beyond what the
// typed decoder holds), so the list is never empty when first is not nil.
func AllErrors(n *Node, data []byte, first error) rt.Errors {
	if first == nil {
		return nil
	}
	f := asError(first)
	errs := n.ValidateAll(view(data))
	for _, e := range errs {
		if e.Pointer == f.Pointer && e.Keyword == f.Keyword {
			return errs
		}
	}
	i := sort.Search(len(errs), func(i int) bool { return errs[i].Offset > f.Offset })
	return append(errs[:i:i], append(rt.Errors{f}, errs[i:]...)...)
}

// collect is validateA in the all-errors mode: violations go to c, and
// the returned error is a fault of the input that ends the walk. It
// consumes the value whatever it finds.
func (n *Node) collect(d *rt.Decoder, depth int, a *annots, sc *dynScope, c *collector) error {
	start := d.Start()
	if n.Never {
		if err := d.Skip(); err != nil {
			return err
		}
		return c.add(n, rt.Fail(start, "false", "no value is allowed here"))
	}
	if n.DynAnchors != nil && (sc == nil || sc.resource != n.DynResource) {
		sc = &dynScope{resource: n.DynResource, anchors: n.DynAnchors, outer: sc}
	}
	local := a
	if n.hasUneval() {
		local = &annots{}
	}
	mark := len(c.errs)
	typed, err := n.collectOwn(d, depth, local, sc, c)
	if err != nil || !typed {
		return err
	}
	if n.UserCheck != nil && len(c.errs) == mark && d.Span(start) != "null" {
		// The schema's own keywords hold; the user's type reads the value.
		if err := n.UserCheck(rt.Raw(d.Span(start)), start); err != nil {
			if err := c.add(n, err); err != nil {
				return err
			}
		}
	}
	if !n.hasApplicators() && !n.hasUneval() {
		return nil
	}
	if depth >= maxApplyDepth {
		return c.add(n, rt.Fail(start, "$ref", "schema applies itself more than "+strconv.Itoa(maxApplyDepth)+" times to one value"))
	}
	raw, maxDepth := d.Span(start), d.MaxDepth-d.Depth()
	if err := n.collectApply(raw, start, maxDepth, depth+1, local, sc, c); err != nil {
		return err
	}
	if !n.hasUneval() {
		return nil
	}
	if err := n.collectUneval(raw, start, maxDepth, depth+1, local, sc, c); err != nil {
		return err
	}
	if a != nil && len(c.errs) == mark {
		a.merge(local)
	}
	return nil
}

// collectSub is sub in the all-errors mode: m's errors on the value raw
// are the current value's. What m evaluated counts only if m passed.
func collectSub(m *Node, raw string, start, maxDepth, depth int, a *annots, sc *dynScope, c *collector) error {
	var d rt.Decoder
	d.ResetString(raw)
	d.MaxDepth = maxDepth
	var mine *annots
	if a != nil {
		mine = &annots{}
	}
	mark := len(c.errs)
	c.base += start
	err := m.collect(&d, depth, mine, sc, c)
	c.base -= start
	if e, ok := err.(*rt.Error); ok && e.Offset >= 0 {
		e.Offset += start
	}
	if err == nil && a != nil && len(c.errs) == mark {
		a.merge(mine)
	}
	return err
}

// causes collects the errors of m on raw for the Causes of an applicator's
// error.
func causes(m *Node, raw string, start, maxDepth, depth int, sc *dynScope, c *collector) ([]*rt.Error, error) {
	b := c.branch()
	err := collectSub(m, raw, start, maxDepth, depth, nil, sc, b)
	return b.errs, err
}

func (n *Node) collectApply(raw string, start, maxDepth, depth int, a *annots, sc *dynScope, c *collector) error {
	if len(n.Const) > 0 || n.Enum != nil {
		if err := n.checkConstEnum(raw, start); err != nil {
			if err := c.add(n, err); err != nil {
				return err
			}
		}
	}
	if n.Ref != nil {
		if err := collectSub(n.Ref, raw, start, maxDepth, depth, a, sc, c); err != nil {
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
		if err := collectSub(target, raw, start, maxDepth, depth, a, sc, c); err != nil {
			return err
		}
	}
	for _, m := range n.AllOf {
		if err := collectSub(m, raw, start, maxDepth, depth, a, sc, c); err != nil {
			return err
		}
	}
	// anyOf, oneOf, not and if decide by the first-error mode; only a
	// failure is explained by collecting the branches' errors.
	for _, app := range []struct {
		kw       string
		branches []*Node
		check    func(raw string, start, maxDepth, depth int, a *annots, sc *dynScope) error
	}{{"anyOf", n.AnyOf, n.anyOf}, {"oneOf", n.OneOf, n.oneOf}} {
		if len(app.branches) == 0 {
			continue
		}
		err := app.check(raw, start, maxDepth, depth, a, sc)
		if err == nil {
			continue
		}
		e := asError(err)
		twice := e.Keyword == "oneOf" && strings.HasPrefix(e.Msg, "the value matches schemas ")
		if twice && a != nil {
			// As jsonschema/v5 does, what the branches that passed
			// evaluated counts, so that unevaluatedProperties and
			// unevaluatedItems do not report it too.
			for _, m := range app.branches {
				_ = sub(m, raw, start, maxDepth, depth, a, sc)
			}
		} else if e.Keyword == app.kw && !twice {
			// No branch matched: the causes are every branch's errors.
			e.Msg = "the value matches none of the " + strconv.Itoa(len(app.branches)) + " schemas"
			for _, m := range app.branches {
				cs, err := causes(m, raw, start, maxDepth, depth, sc, c)
				if err != nil {
					return err
				}
				e.Causes = append(e.Causes, cs...)
			}
		}
		if err := c.add(n, e); err != nil {
			return err
		}
	}
	if n.Not != nil {
		switch err := sub(n.Not, raw, start, maxDepth, depth, nil, sc); {
		case err == nil:
			if err := c.add(n, rt.Fail(start, "not", "the value matches the schema it must not match")); err != nil {
				return err
			}
		case rt.IsRange(err):
			if err := c.add(n, err); err != nil {
				return err
			}
		}
	}
	if n.If != nil {
		branch := n.Else
		switch err := sub(n.If, raw, start, maxDepth, depth, a, sc); {
		case err == nil:
			branch = n.Then
		case rt.IsRange(err):
			return c.add(n, err)
		}
		if branch != nil {
			return collectSub(branch, raw, start, maxDepth, depth, a, sc, c)
		}
	}
	return nil
}

// collectUneval is unevaluated in the all-errors mode.
func (n *Node) collectUneval(raw string, start, maxDepth, depth int, a *annots, sc *dynScope, c *collector) error {
	var d rt.Decoder
	d.ResetString(raw)
	d.MaxDepth = maxDepth
	c.base += start
	defer func() { c.base -= start }()
	var err error
	switch d.Next() {
	case rt.Object:
		if n.UnevalProps == nil {
			return nil
		}
		err = n.collectUnevalMembers(&d, depth, a, sc, c)
		a.allProps = true
	case rt.Array:
		if n.UnevalItems == nil {
			return nil
		}
		err = n.collectUnevalItems(&d, depth, a, sc, c)
		a.allItems = true
	}
	if e, ok := err.(*rt.Error); ok && e.Offset >= 0 {
		e.Offset += start
	}
	return err
}

func (n *Node) collectUnevalMembers(d *rt.Decoder, depth int, a *annots, sc *dynScope, c *collector) error {
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
		c.push(k)
		if n.UnevalProps.Never {
			at := d.Start()
			err = d.Skip()
			if err == nil {
				err = c.add(n, rt.Fail(at, "unevaluatedProperties", "property "+strconv.Quote(msg.Clip(k))+" is not evaluated by any keyword and is not allowed"))
			}
		} else {
			err = n.UnevalProps.collect(d, depth, nil, sc, c)
		}
		c.pop()
		if err != nil {
			return rt.AtKey(err, k)
		}
	}
}

func (n *Node) collectUnevalItems(d *rt.Decoder, depth int, a *annots, sc *dynScope, c *collector) error {
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
		c.push(strconv.Itoa(i))
		if n.UnevalItems.Never {
			at := d.Start()
			err = d.Skip()
			if err == nil {
				err = c.add(n, rt.Fail(at, "unevaluatedItems", "item "+strconv.Itoa(i)+" is not evaluated by any keyword and is not allowed"))
			}
		} else {
			err = n.UnevalItems.collect(d, depth, nil, sc, c)
		}
		c.pop()
		if err != nil {
			return rt.AtIndex(err, i)
		}
	}
}

// collectOwn is own in the all-errors mode. typed is false when the value
// has a type the schema does not admit: then nothing else applies to it.
func (n *Node) collectOwn(d *rt.Decoder, depth int, a *annots, sc *dynScope, c *collector) (typed bool, err error) {
	k := d.Next()
	off := d.Offset()
	wrongType := func(t TypeSet) (bool, error) {
		if err := n.checkType(t, k, off); err != nil {
			if err := d.Skip(); err != nil {
				return false, err
			}
			return false, c.add(n, err)
		}
		return true, nil
	}
	switch k {
	case rt.String:
		if ok, err := wrongType(TString); !ok {
			return false, err
		}
		s, err := d.Str()
		if err != nil || n.Str == nil {
			return true, err
		}
		r := n.Str
		for _, part := range []*StrRule{{MinLen: r.MinLen, MaxLen: r.MaxLen}, {MaxLen: -1, Format: r.Format}, {MaxLen: -1, Pattern: r.Pattern}} {
			if err := part.Check(s, off); err != nil {
				if err := c.add(n, err); err != nil {
					return true, err
				}
			}
		}
		return true, nil
	case rt.Number:
		return n.collectNumber(d, off, c)
	case rt.Object:
		if ok, err := wrongType(TObject); !ok {
			return false, err
		}
		return true, n.collectObject(d, depth, a, sc, c)
	case rt.Array:
		if ok, err := wrongType(TArray); !ok {
			return false, err
		}
		return true, n.collectArray(d, depth, a, sc, c)
	case rt.Bool:
		if ok, err := wrongType(TBool); !ok {
			return false, err
		}
		_, err := d.Bool()
		return true, err
	case rt.Null:
		if ok, err := wrongType(TNull); !ok {
			return false, err
		}
		return true, d.Null()
	}
	return false, d.TypeError("a JSON value")
}

func (n *Node) collectNumber(d *rt.Decoder, off int, c *collector) (bool, error) {
	r := n.Num
	if r == nil {
		err := n.number(d, off)
		if e, ok := err.(*rt.Error); ok && e.Keyword != "syntax" {
			return false, c.add(n, err)
		}
		return err == nil, err
	}
	// The type alone first, then each bound on its own.
	n0 := Node{Types: n.Types}
	if err := n0.number(d, off); err != nil {
		if e, ok := err.(*rt.Error); ok && e.Keyword != "syntax" {
			return false, c.add(n, err)
		}
		return false, err
	}
	lit := d.Span(off)
	dec, ok := jsonnum.Parse(lit)
	if !ok {
		return true, c.add(n, rt.FailRange(off, "number "+msg.Clip(lit)+" is outside the range this decoder checks exactly"))
	}
	x := dec.Rat()
	for _, part := range []*NumRule{{Min: r.Min}, {ExMin: r.ExMin}, {Max: r.Max}, {ExMax: r.ExMax}, {MultipleOf: r.MultipleOf}} {
		if err := part.CheckDecimal(x, msg.Clip(lit), off); err != nil {
			if err := c.add(n, err); err != nil {
				return true, err
			}
		}
	}
	return true, nil
}

func (n *Node) collectObject(d *rt.Decoder, depth int, a *annots, sc *dynScope, c *collector) error {
	start := d.Offset()
	if err := d.ObjStart(); err != nil {
		return err
	}
	var seen keyset.Set
	for i := 0; ; i++ {
		k, ok, err := d.ObjKey(i)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		if !seen.Add(k) {
			return d.DuplicateKey(k)
		}
		c.push(k)
		evaluated, err := n.collectMember(d, k, depth, sc, c)
		c.pop()
		if err != nil {
			return rt.AtKey(err, k)
		}
		if evaluated && a != nil {
			a.prop(k)
		}
	}
	return n.collectObjectAfter(d, &seen, start, depth, a, sc, c)
}

// collectMember is member in the all-errors mode; the member counts as
// evaluated when a schema applied to it, whether or not it passed.
func (n *Node) collectMember(d *rt.Decoder, k string, depth int, sc *dynScope, c *collector) (bool, error) {
	if n.PropertyNames != nil {
		if err := sub(n.PropertyNames, string(rt.AppendString(nil, k)), d.Offset(), d.MaxDepth, depth+1, nil, sc); err != nil {
			e := err.(*rt.Error)
			e.Msg = "property name " + strconv.Quote(msg.Clip(k)) + ": " + e.Keyword + ": " + e.Msg
			e.Keyword = "propertyNames"
			if err := c.add(n, e); err != nil {
				return false, err
			}
		}
	}
	var apply [4]*Node
	nodes := apply[:0]
	if m, ok := n.Props[k]; ok {
		nodes = append(nodes, m)
	}
	for _, p := range n.Patterns {
		ok, err := p.Pattern.Match(k)
		if err != nil {
			at := d.Start()
			if err := c.add(n, p.Pattern.noVerdict(at, "patternProperties", err)); err != nil {
				return false, err
			}
			continue
		}
		if ok {
			nodes = append(nodes, p.Node)
		}
	}
	if len(nodes) == 0 && n.Additional != nil {
		if n.Additional.Never {
			at := d.Start()
			if err := d.Skip(); err != nil {
				return false, err
			}
			return false, c.add(n, Unknown(at, k))
		}
		nodes = append(nodes, n.Additional)
	}
	switch len(nodes) {
	case 0:
		return false, d.Skip()
	case 1:
		return true, nodes[0].collect(d, depth, nil, sc, c)
	}
	start := d.Start()
	raw, err := d.RawString()
	if err != nil {
		return false, err
	}
	for _, m := range nodes {
		if err := collectSub(m, raw, start, d.MaxDepth-d.Depth(), depth+1, nil, sc, c); err != nil {
			return false, err
		}
	}
	return true, nil
}

func (n *Node) collectObjectAfter(d *rt.Decoder, seen *keyset.Set, start, depth int, a *annots, sc *dynScope, c *collector) error {
	var errs []error
	if n.ObjSize != nil {
		errs = append(errs, n.ObjSize.Check(seen.Len(), start))
	}
	for _, r := range n.Required {
		if !seen.Has(r) {
			errs = append(errs, Missing(start, r))
		}
	}
	for _, k := range sortedKeys(n.DepRequired) {
		if !seen.Has(k) {
			continue
		}
		for i, r := range n.DepRequired[k] {
			if !seen.Has(r) {
				e := asError(rt.Fail(start, "dependentRequired", "property "+strconv.Quote(msg.Clip(k))+" requires property "+strconv.Quote(msg.Clip(r))))
				if n.Loc != "" {
					kw := n.DepKeyword
					if kw == "" {
						kw = "dependentRequired"
					}
					e.SchemaLoc = n.Loc + "/" + kw + "/" + escapeSeg(k) + "/" + strconv.Itoa(i)
				}
				errs = append(errs, e)
			}
		}
	}
	for _, err := range errs {
		if err != nil {
			if err := c.add(n, err); err != nil {
				return err
			}
		}
	}
	for _, k := range sortedKeys(n.DepSchemas) {
		if seen.Has(k) {
			if err := collectSub(n.DepSchemas[k], d.Span(start), start, d.MaxDepth-d.Depth(), depth+1, a, sc, c); err != nil {
				return err
			}
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (n *Node) collectArray(d *rt.Decoder, depth int, a *annots, sc *dynScope, c *collector) error {
	start := d.Offset()
	if err := d.ArrStart(); err != nil {
		return err
	}
	var items []string
	unique := n.Unique
	type miss struct {
		raw         string
		at, idx, md int
	}
	var misses []miss // the items that do not match contains
	contains := 0
	count := 0
	for ; ; count++ {
		ok, err := d.ArrNext(count)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		m := n.Items
		if count < len(n.Prefix) {
			m = n.Prefix[count]
		}
		c.push(strconv.Itoa(count))
		if n.Contains == nil && !unique {
			if m == nil {
				err = d.Skip()
			} else {
				err = m.collect(d, depth, nil, sc, c)
			}
			c.pop()
			if err != nil {
				return rt.AtIndex(err, count)
			}
			continue
		}
		at := d.Start()
		raw, err := d.RawString()
		if err != nil {
			c.pop()
			return err
		}
		if m != nil {
			if err := collectSub(m, raw, at, d.MaxDepth-d.Depth(), depth+1, nil, sc, c); err != nil {
				c.pop()
				return rt.AtIndex(err, count)
			}
		}
		if n.Contains != nil {
			switch err := sub(n.Contains, raw, at, d.MaxDepth-d.Depth(), depth+1, nil, sc); {
			case rt.IsRange(err):
				if err := c.add(n, err); err != nil {
					c.pop()
					return err
				}
			case err == nil:
				contains++
				if a != nil && !n.ContainsNoEval {
					if a.idx == nil {
						a.idx = map[int]bool{}
					}
					a.idx[count] = true
				}
			default:
				misses = append(misses, miss{raw, at, count, d.MaxDepth - d.Depth()})
			}
		}
		c.pop()
		if unique {
			cn, err := Canonical(raw)
			if err != nil {
				return err
			}
			for j, o := range items {
				if o == cn {
					if err := c.add(n, rt.Fail(at, "uniqueItems", "items "+strconv.Itoa(j)+" and "+strconv.Itoa(count)+" are equal")); err != nil {
						return err
					}
					unique, items = false, nil
					break
				}
			}
			if unique {
				items = append(items, cn)
			}
		}
	}
	if a != nil {
		a.items = max(a.items, min(count, len(n.Prefix)))
		if n.Items != nil {
			a.allItems = true
		}
	}
	if n.ArrSize != nil {
		if err := n.ArrSize.Check(count, start); err != nil {
			if err := c.add(n, err); err != nil {
				return err
			}
		}
	}
	if n.Contains != nil {
		if contains < n.MinContains {
			kw := "minContains"
			if n.MinContains == 1 {
				kw = "contains"
			}
			e := asError(rt.Fail(start, kw, strconv.Itoa(contains)+" items match the contains schema, want at least "+strconv.Itoa(n.MinContains)))
			for _, m := range misses {
				c.push(strconv.Itoa(m.idx))
				cs, err := causes(n.Contains, m.raw, m.at, m.md, depth+1, sc, c)
				c.pop()
				if err != nil {
					return err
				}
				e.Causes = append(e.Causes, cs...)
			}
			if err := c.add(n, e); err != nil {
				return err
			}
		}
		if n.MaxContains >= 0 && contains > n.MaxContains {
			return c.add(n, rt.Fail(start, "maxContains", strconv.Itoa(contains)+" items match the contains schema, want at most "+strconv.Itoa(n.MaxContains)))
		}
	}
	return nil
}
