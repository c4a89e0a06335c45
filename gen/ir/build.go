package ir

import (
	"github.com/zeroproject/zero/internal/nearest"

	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rtimpl"
	"github.com/zeroproject/zero/rt/rtimpl/jsonnum"
)

// builder turns compiled schemas into the model.
type builder struct {
	l     *schema.Loaded
	types map[*jsonschema.Schema]*Type
	nodes map[*jsonschema.Schema]*Node
	model *Model
	defs  []*Type // named types of $defs entries (Options.DefTypes)
	// rest, while a schema is shaped with a Rest node (shapeWithRest), is
	// what its shaping leaves to that node; rests are the Rest nodes.
	rest  *restState
	rests []*Node
	// plainScalars is Options.PlainScalars.
	plainScalars bool
	// formatTypes is Options.FormatTypes; annotated are the schemas it
	// typed whose format the dialect leaves an annotation.
	formatTypes bool
	annotated   []*jsonschema.Schema
	// dyn is what the roots' dynamic references and anchors are (see
	// countDynamic).
	dyn *dynScan
	// ctx is the binding context of the start being typed, nil outside
	// one (see dynCtx).
	ctx *dynCtx
	// entryRes, while the node of a start inside a resource is built, is
	// that resource: evaluation starting there has not entered it, so its
	// nodes reached without a reference (entryNodes) leave it off the
	// dynamic scope (see entryNode).
	entryRes   string
	entryNodes map[*jsonschema.Schema]*Node
}

// Options say how to name the model.
type Options struct {
	// Package is the Go package name of the output.
	Package string
	// RootNames give the Go name of a root whose schema has no title, by
	// file name; without one, such a root is named after its file.
	RootNames map[string]string
	// DefTypes makes every $defs (or definitions) entry of the input files
	// whose type is a struct, union or enum a named type of its own, named
	// by its title or else its key.
	DefTypes bool
	// PlainScalars keeps the $defs entries that are a string, integer or
	// number with constraints as plain Go types (string, int64, float64)
	// at every field that refers to them, instead of the named type each
	// one is by default (see NamedScalar).
	PlainScalars bool
	// FormatTypes gives a string schema whose format FormatTypes maps
	// (date-time, uuid...) that format's Go type, read and written by the
	// runtime's own codecs; the format is then asserted on it.
	FormatTypes bool
	// AllErrors builds, for every root, the interpreter node of its whole
	// schema (Type.AllNode), which the all-errors decoders walk to report
	// every violation of a document.
	AllErrors bool
}

// Load loads the files and builds their model, naming the package pkg
// ("p" when empty): what every generator that reads the model starts with.
func Load(lo schema.Options, o Options) (*schema.Loaded, *Model, error) {
	if o.Package == "" {
		o.Package = "p"
	}
	l, err := schema.Load(lo)
	if err != nil {
		return nil, nil, err
	}
	m, err := Build(l, o)
	return l, m, err
}

