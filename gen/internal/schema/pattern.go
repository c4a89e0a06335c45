package schema

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rtimpl"
)

// JSON Schema's patterns are ECMA-262 regular expressions. The generated
// code matches each with RE2 where RE2 gives the same verdicts and with
// regexp2 in ECMAScript mode otherwise (rtimpl.PlanPattern), so every
// ECMA-262 pattern is accepted; one that ECMA-262 does not read is refused
// at its JSON Pointer.
//
// santhosh-tekuri/jsonschema/v5 compiles patterns with RE2 and checks them
// against the meta-schema's "format": "regex" with RE2 too, so it would
// refuse (or panic on) a pattern only regexp2 matches. Such a pattern is
// handed to it as a stand-in (patternStandIn) that RE2 compiles; the
// generator reads the real pattern back with Loaded.PatternSource.

// checkPatterns refuses a pattern, or a patternProperties name, that is
// not an ECMA-262 regular expression, at its JSON Pointer and saying why,
// and records the ones only regexp2 matches.
func (r *reader) checkPatterns(m Member, at string) error {
	switch {
	case m.Key == "pattern" && m.Val.Kind == rt.String:
		return r.checkPattern(at, m.Val.Str)
	case m.Key == "patternProperties" && m.Val.Kind == rt.Object:
		for _, p := range m.Val.Members {
			if err := r.checkPattern(at+"/"+PointerEscape(p.Key), p.Key); err != nil {
				return err
			}
		}
	}
	return nil
}

func (r *reader) checkPattern(at, src string) error {
	if _, err := rtimpl.PlanPattern(src); err != nil {
		return &Error{File: r.doc.Name, Pointer: at, Msg: fmt.Sprintf("pattern %q: %v", src, err)}
	}
	if !re2Compiles(src) {
		r.doc.standIns = true
	}
	return nil
}

// standInPrefix starts every stand-in: a NUL, which no pattern written in
// a schema file is likely to hold, so that stand-ins are told apart.
const standInPrefix = "\x00zerogen-ecma-pattern-"

// patternStandIn is the pattern the compiler reads instead of src, which
// RE2 cannot compile.
func (l *Loaded) patternStandIn(src string) string {
	if s, ok := l.standIn[src]; ok {
		return s
	}
	s := standInPrefix + strconv.Itoa(len(l.standIn)) + "\x00"
	l.standIn[src] = s
	l.fromStandIn[s] = src
	return s
}

// PatternSource is the pattern a compiled pattern (the schema's pattern,
// or a key of its patternProperties) stands for, as the schema file
// writes it.
func (l *Loaded) PatternSource(re *regexp.Regexp) string {
	if src, ok := l.fromStandIn[re.String()]; ok {
		return src
	}
	return re.String()
}

// withStandIns is the schema v with every pattern and patternProperties
// name that RE2 cannot compile replaced by its stand-in.
func (l *Loaded) withStandIns(doc *Doc, v *Value) *Value {
	switch v.Kind {
	case rt.Array:
		out := &Value{Kind: rt.Array}
		for _, it := range v.Items {
			out.Items = append(out.Items, l.withStandIns(doc, it))
		}
		return out
	case rt.Object:
		out := &Value{Kind: rt.Object}
		for _, m := range v.Members {
			val := m.Val
			switch {
			case doc.schemaObjects[v] && m.Key == "pattern" && val.Kind == rt.String && !re2Compiles(val.Str):
				val = String(l.patternStandIn(val.Str))
			case doc.schemaObjects[v] && m.Key == "patternProperties" && val.Kind == rt.Object:
				pp := &Value{Kind: rt.Object}
				for _, p := range val.Members {
					k := p.Key
					if !re2Compiles(k) {
						k = l.patternStandIn(k)
					}
					pp.Members = append(pp.Members, Member{Key: k, Val: l.withStandIns(doc, p.Val)})
				}
				val = pp
			default:
				val = l.withStandIns(doc, val)
			}
			out.Members = append(out.Members, Member{Key: m.Key, Val: val})
		}
		return out
	}
	return v
}

// withoutStandIns is the JSON Pointer ptr with every stand-in replaced by
// the patternProperties name it stands for.
func (l *Loaded) withoutStandIns(ptr string) string {
	for strings.Contains(ptr, standInPrefix) {
		i := strings.Index(ptr, standInPrefix)
		end := strings.IndexByte(ptr[i+1:], 0)
		if end < 0 {
			break
		}
		s := ptr[i : i+1+end+1]
		ptr = ptr[:i] + PointerEscape(l.fromStandIn[s]) + ptr[i+len(s):]
	}
	return ptr
}

func re2Compiles(src string) bool {
	_, err := regexp.Compile(src)
	return err == nil
}
