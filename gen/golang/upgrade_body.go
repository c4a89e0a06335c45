package golang

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/gen/ir"
)

// body is the body of the function converting named type t1 to t2.
func (u *upgrader) body(t1, t2 *ir.Type) ([]jen.Code, error) {
	switch {
	case t1.Kind == ir.KUnion && t2.Kind == ir.KUnion:
		return u.unionBody(t1, t2)
	case t1.Kind == ir.KStruct && t2.Kind == ir.KStruct:
		return u.structBody(t1, t2)
	case t1.Kind == ir.KTuple && t2.Kind == ir.KTuple:
		return u.tupleBody(t1, t2)
	}
	return nil, u.errAt(u.l1, t1.Loc, fmt.Sprintf("%s is %s here but %s in the %s version", t1.Name, kindName(t1), kindName(t2), u.dstWord))
}

// goTypeName is the Go type x-go-type puts on t, "" for other types.
func goTypeName(t *ir.Type) string {
	if t.Go == nil {
		return ""
	}
	return t.Go.String()
}

func kindName(t *ir.Type) string {
	return [...]string{"any JSON value", "an object", "a union", "an enum", "a string", "an integer", "a number", "a boolean", "an array", "a map", "an integer enum", "a value of several JSON types", "a value of the user's type " + goTypeName(t), "a tuple"}[t.Kind]
}

// unionBody switches on the old variant and converts it to the new variant
// of the same title.
func (u *upgrader) unionBody(t1, t2 *ir.Type) ([]jen.Code, error) {
	var cases []jen.Code
	for _, v1 := range t1.Variants {
		v2 := findNamed(t2.Variants, v1.Name)
		if v2 == nil {
			c, err := u.missingVariant(t1, t2, v1)
			if err != nil {
				return nil, err
			}
			cases = append(cases, c)
			continue
		}
		cases = append(cases, jen.Case(jen.Op("*").Add(u.src(v1.Name))).Block(
			jen.List(jen.Id("z"), jen.Err()).Op(":=").Id(u.fn(v1, v2)).Call(jen.Id("v")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("y"), jen.Err())),
			jen.Id("y").Dot("Value").Op("=").Op("&").Id("z"),
		))
	}
	cases = append(cases, jen.Default().Block(jen.Return(jen.Id("y"),
		jen.Op("&").Id(u.failure()).Values(jen.Dict{jen.Id("msg"): jen.Lit("no " + t1.Name + " variant is set")}))))
	return []jen.Code{
		jen.Switch(jen.Id("v").Op(":=").Id("x").Dot("Value").Assert(jen.Id("type"))).Block(cases...),
		jen.Return(jen.Id("y"), jen.Nil()),
	}, nil
}

// structBody converts field by field, pairing fields by JSON name.
func (u *upgrader) structBody(t1, t2 *ir.Type) ([]jen.Code, error) {
	var code []jen.Code
	matched := map[string]bool{}
	for _, f1 := range t1.Fields {
		f2 := findField(t2, f1.JSON)
		at := t1.Loc + "/properties/" + schema.PointerEscape(f1.JSON)
		switch {
		case f2 == nil && u.down:
			code = append(code, jen.Comment(fmt.Sprintf("%s: the older version has no such field; dropped.", f1.JSON)))
			continue
		case f2 == nil:
			return nil, u.errAt(u.l1, at, fmt.Sprintf("field %q of %s has no counterpart in the %s %s", f1.JSON, t1.Name, u.dstWord, t2.Name))
		case f2.Const != "" && f1.Const == "":
			return nil, u.errAt(u.l2, t2.Loc+"/properties/"+schema.PointerEscape(f2.JSON), fmt.Sprintf("field %q of %s is a constant in the %s version", f2.JSON, t2.Name, u.dstWord))
		case f1.Const != "" && f2.Const == "":
			return nil, u.errAt(u.l1, at, fmt.Sprintf("field %q of %s is a constant here but not in the %s %s", f1.JSON, t1.Name, u.dstWord, t2.Name))
		}
		matched[f1.JSON] = true
		if f1.Const != "" {
			continue // both constants: the target type writes its own
		}
		c, err := u.field(f1, f2, at)
		if err != nil {
			return nil, err
		}
		code = append(code, c...)
	}
	for _, f2 := range t2.Fields {
		if !matched[f2.JSON] && f2.Required {
			return nil, u.errAt(u.l2, t2.Loc+"/properties/"+schema.PointerEscape(f2.JSON),
				fmt.Sprintf("required field %q of %s has no counterpart in the %s %s", f2.JSON, t2.Name, u.srcWord, t1.Name))
		}
	}
	extra, err := u.extra(t1, t2)
	if err != nil {
		return nil, err
	}
	code = append(code, extra...)
	return append(code, jen.Return(jen.Id("y"), jen.Nil())), nil
}