// Build classifies every schema the roots of l reach into the Go-shaped
// model.
func Build(l *schema.Loaded, o Options) (*Model, error) {
	b := &builder{l: l, types: map[*jsonschema.Schema]*Type{}, nodes: map[*jsonschema.Schema]*Node{}, model: &Model{Package: o.Package, l: l}, plainScalars: o.PlainScalars, formatTypes: o.FormatTypes}
	var roots []*jsonschema.Schema
	for _, doc := range l.Roots {
		roots = append(roots, doc.Schema)
	}
	if o.DefTypes {
		defs, err := l.Defs()
		if err != nil {
			return nil, err
		}
		for _, d := range defs {
			roots = append(roots, d.Schema)
		}
	}
	b.countDynamic(roots)
	for _, doc := range l.Roots {
		t, err := b.rootType(doc.Schema)
		if err != nil {
			return nil, err
		}
		name := doc.Schema.Title
		if name == "" {
			name = o.RootNames[doc.Name]
		}
		if name == "" {
			name = fileTypeName(doc.Name) // order-status.json: OrderStatus
		}
		root := t
		if (t.Kind == KStruct || t.Kind == KUnion) && t.Name == "" {
			t.Name = GoName(name)
		}
		wrap := (t.Kind != KStruct && t.Kind != KUnion) || t.Nullable
		if wrap && t.Name == GoName(name) {
			t.Name += "Value" // the root wrapper takes the name
		}
		if wrap {
			// A root that is not a struct or union is wrapped in a named struct.
			root = &Type{Kind: KStruct, Name: GoName(name), Doc: t.Doc, Loc: t.Loc, Schema: doc.Schema,
				StructShape: StructShape{Wrapper: true, Fields: []*Field{{JSON: "", Go: "Value", Type: t, Required: true}}}}
			root.Fields[0].Doc = "Value is the document."
		}
		b.model.Roots = append(b.model.Roots, root)
	}
	if o.DefTypes {
		if err := b.defTypes(); err != nil {
			return nil, err
		}
	}
	b.nameCopies()
	b.renameTitleCollisions()
	if o.AllErrors {
		b.model.AllErrors = true
		for i, doc := range l.Roots {
			ctx, _ := b.startCtx(doc.Schema)
			err := b.inCtx(ctx, func() (err error) {
				b.model.Roots[i].AllNode, err = b.nodeOf(doc.Schema)
				return err
			})
			if err != nil {
				return nil, err
			}
		}
		b.userChecks(b.types, b.nodes)
		for _, ctx := range b.dyn.ctxs {
			b.userChecks(ctx.types, ctx.nodes)
		}
	}
	if err := b.finish(); err != nil {
		return nil, err
	}
	b.warnUnusedGoTypes()
	b.warnAnnotatedFormats()
	return b.model, nil
}

// errAt builds a generation error at schema s.
func (b *builder) errAt(s *jsonschema.Schema, format string, args ...any) error {
	return b.l.Node(s).Err(format, args...)
}

// constraintKeys returns the keywords of s that constrain values.
func (b *builder) constraintKeys(s *jsonschema.Schema) (map[string]*schema.Value, *schema.Value) {
	raw := b.l.Node(s).Raw
	keys := map[string]*schema.Value{}
	if raw == nil || raw.Kind != rt.Object {
		return keys, raw
	}
	for _, m := range raw.Members {
		if m.Key == "format" && b.l.Node(s).Format != "" {
			keys[m.Key] = m.Val // an assertion in this schema's dialect
			continue
		}
		if schema.Annotation[m.Key] || m.Key == "$defs" || m.Key == "definitions" || m.Key == "contentSchema" || strings.HasPrefix(m.Key, "x-") {
			continue
		}
		keys[m.Key] = m.Val
	}
	return keys, raw
}

// typeOf classifies s into a Go-shaped type, falling back to a raw value
// validated by the interpreter whenever no exact Go shape exists.
func (b *builder) typeOf(s *jsonschema.Schema) (*Type, error) {
	if t, ok := b.typeCache(s)[s]; ok {
		return t, nil
	}
	if err := b.checkKnown(s); err != nil {
		return nil, err
	}
	keys, _ := b.constraintKeys(s)
	if g, err := b.goType(s); g != nil || err != nil {
		if err != nil {
			return nil, err
		}
		return b.userType(s, g, keys)
	}
	if t, err := b.formatType(s, keys); t != nil || err != nil {
		return t, err
	}
	to := refOnly(s, keys)
	if to == nil {
		to = b.allOfOfOne(s, keys)
	}
	if to == nil && len(keys) == 1 {
		if ts, ok := b.refTargets(s, keys); ok && len(ts) == 1 {
			to = ts[0] // a dynamic reference that always resolves to its static target
		}
	}
	if to != nil && (b.l.Node(s).Norm.DynAnchors == nil || !b.scopeMatters(s)) {
		t, err := b.typeOf(to)
		b.typeCache(s)[s] = t
		return t, err
	}
	t := &Type{Loc: s.Location, Schema: s, Doc: s.Description, Deprecated: s.Deprecated}
	b.typeCache(s)[s] = t
	t.shaping = true // a schema below that refers back sees t unfinished (see IsOpen)
	defer func() { t.shaping = false }()
	outer := b.rest // the state of the schema being shaped around this one
	b.rest = nil
	ok, err := b.shape(s, t, keys)
	if !ok && err == nil {
		ok, err = b.shapeWithRest(s, t, keys)
	}
	b.rest = outer
	if err != nil {
		return nil, err
	}
	if !ok {
		*t = Type{Kind: KRaw, Loc: s.Location, Schema: s, Doc: s.Description, Deprecated: s.Deprecated}
		t.RawReason = b.rawReason(s, keys)
		open, err := b.openAnyOf(s, keys)
		if err != nil {
			return nil, err
		}
		if (len(keys) > 0 || s.Always != nil) && !open {
			n, err := b.nodeOf(s)
			if err != nil {
				return nil, err
			}
			t.Node = n
		}
	}
	if s.Title != "" && t.Alias == nil && nameable(t) {
		t.Name = GoName(s.Title)
	}
	if t.Name == "" {
		t.DefName = b.l.Node(s).DefKey
	}
	b.scopeName(s, t)
	if err := b.known(s, t); err != nil {
		return nil, err
	}
	return t, nil
}

