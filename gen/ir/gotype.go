package ir

import (
	"fmt"
	"go/token"
	"path"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/rt"
)

// The annotations that put a user's own Go type on a schema, as
// oapi-codegen spells them.
const (
	GoTypeKeyword       = "x-go-type"
	GoTypeImportKeyword = "x-go-type-import"
)

// GoType is a user's Go type that stands for a schema (x-go-type): Name
// declared in the package Import ("" for the generated package itself).
type GoType struct {
	Import string
	Name   string
	// Text says the type is read and written through encoding's
	// TextMarshaler and TextUnmarshaler, as the JSON string its text is
	// (the schema's type is exactly "string", or string and null, when
	// the field is an rt.Nullable of the type); otherwise through
	// encoding/json's Marshaler and Unmarshaler, as any JSON value.
	Text bool
	// Where is the schema, as its file and pointer, for comments.
	Where string
	// Format, on the type --format-types gives a string of that format
	// (see FormatTypes), is the format; Codec is the variable of package
	// rtimpl that reads, writes and checks the type. Such a type has no
	// x-go-type and no marshalers of its own.
	Format, Codec string
}

// String is the type as x-go-type spells it.
func (g *GoType) String() string {
	if g.Import == "" {
		return g.Name
	}
	return path.Base(g.Import) + "." + g.Name
}

// goType reads the x-go-type and x-go-type-import annotations of s; it
// returns nil when s has no x-go-type.
func (b *builder) goType(s *jsonschema.Schema) (*GoType, error) {
	raw := b.l.Node(s).Raw
	if raw == nil || raw.Kind != rt.Object {
		return nil, nil
	}
	gt, imp := raw.Get(GoTypeKeyword), raw.Get(GoTypeImportKeyword)
	if gt == nil {
		if imp != nil {
			return nil, b.errAt(s, "%s without %s: say which type of the package to use", GoTypeImportKeyword, GoTypeKeyword)
		}
		return nil, nil
	}
	if gt.Kind != rt.String {
		return nil, b.errAt(s, "%s: %s is not a string naming a Go type", GoTypeKeyword, gt.Text)
	}
	qual, name, qualified := strings.Cut(gt.Str, ".")
	if !qualified {
		qual, name = "", gt.Str
	}
	if !token.IsIdentifier(name) || qualified && !token.IsIdentifier(qual) || qualified && !token.IsExported(name) {
		return nil, b.errAt(s, "%s: %q is not a Go type name (T, or pkg.T with %s naming pkg's path)", GoTypeKeyword, gt.Str, GoTypeImportKeyword)
	}
	g := &GoType{Name: name}
	switch {
	case qualified && imp == nil:
		return nil, b.errAt(s, "%s: %s is declared in another package: give its import path in %s", GoTypeKeyword, gt.Str, GoTypeImportKeyword)
	case !qualified && imp != nil:
		return nil, b.errAt(s, "%s: %s names no package, but %s gives one: write it as pkg.%s", GoTypeKeyword, gt.Str, GoTypeImportKeyword, name)
	case qualified:
		p, alias, err := importOf(imp)
		if err != nil {
			return nil, b.errAt(s, "%s: %v", GoTypeImportKeyword, err)
		}
		want := alias
		if want == "" {
			want = packageName(p)
		}
		if qual != want {
			return nil, b.errAt(s, "%s: the package of %s is %s, but %s imports %s as %s; give the import a name: {path: %s, name: %s}",
				GoTypeKeyword, gt.Str, qual, GoTypeImportKeyword, p, want, p, qual)
		}
		g.Import = p
	}
	g.Text = len(s.Types) == 1 && s.Types[0] == "string" || nullableString(s.Types)
	return g, nil
}

// nullableString reports whether types are string and null: a user's
// text type then sits in rt.Nullable.
func nullableString(types []string) bool {
	return len(types) == 2 && (types[0] == "string" && types[1] == "null" || types[0] == "null" && types[1] == "string")
}

