package golang

import (
	"fmt"
	"path"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/gen/ir"
)

// UpgradeFile is the file Upgrade writes into the new version's package.
const UpgradeFile = "upgrade.go"

// UpgradeConfig says which two versions of a schema family to convert
// between.
type UpgradeConfig struct {
	// From is the old version's schemas; FromImport is the import path of
	// the Go package generated from them, and From.Model.Package its name
	// (default: the last two elements of FromImport joined, as in
	// "streamjsonv1" for ".../streamjson/v1").
	From       Version
	FromImport string
	// To is the new version's schemas; To.Model.Package is the package the
	// generated code goes in.
	To Version
	// FromDir and ToDir, when set, are put in front of the file names in
	// errors, so that they tell the two versions apart.
	FromDir, ToDir string
}

// Version is one side of an upgrade: its schema files and how to name
// its model.
type Version struct {
	Load  schema.Options
	Model ir.Options
}

// Upgrade writes UpgradeFile: for every root of the old version, a function
// Upgrade<Root>(x *old.<Root>) (<Root>, error) that converts a decoded old
// document to the new version's type. Types are paired by title (union
// variants too) and struct fields by JSON name. Conversion is exact or
// refused: an old field without a new counterpart, a new required field
// without an old one, a root or variant without a counterpart, or a change
// of shape (string to integer, object to array) is a generation error that
// names the schema location. What can only fail for some documents (a
// value a narrowed enum or tighter constraint rejects, an optional old
// field that the new version requires) fails at run time: every result is
// validated against the new schema before it is returned.
func Upgrade(cfg UpgradeConfig) (map[string][]byte, error) {
	if cfg.To.Model.Package == "" || cfg.FromImport == "" {
		return nil, fmt.Errorf("upgrade: the new package name and the old import path are required")
	}
	if cfg.From.Model.Package == "" {
		cfg.From.Model.Package = path.Base(path.Dir(cfg.FromImport)) + path.Base(cfg.FromImport)
	}
	l1, from, err := ir.Load(cfg.From.Load, cfg.From.Model)
	if err != nil {
		return nil, fmt.Errorf("old version: %w", err)
	}
	l2, to, err := ir.Load(cfg.To.Load, cfg.To.Model)
	if err != nil {
		return nil, fmt.Errorf("new version: %w", err)
	}
	u := newUpgrader(&cfg, l1, l2, from, to, "upgrade")
	u.m2Hash = schema.Hash(append(schema.Prefixed("from/", cfg.From.Load.Files), schema.Prefixed("to/", cfg.To.Load.Files)...))
	src, err := u.emit(cfg.From.Model.Package)
	if err != nil {
		return nil, err
	}
	return map[string][]byte{UpgradeFile: src}, nil
}

// upgrader emits the conversion functions from the types of one version
// (1, the source) to those of another (2, the target). Upgrade converts
// from the imported older package to the package being written; Downgrade
// (down) from the package being written to the imported older one.
type upgrader struct {
	cfg      *UpgradeConfig
	l1, l2   *schema.Loaded
	from, to *ir.Model
	imp      string
	e2       *emitter
	fns      map[[2]*ir.Type]string // type pair → function name
	taken    map[string]bool
	queue    [][2]*ir.Type
	m2Hash   string
	tmp      int
	// pointees maps a dereference the upgrader wrote (*x.F of a pointer
	// field) to the pointer itself, so that a conversion that takes the
	// value's address passes x.F instead of &*x.F.
	pointees map[*jen.Statement]*jen.Statement

	verb             string // "upgrade" or "downgrade": the prefix of every name
	down             bool
	srcWord, dstWord string            // what messages call each side: "old", "new"
	drops            map[string]string // down: variant name → why it is dropped
	dropped          map[string]bool   // down: the drops that named a variant
}