// tupleBody converts position by position, as structBody converts
// members (a tuple's fields are named by position), then the items past
// the positions.
func (u *upgrader) tupleBody(t1, t2 *ir.Type) ([]jen.Code, error) {
	var rest []jen.Code
	switch {
	case t1.Elem == nil:
	case t2.Elem == nil:
		return nil, u.errAt(u.l1, t1.Loc, fmt.Sprintf("%s admits items past its positions, the %s %s does not", t1.Name, u.dstWord, t2.Name))
	case len(t2.Fields) != len(t1.Fields):
		return nil, u.errAt(u.l1, t1.Loc, fmt.Sprintf("%s has %d positions, the %s %s %d", t1.Name, len(t1.Fields), u.dstWord, t2.Name, len(t2.Fields)))
	default:
		var err error
		a1, a2 := &ir.Type{Kind: ir.KArray, ListShape: ir.ListShape{Elem: t1.Elem}}, &ir.Type{Kind: ir.KArray, ListShape: ir.ListShape{Elem: t2.Elem}}
		rest, err = u.convertBase(jen.Id("y").Dot("Rest"), a1, a2, jen.Id("x").Dot("Rest"), nil, t1.Loc)
		if err != nil {
			return nil, err
		}
	}
	code, err := u.structBody(t1, t2)
	if err != nil {
		return nil, err
	}
	return append(append(rest, code[:len(code)-1]...), code[len(code)-1]), nil
}

func findField(t *ir.Type, json string) *ir.Field {
	for _, f := range t.Fields {
		if f.JSON == json {
			return f
		}
	}
	return nil
}

// field converts one stored field, keeping absent optional fields absent.
func (u *upgrader) field(f1, f2 *ir.Field, at string) ([]jen.Code, error) {
	s1, s2 := storeOf(f1), storeOf(f2)
	src := jen.Id("x").Dot(f1.Go)
	present := map[fieldStore]*jen.Statement{
		storeRaw: src.Clone().Op("!=").Nil(), storePtr: src.Clone().Op("!=").Nil(), storeOpt: src.Clone().Dot("Set"),
	}[s1]
	val := map[fieldStore]*jen.Statement{
		storeValue: src.Clone(), storeRaw: src.Clone(), storePtr: jen.Op("*").Add(src.Clone()), storeOpt: src.Clone().Dot("V"),
	}[s1]
	if s1 == storePtr {
		u.pointees[val] = src.Clone()
	}
	var conv []jen.Code
	var err error
	dst := jen.Id("y").Dot(f2.Go)
	switch s2 {
	case storeValue, storeRaw:
		conv, err = u.convert(dst, f1.Type, f2.Type, val, jen.Lit(schema.PointerEscape(f1.JSON)), at)
	default:
		z := u.temp("z")
		var zType jen.Code = u.dstVal(f2.Type)
		wrap := jen.Qual(rtPkg, "Some").Call(jen.Id(z))
		if s2 == storePtr {
			zType, wrap = u.dstBase(f2.Type), jen.Op("&").Id(z)
		}
		conv, err = u.convert(jen.Id(z), f1.Type, f2.Type, val, jen.Lit(schema.PointerEscape(f1.JSON)), at)
		conv = append([]jen.Code{jen.Var().Id(z).Add(zType)}, conv...)
		conv = append(conv, dst.Clone().Op("=").Add(wrap))
	}
	if err != nil {
		return nil, err
	}
	switch {
	case present == nil:
		return conv, nil
	case f2.Required:
		return append([]jen.Code{jen.If(jen.Op("!").Parens(present)).Block(jen.Return(jen.Id("y"), u.errLit(f1.JSON,
			"absent, but the "+u.dstWord+" version requires it")))}, conv...), nil
	}
	return []jen.Code{jen.If(present).Block(conv...)}, nil
}