// openAnyOf reports whether s is only an anyOf with a branch that admits
// any value (an extension point beside the known variants): s admits any
// value too, so its raw value needs no checking.
func (b *builder) openAnyOf(s *jsonschema.Schema, keys map[string]*schema.Value) (bool, error) {
	if len(keys) != 1 || keys["anyOf"] == nil {
		return false, nil
	}
	for _, br := range s.AnyOf {
		bt, err := b.typeOf(br)
		if err != nil {
			return false, err
		}
		if IsOpen(bt) {
			return true, nil
		}
	}
	return false, nil
}

// refOnly is the schema that s only refers to: the target of a lone $ref,
// or of a lone allOf, anyOf or oneOf of one schema (a wrapper that adds
// only annotations, such as a description). It is nil when s says more.
func refOnly(s *jsonschema.Schema, keys map[string]*schema.Value) *jsonschema.Schema {
	switch {
	case len(keys) != 1:
		return nil
	case keys["$ref"] != nil:
		return s.Ref
	case keys["allOf"] != nil && len(s.AllOf) == 1:
		return s.AllOf[0]
	case keys["anyOf"] != nil && len(s.AnyOf) == 1:
		return s.AnyOf[0]
	case keys["oneOf"] != nil && len(s.OneOf) == 1:
		return s.OneOf[0]
	}
	return nil
}

// allOfOfOne is the one part of an allOf, the only keyword of s, that
// says anything about values: the others hold only annotations ({"default":
// 0}) or are true, so s admits exactly what that part admits. It is nil
// when s says more.
func (b *builder) allOfOfOne(s *jsonschema.Schema, keys map[string]*schema.Value) *jsonschema.Schema {
	if len(keys) != 1 || keys["allOf"] == nil {
		return nil
	}
	var one *jsonschema.Schema
	for _, part := range s.AllOf {
		if pk, _ := b.constraintKeys(part); part.Always != nil && *part.Always || part.Always == nil && len(pk) == 0 {
			continue
		}
		if one != nil {
			return nil
		}
		one = part
	}
	return one
}

