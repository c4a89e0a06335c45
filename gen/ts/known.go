package ts

import (
	"fmt"
	"strings"

	"github.com/zeroproject/zero/gen/internal/text"
	"github.com/zeroproject/zero/gen/ir"
)

// checkVocabNames refuses a vocabulary whose name, which its type alias
// takes, a named type of m or another vocabulary has.
func checkVocabNames(m *ir.Model) error {
	taken := map[string]string{"JSONValue": "the JSON value type"}
	for _, t := range m.Types {
		taken[t.Name] = t.Loc
	}
	for _, v := range m.Vocabs {
		if other, ok := taken[v.Name]; ok {
			return fmt.Errorf("%s: the x-known-values vocabulary %s has the name of %s; give its schema another title", v.Loc, v.Name, other)
		}
		taken[v.Name] = v.Loc
	}
	return nil
}

// vocabDecl declares the alias of a vocabulary, with the meaning of each
// declared value in its comment.
func vocabDecl(b *strings.Builder, v *ir.Vocab) {
	doc := strings.TrimSpace(v.Doc)
	var lines []string
	if doc != "" {
		lines = append(lines, doc, "")
	}
	lines = append(lines, "The values the schema declares (other values may come later):")
	for _, kv := range v.Values {
		lines = append(lines, fmt.Sprintf("- %s: %s", kv.JSON, kv.Doc))
	}
	tsDocLines(b, lines)
	fmt.Fprintf(b, "export type %s = %s;\n", v.Name, vocabUnion(v))
}

// vocabUnion is the open union of a vocabulary: its declared values as
// literal types, plus any other string (or number). `string & {}` keeps
// the literals visible to editors, where a bare `string` would absorb them.
func vocabUnion(v *ir.Vocab) string {
	var parts []string
	for _, kv := range v.Values {
		parts = append(parts, kv.JSON)
	}
	if v.Int {
		return strings.Join(parts, " | ") + " | (number & {})"
	}
	return strings.Join(parts, " | ") + " | (string & {})"
}

// tsDocLines writes a JSDoc comment of paragraphs and "- " list items,
// each wrapped.
func tsDocLines(b *strings.Builder, lines []string) {
	b.WriteString("/**\n")
	for _, l := range lines {
		if l == "" {
			b.WriteString(" *\n")
			continue
		}
		l = strings.ReplaceAll(l, "*/", "*\\/")
		indent := ""
		if strings.HasPrefix(l, "- ") {
			indent = "  "
		}
		for i, w := range text.Wrap(l, 76-len(indent)) {
			if i > 0 {
				w = indent + w
			}
			fmt.Fprintf(b, " * %s\n", w)
		}
	}
	b.WriteString(" */\n")
}
