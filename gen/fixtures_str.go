package gen

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
)

// strSpec is what a string position requires: lengths in code points
// (MaxLen < 0: none) and a pattern that must match somewhere in the string.
type strSpec struct {
	MinLen, MaxLen int
	Pattern        *regexp.Regexp
	tree           *syntax.Regexp
}

func newStrSpec(minLen, maxLen int, pattern string) *strSpec {
	sp := &strSpec{MinLen: max(minLen, 0), MaxLen: maxLen}
	if pattern != "" {
		sp.Pattern = regexp.MustCompile(pattern)
		if re, err := syntax.Parse(pattern, syntax.Perl); err == nil {
			sp.tree = re.Simplify()
		}
	}
	return sp
}

// violations lists the keywords that s fails, in the decoder's order.
func (sp *strSpec) violations(s string) []string {
	var out []string
	n := utf8.RuneCountInString(s)
	if n < sp.MinLen {
		out = append(out, "minLength")
	}
	if sp.MaxLen >= 0 && n > sp.MaxLen {
		out = append(out, "maxLength")
	}
	if sp.Pattern != nil && !sp.Pattern.MatchString(s) {
		out = append(out, "pattern")
	}
	return out
}

func (sp *strSpec) ok(s string) bool { return len(sp.violations(s)) == 0 }

// fromPattern builds a string matching the pattern, expanding repetitions
// by about extra characters beyond the shortest match; pick > 0 chooses
// other characters of classes and other cases of case-folded letters.
func (sp *strSpec) fromPattern(extra, pick int) (string, bool) {
	if sp.tree == nil {
		return "", false
	}
	var b strings.Builder
	pg := &patGen{budget: extra, pick: pick}
	if !pg.write(sp.tree, &b) {
		return "", false
	}
	return b.String(), true
}

// patGen writes a string matched by a pattern: the first alternative that
// works, the most ordinary character of each class, repetitions expanded
// while budget lasts.
type patGen struct {
	budget int
	pick   int
}

func (pg *patGen) write(re *syntax.Regexp, b *strings.Builder) bool {
	switch re.Op {
	case syntax.OpNoMatch:
		return false
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 && pg.pick%2 == 1 {
				r = unicode.SimpleFold(r)
			}
			b.WriteRune(r)
		}
	case syntax.OpCharClass:
		r, ok := classRune(re.Rune, pg.pick)
		if !ok {
			return false
		}
		b.WriteRune(r)
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte('a')
	case syntax.OpCapture:
		return pg.write(re.Sub[0], b)
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if !pg.write(sub, b) {
				return false
			}
		}
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			var alt strings.Builder
			if pg.write(sub, &alt) {
				b.WriteString(alt.String())
				return true
			}
		}
		return false
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		return pg.repeat(re, b)
	}
	// Empty matches, anchors and word boundaries add nothing.
	return true
}

func (pg *patGen) repeat(re *syntax.Regexp, b *strings.Builder) bool {
	lo, hi := 0, -1
	switch re.Op {
	case syntax.OpPlus:
		lo = 1
	case syntax.OpQuest:
		hi = 1
	case syntax.OpRepeat:
		lo, hi = re.Min, re.Max
	}
	for n := 0; hi < 0 || n < hi; n++ {
		if n >= lo && pg.budget <= 0 {
			break
		}
		before := b.Len()
		if !pg.write(re.Sub[0], b) {
			return n >= lo
		}
		grew := utf8.RuneCountInString(b.String()[before:])
		if n >= lo {
			if grew == 0 {
				break
			}
			pg.budget -= grew
		}
	}
	return true
}

// classRune picks the pick-th most ordinary rune of a class: letters and
// digits first, then other printable runes.
func classRune(pairs []rune, pick int) (rune, bool) {
	in := func(r rune) bool {
		for i := 0; i+1 < len(pairs); i += 2 {
			if r >= pairs[i] && r <= pairs[i+1] {
				return true
			}
		}
		return false
	}
	var members []rune
	for _, r := range "aA0_- bBcC1xyz2" {
		if in(r) {
			members = append(members, r)
		}
	}
	for i := 0; i+1 < len(pairs) && len(members) < 16; i += 2 {
		for r := pairs[i]; r <= pairs[i+1] && r-pairs[i] < 256 && len(members) < 16; r++ {
			if unicode.IsPrint(r) && !containsRune(members, r) {
				members = append(members, r)
			}
		}
	}
	if len(members) == 0 {
		if len(pairs) < 2 {
			return 0, false
		}
		members = []rune{pairs[0]}
	}
	return members[pick%len(members)], true
}