// errLit is a failure at the member key.
func (u *upgrader) errLit(key, msg string) *jen.Statement {
	return jen.Op("&").Id(u.failure()).Values(jen.Dict{jen.Id("ptr"): jen.Lit("/" + schema.PointerEscape(key)), jen.Id("msg"): jen.Lit(msg)})
}

func (u *upgrader) temp(prefix string) string {
	u.tmp++
	return fmt.Sprintf("%s%d", prefix, u.tmp)
}

// extra converts the properties that additionalProperties admits.
func (u *upgrader) extra(t1, t2 *ir.Type) ([]jen.Code, error) {
	switch {
	case t1.Extra == nil:
		return nil, nil
	case t2.Extra == nil:
		return nil, u.errAt(u.l1, t1.Loc+"/additionalProperties", fmt.Sprintf("%s admits other fields, the %s %s does not", t1.Name, u.dstWord, t2.Name))
	}
	m := &ir.Type{Kind: ir.KMap, ListShape: ir.ListShape{Elem: t1.Extra}}
	m2 := &ir.Type{Kind: ir.KMap, ListShape: ir.ListShape{Elem: t2.Extra}}
	inner, err := u.convertBase(jen.Id("y").Dot("Extra"), m, m2, jen.Id("x").Dot("Extra"), nil, t1.Loc)
	return inner, err
}

// convert assigns src, a value of old type t1, converted to new type t2,
// to dst. key is a Go string expression: the value's path below the
// current object, for run-time errors; at is its schema location.
func (u *upgrader) convert(dst *jen.Statement, t1, t2 *ir.Type, src *jen.Statement, key *jen.Statement, at string) ([]jen.Code, error) {
	if t1.Kind == ir.KRaw || t2.Kind == ir.KRaw || (!t1.Nullable && !t2.Nullable) {
		return u.convertBase(dst, t1, t2, src, key, at)
	}
	switch {
	case t1.Nullable && t2.Nullable:
		inner, err := u.convertBase(dst.Clone().Dot("V"), t1, t2, src.Clone().Dot("V"), key, at)
		inner = append(inner, dst.Clone().Dot("Valid").Op("=").True())
		return []jen.Code{jen.If(src.Clone().Dot("Valid")).Block(inner...)}, err
	case t2.Nullable:
		inner, err := u.convertBase(dst.Clone().Dot("V"), t1, t2, src, key, at)
		return append(inner, dst.Clone().Dot("Valid").Op("=").True()), err
	}
	inner, err := u.convertBase(dst, t1, t2, src.Clone().Dot("V"), key, at)
	check := jen.If(jen.Op("!").Add(src.Clone()).Dot("Valid")).Block(jen.Return(jen.Id("y"), u.errAt2(key, "null, which the "+u.dstWord+" version does not allow here")))
	return append([]jen.Code{check}, inner...), err
}

// addr is the address of the value src: the pointer it was read through,
// or &src.
func (u *upgrader) addr(src *jen.Statement) *jen.Statement {
	if p, ok := u.pointees[src]; ok {
		return p
	}
	return jen.Op("&").Add(src)
}

// errAt2 is a failure at the path key (a Go string expression).
func (u *upgrader) errAt2(key *jen.Statement, msg string) *jen.Statement {
	return jen.Op("&").Id(u.failure()).Values(jen.Dict{jen.Id("ptr"): jen.Lit("/").Op("+").Add(key), jen.Id("msg"): jen.Lit(msg)})
}