func newUpgrader(cfg *UpgradeConfig, l1, l2 *schema.Loaded, from, to *ir.Model, verb string) *upgrader {
	u := &upgrader{cfg: cfg, l1: l1, l2: l2, from: from, to: to, imp: cfg.FromImport, e2: newEmitter(to),
		fns: map[[2]*ir.Type]string{}, pointees: map[*jen.Statement]*jen.Statement{}, verb: verb, srcWord: "old", dstWord: "new"}
	u.taken = map[string]bool{u.failure(): true, u.verb + "At": true}
	return u
}

// failure is the name of the generated error type.
func (u *upgrader) failure() string { return u.verb + "Failure" }

// src is the Go type of a named type of the source version.
func (u *upgrader) src(name string) *jen.Statement {
	if u.down {
		return jen.Id(name)
	}
	return jen.Qual(u.imp, name)
}

// dst is the Go type of a named type of the target version.
func (u *upgrader) dst(name string) *jen.Statement {
	if u.down {
		return jen.Qual(u.imp, name)
	}
	return jen.Id(name)
}

// dstVal is the Go type of a value of target type t; dstBase the same
// without null.
func (u *upgrader) dstVal(t *ir.Type) *jen.Statement {
	if u.down {
		return valTypeIn(u.imp, t)
	}
	return u.e2.valType(t)
}

func (u *upgrader) dstBase(t *ir.Type) *jen.Statement {
	if u.down {
		return baseTypeIn(u.imp, t)
	}
	return u.e2.baseType(t)
}

func (u *upgrader) emit(alias string) ([]byte, error) {
	pkg, header := u.to.Package, schema.UpgradeHeader
	if u.down {
		pkg, header = u.from.Package, DowngradeHeader
	}
	f := jen.NewFile(pkg)
	f.HeaderComment(header)
	f.HeaderComment("zerogen:schema-hash " + u.m2Hash)
	f.ImportAlias(u.imp, alias)
	f.ImportName(rtPkg, "rt")
	f.ImportName(rtimplPkg, "rtimpl")
	for _, r1 := range u.from.Roots {
		r2 := findNamed(u.to.Roots, r1.Name)
		if r2 == nil {
			return nil, u.errAt(u.l1, r1.Loc, fmt.Sprintf("root %s has no counterpart of the same title in the %s version", r1.Name, u.dstWord))
		}
		if u.down {
			u.downRootFunc(f, r1, r2)
		} else {
			u.rootFunc(f, r1, r2)
		}
		u.fn(r1, r2)
	}
	for len(u.queue) > 0 {
		pair := u.queue[0]
		u.queue = u.queue[1:]
		body, err := u.body(pair[0], pair[1])
		if err != nil {
			return nil, err
		}
		f.Line()
		f.Comment(fmt.Sprintf("%s converts %s %s %s to %s %s %s.", u.fns[pair], article(u.srcWord), u.srcWord, pair[0].Name,
			article(u.dstWord), u.dstWord, pair[1].Name))
		f.Func().Id(u.fns[pair]).Params(jen.Id("x").Op("*").Add(u.src(pair[0].Name))).
			Params(jen.Id("y").Add(u.dst(pair[1].Name)), jen.Err().Error()).Block(body...)
	}
	if err := u.checkDrops(); err != nil {
		return nil, err
	}
	u.errorType(f)
	return render(f)
}

// rootFunc writes the exported entry point of one root.
func (u *upgrader) rootFunc(f *jen.File, r1, r2 *ir.Type) {
	name := "Upgrade" + r1.Name
	f.Comment(fmt.Sprintf("%s converts a decoded %s of the older version (package %s) to", name, r1.Name, path.Base(u.imp)))
	f.Comment("this version. Types are paired by title and fields by JSON name; the result")
	f.Comment("is validated against this version's schema, so an error means that the")
	f.Comment("document has no valid counterpart here.")
	f.Func().Id(name).Params(jen.Id("x").Op("*").Qual(u.imp, r1.Name)).Params(jen.Id(r2.Name), jen.Error()).Block(
		jen.If(jen.Id("x").Op("==").Nil()).Block(jen.Return(jen.Id(r2.Name).Values(), jen.Op("&").Id("upgradeFailure").Values(jen.Dict{jen.Id("msg"): jen.Lit("no document")}))),
		jen.List(jen.Id("y"), jen.Err()).Op(":=").Id(u.fn(r1, r2)).Call(jen.Id("x")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id(r2.Name).Values(), jen.Err())),
		jen.If(jen.Err().Op(":=").Id("y").Dot("Validate").Call(), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Id(r2.Name).Values(), jen.Qual("fmt", "Errorf").Call(jen.Lit("upgrade: %w"), jen.Err()))),
		jen.Return(jen.Id("y"), jen.Nil()),
	)
}

