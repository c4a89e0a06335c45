package compat

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// compare compares an old and a new schema found at path p.
func (w *compatWalk) compare(o, n *jsonschema.Schema, p compatPath) {
	key := [2]string{o.Location, n.Location}
	if w.stack == nil {
		w.stack = map[[2]string]bool{}
	}
	if w.stack[key] {
		return
	}
	w.stack[key] = true
	defer delete(w.stack, key)
	saved := w.path
	w.path = p
	defer func() { w.path = saved }()
	fo, fn := w.lo.factsOf(o), w.ln.factsOf(n)
	if w.compareOneWithUnion(fo, fn, o, n, p) {
		return
	}
	w.compareUnion(fo, fn, p)
	w.compareTypes(fo, fn)
	w.compareValues(fo, fn)
	w.compareBounds(fo, fn)
	w.comparePattern(fo, fn)
	w.compareObject(fo, fn, p)
	w.compareItems(fo, fn, p)
	w.compareOther(fo, fn)
}

// compatAt returns the new location when there is one, else the old one.
func compatAt(newAt, oldAt string) (string, bool) {
	if newAt != "" {
		return newAt, false
	}
	return oldAt, true
}

func (w *compatWalk) compareTypes(fo, fn *facts) {
	widens, narrows := false, false
	for _, t := range allTypes {
		o, n := admitsType(fo.types, t), admitsType(fn.types, t)
		widens = widens || (n && !o)
		narrows = narrows || (o && !n)
	}
	if !widens && !narrows {
		return
	}
	loc, old := compatAt(fn.typesAt, fo.typesAt)
	w.add(compatChange{kind: "type-changed", at: loc, old: old, widens: widens, narrows: narrows,
		detail: typeList(fo.types) + " → " + typeList(fn.types)})
}

func typeList(types []string) string {
	switch {
	case types == nil:
		return "any type"
	case len(types) == 0:
		return "nothing"
	}
	return strings.Join(types, " or ")
}

func (w *compatWalk) compareValues(fo, fn *facts) {
	switch {
	case fo.values == nil && fn.values == nil:
	case fo.values == nil:
		w.add(compatChange{kind: valuesKind(fn) + "-added", at: fn.valuesAt, narrows: true, detail: "only " + valueList(fn.values)})
	case fn.values == nil:
		w.add(compatChange{kind: valuesKind(fo) + "-removed", at: fo.valuesAt, old: true, widens: true, detail: "was only " + valueList(fo.values)})
	default:
		added, removed := strMinus(fn.values, fo.values), strMinus(fo.values, fn.values)
		if fo.isConst && fn.isConst && len(fo.values) == 1 && len(fn.values) == 1 {
			if len(added) > 0 {
				w.add(compatChange{kind: "const-changed", at: fn.valuesAt, widens: true, narrows: true, detail: fo.values[0] + " → " + fn.values[0]})
			}
			return
		}
		if len(added) > 0 {
			w.add(compatChange{kind: "enum-widened", at: fn.valuesAt, widens: true, detail: "adds " + valueList(added)})
		}
		if len(removed) > 0 {
			w.add(compatChange{kind: "enum-narrowed", at: fn.valuesAt, narrows: true, detail: "removes " + valueList(removed)})
		}
	}
}

func valuesKind(f *facts) string {
	if f.isConst {
		return "const"
	}
	return "enum"
}

func valueList(vs []string) string {
	return strings.Join(vs, ", ")
}

// boundKeywords are compared as bounds; min* tighten upwards, max* downwards.
var boundKeywords = []string{"minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties",
	"minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf"}

func (w *compatWalk) compareBounds(fo, fn *facts) {
	for _, kw := range boundKeywords {
		o, n := boundOf(fo, kw), boundOf(fn, kw)
		switch {
		case o.v == nil && n.v == nil:
		case o.v == nil:
			w.add(compatChange{kind: "constraint-tightened", at: n.at, narrows: true, detail: fmt.Sprintf("adds %s %s", kw, schema.RatString(n.v))})
		case n.v == nil:
			w.add(compatChange{kind: "constraint-loosened", at: o.at, old: true, widens: true, detail: fmt.Sprintf("drops %s %s", kw, schema.RatString(o.v))})
		case o.v.Cmp(n.v) != 0:
			widens, narrows := boundDirection(kw, o.v, n.v)
			kind := "constraint-changed"
			if widens && !narrows {
				kind = "constraint-loosened"
			} else if narrows && !widens {
				kind = "constraint-tightened"
			}
			w.add(compatChange{kind: kind, at: n.at, widens: widens, narrows: narrows,
				detail: fmt.Sprintf("%s %s → %s", kw, schema.RatString(o.v), schema.RatString(n.v))})
		}
	}
	if fo.unique != fn.unique {
		if fn.unique {
			w.add(compatChange{kind: "constraint-tightened", at: fn.uniqueAt, narrows: true, detail: "adds uniqueItems"})
		} else {
			w.add(compatChange{kind: "constraint-loosened", at: fo.uniqueAt, old: true, widens: true, detail: "drops uniqueItems"})
		}
	}
}