// convertBase converts values of non-null types.
func (u *upgrader) convertBase(dst *jen.Statement, t1, t2 *ir.Type, src *jen.Statement, key *jen.Statement, at string) ([]jen.Code, error) {
	assign := func(v jen.Code) ([]jen.Code, error) { return []jen.Code{dst.Clone().Op("=").Add(v)}, nil }
	k1, k2 := t1.Kind, t2.Kind
	switch {
	case k1 == ir.KRaw && k2 == ir.KRaw:
		return assign(jen.Append(jen.Qual(rtPkg, "Raw").Call(jen.Nil()), src.Clone().Op("...")))
	case k1 == k2 && k1 == ir.KNull:
		return assign(src)
	case k1 == k2 && (k1 == ir.KString || k1 == ir.KInt || k1 == ir.KFloat || k1 == ir.KBool):
		switch {
		case t2.Name != "" && ir.NamedScalar(t2):
			return assign(u.dst(t2.Name).Call(src))
		case t1.Name != "" && ir.NamedScalar(t1):
			return assign(scalarType(t2).Call(src))
		}
		return assign(src)
	case k2 == ir.KEnum && (k1 == ir.KEnum || k1 == ir.KString):
		return assign(u.dst(t2.Name).Call(src))
	case k1 == ir.KEnum && k2 == ir.KString:
		return assign(jen.String().Call(src))
	case k2 == ir.KIntEnum && (k1 == ir.KIntEnum && t1.Float == t2.Float || k1 == ir.KInt && !t2.Float):
		return assign(u.dst(t2.Name).Call(src))
	case k1 == ir.KIntEnum && k2 == ir.KInt && !t1.Float:
		return assign(jen.Int64().Call(src))
	case k1 == k2 && (k1 == ir.KStruct || k1 == ir.KUnion || k1 == ir.KTuple):
		z := u.temp("z")
		return []jen.Code{
			jen.List(jen.Id(z), jen.Err()).Op(":=").Id(u.fn(t1, t2)).Call(u.addr(src)),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("y"), jen.Id(u.verb+"At").Call(key, jen.Err()))),
			dst.Clone().Op("=").Id(z),
		}, nil
	case k1 == ir.KArray && k2 == ir.KArray:
		i := u.temp("i")
		inner, err := u.convert(dst.Clone().Index(jen.Id(i)), t1.Elem, t2.Elem, src.Clone().Index(jen.Id(i)),
			childKey(key, jen.Qual("strconv", "Itoa").Call(jen.Id(i))), at+"/items")
		return []jen.Code{jen.If(src.Clone().Op("!=").Nil()).Block(
			dst.Clone().Op("=").Make(jen.Index().Add(u.dstVal(t2.Elem)), jen.Len(src)),
			jen.For(jen.Id(i).Op(":=").Range().Add(src)).Block(inner...),
		)}, err
	case k1 == ir.KGo && k2 == ir.KGo && t1.Go.Import == t2.Go.Import && t1.Go.Name == t2.Go.Name && t1.Go.Text == t2.Go.Text && t1.Go.Codec == t2.Go.Codec:
		return assign(src) // the same Go type; the new schema's keywords are checked by Validate
	case k1 == ir.KMap && k2 == ir.KMap:
		k, v, w := u.temp("k"), u.temp("v"), u.temp("w")
		inner, err := u.convert(jen.Id(w), t1.Elem, t2.Elem, jen.Id(v), childKey(key, pointerToken(jen.Id(k))), at+"/additionalProperties")
		body := append([]jen.Code{jen.Var().Id(w).Add(u.dstVal(t2.Elem))}, inner...)
		body = append(body, dst.Clone().Index(jen.Id(k)).Op("=").Id(w))
		return []jen.Code{jen.If(src.Clone().Op("!=").Nil()).Block(
			dst.Clone().Op("=").Make(jen.Map(jen.String()).Add(u.dstVal(t2.Elem)), jen.Len(src)),
			jen.For(jen.List(jen.Id(k), jen.Id(v)).Op(":=").Range().Add(src)).Block(body...),
		)}, err
	}
	return nil, u.errAt(u.l1, at, fmt.Sprintf("the value is %s here but %s in the %s version; zerogen cannot convert it", kindName(t1), kindName(t2), u.dstWord))
}

// childKey is the path of a member or element below key; a nil key is the
// current object itself.
func childKey(key, token *jen.Statement) *jen.Statement {
	if key == nil {
		return token
	}
	return key.Clone().Op("+").Lit("/").Op("+").Add(token)
}

// pointerToken escapes a member name for a JSON Pointer; the expression
// only runs on the error path.
func pointerToken(name *jen.Statement) *jen.Statement {
	return jen.Qual("strings", "NewReplacer").Call(jen.Lit("~"), jen.Lit("~0"), jen.Lit("/"), jen.Lit("~1")).Dot("Replace").Call(name)
}
