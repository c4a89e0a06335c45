package golang

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/gen/internal/text"
	"github.com/zeroproject/zero/gen/ir"
	"github.com/zeroproject/zero/rt/rtimpl"
)

// rtPkg is the runtime's public API: the types generated code hands to its
// users (Decoder, Encoder, Opt, Raw, Error). rtimplPkg holds what only
// generated code calls (rules, the Node interpreter, error constructors).
const (
	rtPkg     = "github.com/zeroproject/zero/rt"
	rtimplPkg = "github.com/zeroproject/zero/rt/rtimpl"
)

// emitter writes the model as Go source.
type emitter struct {
	m     *ir.Model
	ids   map[*ir.Type]int
	order []*ir.Type // every type that gets functions, in a stable order
	names []string   // by id: what the type's functions are named after
	taken map[string]bool
	// variants are the types some union holds by pointer: their Validate
	// refuses a nil receiver, so that a union holding a typed nil is an
	// error and not a panic.
	variants map[*ir.Type]bool
	// rests are the variables of the Rest nodes, restOf their types.
	rests  map[*ir.Node]string
	restOf map[*ir.Node]*ir.Type
}

func newEmitter(m *ir.Model) *emitter {
	e := &emitter{m: m, ids: map[*ir.Type]int{}, taken: map[string]bool{},
		variants: map[*ir.Type]bool{}, rests: map[*ir.Node]string{}, restOf: map[*ir.Node]*ir.Type{}}
	for _, t := range m.Types {
		e.taken[t.Name] = true
		e.taken[t.Name+ir.NotNullSuffix] = true // see decFunc
		for _, v := range t.Variants {
			e.variants[v] = true
		}
	}
	for _, t := range m.Types {
		if t.Kind == ir.KSum && t.Alias == nil {
			for _, a := range t.Alts {
				e.taken[a.Ctor] = true // named by the model (ir.Alt.Ctor)
			}
		}
	}
	bySig := map[string]int{} // anonymous types of the same shape share their functions
	var walk func(t *ir.Type, ctx string)
	walk = func(t *ir.Type, ctx string) {
		if t == nil {
			return
		}
		if _, ok := e.ids[t]; ok {
			return
		}
		// Named types come first, so that cycles through them end; an
		// alias declares nothing, so it is numbered as an anonymous type.
		named := t.Name != "" && t.Alias == nil
		if named {
			e.ids[t] = len(e.order)
			e.order = append(e.order, t)
			e.names = append(e.names, t.Name)
			ctx = t.Name
		}
		for _, f := range t.Fields {
			walk(f.Type, ctx+f.Go)
		}
		for _, v := range t.Variants {
			walk(v, ctx)
		}
		for _, p := range t.Patterns {
			walk(p.Type, ctx+p.Go)
		}
		for _, a := range t.Alts {
			if a.Type != nil {
				walk(a.Type, ctx+a.Go)
			}
		}
		walk(t.Elem, ctx+"Item")
		walk(t.Extra, ctx+"Extra")
		walk(t.Alias, ctx)
		if named {
			return
		}
		sig := e.signature(t)
		if id, ok := bySig[sig]; ok {
			e.ids[t] = id
			return
		}
		bySig[sig] = len(e.order)
		e.ids[t] = len(e.order)
		e.order = append(e.order, t)
		name := e.freeName(e.anonName(t, ctx))
		if t.Nullable {
			e.taken[name+ir.NotNullSuffix] = true // see decFunc
		}
		e.names = append(e.names, name)
	}
	for _, r := range m.Roots {
		walk(r, r.Name)
	}
	e.nameRests()
	return e
}

// anonName is what the functions of an unnamed type are named after: its
// Go shape when it has no constraint ("String", "Int64List"), the named
// type a nullable alias stands for ("NullablePerson"), else the
// $defs entry it comes from, else the place it was first met (a struct and
// field, "ToolCallArgs").
func (e *emitter) anonName(t *ir.Type, ctx string) string {
	name := e.shapeName(t)
	if t.Alias != nil && t.Name != "" {
		name = t.Name // X or null, X a named type: NullableX
	}
	if name == "" {
		if i := strings.LastIndex(t.Loc, "#/$defs/"); i >= 0 && !strings.Contains(t.Loc[i+len("#/$defs/"):], "/") {
			name = ir.GoName(t.Loc[i+len("#/$defs/"):])
		}
	}
	if name == "" {
		name = ctx
	}
	if t.Nullable && !strings.HasPrefix(name, "Nullable") {
		name = "Nullable" + name
	}
	return name
}