func containsRune(rs []rune, r rune) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// candidates are strings of about n code points that the length and pattern
// keywords may accept: built from the pattern, padded around it, plain.
func (sp *strSpec) candidates(n int, seeds []string) []string {
	var out []string
	add := func(s string) { out = append(out, s) }
	for _, s := range seeds {
		add(s)
	}
	if sp.tree != nil {
		base, ok := sp.fromPattern(0, 0)
		if ok {
			add(base)
			short := n - utf8.RuneCountInString(base)
			if s, ok := sp.fromPattern(short, 0); ok {
				add(s)
			}
			if short > 0 {
				add(base + strings.Repeat("a", short))
				add(strings.Repeat("a", short) + base)
			}
		}
	}
	for _, c := range []string{"a", "x", "0", "A"} {
		add(strings.Repeat(c, max(n, 0)))
	}
	return out
}

// validString returns the first string of about n code points that every
// keyword accepts and accept agrees with.
func (sp *strSpec) validString(n int, seeds []string, accept func(string) bool) (string, bool) {
	for _, s := range sp.candidates(n, seeds) {
		if sp.ok(s) && accept(s) {
			return s, true
		}
	}
	return "", false
}

// distinctStrings returns up to count different valid strings.
func (sp *strSpec) distinctStrings(count int, seeds []string, accept func(string) bool) []string {
	var out []string
	seen := map[string]bool{}
	try := func(s string) {
		if len(out) < count && !seen[s] && sp.ok(s) && accept(s) {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, s := range sp.candidates(sp.MinLen, seeds) {
		try(s)
	}
	for pick := 1; len(out) < count && sp.tree != nil && pick < 16; pick++ {
		base, _ := sp.fromPattern(0, pick)
		if s, ok := sp.fromPattern(sp.MinLen-utf8.RuneCountInString(base), pick); ok {
			try(s)
		}
	}
	for extra := 1; len(out) < count && extra <= count+sp.MinLen+8; extra++ {
		for _, s := range sp.candidates(sp.MinLen+extra, nil) {
			try(s)
		}
	}
	for c := 'a'; len(out) < count && c <= 'z'; c++ {
		try(strings.Repeat(string(c), max(sp.MinLen, 1)))
	}
	return out
}

// violating returns a string that fails keyword and no other string
// keyword, starting from the valid string v.
func (sp *strSpec) violating(keyword, v string) (string, bool) {
	var cands []string
	switch keyword {
	case "minLength":
		n := sp.MinLen - 1
		if n < 0 {
			return "", false
		}
		// Code points outside the BMP first: four UTF-8 bytes and two
		// UTF-16 units each, so a count of either is caught.
		cands = append(cands, strings.Repeat("\U0001F600", n), prefixRunes(v, n))
		cands = append(cands, sp.candidates(n, nil)...)
	case "maxLength":
		if sp.MaxLen < 0 || sp.MaxLen > 1<<16 {
			return "", false
		}
		n := sp.MaxLen + 1
		short := n - utf8.RuneCountInString(v)
		cands = append(cands, v+strings.Repeat("a", max(short, 0)), strings.Repeat("a", max(short, 0))+v)
		cands = append(cands, sp.candidates(n, nil)...)
	case "pattern":
		n := max(sp.MinLen, 1)
		if sp.MaxLen >= 0 && n > sp.MaxLen {
			n = sp.MaxLen
		}
		for _, c := range []string{"!", " ", "~", "-", "A", "a", "0", "\u00e9"} {
			cands = append(cands, strings.Repeat(c, n))
		}
	}
	for _, s := range cands {
		if got := sp.violations(s); len(got) == 1 && got[0] == keyword {
			return s, true
		}
	}
	return "", false
}

func prefixRunes(s string, n int) string {
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i]
}

// formatSample is a value of a string format for positions that carry
// neither examples nor a default; format is only an annotation, so any
// string is valid, but clients that check formats deserve real ones.
var formatSample = map[string]string{
	"date-time": "2026-01-02T03:04:05Z",
	"date":      "2026-01-02",
	"time":      "03:04:05Z",
	"duration":  "P1D",
	"email":     "user@example.com",
	"hostname":  "example.com",
	"ipv4":      "192.0.2.1",
	"ipv6":      "2001:db8::1",
	"uri":       "https://example.com/",
	"uuid":      "00000000-0000-4000-8000-000000000000",
}
