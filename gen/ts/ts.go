// Package ts writes TypeScript declarations of the documents of each schema
// set, from the same model the Go code comes from.
package ts

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/gen/internal/text"
	"github.com/zeroproject/zero/gen/ir"
	"github.com/zeroproject/zero/rt"
)

// TypeScript writes one TypeScript declaration file per schema set,
// "FAMILY/vN.d.ts", from the same model the Go code comes from: every
// named type of the set, a root union as a discriminated union of its
// variants' interfaces (their const discriminator is a literal type),
// const properties (such as schemaVersion) as literal types, optional
// properties as optional, enums as unions of string literals, null as
// "| null", and values without a fixed shape (such as a tool call's args)
// as JSONValue. The declarations describe shapes only: lengths, patterns
// and ranges stay with the schema. opts say what the header comment of
// each file names.
func TypeScript(sets []schema.SchemaSet, opts Options) (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, set := range schema.SortSets(sets) {
		// Scalars stay plain: lengths, patterns and ranges are the
		// schema's to check, so a named scalar would declare nothing.
		_, m, err := ir.Load(schema.Options{Files: set.Files}, ir.Options{Package: "ts", PlainScalars: true})
		if err != nil {
			return nil, schema.PrefixError(schema.Locate(err, set.Files), set.Dir())
		}
		if err := checkVocabNames(m); err != nil {
			return nil, schema.PrefixError(err, set.Dir())
		}
		m.Hash = schema.Hash(set.Files)
		out[set.Dir()+".d.ts"] = tsFile(set, m, opts)
	}
	return out, nil
}

// Options say what the header comment of a declaration file names.
type Options struct {
	// Source is the path of a set's schema directory as the reader knows
	// it ("schema/streamjson/v2"); nil names the set's directory.
	Source func(set schema.SchemaSet) string
	// Bundles, when not "", is the directory `zerogen bundle` wrote the
	// same sets to ("generated/bundles"): the header points there for the
	// JSON Schema that checks what the types do not.
	Bundles string
}

func (o Options) source(set schema.SchemaSet) string {
	if o.Source == nil {
		return set.Dir()
	}
	return o.Source(set)
}

func tsFile(set schema.SchemaSet, m *ir.Model, opts Options) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "// %s\n// zerogen:schema-hash %s\n//\n", schema.Header, m.Hash)
	fmt.Fprintf(&b, "// TypeScript declarations of the %s documents, generated\n", set.Label())
	fmt.Fprintf(&b, "// from %s by 'zerogen ts'. They describe shapes; string lengths,\n", opts.source(set))
	if opts.Bundles == "" {
		fmt.Fprintf(&b, "// patterns and number ranges are checked by the JSON Schema, not by\n// the type checker.\n\n")
	} else {
		fmt.Fprintf(&b, "// patterns and number ranges are checked by the JSON Schema\n")
		fmt.Fprintf(&b, "// (%s/%s/), not by the type checker.\n\n", strings.TrimSuffix(opts.Bundles, "/"), set.Dir())
	}
	b.WriteString("/** Any JSON value. */\n")
	b.WriteString("export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };\n")
	for _, t := range m.Types {
		b.WriteString("\n")
		tsDecl(&b, t)
	}
	for _, v := range m.Vocabs {
		b.WriteString("\n")
		vocabDecl(&b, v)
	}
	return []byte(b.String())
}

// tsDecl declares one named type.
func tsDecl(b *strings.Builder, t *ir.Type) {
	tsDoc(b, "", t.Doc, t.Deprecated)
	switch {
	case t.IsWrapper():
		fmt.Fprintf(b, "export type %s = %s;\n", t.Name, tsExpr(t.Fields[0].Type))
	case t.Kind == ir.KStruct:
		fmt.Fprintf(b, "export interface %s %s\n", t.Name, tsObject(t, ""))
	case t.Kind == ir.KUnion:
		fmt.Fprintf(b, "export type %s =\n", t.Name)
		for i, v := range t.Variants {
			end := ""
			if i == len(t.Variants)-1 {
				end = ";"
			}
			fmt.Fprintf(b, "  | %s%s\n", tsExpr(v), end)
		}
	case t.Kind == ir.KSum:
		var alts []string
		for _, a := range t.Alts {
			if a.Type == nil {
				alts = append(alts, "null")
			} else {
				alts = append(alts, tsExpr(a.Type))
			}
		}
		fmt.Fprintf(b, "export type %s = %s;\n", t.Name, strings.Join(alts, " | "))
	case t.Kind == ir.KEnum:
		fmt.Fprintf(b, "export type %s = %s;\n", t.Name, tsLiterals(t.Values))
	case t.Kind == ir.KIntEnum:
		fmt.Fprintf(b, "export type %s = %s;\n", t.Name, strings.Join(t.Values, " | "))
	case t.Kind == ir.KTuple:
		fmt.Fprintf(b, "export type %s = %s;\n", t.Name, tsTuple(t))
	}
}