// shapeName names an unconstrained type after its Go shape, or returns "".
func (e *emitter) shapeName(t *ir.Type) string {
	if t.Rest != nil {
		return "" // its checks are its schema's, named after where it is
	}
	switch t.Kind {
	case ir.KString:
		switch {
		case e.hasStrRule(t):
			return ""
		case t.Hookable:
			return "String"
		}
		return "FormattedString" // a string with a format: not passed through the string hook
	case ir.KInt:
		if !e.hasIntRule(t) {
			return "Int64"
		}
	case ir.KFloat:
		if t.Num.Empty() {
			return "Float64"
		}
	case ir.KBool:
		return "Bool"
	case ir.KNull:
		return "Null"
	case ir.KRaw:
		if t.Node == nil {
			return "Raw"
		}
	case ir.KArray:
		if t.ArrSize == nil && !t.Unique {
			return e.names[e.ids[t.Elem]] + "List"
		}
	case ir.KMap:
		if t.ObjSize == nil {
			return e.names[e.ids[t.Elem]] + "Map"
		}
	}
	return ""
}

// freeName returns name, or name with the smallest number after it that
// no other type of the package uses.
func (e *emitter) freeName(name string) string {
	free := name
	for i := 2; e.taken[free]; i++ {
		free = name + strconv.Itoa(i)
	}
	e.taken[free] = true
	return free
}

// signature describes everything the functions of an anonymous type depend
// on: its kind, null, its rules and, for slices and maps, its element.
func (e *emitter) signature(t *ir.Type) string {
	sig := fmt.Sprintf("%d|%v|%v|%s|", t.Kind, t.Nullable, t.Hookable, t.Name)
	if t.Rest != nil {
		sig += fmt.Sprintf("rest%d|", t.Rest.ID)
	}
	switch t.Kind {
	case ir.KString:
		sig += fmt.Sprintf("%d|%d|%q|%q", t.MinLen, t.MaxLen, t.Pattern, t.Format)
	case ir.KInt:
		sig += fmt.Sprintf("%+v", *t.Int)
	case ir.KFloat:
		sig += fmt.Sprintf("%+v", *t.Num)
	case ir.KArray, ir.KMap:
		sig += fmt.Sprintf("%d|%+v|%+v|%v", e.ids[t.Elem], t.ArrSize, t.ObjSize, t.Unique)
	case ir.KRaw, ir.KGo:
		if t.Go != nil {
			sig += fmt.Sprintf("%s|%s|%v|%s|", t.Go.Import, t.Go.Name, t.Go.Text, t.Go.Codec)
		}
		if t.Node != nil {
			sig += fmt.Sprintf("node%d", t.Node.ID)
		}
	}
	return sig
}

func (e *emitter) newFile() *jen.File {
	f := jen.NewFile(e.m.Package)
	f.HeaderComment(schema.Header)
	f.ImportName(rtPkg, "rt")
	f.ImportName(rtimplPkg, "rtimpl")
	return f
}

// unexport turns an exported name into an unexported one: its leading
// capital, or the whole leading initialism, in lower case ("ID" → "id",
// "HTTPServer" → "httpServer", "SessionID" → "sessionID").
func unexport(name string) string {
	r := []rune(name)
	i := 0
	for i < len(r) && unicode.IsUpper(r[i]) {
		i++
	}
	switch {
	case i == 0:
		return name
	case i == 1 || i == len(r):
	default:
		if unicode.IsLower(r[i]) {
			i-- // the last capital starts the next word
		}
	}
	return strings.ToLower(string(r[:i])) + string(r[i:])
}

// emit returns the generated files by name.
func (e *emitter) emit() (map[string][]byte, error) {
	out := map[string][]byte{}
	parts := []struct {
		name string
		fill func(f *jen.File)
	}{
		{"types.go", e.emitTypes},
		{"decode.go", e.emitDecoders},
		{"encode.go", e.emitEncoders},
		{"validate.go", e.emitValidators},
		{"nodes.go", e.emitNodes},
		{"zerogen.go", e.emitStamp},
	}
	for _, p := range parts {
		f := e.newFile()
		p.fill(f)
		b, err := render(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.name, err)
		}
		out[p.name] = b
	}
	return e.emitKnownFile(out)
}