// boundOf returns a bound keyword's value as a rational, nil when absent.
func boundOf(f *facts, kw string) ratFact {
	if v, ok := f.ints[kw]; ok {
		return ratFact{v: new(big.Rat).SetInt64(int64(v.v)), at: v.at}
	}
	return f.rats[kw]
}

// boundDirection says how changing bound kw from o to n changes the set
// of valid values.
func boundDirection(kw string, o, n *big.Rat) (widens, narrows bool) {
	if kw == "multipleOf" {
		q := new(big.Rat).Quo(o, n)
		r := new(big.Rat).Quo(n, o)
		return q.IsInt(), r.IsInt()
	}
	lower := strings.HasPrefix(kw, "min") || kw == "exclusiveMinimum"
	tighter := (lower && n.Cmp(o) > 0) || (!lower && n.Cmp(o) < 0)
	return !tighter, tighter
}

func (w *compatWalk) comparePattern(fo, fn *facts) {
	switch {
	case fo.pattern == fn.pattern:
	case fo.pattern == "":
		w.add(compatChange{kind: "constraint-tightened", at: fn.patternAt, narrows: true, detail: "adds pattern " + strconv.Quote(fn.pattern)})
	case fn.pattern == "":
		w.add(compatChange{kind: "constraint-loosened", at: fo.patternAt, old: true, widens: true, detail: "drops pattern " + strconv.Quote(fo.pattern)})
	default:
		w.add(compatChange{kind: "constraint-changed", at: fn.patternAt, widens: true, narrows: true,
			detail: "pattern " + strconv.Quote(fo.pattern) + " → " + strconv.Quote(fn.pattern)})
	}
}

func (w *compatWalk) compareOther(fo, fn *facts) {
	for _, kw := range otherKeywords {
		o, n := fo.other[kw], fn.other[kw]
		if o.text == n.text {
			continue
		}
		loc, old := compatAt(n.at, o.at)
		detail := kw + " changed"
		switch {
		case o.text == "":
			detail = "adds " + kw
		case n.text == "":
			detail = "drops " + kw
		}
		w.add(compatChange{kind: "keyword-changed", at: loc, old: old, widens: true, narrows: true, detail: detail})
	}
}

// here sets the walk's path for the changes added by fn.
func (w *compatWalk) here(p compatPath, fn func()) {
	saved := w.path
	w.path = p
	fn()
	w.path = saved
}

func (w *compatWalk) compareItems(fo, fn *facts, p compatPath) {
	if !admitsType(fo.types, "array") || !admitsType(fn.types, "array") {
		return // as for objects: the type change says it all
	}
	switch {
	case fo.items != nil && fn.items != nil:
		w.compare(fo.items, fn.items, p.child("*"))
	case fo.items != nil:
		w.add(compatChange{kind: "constraint-loosened", at: fo.itemsAt, old: true, widens: true, detail: "drops items"})
	case fn.items != nil:
		w.add(compatChange{kind: "constraint-tightened", at: fn.itemsAt, narrows: true, detail: "adds items"})
	}
}

// compareOneWithUnion handles a union on one side only, when that side says
// nothing else: the other side's schema is compared with the union's
// branch it differs least from, and the other branches count as variants
// removed (the union was the old side) or added (the new side). It reports
// whether it handled the pair.
func (w *compatWalk) compareOneWithUnion(fo, fn *facts, o, n *jsonschema.Schema, p compatPath) bool {
	switch {
	case len(fo.union) > 0 && len(fn.union) == 0 && fo.bare():
		best := w.closest(fo.union, func(b *jsonschema.Schema) { w.compare(b, n, p) })
		w.compare(fo.union[best], n, p)
		for i, b := range fo.union {
			if i != best {
				w.add(compatChange{kind: "variant-removed", at: w.lo.variantLoc(b), old: true, narrows: true,
					detail: fmt.Sprintf("the union became its branch %d; documents of branch %d may no longer be valid", best, i)})
			}
		}
		return true
	case len(fn.union) > 0 && len(fo.union) == 0 && fn.bare():
		best := w.closest(fn.union, func(b *jsonschema.Schema) { w.compare(o, b, p) })
		w.compare(o, fn.union[best], p)
		for i, b := range fn.union {
			if i != best {
				w.add(compatChange{kind: "variant-added", at: w.ln.variantLoc(b), widens: true,
					detail: fmt.Sprintf("the schema became branch %d of a union; branch %d is new", best, i)})
			}
		}
		return true
	}
	return false
}

// closest returns the index of the branch whose comparison (run dry by
// try) finds the fewest changes.
func (w *compatWalk) closest(branches []*jsonschema.Schema, try func(*jsonschema.Schema)) int {
	best, fewest := 0, -1
	for i, b := range branches {
		var found []compatChange
		saved := w.dry
		w.dry = &found
		try(b)
		w.dry = saved
		if fewest < 0 || len(found) < fewest {
			best, fewest = i, len(found)
		}
	}
	return best
}
