package rtimpl

import (
	"regexp/syntax"
	"unicode/utf8"
)

// simplePattern matches anchored sequences of character classes with
// quantifiers (^[A-Za-z0-9][A-Za-z0-9._:-]*$ and the like) by simulating
// the automaton over a bit set, with no allocation.
type simplePattern struct {
	items []patItem
	// fast: every class is ASCII and only the last item may repeat, so a
	// match is a walk over the bytes with table lookups.
	fast bool
}

type patItem struct {
	table  *[256]bool // membership of single bytes, for the fast path
	ascii  [2]uint64  // membership of runes below 128
	ranges []rune     // pairs lo, hi for runes from 128 up
	star   bool       // any number of repetitions
	opt    bool       // zero or one
}

const maxPatItems = 62

func (it *patItem) has(r rune) bool {
	if r < 128 {
		return it.ascii[r>>6]&(1<<(uint(r)&63)) != 0
	}
	for i := 0; i+1 < len(it.ranges); i += 2 {
		if r >= it.ranges[i] && r <= it.ranges[i+1] {
			return true
		}
	}
	return false
}

// compileSimple returns nil when src is not of the simple shape.
func compileSimple(src string) *simplePattern {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil || re.Op != syntax.OpConcat || len(re.Sub) < 2 {
		return nil
	}
	subs := re.Sub
	if subs[0].Op != syntax.OpBeginText || subs[len(subs)-1].Op != syntax.OpEndText {
		return nil
	}
	p := &simplePattern{}
	for _, sub := range subs[1 : len(subs)-1] {
		if !p.add(sub) {
			return nil
		}
	}
	p.fast = true
	for i, it := range p.items {
		if len(it.ranges) > 0 || it.opt || (it.star && i != len(p.items)-1) {
			p.fast = false
		}
	}
	if p.fast {
		for i := range p.items {
			t := new([256]bool)
			for c := 0; c < 128; c++ {
				t[c] = p.items[i].has(rune(c))
			}
			p.items[i].table = t
		}
	}
	return p
}

func (p *simplePattern) matchFast(s string) bool {
	items := p.items
	var last *[256]bool
	if n := len(items); n > 0 && items[n-1].star {
		last = items[n-1].table
		items = items[:n-1]
	}
	if len(s) < len(items) || (last == nil && len(s) != len(items)) {
		return false
	}
	for i := range items {
		if !items[i].table[s[i]] {
			return false
		}
	}
	if last != nil {
		for i := len(items); i < len(s); i++ {
			if !last[s[i]] {
				return false
			}
		}
	}
	return true
}

func (p *simplePattern) add(re *syntax.Regexp) bool {
	min, max := 1, 1
	switch re.Op {
	case syntax.OpStar:
		min, max = 0, -1
	case syntax.OpPlus:
		min, max = 1, -1
	case syntax.OpQuest:
		min, max = 0, 1
	case syntax.OpRepeat:
		min, max = re.Min, re.Max
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 || !p.push(classOf([]rune{r, r}), false, false) {
				return false
			}
		}
		return true
	default:
		return p.push(itemOf(re), false, false)
	}
	if len(re.Sub) != 1 {
		return false
	}
	it := itemOf(re.Sub[0])
	if it == nil {
		return false
	}
	for i := 0; i < min; i++ {
		if !p.push(it, false, false) {
			return false
		}
	}
	if max < 0 {
		return p.push(it, true, false)
	}
	for i := min; i < max; i++ {
		if !p.push(it, false, true) {
			return false
		}
	}
	return true
}

func (p *simplePattern) push(it *patItem, star, opt bool) bool {
	if it == nil || len(p.items) >= maxPatItems {
		return false
	}
	c := *it
	c.star, c.opt = star, opt
	p.items = append(p.items, c)
	return true
}

func itemOf(re *syntax.Regexp) *patItem {
	switch re.Op {
	case syntax.OpCharClass:
		return classOf(re.Rune)
	case syntax.OpLiteral:
		if len(re.Rune) == 1 && re.Flags&syntax.FoldCase == 0 {
			return classOf([]rune{re.Rune[0], re.Rune[0]})
		}
	case syntax.OpAnyCharNotNL:
		return classOf([]rune{0, '\n' - 1, '\n' + 1, utf8.MaxRune})
	case syntax.OpAnyChar:
		return classOf([]rune{0, utf8.MaxRune})
	}
	return nil
}

func classOf(pairs []rune) *patItem {
	it := &patItem{}
	for i := 0; i+1 < len(pairs); i += 2 {
		lo, hi := pairs[i], pairs[i+1]
		for r := lo; r <= hi && r < 128; r++ {
			it.ascii[r>>6] |= 1 << (uint(r) & 63)
		}
		if hi >= 128 {
			if lo < 128 {
				lo = 128
			}
			it.ranges = append(it.ranges, lo, hi)
		}
	}
	return it
}

// closure adds the positions reachable by skipping optional items.
func (p *simplePattern) closure(set uint64) uint64 {
	for i, it := range p.items {
		if set&(1<<uint(i)) != 0 && (it.star || it.opt) {
			set |= 1 << uint(i+1)
		}
	}
	return set
}

func (p *simplePattern) match(s string) bool {
	if p.fast {
		return p.matchFast(s)
	}
	set := p.closure(1)
	for _, r := range s {
		var next uint64
		for i := range p.items {
			if set&(1<<uint(i)) == 0 {
				continue
			}
			it := &p.items[i]
			if it.has(r) {
				if it.star {
					next |= 1 << uint(i)
				} else {
					next |= 1 << uint(i+1)
				}
			}
		}
		if next == 0 {
			return false
		}
		set = p.closure(next)
	}
	return set&(1<<uint(len(p.items))) != 0
}