// shape fills t when s has an exact Go shape.
func (b *builder) shape(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value) (bool, error) {
	if s.Always != nil || len(keys) == 0 {
		return false, nil
	}
	if ok, err := b.nullableOf(s, t, keys); ok || err != nil {
		return ok, err
	}
	if b.constEnum(s, t, keys) {
		return true, nil
	}
	if _, ok := keys["oneOf"]; ok {
		return b.unionOrSum(s, t, keys, "oneOf", s.OneOf)
	}
	if ok, err := b.openEnum(s, t, keys); ok || err != nil {
		return ok, err
	}
	if _, ok := keys["anyOf"]; ok {
		// Variants told apart by distinct const values never overlap, so
		// anyOf means what oneOf does.
		return b.unionOrSum(s, t, keys, "anyOf", s.AnyOf)
	}
	if _, ok := keys["allOf"]; ok || b.refBeside(s, keys) {
		return b.allOf(s, t, keys)
	}
	if _, ok := keys["if"]; ok && keys["type"] == nil {
		if ok, err := b.ifUnion(s, t, keys); ok || err != nil {
			return ok, err
		}
	}
	if keys["type"] == nil {
		return untypedEnum(t, keys)
	}
	if len(keys) == 1 && len(s.Types) == 1 && s.Types[0] == "null" {
		t.Kind = KNull
		return true, nil
	}
	types := s.Types
	if len(types) == 2 && (types[0] == "null" || types[1] == "null") {
		t.Nullable = true
		if types[0] == "null" {
			types = types[1:]
		} else {
			types = types[:1]
		}
	}
	if len(types) > 1 {
		t.Nullable = false
		return b.sumOfTypes(s, t, keys)
	}
	if len(types) != 1 {
		return false, nil
	}
	allowed := map[string][]string{ // format constrains strings alone: elsewhere it holds
		"object":  {"properties", "patternProperties", "required", "additionalProperties", "minProperties", "maxProperties", "format"},
		"string":  {"minLength", "maxLength", "pattern", "enum", "const", "format"},
		"integer": {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "enum", "format"},
		"number":  {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "enum", "format"},
		"boolean": {"format"},
		"array":   {"items", "prefixItems", "additionalItems", "minItems", "maxItems", "uniqueItems", "format"},
	}[types[0]]
	if allowed == nil {
		return false, nil
	}
	for k := range keys {
		if k != "type" && !slices.Contains(allowed, k) {
			return false, nil
		}
	}
	switch types[0] {
	case "object":
		return b.object(s, t, keys)
	case "string":
		return b.str(s, t, keys)
	case "integer":
		t.Kind = KInt
		ib, ok := intBounds(s)
		t.Int = ib
		if e := keys["enum"]; ok && e != nil {
			return intEnum(t, e), nil
		}
		return ok, nil
	case "number":
		t.Kind = KFloat
		t.Num = numBounds(s)
		if e := keys["enum"]; e != nil {
			return numEnum(t, e), nil
		}
		return true, nil
	case "boolean":
		t.Kind = KBool
		return true, nil
	case "array":
		return b.array(s, t, keys)
	}
	return false, nil
}

func (b *builder) str(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value) (bool, error) {
	t.Kind = KString
	t.MinLen, t.MaxLen = max(s.MinLength, 0), s.MaxLength
	if s.Pattern != nil {
		t.Pattern = b.l.Node(s).Pattern
	}
	t.Format = b.l.Node(s).Format
	e, kw := keys["enum"], "enum"
	if c := keys["const"]; c != nil {
		if e != nil {
			return false, nil // both: the interpreter
		}
		e, kw = &schema.Value{Kind: rt.Array, Items: []*schema.Value{c}}, "const" // one value, failing at const
	}
	if e != nil {
		// A value must be in the enum and satisfy the other string
		// keywords: keep the enum values that do. Null is admitted when
		// both the type and the enum admit it: rt.Nullable of the enum.
		rule := b.strRule(s)
		seen := map[string]bool{}
		nullListed := false
		for _, v := range e.Items {
			if v.Kind == rt.Null {
				// null is valid when the type admits it too; otherwise it
				// fails at type whatever the enum says.
				nullListed = true
				continue
			}
			if v.Kind != rt.String {
				return false, nil
			}
			if !seen[v.Str] && rule.Check(v.Str, -1) == nil {
				t.Values = append(t.Values, v.Str)
			}
			seen[v.Str] = true
		}
		if len(t.Values) == 0 {
			return false, nil // an empty enum admits nothing: the interpreter says so
		}
		if t.Nullable && !nullListed {
			t.NullKeyword = kw
		}
		if kw == "const" {
			t.EnumKeyword = kw
		}
		t.Kind, t.Nullable = KEnum, t.Nullable && nullListed
		t.MinLen, t.MaxLen, t.Pattern, t.Format = 0, -1, "", ""
	}
	t.Hookable = t.Pattern == "" && t.Kind == KString && s.Format == ""
	return true, nil
}

