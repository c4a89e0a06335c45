package ir

import (
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/rt"
)

// taggedUnion types a oneOf or anyOf (keyword, its branches' types in
// variants) of object schemas that an OpenAPI discriminator names the tag
// property of (prop) but that do not fix that property with a const: the
// usual OpenAPI style (Pet is Cat or Dog, each with "petType": {"type":
// "string"}). JSON Schema decides the verdict, the discriminator being an
// annotation to it, so the union is told apart by matching: the value is
// valid when it matches exactly one variant (oneOf) or at least one
// (anyOf), and the variant that holds it is the one it matches (oneOf),
// or the one its tag names if it matches that one, else the first it
// matches (anyOf). The tag only says which variant to decode first.
// Every variant is a struct, so a valid value always has one to go in.
// With no tag property (prop is ""), keyedUnion gives the hint instead.
func (b *builder) taggedUnion(s *jsonschema.Schema, t *Type, keyword, prop string, variants []*Type) (bool, error) {
	if len(variants) == 0 {
		return false, nil
	}
	for i, v := range variants {
		for _, w := range variants[:i] {
			if v == w {
				return false, nil // one Go type for two branches: the type switch could not tell them apart
			}
		}
	}
	n, err := b.nodeOf(s)
	if err != nil {
		return false, err
	}
	branches := n.OneOf
	if keyword == "anyOf" {
		branches = n.AnyOf
	}
	if len(branches) != len(variants) {
		return false, nil
	}
	list := s.OneOf
	if keyword == "anyOf" {
		list = s.AnyOf
	}
	t.Kind, t.Disc, t.Variants, t.Match, t.Node = KUnion, prop, variants, keyword, n
	t.Tags = b.tags(s, list)
	for _, v := range variants {
		v.Unions = append(v.Unions, t)
	}
	return true, nil
}

// tags are the discriminator values of a tagged union's branches (list):
// the discriminator's mapping entries that name a branch, by reference
// or by schema name, then the schema name (the last segment of its $ref)
// of each branch no entry names, unless the mapping uses that value, as
// OpenAPI says.
// A mapping entry that names no branch is left out: it cannot change a
// verdict, which JSON Schema alone decides.
func (b *builder) tags(s *jsonschema.Schema, list []*jsonschema.Schema) []Tag {
	refs := make([]string, len(list))
	for i, br := range list {
		if raw := b.l.Node(br).Raw; raw != nil && raw.Kind == rt.Object {
			if r := raw.Get("$ref"); r != nil && r.Kind == rt.String {
				refs[i] = r.Str
			}
		}
	}
	var out []Tag
	used := map[string]bool{}
	sn := b.l.Node(s)
	doc, raw := sn.Doc, sn.Raw
	if m := raw.Get("discriminator").Get("mapping"); m != nil && m.Kind == rt.Object {
		for _, mb := range m.Members {
			if mb.Val.Kind != rt.String || used[mb.Key] {
				continue
			}
			if i := b.mappedBranch(doc, mb.Val.Str, list, refs); i >= 0 {
				out = append(out, Tag{Value: mb.Key, Variant: i})
				used[mb.Key] = true
			}
		}
	}
	for i, r := range refs {
		if name := schemaName(r); name != "" && !used[name] && !slices.ContainsFunc(out, func(tg Tag) bool { return tg.Variant == i }) {
			out = append(out, Tag{Value: name, Variant: i})
			used[name] = true
		}
	}
	return out
}

// mappedBranch is the index of the branch a mapping value names, or -1: a
// reference (it has a '/' or '#') names the branch whose $ref it equals
// or resolves to the same schema; a plain name names the branch whose
// schema name it is.
func (b *builder) mappedBranch(doc *schema.Doc, v string, list []*jsonschema.Schema, refs []string) int {
	isRef := strings.ContainsAny(v, "/#")
	for i, r := range refs {
		if r == "" {
			continue
		}
		if !isRef && schemaName(r) == v || isRef && r == v {
			return i
		}
	}
	if !isRef || doc == nil {
		return -1
	}
	want := resolveRef(doc.URL, v)
	for i, br := range list {
		if br.Ref != nil && want != "" && resolveRef(br.Ref.Location, "") == want {
			return i
		}
	}
	return -1
}

// resolveRef resolves ref against base and returns it with its fragment
// unescaped ("" when either does not parse).
func resolveRef(base, ref string) string {
	bu, err := url.Parse(base)
	if err != nil {
		return ""
	}
	ru, err := url.Parse(ref)
	if err != nil {
		return ""
	}
	u := bu.ResolveReference(ru)
	frag := u.Fragment
	u.Fragment, u.RawFragment = "", ""
	return u.String() + "#" + strings.TrimSuffix(frag, "/")
}

// schemaName is the name OpenAPI gives the schema a $ref points to: the
// last segment of its JSON Pointer fragment, or the file name without its
// extension when it points to a whole file.
func schemaName(ref string) string {
	file, frag, _ := strings.Cut(ref, "#")
	if frag = strings.TrimSuffix(frag, "/"); frag != "" {
		if u, err := url.PathUnescape(frag); err == nil {
			frag = u
		}
		name := frag[strings.LastIndex(frag, "/")+1:]
		return strings.ReplaceAll(strings.ReplaceAll(name, "~1", "/"), "~0", "~")
	}
	base := path.Base(file)
	if base == "." || base == "/" {
		return ""
	}
	return strings.TrimSuffix(base, path.Ext(base))
}

// variantSuffix names variant i of union t after its discriminator value
// (its first tag in a tagged union, else its position).
func (t *Type) variantSuffix(i int) string {
	if t.Match == "" {
		return GoName(strings.Trim(t.Variants[i].DiscValue, `"`))
	}
	if t.Match == "if" {
		return [2]string{"Then", "Else"}[i]
	}
	for _, tg := range t.Tags {
		if tg.Variant == i {
			return GoName(tg.Value)
		}
	}
	return "Variant" + strconv.Itoa(i+1)
}

// TagsOf lists the tag values that name variant i of a tagged union.
func (t *Type) TagsOf(i int) []string {
	var out []string
	for _, tg := range t.Tags {
		if tg.Variant == i {
			out = append(out, tg.Value)
		}
	}
	return out
}

// TaggedVariant is the variant of a tagged union a tag value names, or
// nil.
func (t *Type) TaggedVariant(tag string) *Type {
	for _, tg := range t.Tags {
		if tg.Value == tag {
			return t.Variants[tg.Variant]
		}
	}
	return nil
}
