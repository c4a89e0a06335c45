package docs

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/zeroproject/zero/gen/ir"
)

// constraints describes what a type allows beyond its JSON type.
func (p *docPage) constraints(t *ir.Type) string {
	var parts []string
	switch t.Kind {
	case ir.KString:
		parts = append(parts, lengthText(t.MinLen, t.MaxLen, "character"))
		if t.Pattern != "" {
			parts = append(parts, "pattern "+code(t.Pattern))
		}
		if len(t.Values) > 0 {
			parts = append(parts, "one of "+codeList(t.Values))
		}
	case ir.KEnum, ir.KIntEnum:
		parts = append(parts, "one of "+codeList(t.Values))
	case ir.KInt:
		if b := t.Int; b != nil {
			parts = append(parts, rangeText(b.HasMin, b.HasMax, fmt.Sprint(b.Min), fmt.Sprint(b.Max)))
			if b.Mult > 1 {
				parts = append(parts, fmt.Sprintf("multiple of %d", b.Mult))
			}
		}
	case ir.KFloat:
		if n := t.Num; n != nil {
			parts = append(parts, numText(n)...)
		}
	case ir.KArray:
		if t.ArrSize != nil {
			parts = append(parts, lengthText(t.ArrSize.Min, t.ArrSize.Max, "item"))
		}
		if t.Unique {
			parts = append(parts, "items unique")
		}
		if c := p.constraints(t.Elem); c != "" {
			parts = append(parts, "each item: "+c)
		}
	case ir.KMap:
		if t.ObjSize != nil {
			parts = append(parts, lengthText(t.ObjSize.Min, t.ObjSize.Max, "member"))
		}
		if c := p.constraints(t.Elem); c != "" {
			parts = append(parts, "each member: "+c)
		}
	}
	var out []string
	for _, s := range parts {
		if s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, "; ")
}

// lengthText is "1–128 characters", "at least 1 item", "at most 3 members".
func lengthText(min, max int, unit string) string {
	plural := func(n int) string {
		if n == 1 {
			return unit
		}
		return unit + "s"
	}
	switch {
	case min > 0 && max >= 0 && min == max:
		return fmt.Sprintf("exactly %d %s", min, plural(min))
	case min > 0 && max >= 0:
		return fmt.Sprintf("%d–%d %s", min, max, plural(max))
	case min > 0:
		return fmt.Sprintf("at least %d %s", min, plural(min))
	case max >= 0:
		return fmt.Sprintf("at most %d %s", max, plural(max))
	}
	return ""
}

func rangeText(hasMin, hasMax bool, min, max string) string {
	switch {
	case hasMin && hasMax:
		return min + " to " + max
	case hasMin:
		return "≥ " + min
	case hasMax:
		return "≤ " + max
	}
	return ""
}

func numText(n *ir.NumBounds) []string {
	var out []string
	for _, b := range []struct{ v, op string }{{n.Min, "≥ "}, {n.ExMin, "> "}, {n.Max, "≤ "}, {n.ExMax, "< "}} {
		if b.v != "" {
			out = append(out, b.op+b.v)
		}
	}
	if n.MultipleOf != "" {
		out = append(out, "multiple of "+n.MultipleOf)
	}
	return out
}

func codeList(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = code(v)
	}
	return strings.Join(q, ", ")
}

// code is a Markdown code span that survives backticks inside.
func code(s string) string {
	if !strings.Contains(s, "`") {
		return "`" + s + "`"
	}
	return "`` " + s + " ``"
}

// cell makes text safe inside a Markdown table cell.
func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	if s == "" {
		return "—"
	}
	return s
}

// oneLine joins a description's lines.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// firstSentence is the description up to its first full stop.
func firstSentence(s string) string {
	s = oneLine(s)
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '.' && s[i+1] == ' ' {
			return s[:i+1]
		}
	}
	return s
}

// short cuts s to about n bytes, on a rune boundary, marking the cut.
func short(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8Start(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// anchor is GitHub's heading anchor of a type name.
func anchor(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' {
			b.WriteRune(r)
		} else if r == ' ' {
			b.WriteByte('-')
		}
	}
	return b.String()
}