// strRule is the rule the string keywords of s (minLength, maxLength,
// pattern, an asserted format) make, to judge strings at generation.
func (b *builder) strRule(s *jsonschema.Schema) rtimpl.StrRule {
	rule := rtimpl.StrRule{MinLen: max(s.MinLength, 0), MaxLen: s.MaxLength}
	if p := b.l.Node(s).Pattern; p != "" {
		rule.Pattern = rtimpl.MustPattern(p)
	}
	if f := b.l.Node(s).Format; f != "" {
		rule.Format = rtimpl.MustFormat(f)
	}
	return rule
}

func (b *builder) array(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value) (bool, error) {
	t.Kind = KArray
	norm := b.l.Node(s).Norm
	if len(norm.Prefix) > 0 && (keys["items"] != nil || keys["prefixItems"] != nil) {
		return b.tuple(s, t, keys) // items by position
	}
	if keys["prefixItems"] != nil {
		return false, nil // an empty prefixItems: the interpreter
	}
	if items := norm.Items; items != nil && keys["items"] != nil {
		e, err := b.typeOf(items)
		if err != nil {
			return false, err
		}
		t.Elem = e
	} else {
		t.Elem = &Type{Kind: KRaw, Loc: s.Location}
	}
	if s.MinItems > 0 || s.MaxItems >= 0 {
		t.ArrSize = &Size{Min: max(s.MinItems, 0), Max: s.MaxItems}
	}
	if s.UniqueItems {
		switch {
		case (t.Elem.Kind == KString || t.Elem.Kind == KEnum || t.Elem.Kind == KInt || t.Elem.Kind == KBool) && !t.Elem.Nullable:
			t.Unique = true
		case b.rest != nil:
			// items Go cannot compare as JSON does (objects, numbers):
			// the Rest node checks uniqueItems on the value's JSON
			b.rest.unique = true
		default:
			return false, nil
		}
	}
	return true, nil
}

func (b *builder) object(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value) (bool, error) {
	raw := b.l.Node(s).Raw
	props := raw.Get("properties")
	if props == nil && s.AdditionalProperties != nil && len(s.PatternProperties) == 0 {
		if as, ok := s.AdditionalProperties.(*jsonschema.Schema); ok && len(s.Required) == 0 {
			e, err := b.typeOf(as)
			if err != nil {
				return false, err
			}
			t.Kind, t.Elem = KMap, e
			if s.MinProperties > 0 || s.MaxProperties >= 0 {
				t.ObjSize = &Size{Min: max(s.MinProperties, 0), Max: s.MaxProperties}
			}
			return true, nil
		}
	}
	t.Kind = KStruct
	lits := b.literalPatterns(s)
	for _, r := range s.Required {
		if s.Properties[r] != nil || lits[r] != nil || keys["allOf"] != nil || b.refBeside(s, keys) {
			continue // beside an allOf or a $ref, another part may declare it (allOf checks)
		}
		if err := b.impossibleRequired(s, r); err != nil {
			return false, err
		}
		return false, nil // a required property the struct cannot hold
	}
	if props != nil {
		for _, m := range props.Members {
			f, ok, err := b.field(s, m.Key, s.Properties[m.Key], slices.Contains(s.Required, m.Key))
			if err != nil || !ok {
				return ok, err
			}
			t.Fields = append(t.Fields, f)
		}
	}
	for _, name := range sortedKeys(lits) {
		f, ok, err := b.field(s, name, lits[name], slices.Contains(s.Required, name))
		if err != nil || !ok {
			return ok, err
		}
		t.Fields = append(t.Fields, f)
	}
	if ok, err := b.patterns(s, t, lits); !ok || err != nil {
		return ok, err
	}
	switch ap := s.AdditionalProperties.(type) {
	case bool:
		if ap {
			t.Extra = &Type{Kind: KRaw, Loc: s.Location}
		}
	case *jsonschema.Schema:
		e, err := b.typeOf(ap)
		if err != nil {
			return false, err
		}
		t.Extra = e
	default:
		t.Extra = &Type{Kind: KRaw, Loc: s.Location}
	}
	if s.MinProperties > 0 || s.MaxProperties >= 0 {
		t.ObjSize = &Size{Min: max(s.MinProperties, 0), Max: s.MaxProperties}
	}
	return true, nil
}