// emitStamp writes zerogen.go: the hash of the schemas the package was
// generated from, and the handshake with the runtime's version. It is the
// one file that changes with every schema edit, so a change to one type
// rewrites only the files that type appears in.
func (e *emitter) emitStamp(f *jen.File) {
	f.HeaderComment("zerogen:schema-hash " + e.m.Hash)
	v := jen.Lit(rtimpl.GenVersion)
	f.Comment("This package was generated for version " + strconv.Itoa(rtimpl.GenVersion) + " of the contract between generated")
	f.Comment("code and package rtimpl. If either constant fails to compile, the")
	f.Comment("runtime in go.mod is too old or too new for this code: regenerate the")
	f.Comment("package with the zerogen of the runtime's module version.")
	f.Const().Defs(
		jen.Id("_").Op("=").Qual(rtimplPkg, "EnforceVersion").Call(v.Clone().Op("-").Qual(rtimplPkg, "MinVersion")),
		jen.Id("_").Op("=").Qual(rtimplPkg, "EnforceVersion").Call(jen.Qual(rtimplPkg, "MaxVersion").Op("-").Add(v)),
	)
}

// name is what the functions and rules of t are named after.
func (e *emitter) name(t *ir.Type) string { return e.names[e.ids[t]] }

// baseType is the Go type of t without null.
func (e *emitter) baseType(t *ir.Type) *jen.Statement { return baseTypeIn("", t) }

// valType is the Go type of a value of t, null included.
func (e *emitter) valType(t *ir.Type) *jen.Statement { return valTypeIn("", t) }

// valTypeIn is the Go type of a value of t, null included, whose named
// types are declared in the package imp ("" for the package being written).
func valTypeIn(imp string, t *ir.Type) *jen.Statement {
	if t.Nullable && t.Kind != ir.KRaw {
		return jen.Qual(rtPkg, "Nullable").Types(baseTypeIn(imp, t))
	}
	return baseTypeIn(imp, t)
}

// baseTypeIn is valTypeIn without null.
func baseTypeIn(imp string, t *ir.Type) *jen.Statement {
	switch t.Kind {
	case ir.KStruct, ir.KUnion, ir.KEnum, ir.KIntEnum, ir.KSum, ir.KTuple:
		if imp == "" {
			return jen.Id(t.Name)
		}
		return jen.Qual(imp, t.Name)
	case ir.KString, ir.KInt, ir.KFloat:
		if t.Name != "" && ir.NamedScalar(t) {
			if imp == "" {
				return jen.Id(t.Name)
			}
			return jen.Qual(imp, t.Name)
		}
		return scalarType(t)
	case ir.KBool:
		return jen.Bool()
	case ir.KNull:
		return jen.Qual(rtPkg, "NullValue")
	case ir.KArray:
		return jen.Index().Add(valTypeIn(imp, t.Elem))
	case ir.KMap:
		return jen.Map(jen.String()).Add(valTypeIn(imp, t.Elem))
	case ir.KGo:
		switch {
		case t.Go.Import != "":
			return jen.Qual(t.Go.Import, t.Go.Name)
		case imp != "":
			return jen.Qual(imp, t.Go.Name)
		}
		return jen.Id(t.Go.Name)
	}
	return jen.Qual(rtPkg, "Raw")
}

// fieldStore says how an optional field keeps presence.
type fieldStore int

const (
	storeValue fieldStore = iota // required: the value itself
	storeRaw                     // optional raw: nil when absent
	storePtr                     // optional struct or tuple: nil when absent
	storeOpt                     // optional other: rt.Opt
)

func storeOf(f *ir.Field) fieldStore {
	switch {
	case f.Required:
		return storeValue
	case f.Type.Kind == ir.KRaw:
		return storeRaw
	case (f.Type.Kind == ir.KStruct || f.Type.Kind == ir.KTuple) && !f.Type.Nullable:
		return storePtr
	}
	return storeOpt
}

func (e *emitter) fieldType(f *ir.Field) *jen.Statement {
	switch storeOf(f) {
	case storeRaw:
		return jen.Qual(rtPkg, "Raw")
	case storePtr:
		return jen.Op("*").Add(e.baseType(f.Type))
	case storeOpt:
		return jen.Qual(rtPkg, "Opt").Types(e.valType(f.Type))
	}
	return e.valType(f.Type)
}

// docComment writes a doc comment that starts with name.
func docComment(name, doc string, deprecated bool) *jen.Statement {
	s := jen.Null()
	body := strings.TrimSpace(doc)
	if body != "" {
		if !strings.HasPrefix(body, name+" ") {
			body = name + docJoin(body)
		}
		for _, line := range text.Wrap(body, 76) {
			s.Comment(line).Line()
		}
	}
	if deprecated {
		if body != "" {
			s.Comment("").Line()
		}
		s.Comment("Deprecated: the schema marks " + name + " deprecated.").Line()
	}
	return s
}