// tsTuple is the type of a tuple: its positions, those past minItems
// optional, then its other items when it is open.
func tsTuple(t *ir.Type) string {
	var parts []string
	for _, f := range t.Fields {
		s := tsExpr(f.Type)
		if !f.Required {
			if strings.Contains(s, "|") {
				s = "(" + s + ")"
			}
			s += "?"
		}
		parts = append(parts, s)
	}
	if t.Elem != nil {
		e := tsExpr(t.Elem)
		if strings.Contains(e, "|") {
			e = "(" + e + ")"
		}
		parts = append(parts, "..."+e+"[]")
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// tsObject is the body of an object type, indented by indent.
func tsObject(t *ir.Type, indent string) string {
	var b strings.Builder
	b.WriteString("{\n")
	for _, f := range t.Fields {
		tsDoc(&b, indent+"  ", f.Doc, f.Deprecated)
		opt := ""
		if !f.Required {
			opt = "?"
		}
		typ := f.Const
		if typ == "" {
			typ = tsExprIn(f.Type, indent+"  ")
		}
		fmt.Fprintf(&b, "%s  %s%s: %s;\n", indent, tsKey(f.JSON), opt, typ)
	}
	if t.Extra != nil {
		fmt.Fprintf(&b, "%s  /** Other properties, each %s. */\n", indent, tsExprIn(t.Extra, indent+"  "))
		fmt.Fprintf(&b, "%s  [key: string]: unknown;\n", indent)
	}
	b.WriteString(indent + "}")
	return b.String()
}

func tsExpr(t *ir.Type) string { return tsExprIn(t, "") }

// tsExprIn is the type expression of t where it is used.
func tsExprIn(t *ir.Type, indent string) string {
	var s string
	switch t.Kind {
	case ir.KStruct, ir.KUnion, ir.KEnum, ir.KIntEnum, ir.KSum, ir.KTuple:
		s = t.Name
	case ir.KString:
		s = "string"
		if len(t.Values) > 0 {
			s = tsLiterals(t.Values)
		}
		if t.Vocab != nil {
			s = t.Vocab.Name
		}
	case ir.KInt:
		s = "number"
		if t.Vocab != nil {
			s = t.Vocab.Name
		}
	case ir.KFloat:
		s = "number"
	case ir.KBool:
		s = "boolean"
	case ir.KNull:
		s = "null"
	case ir.KArray:
		s = tsExprIn(t.Elem, indent)
		if strings.Contains(s, "|") {
			s = "(" + s + ")"
		}
		s += "[]"
	case ir.KMap:
		s = "{ [key: string]: " + tsExprIn(t.Elem, indent) + " }"
	case ir.KGo:
		if !t.Go.Text {
			return "JSONValue" // whatever the Go type's MarshalJSON writes
		}
		s = "string"
	default:
		return "JSONValue"
	}
	if t.Nullable {
		s += " | null"
	}
	return s
}

func tsLiterals(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = tsString(v)
	}
	return strings.Join(q, " | ")
}

var tsIdent = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// tsKey is a property name, quoted unless it is an identifier.
func tsKey(name string) string {
	if tsIdent.MatchString(name) {
		return name
	}
	return tsString(name)
}

// tsString is a TypeScript string literal: a JSON string.
func tsString(s string) string {
	return string(rt.AppendString(nil, s))
}

// tsDoc writes a JSDoc comment.
func tsDoc(b *strings.Builder, indent, doc string, deprecated bool) {
	doc = strings.TrimSpace(strings.ReplaceAll(doc, "*/", "*\\/"))
	if doc == "" && !deprecated {
		return
	}
	lines := text.Wrap(doc, 76-len(indent))
	if doc == "" {
		lines = nil
	}
	if deprecated {
		lines = append(lines, "@deprecated")
	}
	if len(lines) == 1 {
		fmt.Fprintf(b, "%s/** %s */\n", indent, lines[0])
		return
	}
	fmt.Fprintf(b, "%s/**\n", indent)
	for _, l := range lines {
		fmt.Fprintf(b, "%s * %s\n", indent, strings.TrimRight(l, " "))
	}
	fmt.Fprintf(b, "%s */\n", indent)
}