// fn returns the name of the function converting t1 to t2, queueing it.
func (u *upgrader) fn(t1, t2 *ir.Type) string {
	if t1.Alias != nil { // X or null converts as X does
		t1 = t1.Alias
	}
	if t2.Alias != nil {
		t2 = t2.Alias
	}
	key := [2]*ir.Type{t1, t2}
	if name, ok := u.fns[key]; ok {
		return name
	}
	name := u.verb + t2.Name
	if u.taken[name] {
		name = u.verb + t1.Name + "To" + t2.Name
	}
	for i := 2; u.taken[name]; i++ {
		name = fmt.Sprintf("%s%s%d", u.verb, t2.Name, i)
	}
	u.taken[name] = true
	u.fns[key] = name
	u.queue = append(u.queue, key)
	return name
}

func findNamed(ts []*ir.Type, name string) *ir.Type {
	for _, t := range ts {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// errAt turns a model location ("https://…/output.json#/$defs/x") of
// version l into a generation error naming the schema file and pointer.
func (u *upgrader) errAt(l *schema.Loaded, loc, msg string) error {
	file, ptr := loc, ""
	if i := strings.LastIndex(loc, "#"); i >= 0 {
		file, ptr = loc[:i], schema.UnescapeLocation(loc[i+1:])
	}
	if d := l.Docs[file]; d != nil {
		file = d.Name
		dir := u.cfg.ToDir
		if (l == u.l1) != u.down { // the older version's schemas
			dir = u.cfg.FromDir
		}
		if dir != "" {
			file = dir + "/" + file
		}
	}
	return &schema.Error{File: file, Pointer: ptr, Msg: msg}
}

// errorType writes the failure type (upgradeFailure), a failure at a
// JSON Pointer of the source document, and upgradeAt, which puts a path
// token in front of one.
func (u *upgrader) errorType(f *jen.File) {
	fail, at := u.failure(), u.verb+"At"
	f.Line()
	f.Comment(fmt.Sprintf("%s is a conversion failure at a JSON Pointer of the %s document.", fail, u.srcWord))
	f.Type().Id(fail).Struct(jen.Id("ptr").String(), jen.Id("msg").String())
	f.Func().Params(jen.Id("e").Op("*").Id(fail)).Id("Error").Params().String().Block(
		jen.Id("p").Op(":=").Id("e").Dot("ptr"),
		jen.If(jen.Id("p").Op("==").Lit("")).Block(jen.Id("p").Op("=").Lit("/")),
		jen.Return(jen.Lit(u.verb+" ").Op("+").Id("p").Op("+").Lit(": ").Op("+").Id("e").Dot("msg")),
	)
	f.Comment(fmt.Sprintf("%s locates err under the member or index token.", at))
	f.Func().Id(at).Params(jen.Id("token").String(), jen.Err().Error()).Error().Block(
		jen.If(jen.List(jen.Id("ue"), jen.Id("ok")).Op(":=").Err().Assert(jen.Op("*").Id(fail)), jen.Id("ok")).Block(
			jen.Return(jen.Op("&").Id(fail).Values(jen.Dict{
				jen.Id("ptr"): jen.Lit("/").Op("+").Id("token").Op("+").Id("ue").Dot("ptr"),
				jen.Id("msg"): jen.Id("ue").Dot("msg"),
			})),
		),
		jen.Return(jen.Err()),
	)
}

// article is "an" before "old", else "a".
func article(word string) string {
	if word == "old" {
		return "an"
	}
	return "a"
}