// docJoin joins a type's name to its description: "Input is one line
// ...", or, where the description is a sentence of its own ("A pet is
// ...", "OpenAPI 3.0: ..."), "Pet — a pet is ...", so that the comment
// still starts with the name and reads as written.
func docJoin(body string) string {
	if isSentence(body) {
		return " — " + lowerFirst(body)
	}
	return " is " + lowerFirst(body)
}

// isSentence reports whether a description's first sentence stands on its
// own: it opens with a name as its label ("OpenAPI 3.0: ...") or with a
// determiner, a noun and a verb ("A pet is ...").
func isSentence(body string) bool {
	first, _, _ := strings.Cut(body, ". ")
	words := strings.Fields(first)
	if len(words) < 3 {
		return false
	}
	for i, w := range words[:2] {
		if label, ok := strings.CutSuffix(w, ":"); ok {
			name := strings.Join(append(words[:i:i], label), " ")
			return strings.ContainsFunc(name[1:], func(r rune) bool { return unicode.IsUpper(r) || unicode.IsDigit(r) })
		}
	}
	switch words[0] {
	case "A", "An", "The", "This", "Each", "Every":
	default:
		return false
	}
	switch words[2] {
	case "is", "are", "has", "have", "holds", "can", "must", "may", "describes", "represents":
		return true
	}
	return false
}