// importOf reads x-go-type-import: an import path, or an object with a
// path and an optional name (the package's name where the path's last
// element is not it).
func importOf(v *schema.Value) (p, name string, err error) {
	switch v.Kind {
	case rt.String:
		p = v.Str
	case rt.Object:
		for _, m := range v.Members {
			switch {
			case m.Key == "path" && m.Val.Kind == rt.String:
				p = m.Val.Str
			case m.Key == "name" && m.Val.Kind == rt.String:
				name = m.Val.Str
			default:
				return "", "", fmt.Errorf("%s: want an import path, or {path: ..., name: ...}", m.Key)
			}
		}
	default:
		return "", "", fmt.Errorf("%s: want an import path, or {path: ..., name: ...}", v.Text)
	}
	if !validImportPath(p) {
		return "", "", fmt.Errorf("%q is not a Go import path", p)
	}
	if name != "" && (!token.IsIdentifier(name) || name == "_") {
		return "", "", fmt.Errorf("name %q is not a Go package name", name)
	}
	return p, name, nil
}

// validImportPath applies the rules of the go command (module.CheckImportPath,
// in short): slash-separated elements of letters, digits and -._~+, none
// empty, none starting or ending with a dot, no leading or trailing slash.
func validImportPath(p string) bool {
	if p == "" || strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/") {
		return false
	}
	for _, el := range strings.Split(p, "/") {
		if el == "" || el[0] == '.' || el[len(el)-1] == '.' {
			return false
		}
		for _, r := range el {
			ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-._~+", r)
			if !ok {
				return false
			}
		}
	}
	return true
}

// packageName is the name a package at import path p has by convention:
// its last element, without a major version suffix (/v2) or a gopkg.in
// version (.v3), with dashes dropped.
func packageName(p string) string {
	el := path.Base(p)
	if len(el) > 1 && el[0] == 'v' && strings.Trim(el[1:], "0123456789") == "" && strings.Contains(p, "/") {
		el = path.Base(path.Dir(p))
	}
	if i := strings.Index(el, ".v"); i > 0 && strings.Trim(el[i+2:], "0123456789") == "" {
		el = el[:i]
	}
	return strings.ReplaceAll(el, "-", "")
}

// userType is the type of a schema with an x-go-type: the user's type,
// with the interpreter node of the schema's keywords (nil when it has
// none) to check the JSON text.
func (b *builder) userType(s *jsonschema.Schema, g *GoType, keys map[string]*schema.Value) (*Type, error) {
	t := &Type{Kind: KGo, Go: g, Loc: s.Location, Schema: s, Doc: s.Description, Deprecated: s.Deprecated,
		Nullable: nullableString(s.Types)}
	b.typeCache(s)[s] = t
	if len(keys) > 0 {
		n, err := b.nodeOf(s)
		if err != nil {
			return nil, err
		}
		t.Node = n
	}
	g.Where = b.l.Node(s).Where
	t.DefName = b.l.Node(s).DefKey
	return t, nil
}

// warnUnusedGoTypes warns of each x-go-type on a schema that only the
// interpreter reads (inside a value kept as rt.Raw): no Go value of the
// type exists there, so the annotation has no effect.
func (b *builder) warnUnusedGoTypes() {
	warn := b.l.Opts.Warn
	if warn == nil {
		return
	}
	var unused []*jsonschema.Schema
	for s := range b.nodes {
		if t := b.types[s]; t != nil && t.Kind == KGo {
			continue
		}
		if raw := b.l.Node(s).Raw; raw != nil && raw.Kind == rt.Object && raw.Get(GoTypeKeyword) != nil {
			unused = append(unused, s)
		}
	}
	sort.Slice(unused, func(i, j int) bool { return unused[i].Location < unused[j].Location })
	for _, s := range unused {
		if e, ok := b.errAt(s, "%s has no effect here: the schema is checked by the interpreter inside a value kept as rt.Raw, so no Go value of the type exists", GoTypeKeyword).(*schema.Error); ok {
			warn(e)
		}
	}
}
