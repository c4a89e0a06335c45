package golang

import (
	"fmt"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/ir"
)

func (e *emitter) nodeVar(n *ir.Node) string {
	if name, ok := e.rests[n]; ok {
		return name
	}
	switch n.ID {
	case -1:
		return "rtimpl.False"
	case -2:
		return "rtimpl.True"
	}
	return "node" + strconv.Itoa(n.ID)
}

func (e *emitter) nodeRef(n *ir.Node) jen.Code {
	if n == nil {
		return jen.Nil()
	}
	switch n.ID {
	case -1:
		return jen.Qual(rtimplPkg, "False")
	case -2:
		return jen.Qual(rtimplPkg, "True")
	}
	return jen.Id(e.nodeVar(n))
}

// emitNodes declares the interpreter nodes. They are allocated first and
// filled in init, since schemas may refer to themselves.
func (e *emitter) emitNodes(f *jen.File) {
	if len(e.m.Nodes) == 0 {
		f.Comment("This package validates every schema with generated Go types; it needs no interpreter nodes.")
		return
	}
	var decls, fills, patterns []jen.Code
	for _, n := range e.m.Nodes {
		decl := jen.Null()
		if t := e.restOf[n]; t != nil {
			decl = jen.Comment(fmt.Sprintf("%s checks what the Go type %s does not hold: %s.", e.nodeVar(n), e.name(t), restKeywords(t))).Line()
		}
		decls = append(decls, decl.Id(e.nodeVar(n)).Op("=").New(jen.Qual(rtimplPkg, "Node")))
		fills = append(fills, jen.Op("*").Id(e.nodeVar(n)).Op("=").Qual(rtimplPkg, "Node").Values(e.nodeFields(n)))
		if n.Str != nil && n.Str.Pattern != "" {
			patterns = append(patterns, jen.Id(e.nodePatternVar(n, -1)).Op("=").Add(mustPattern(n.Str.Pattern)))
		}
		for i, p := range n.Patterns {
			patterns = append(patterns, jen.Id(e.nodePatternVar(n, i)).Op("=").Add(mustPattern(p.Name)))
		}
	}
	what := "Interpreter nodes for schemas without a Go shape of their own, one per schema location."
	for _, r := range e.m.Roots {
		if r.AllNode != nil {
			what = "Interpreter nodes, one per schema location: for schemas without a Go shape of their own, and the roots' whole schemas for UnmarshalJSONAll."
			break
		}
	}
	f.Comment(what)
	f.Var().Defs(decls...)
	if len(patterns) > 0 {
		f.Comment("The nodes' patterns (pattern, and patternProperties by position).")
		f.Var().Defs(patterns...)
	}
	f.Func().Id("init").Params().Block(fills...)
}

// nodePatternVar is the variable holding node n's pattern (i < 0) or the
// name pattern of its i-th patternProperties member.
func (e *emitter) nodePatternVar(n *ir.Node, i int) string {
	if i < 0 {
		return e.nodeVar(n) + "Pattern"
	}
	return e.nodeVar(n) + "Names" + strconv.Itoa(i)
}

func (e *emitter) nodeList(ns []*ir.Node) jen.Code {
	if len(ns) == 0 {
		return nil
	}
	var items []jen.Code
	for _, n := range ns {
		items = append(items, e.nodeRef(n))
	}
	return jen.Index().Op("*").Qual(rtimplPkg, "Node").Values(items...)
}

func (e *emitter) nodeFields(n *ir.Node) jen.Dict {
	dict := jen.Dict{}
	set := func(name string, v jen.Code) {
		if v != nil {
			dict[jen.Id(name)] = v
		}
	}
	if e.m.AllErrors && n.Loc != "" {
		set("Loc", jen.Lit(n.Loc))
	}
	if e.m.AllErrors && n.UserCheck != nil && n.UserCheck.Go.Codec != "" {
		// A format's Go type: the runtime's codec checks the format and
		// reads the value, as the decoder does.
		set("UserCheck", jen.Qual(rtimplPkg, n.UserCheck.Go.Codec).Dot("Check"))
	} else if e.m.AllErrors && n.UserCheck != nil {
		fn := "UnmarshalJSONAt"
		if n.UserCheck.Go.Text {
			fn = "UnmarshalTextAt"
		}
		set("UserCheck", jen.Func().Params(jen.Id("raw").Qual(rtPkg, "Raw"), jen.Id("off").Int()).Error().Block(
			jen.Var().Id("v").Add(e.baseType(n.UserCheck)),
			jen.Return(jen.Qual(rtimplPkg, fn).Call(jen.Op("&").Id("v"), jen.Id("raw"), jen.Id("off"))),
		))
	}
	if n.Never {
		set("Never", jen.True())
		return dict
	}
	if len(n.Types) > 0 {
		set("Types", typeSetCode(n.Types))
	}
	if len(n.Const) > 0 {
		set("Const", jen.Index().String().Values(jen.Lit(n.Const[0])))
	}
	if n.Enum != nil {
		vs := []jen.Code{}
		for _, v := range n.Enum {
			vs = append(vs, jen.Lit(v))
		}
		set("Enum", jen.Index().String().Values(vs...))
	}
	if n.Str != nil {
		vals := jen.Dict{jen.Id("MinLen"): jen.Lit(n.Str.MinLen), jen.Id("MaxLen"): jen.Lit(n.Str.MaxLen)}
		if n.Str.Pattern != "" {
			vals[jen.Id("Pattern")] = jen.Id(e.nodePatternVar(n, -1))
		}
		if n.Str.Format != "" {
			vals[jen.Id("Format")] = jen.Qual(rtimplPkg, "MustFormat").Call(jen.Lit(n.Str.Format))
		}
		set("Str", jen.Op("&").Qual(rtimplPkg, "StrRule").Values(vals))
	}
	if n.Num != nil {
		b := n.Num
		set("Num", jen.Qual(rtimplPkg, "NewNumRule").Call(jen.Lit(b.Min), jen.Lit(b.ExMin), jen.Lit(b.Max), jen.Lit(b.ExMax), jen.Lit(b.MultipleOf)))
	}
	e.nodeArrayFields(n, set)
	e.nodeObjectFields(n, set)
	if n.Ref != nil {
		set("Ref", e.nodeRef(n.Ref))
	}
	if n.DynRef != nil {
		set("DynRef", e.nodeRef(n.DynRef))
		if n.DynName != "" {
			set("DynName", jen.Lit(n.DynName))
		}
	}
	if len(n.DynAnchors) > 0 {
		d := jen.Dict{}
		for _, a := range n.DynAnchors {
			d[jen.Lit(a.Name)] = e.nodeRef(a.Node)
		}
		set("DynAnchors", jen.Map(jen.String()).Op("*").Qual(rtimplPkg, "Node").Values(d))
		set("DynResource", jen.Lit(n.DynResource))
	}
	set("AllOf", e.nodeList(n.AllOf))
	set("AnyOf", e.nodeList(n.AnyOf))
	set("OneOf", e.nodeList(n.OneOf))
	for name, m := range map[string]*ir.Node{"Not": n.Not, "If": n.If, "Then": n.Then, "Else": n.Else,
		"UnevalProps": n.UnevalProps, "UnevalItems": n.UnevalItems} {
		if m != nil {
			set(name, e.nodeRef(m))
		}
	}
	return dict
}