// lowerFirst lowers the first letter of s, unless its first word is an
// acronym or a name written with capitals inside it ("JSON", "OpenAPI").
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	word := strings.Fields(s)[0]
	if len(word) > 1 && strings.ContainsFunc(word[1:], unicode.IsUpper) {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// emitTypes declares the named types.
func (e *emitter) emitTypes(f *jen.File) {
	for _, t := range e.m.Types {
		switch t.Kind {
		case ir.KStruct:
			e.structType(f, t)
		case ir.KUnion:
			e.unionType(f, t)
		case ir.KSum:
			e.sumType(f, t)
		case ir.KTuple:
			e.tupleType(f, t)
		case ir.KEnum, ir.KIntEnum:
			e.enumType(f, t)
		case ir.KString, ir.KInt, ir.KFloat:
			if t.Name != "" && ir.NamedScalar(t) {
				f.Add(docComment(t.Name, t.Doc, t.Deprecated).Type().Id(t.Name).Add(scalarType(t)))
				f.Line()
			}
		}
	}
}

// scalarType is the Go type underlying a string, integer or number.
func scalarType(t *ir.Type) *jen.Statement {
	switch t.Kind {
	case ir.KInt:
		return jen.Int64()
	case ir.KFloat:
		return jen.Float64()
	}
	return jen.String()
}

// plain converts v, a value of t, to its underlying Go type when t is a
// named scalar type.
func plain(t *ir.Type, v jen.Code) *jen.Statement {
	if t.Name != "" && ir.NamedScalar(t) {
		return scalarType(t).Call(v)
	}
	return jen.Add(v)
}

// named converts v, of t's underlying Go type, to t when t is a named
// scalar type.
func named(t *ir.Type, v jen.Code) *jen.Statement {
	if t.Name != "" && ir.NamedScalar(t) {
		return jen.Id(t.Name).Call(v)
	}
	return jen.Add(v)
}

func (e *emitter) structType(f *jen.File, t *ir.Type) {
	var fields []jen.Code
	for _, fl := range t.Fields {
		if fl.Const != "" {
			continue
		}
		doc := fl.Doc
		if !fl.Required && doc != "" {
			doc += " Optional."
		}
		doc = joinDoc(doc, e.fieldNote(fl), defaultNote(fl))
		fields = append(fields, docComment(fl.Go, doc, fl.Deprecated).Id(fl.Go).Add(e.fieldType(fl)))
	}
	for _, p := range t.Patterns {
		fields = append(fields, docComment(p.Go, fmt.Sprintf("%s holds the members whose names match %q, by name.", p.Go, p.Pattern), false).
			Id(p.Go).Map(jen.String()).Add(e.valType(p.Type)))
	}
	if t.Extra != nil {
		doc := jen.Comment("Extra holds properties not named by the schema, by name.").Line()
		if len(t.Patterns) > 0 {
			doc = docComment("Extra", "Extra holds the members that are neither properties nor match a pattern, by name.", false)
		}
		fields = append(fields, doc.
			Id("Extra").Map(jen.String()).Add(e.valType(t.Extra)))
	}
	f.Add(docComment(t.Name, joinDoc(t.Doc, restDoc(t)), t.Deprecated).Type().Id(t.Name).Struct(fields...))
	f.Line()
	for _, u := range t.Unions {
		f.Func().Params(jen.Op("*").Id(t.Name)).Id("is" + u.Name).Params().Block()
	}
	e.constAccessors(f, t)
	e.defaults(f, t)
}

// constAccessors give the values of const properties, which need no storage.
func (e *emitter) constAccessors(f *jen.File, t *ir.Type) {
	for _, fl := range t.Fields {
		if fl.Const == "" || fl.Const[0] != '"' {
			continue
		}
		v, _ := strconv.Unquote(fl.Const)
		f.Comment(fmt.Sprintf("%s returns %q, the only value the schema allows.", fl.Go, v))
		f.Func().Params(jen.Op("*").Id(t.Name)).Id(fl.Go).Params().String().Block(jen.Return(jen.Lit(v)))
	}
}

func (e *emitter) unionType(f *jen.File, t *ir.Type) {
	apart := fmt.Sprintf("The variant is told apart by the %q property; switch on the type of Value.", t.Disc)
	if t.Doc == "" {
		apart = fmt.Sprintf("%s holds one of its variants, told apart by the %q property; switch on the type of Value.", t.Name, t.Disc)
	}
	doc := strings.TrimSpace(t.Doc + "\n\n" + apart)
	if t.Match == "if" {
		doc = strings.TrimSpace(t.Doc + "\n\n" + ifDoc(t))
	} else if t.Match != "" {
		doc = strings.TrimSpace(t.Doc + "\n\n" + taggedDoc(t))
	}
	f.Add(docComment(t.Name, doc, t.Deprecated).Type().Id(t.Name).Struct(jen.Id("Value").Id(t.Helper)))
	var names []string
	for _, v := range t.Variants {
		names = append(names, "*"+v.Name)
	}
	f.Comment(fmt.Sprintf("%s is one of %s.", t.Helper, strings.Join(names, ", ")))
	f.Type().Id(t.Helper).Interface(
		jen.Id("is"+t.Name).Params(),
		jen.Id("Validate").Params().Error(),
		jen.Id("validate").Params(jen.Qual(rtimplPkg, "UTF8")).Error(),
		jen.Id("EncodeJSON").Params(jen.Id("e").Op("*").Qual(rtPkg, "Encoder")).Error(),
	)
	for _, u := range t.Unions {
		f.Func().Params(jen.Op("*").Id(t.Name)).Id("is" + u.Name).Params().Block()
	}
}

func (e *emitter) enumType(f *jen.File, t *ir.Type) {
	base, lit := jen.String(), func(v string) jen.Code { return jen.Lit(v) }
	if t.Kind == ir.KIntEnum {
		base, lit = jen.Int64(), func(v string) jen.Code { return jen.Id(v) }
		if t.Float {
			base = jen.Float64()
		}
	}
	f.Add(docComment(t.Name, joinDoc(t.Doc, restDoc(t)), t.Deprecated).Type().Id(t.Name).Add(base))
	var consts []jen.Code
	for i, v := range t.Values {
		c := jen.Null()
		if i < len(t.ValueDocs) && t.ValueDocs[i] != "" {
			c = docComment(t.ConstNames[i], t.ValueDocs[i], false)
		}
		consts = append(consts, c.Id(t.ConstNames[i]).Id(t.Name).Op("=").Add(lit(v)))
	}
	f.Comment(fmt.Sprintf("The values of %s.", t.Name))
	f.Const().Defs(consts...)
	f.Comment(fmt.Sprintf("%s lists every value of %s.", t.Helper, t.Name))
	var lits []jen.Code
	for _, name := range t.ConstNames {
		lits = append(lits, jen.Id(name))
	}
	f.Var().Id(t.Helper).Op("=").Index().Id(t.Name).Values(lits...)
}

// quotedList renders enum values for messages.
func quotedList(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = strconv.Quote(v)
	}
	return strings.Join(q, ", ")
}

// Emit writes the Go source of m, file name → contents.
func Emit(m *ir.Model) (map[string][]byte, error) {
	return newEmitter(m).emit()
}

// FixtureTest writes fixtures_test.go, the test that runs the fixtures
// package fixtures generates for m.
func FixtureTest(m *ir.Model) ([]byte, error) {
	return newEmitter(m).fixtureTest()
}