// impossibleRequired refuses a required member r of s that no valid object
// can have: s neither declares it nor lets any other member in
// (additionalProperties: false, no pattern matching it). That is almost
// always a typo, and the schema would refuse every document.
func (b *builder) impossibleRequired(s *jsonschema.Schema, r string) error {
	if ap, ok := s.AdditionalProperties.(bool); !ok || ap {
		return nil
	}
	for re := range s.PatternProperties {
		if rtimpl.MustPattern(re.String()).MatchString(r) {
			return nil
		}
	}
	raw := b.l.Node(s).Raw
	var names []string
	if props := raw.Get("properties"); props != nil {
		for _, m := range props.Members {
			names = append(names, m.Key)
		}
	}
	msg := fmt.Sprintf("required: member %q cannot exist: it is not in properties and additionalProperties is false, so the schema refuses every object", r)
	if near := nearest.Name(r, names); near != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", near)
	}
	return b.errAt(s, "%s", msg)
}

// field builds one property; a required property whose schema is a scalar
// const needs no storage.
func (b *builder) field(parent *jsonschema.Schema, name string, ps *jsonschema.Schema, required bool) (*Field, bool, error) {
	f := &Field{JSON: name, Go: GoName(name), Required: required, Doc: ps.Description, Deprecated: ps.Deprecated}
	if goName, err := b.xGoName(ps); err != nil {
		return nil, false, err
	} else if goName != "" {
		f.Go, f.Named = goName, ps
	}
	target := ps
	for {
		keys, raw := b.constraintKeys(target)
		if d := raw.Get("default"); d != nil && f.Default == "" {
			if err := b.fieldDefault(f, target, d); err != nil {
				return nil, false, err
			}
		}
		if g, err := b.goType(target); g != nil || err != nil {
			if err != nil {
				return nil, false, err
			}
			break // the user's type holds the value, const or not
		}
		if to := refOnly(target, keys); to != nil {
			target = to
			continue
		}
		if c, ok := keys["const"]; ok && required && c.Kind != rt.Object && c.Kind != rt.Array {
			if len(keys) == 1 || (len(keys) == 2 && keys["type"] != nil && typeAdmits(target.Types, c)) {
				canon, err := rtimpl.Canonical(c.Text)
				if err != nil {
					return nil, false, b.errAt(target, "const: %v", err)
				}
				f.Const, f.ConstTypes, f.ConstText = canon, target.Types, canon
				if c.Kind == rt.Number {
					f.ConstText = strings.TrimSpace(c.Text)
				}
				if f.Doc == "" {
					f.Doc = target.Description
				}
				return f, true, nil
			}
		}
		if required && len(keys) == 1 && len(target.Types) == 1 && target.Types[0] == "null" && keys["type"] != nil {
			// {"type": "null"}: its one value is null, a const that needs no
			// storage; any other value fails at type.
			f.Const, f.ConstTypes, f.ConstText = "null", target.Types, "null"
			if f.Doc == "" {
				f.Doc = target.Description
			}
			return f, true, nil
		}
		break
	}
	t, err := b.typeOf(ps)
	if err != nil {
		return nil, false, err
	}
	if f.Doc == "" {
		f.Doc = t.Doc
	}
	f.Type = t
	return f, true, nil
}

// typeAdmits reports whether a const value's kind is among types.
func typeAdmits(types []string, c *schema.Value) bool {
	for _, t := range types {
		switch {
		case t == "string" && c.Kind == rt.String,
			t == "boolean" && c.Kind == rt.Bool,
			t == "null" && c.Kind == rt.Null,
			t == "number" && c.Kind == rt.Number:
			return true
		case t == "integer" && c.Kind == rt.Number:
			d, ok := jsonnum.Parse(strings.TrimSpace(c.Text))
			return ok && d.IsInt()
		}
	}
	return false
}

// unionOrSum types a oneOf or anyOf as a union of objects told apart by
// a const property, else as a sum of branches told apart by JSON kind.
func (b *builder) unionOrSum(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value, keyword string, list []*jsonschema.Schema) (bool, error) {
	ok, err := b.union(s, t, keys, keyword, list)
	if ok || err != nil {
		return ok, err
	}
	*t = Type{Loc: t.Loc, Schema: t.Schema, Doc: t.Doc, Deprecated: t.Deprecated}
	if ok, err := b.objectBranches(s, t, keys, keyword, list); ok || err != nil {
		return ok, err
	}
	*t = Type{Loc: t.Loc, Schema: t.Schema, Doc: t.Doc, Deprecated: t.Deprecated}
	return b.sumOf(s, t, keys, keyword, list)
}

// union recognises a oneOf or anyOf (keyword, its schemas list) of
// objects told apart by a required const string property.
func (b *builder) union(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value, keyword string, list []*jsonschema.Schema) (bool, error) {
	for k := range keys {
		if k != keyword && !(k == "type" && len(s.Types) == 1 && s.Types[0] == "object") {
			return false, nil
		}
	}
	var variants []*Type
	for _, v := range list {
		vt, err := b.typeOf(v)
		if err != nil {
			return false, err
		}
		// A variant that is itself a union of objects (a $defs entry that
		// is a oneOf) holds its values as it does alone: the outer union,
		// told apart by matching (no const tag is a member of a union),
		// decides which branch a value matches, the inner one which of its
		// own variants.
		if vt.Kind != KStruct && vt.Kind != KUnion || vt.Nullable {
			return false, nil
		}
		variants = append(variants, vt)
	}
	prop := b.discriminatorProperty(s)
	disc := discriminator(variants, prop)
	if disc == "" && prop == "" {
		return b.keyedUnion(s, t, keyword, list, variants)
	}
	if disc == "" {
		return b.taggedUnion(s, t, keyword, prop, variants)
	}
	t.Kind, t.Disc, t.Variants = KUnion, disc, variants
	for _, v := range variants {
		for _, f := range v.Fields {
			if f.JSON == disc {
				v.DiscValue = f.Const
			}
		}
		v.Unions = append(v.Unions, t)
	}
	return true, nil
}

// discriminatorProperty is the propertyName of an OpenAPI discriminator
// beside s, if any.
func (b *builder) discriminatorProperty(s *jsonschema.Schema) string {
	raw := b.l.Node(s).Raw
	if raw == nil || raw.Kind != rt.Object {
		return ""
	}
	if d := raw.Get("discriminator"); d != nil && d.Kind == rt.Object {
		if p := d.Get("propertyName"); p != nil && p.Kind == rt.String {
			return p.Str
		}
	}
	return ""
}

// discriminator finds a property that every variant requires as a distinct
// string const: the one an OpenAPI discriminator names (prefer) when it is
// such a property, else the first in the first variant's order.
func discriminator(variants []*Type, prefer string) string {
	if len(variants) == 0 {
		return ""
	}
	fields := variants[0].Fields
	if prefer != "" {
		for i, f := range fields {
			if f.JSON == prefer {
				fields = append([]*Field{f}, append(append([]*Field(nil), fields[:i]...), fields[i+1:]...)...)
				break
			}
		}
	}
	for _, f := range fields {
		if f.Const == "" || f.Const[0] != '"' {
			continue
		}
		seen := map[string]bool{}
		ok := true
		for _, v := range variants {
			c := constOf(v, f.JSON)
			if c == "" || c[0] != '"' || seen[c] {
				ok = false
				break
			}
			seen[c] = true
		}
		if ok {
			return f.JSON
		}
	}
	return ""
}

