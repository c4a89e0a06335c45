package ir

import (
	"regexp/syntax"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/rt/rtimpl"
)

// PatternField is the map of a struct that holds the members whose names
// match one of its schema's patternProperties (and are not named
// properties), in the order the schema lists the patterns.
type PatternField struct {
	Pattern string // the regular expression, as the schema writes it
	Go      string // the Go name of the map field
	Type    *Type  // the members' type
	// Order is the position of the pattern in the order the decoder tries
	// them: patterns with a schema of their own first, open ones after, so
	// a member that matches both goes where it is checked.
	Order int
}

// patterns fills the pattern maps of struct t from the patternProperties
// of s. It reports false when no exact struct exists: a named property
// matches a pattern whose schema says more than any value, or two patterns
// with schemas of their own may match one name (the member would have to
// satisfy both, which no single Go type says).
func (b *builder) patterns(s *jsonschema.Schema, t *Type, lits map[string]*jsonschema.Schema) (bool, error) {
	raw := b.l.Node(s).Raw
	pp := raw.Get("patternProperties")
	if pp == nil {
		return true, nil
	}
	byPattern := b.l.Node(s).PatternProps
	for _, m := range pp.Members {
		ps := byPattern[m.Key]
		if ps == nil {
			return false, nil
		}
		pt, err := b.typeOf(ps)
		if err != nil {
			return false, err
		}
		if name, ok := literalPattern(m.Key); ok && lits[name] == ps {
			continue // a field holds the one member it admits
		}
		p := rtimpl.MustPattern(m.Key)
		if p.Engine() == rtimpl.EngineECMA {
			return false, nil // generated struct code matches names with RE2 alone; the interpreter takes regexp2's
		}
		names := sortedKeys(s.Properties)
		for name := range lits {
			names = append(names, name)
		}
		for _, name := range names {
			if p.MatchString(name) && !IsOpen(pt) {
				if b.rest == nil {
					return false, nil // the property must satisfy the pattern's schema too
				}
				b.rest.patterns = true // the Rest node checks it against the pattern's schema
			}
		}
		t.Patterns = append(t.Patterns, &PatternField{Pattern: m.Key, Type: pt})
	}
	if !orderPatterns(t.Patterns) {
		if b.rest == nil {
			return false, nil
		}
		// A member goes to the first map whose pattern it matches; the
		// Rest node checks it against every pattern it matches.
		b.rest.patterns = true
	}
	return true, nil
}

// literalPatterns are the patternProperties of s that admit one member
// name only ("^\\$ref$"), by that name, when no property declares it: such
// a pattern is a property by another spelling, and a struct field holds
// its member.
func (b *builder) literalPatterns(s *jsonschema.Schema) map[string]*jsonschema.Schema {
	var out map[string]*jsonschema.Schema
	for src, ps := range b.l.Node(s).PatternProps {
		name, ok := literalPattern(src)
		if !ok || s.Properties[name] != nil {
			continue
		}
		if out == nil {
			out = map[string]*jsonschema.Schema{}
		}
		out[name] = ps
	}
	return out
}

// literalPattern is the one string pattern src matches, when it is ^,
// literal characters, then $ ("^\\$ref$" matches "$ref" alone).
func literalPattern(src string) (string, bool) {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return "", false
	}
	re = re.Simplify()
	if re.Op != syntax.OpConcat || len(re.Sub) != 3 || re.Sub[0].Op != syntax.OpBeginText ||
		re.Sub[1].Op != syntax.OpLiteral || re.Sub[1].Flags&syntax.FoldCase != 0 || re.Sub[2].Op != syntax.OpEndText {
		return "", false
	}
	return string(re.Sub[1].Rune), true
}

// orderPatterns sets the order the decoder tries the patterns in, and
// reports false when two patterns that are not open may match one name.
func orderPatterns(list []*PatternField) bool {
	n := 0
	for _, open := range []bool{false, true} {
		for _, p := range list {
			if IsOpen(p.Type) == open {
				p.Order = n
				n++
			}
		}
	}
	for i, p := range list {
		for _, q := range list[i+1:] {
			if !IsOpen(p.Type) && !IsOpen(q.Type) && !disjointPatterns(p.Pattern, q.Pattern) {
				return false
			}
		}
	}
	return true
}

// IsOpen reports whether t admits any JSON value.
func IsOpen(t *Type) bool {
	if t.Kind != KRaw || t.shaping {
		return false // a type still being shaped is not known to admit anything
	}
	n := t.Node
	return n == nil || n.Schema != nil && n.Schema.Always != nil && *n.Schema.Always
}

// disjointPatterns reports whether no string matches both patterns, as far
// as their anchored literal prefixes tell ("^x-" and "^/" are disjoint).
func disjointPatterns(a, b string) bool {
	pa, oka := anchoredPrefix(a)
	pb, okb := anchoredPrefix(b)
	return oka && okb && !strings.HasPrefix(pa, pb) && !strings.HasPrefix(pb, pa)
}

// anchoredPrefix is the literal text every match of pattern src starts
// the string with: src starts with ^ followed by literal characters.
func anchoredPrefix(src string) (string, bool) {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return "", false
	}
	re = re.Simplify()
	if re.Op != syntax.OpConcat || len(re.Sub) < 2 || re.Sub[0].Op != syntax.OpBeginText {
		return "", false
	}
	var b strings.Builder
	for _, sub := range re.Sub[1:] {
		if sub.Op != syntax.OpLiteral || sub.Flags&syntax.FoldCase != 0 {
			break
		}
		b.WriteString(string(sub.Rune))
	}
	return b.String(), b.Len() > 0
}

// patternFieldName is the Go name of the map of a pattern: Extensions for
// the x- extensions of OpenAPI and AsyncAPI; else the plural of the
// members' type name when it has one (Operations); else the pattern's
// literal prefix as a name followed by Members; else PatternMembers.
func patternFieldName(p *PatternField) string {
	prefix, _ := anchoredPrefix(p.Pattern)
	elem := p.Type.Name
	if elem == "" && p.Type.DefName != "" && (p.Type.Kind == KStruct || p.Type.Kind == KUnion || p.Type.Kind == KEnum || p.Type.Kind == KIntEnum) {
		elem = GoName(p.Type.DefName)
	}
	switch {
	case strings.EqualFold(prefix, "x-"):
		return "Extensions"
	case elem != "" && p.Type.Alias == nil:
		return plural(elem)
	case strings.IndexFunc(prefix, isLetter) >= 0:
		return GoName(prefix) + "Members"
	}
	return "PatternMembers"
}

// plural is the English plural of a type name, for the common endings.
func plural(name string) string {
	switch {
	case strings.HasSuffix(name, "s"), strings.HasSuffix(name, "x"), strings.HasSuffix(name, "ch"), strings.HasSuffix(name, "sh"):
		return name + "es"
	case strings.HasSuffix(name, "y") && len(name) > 1 && !strings.ContainsRune("aeiou", rune(name[len(name)-2])):
		return name[:len(name)-1] + "ies"
	}
	return name + "s"
}

func isLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }
