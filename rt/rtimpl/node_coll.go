package rtimpl

import (
	"strconv"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/internal/msg"
	"github.com/zeroproject/zero/rt/rtimpl/keyset"
)

func (n *Node) object(d *rt.Decoder, depth int, a *annots, sc *dynScope) error {
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
		evaluated, err := n.member(d, k, depth, sc)
		if err != nil {
			return rt.AtKey(err, k)
		}
		if evaluated && a != nil {
			a.prop(k)
		}
	}
	return n.objectAfter(d, &seen, start, depth, a, sc)
}

// member validates the value of key k against every schema that applies
// and reports whether any did (the member was evaluated).
func (n *Node) member(d *rt.Decoder, k string, depth int, sc *dynScope) (bool, error) {
	if n.PropertyNames != nil {
		if err := sub(n.PropertyNames, string(rt.AppendString(nil, k)), d.Offset(), d.MaxDepth, depth+1, nil, sc); err != nil {
			e := err.(*rt.Error)
			e.Msg = "property name " + strconv.Quote(msg.Clip(k)) + ": " + e.Keyword + ": " + e.Msg
			e.Keyword = "propertyNames"
			return false, e
		}
	}
	var apply [4]*Node
	nodes := apply[:0]
	if m, ok := n.Props[k]; ok {
		nodes = append(nodes, m)
	}
	for _, p := range n.Patterns {
		if p.Pattern.MatchString(k) {
			nodes = append(nodes, p.Node)
		}
	}
	if len(nodes) == 0 && n.Additional != nil {
		if n.Additional.Never {
			d.Start()
			return false, Unknown(d.Offset(), k)
		}
		nodes = append(nodes, n.Additional)
	}
	switch len(nodes) {
	case 0:
		return false, d.Skip()
	case 1:
		return true, nodes[0].validate(d, depth, sc)
	}
	d.Start()
	start := d.Offset()
	raw, err := d.RawString()
	if err != nil {
		return false, err
	}
	for _, m := range nodes {
		if err := sub(m, raw, start, d.MaxDepth-d.Depth(), depth+1, nil, sc); err != nil {
			return false, err
		}
	}
	return true, nil
}

func (n *Node) objectAfter(d *rt.Decoder, seen *keyset.Set, start, depth int, a *annots, sc *dynScope) error {
	if n.ObjSize != nil {
		if err := n.ObjSize.Check(seen.Len(), start); err != nil {
			return err
		}
	}
	for _, r := range n.Required {
		if !seen.Has(r) {
			return Missing(start, r)
		}
	}
	for k, reqs := range n.DepRequired {
		if !seen.Has(k) {
			continue
		}
		for _, r := range reqs {
			if !seen.Has(r) {
				return rt.Fail(start, "dependentRequired", "property "+strconv.Quote(msg.Clip(k))+" requires property "+strconv.Quote(msg.Clip(r)))
			}
		}
	}
	for k, m := range n.DepSchemas {
		if seen.Has(k) {
			if err := sub(m, d.Span(start), start, d.MaxDepth-d.Depth(), depth+1, a, sc); err != nil {
				return err
			}
		}
	}
	return nil
}

func (n *Node) array(d *rt.Decoder, depth int, a *annots, sc *dynScope) error {
	start := d.Offset()
	if err := d.ArrStart(); err != nil {
		return err
	}
	var items []string
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
		if n.Contains == nil && !n.Unique {
			if m == nil {
				err = d.Skip()
			} else {
				err = m.validate(d, depth, sc)
			}
			if err != nil {
				return rt.AtIndex(err, count)
			}
			continue
		}
		d.Start()
		at := d.Offset()
		raw, err := d.RawString()
		if err != nil {
			return err
		}
		if m != nil {
			if err := sub(m, raw, at, d.MaxDepth-d.Depth(), depth+1, nil, sc); err != nil {
				return rt.AtIndex(err, count)
			}
		}
		if n.Contains != nil {
			switch err := sub(n.Contains, raw, at, d.MaxDepth-d.Depth(), depth+1, nil, sc); {
			case rt.IsRange(err):
				return rt.AtIndex(err, count) // the count of matches would be a guess
			case err == nil:
				contains++
				if a != nil && !n.ContainsNoEval {
					if a.idx == nil {
						a.idx = map[int]bool{}
					}
					a.idx[count] = true
				}
			}
		}
		if n.Unique {
			c, err := Canonical(raw)
			if err != nil {
				return err
			}
			for j, o := range items {
				if o == c {
					return rt.Fail(at, "uniqueItems", "items "+strconv.Itoa(j)+" and "+strconv.Itoa(count)+" are equal")
				}
			}
			items = append(items, c)
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
			return err
		}
	}
	if n.Contains != nil {
		if contains < n.MinContains {
			kw := "minContains"
			if n.MinContains == 1 {
				kw = "contains"
			}
			return rt.Fail(start, kw, strconv.Itoa(contains)+" items match the contains schema, want at least "+strconv.Itoa(n.MinContains))
		}
		if n.MaxContains >= 0 && contains > n.MaxContains {
			return rt.Fail(start, "maxContains", strconv.Itoa(contains)+" items match the contains schema, want at most "+strconv.Itoa(n.MaxContains))
		}
	}
	return nil
}