func sizeRule(s *ir.Size, minKw, maxKw, noun string) jen.Code {
	return jen.Op("&").Qual(rtimplPkg, "SizeRule").Values(jen.Dict{
		jen.Id("Min"): jen.Lit(s.Min), jen.Id("Max"): jen.Lit(s.Max),
		jen.Id("MinKw"): jen.Lit(minKw), jen.Id("MaxKw"): jen.Lit(maxKw), jen.Id("Noun"): jen.Lit(noun),
	})
}

func (e *emitter) nodeArrayFields(n *ir.Node, set func(string, jen.Code)) {
	set("Prefix", e.nodeList(n.Prefix))
	if n.Items != nil {
		set("Items", e.nodeRef(n.Items))
	}
	if n.Contains != nil {
		set("Contains", e.nodeRef(n.Contains))
		set("MinContains", jen.Lit(n.MinContains))
		if n.ContainsNoEval {
			set("ContainsNoEval", jen.True())
		}
	}
	set("MaxContains", jen.Lit(n.MaxContains))
	if n.ArrSize != nil {
		set("ArrSize", sizeRule(n.ArrSize, "minItems", "maxItems", "item"))
	}
	if n.Unique {
		set("Unique", jen.True())
	}
}

func (e *emitter) nodeObjectFields(n *ir.Node, set func(string, jen.Code)) {
	if len(n.Props) > 0 {
		d := jen.Dict{}
		for _, p := range n.Props {
			d[jen.Lit(p.Name)] = e.nodeRef(p.Node)
		}
		set("Props", jen.Map(jen.String()).Op("*").Qual(rtimplPkg, "Node").Values(d))
	}
	if len(n.Patterns) > 0 {
		var ps []jen.Code
		for i, p := range n.Patterns {
			ps = append(ps, jen.Values(jen.Id(e.nodePatternVar(n, i)), e.nodeRef(p.Node)))
		}
		set("Patterns", jen.Index().Qual(rtimplPkg, "PatternNode").Values(ps...))
	}
	if n.Additional != nil {
		set("Additional", e.nodeRef(n.Additional))
	}
	if n.PropertyNames != nil {
		set("PropertyNames", e.nodeRef(n.PropertyNames))
	}
	if len(n.Required) > 0 {
		var rs []jen.Code
		for _, r := range n.Required {
			rs = append(rs, jen.Lit(r))
		}
		set("Required", jen.Index().String().Values(rs...))
	}
	if len(n.DepRequired) > 0 {
		d := jen.Dict{}
		for _, dr := range n.DepRequired {
			var rs []jen.Code
			for _, r := range dr.Requires {
				rs = append(rs, jen.Lit(r))
			}
			d[jen.Lit(dr.Name)] = jen.Values(rs...)
		}
		set("DepRequired", jen.Map(jen.String()).Index().String().Values(d))
		if e.m.AllErrors && n.DepKeyword != "" {
			set("DepKeyword", jen.Lit(n.DepKeyword))
		}
	}
	if len(n.DepSchemas) > 0 {
		d := jen.Dict{}
		for _, ds := range n.DepSchemas {
			d[jen.Lit(ds.Name)] = e.nodeRef(ds.Node)
		}
		set("DepSchemas", jen.Map(jen.String()).Op("*").Qual(rtimplPkg, "Node").Values(d))
	}
	if n.ObjSize != nil {
		set("ObjSize", sizeRule(n.ObjSize, "minProperties", "maxProperties", "property"))
	}
}