func constOf(t *Type, name string) string {
	for _, f := range t.Fields {
		if f.JSON == name {
			return f.Const
		}
	}
	return ""
}

// nameable reports whether t is of a kind that declares a Go type.
func nameable(t *Type) bool {
	return t.Kind == KStruct || t.Kind == KUnion || t.Kind == KEnum || t.Kind == KIntEnum || t.Kind == KSum || t.Kind == KTuple
}

// NamedScalar reports whether t is, or without Options.PlainScalars
// would be, a named scalar type: a $defs entry that is a string, integer
// or number with constraints (ID: {type: string, maxLength: 64}), declared
// as type ID string and used by every field that refers to it. A format
// names the type too, asserted or not (ID: {type: string, format: uuid}):
// it says what the strings are. An entry without constraints ({type:
// string}) stays the plain Go type: a name would say nothing.
func NamedScalar(t *Type) bool {
	if t.Name == "" && t.DefName == "" || t.Nullable || t.Alias != nil || t.Rest != nil || t.Vocab != nil || len(t.Values) > 0 {
		return false
	}
	switch t.Kind {
	case KString:
		return t.MinLen > 0 || t.MaxLen >= 0 || t.Pattern != "" || t.Format != "" || t.Schema != nil && t.Schema.Format != ""
	case KInt:
		return t.Int.HasMin || t.Int.HasMax || t.Int.Mult > 1
	case KFloat:
		return !t.Num.Empty()
	}
	return false
}

func (b *builder) nodeList() []*Node {
	list := make([]*Node, 0, len(b.nodes))
	seen := map[*Node]bool{}
	add := func(nodes map[*jsonschema.Schema]*Node) {
		for _, n := range nodes {
			if !seen[n] {
				seen[n] = true
				list = append(list, n)
			}
		}
	}
	add(b.nodes)
	add(b.entryNodes)
	for _, ctx := range b.dyn.ctxs {
		add(ctx.nodes)
	}
	list = append(list, b.rests...)
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	return list
}

// checkKnown refuses a schema that lies outside the input documents (the
// built-in meta-schemas): its keywords were never checked, and the
// meta-schemas rely on $dynamicRef.
func (b *builder) checkKnown(s *jsonschema.Schema) error {
	if s.Always != nil {
		return nil
	}
	if raw := b.l.Node(s).Raw; raw == nil {
		return &schema.Error{File: s.Location, Msg: "refers to a schema outside the input files and the standard meta-schemas; this is not supported"}
	}
	return nil
}

// rootType classifies a start: a root schema or a $defs type. A start
// whose meaning depends on the dynamic scope is typed in its binding
// context (see dynCtx); when its resource leaves the scope to decide, it
// is validated by the interpreter as a whole, which carries the scope.
func (b *builder) rootType(s *jsonschema.Schema) (*Type, error) {
	ctx, ok := b.startCtx(s)
	if ok {
		var t *Type
		err := b.inCtx(ctx, func() (err error) {
			t, err = b.typeOf(s)
			return err
		})
		return t, err
	}
	if err := b.checkKnown(s); err != nil {
		return nil, err
	}
	n, err := b.entryNode(s)
	if err != nil {
		return nil, err
	}
	t := &Type{Kind: KRaw, Loc: s.Location, Schema: s, Doc: s.Description, Deprecated: s.Deprecated, Node: n,
		RawReason: "reaches a dynamic reference ($dynamicRef or $recursiveRef) that the scope decides, which only the interpreter follows"}
	b.types[s] = t
	return t, nil
}

// userChecks gives the interpreter node of each schema typed as a user's
// Go type that type, for the all-errors walk.
func (b *builder) userChecks(types map[*jsonschema.Schema]*Type, nodes map[*jsonschema.Schema]*Node) {
	for s, t := range types {
		if n := nodes[s]; n != nil && t.Kind == KGo && n.Schema == s {
			n.UserCheck = t
		}
	}
}
