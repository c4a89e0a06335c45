package ir

import (
	"net/url"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// initialisms are written in capitals in Go names (runId → RunID).
var initialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CPU": true, "CSS": true, "DNS": true, "EOF": true,
	"GUID": true, "HTML": true, "HTTP": true, "HTTPS": true, "ID": true, "IP": true, "JSON": true,
	"LHS": true, "QPS": true, "RAM": true, "RHS": true, "RPC": true, "SLA": true, "SMTP": true,
	"SQL": true, "SSH": true, "TCP": true, "TLS": true, "TTL": true, "UDP": true, "UI": true,
	"UID": true, "UUID": true, "URI": true, "URL": true, "UTF8": true, "VM": true, "XML": true,
	"XMPP": true, "XSRF": true, "XSS": true,
}

// GoName turns a title or property name into an exported Go identifier:
// words split at case changes, digits boundaries and punctuation, each
// capitalised, initialisms in capitals.
func GoName(s string) string {
	words := splitWords(s)
	var b strings.Builder
	for _, w := range words {
		up := strings.ToUpper(w)
		if initialisms[up] {
			b.WriteString(up)
			continue
		}
		r := []rune(w)
		r[0] = unicode.ToUpper(r[0])
		b.WriteString(string(r))
	}
	name := b.String()
	if name == "" {
		return "X"
	}
	if !unicode.IsUpper([]rune(name)[0]) {
		name = "X" + name // a digit, or a letter without case: not exported otherwise
	}
	return name
}

func splitWords(s string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, string(cur))
			cur = nil
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && len(cur) > 0 && (unicode.IsLower(cur[len(cur)-1]) ||
			(i+1 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsUpper(cur[len(cur)-1]))):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return words
}

// fileTypeName is the Go name of a root without a title: its file's base
// name without the extension (order-status.json: OrderStatus).
func fileTypeName(file string) string {
	base := path.Base(file)
	return GoName(strings.TrimSuffix(base, path.Ext(base)))
}

// Type names are decided before the model's types are collected, each
// rule in an order that does not depend on the order in which schemas are
// reached, so that adding a schema renames none of the others (nameTypes):
//
//  1. A title names its type. Two different schemas whose titles give one
//     Go name: a $defs entry among them is named by its key when that name
//     is free (renameTitleCollisions); those that still share the name
//     are ordered (roots first, then by file and JSON Pointer) and all but
//     the first get the smallest free numeric suffix from 2 (Tools,
//     Tools2).
//  2. An untitled $defs (or definitions) entry, also one of a group of
//     definitions ($defs/group/key), is named by its key; entries whose
//     keys give a name already taken get numeric suffixes, in file and
//     pointer order.
//  3. Any other type is named by where it is written: the name of the
//     type whose schema contains it, plus the field, variant or position
//     it fills (OrderLines, OrderLinesItem). Only a schema reached by a
//     $ref and nowhere written inside a named type is named by where it is
//     first used.

// nameTypes names every type the roots reach (see above).
func (b *builder) nameTypes() error {
	taken := map[string]bool{}
	for _, t := range b.allTypes() {
		if t.Name != "" {
			taken[t.Name] = true // titles, reachable or not: context names give way to them
		}
	}
	wrapped := map[*Type]bool{} // types a root wraps under their own key's name (--def-types)
	for _, r := range b.model.Roots {
		taken[r.Name] = true
		if r.Wrapper && len(r.Fields) == 1 && r.Fields[0].Type != nil {
			wrapped[r.Fields[0].Type] = true
		}
	}
	if err := b.nameTitleCollisions(taken); err != nil {
		return err
	}
	var keyed []*Type
	seen := map[*Type]bool{}
	b.walkTypes(func(parent, t *Type, _, _ string) bool {
		if !seen[t] && t.Name == "" && t.DefName != "" && (nameable(t) || !b.plainScalars && NamedScalar(t)) && !wrapped[t] {
			keyed = append(keyed, t) // a wrapped one is its wrapper's Value, by position
		}
		seen[t] = true
		return true
	})
	sort.SliceStable(keyed, func(i, j int) bool { return keyed[i].Loc < keyed[j].Loc })
	names := scope(taken)
	for _, t := range keyed {
		t.Name = names.take(GoName(t.DefName))
	}
	for _, lexical := range []bool{true, false} {
		b.walkTypes(func(parent, t *Type, where, prop string) bool {
			if lexical && parent != nil && !writtenAt(t, parent, prop) {
				return false // written elsewhere: named there, or by first use below
			}
			if t.Name == "" && nameable(t) {
				t.Name = names.take(where)
			}
			return true
		})
	}
	return nil
}

// writtenAt reports whether t's schema is written where it is reached
// from parent: inside parent's schema and, reached as the property prop
// (when not ""), at that property rather than at a sibling that refers to
// it.
func writtenAt(t, parent *Type, prop string) bool {
	if prop != "" {
		at := parent.Loc + "/properties/" + url.PathEscape(schema.PointerEscape(prop))
		return t.Loc == at || strings.HasPrefix(t.Loc, at+"/")
	}
	return t.Loc == parent.Loc || strings.HasPrefix(t.Loc, parent.Loc+"/")
}

// nameTitleCollisions gives distinct names to different schemas whose
// titles (or roots' names) give one Go name: the first in order (roots
// first, then by location) keeps it, the others take numeric suffixes.
func (b *builder) nameTitleCollisions(taken map[string]bool) error {
	byName := map[string][]*Type{}
	seen := map[*Type]bool{}
	isRoot := map[*Type]bool{}
	for _, r := range b.model.Roots {
		isRoot[r] = true
	}
	b.walkTypes(func(_, t *Type, _, _ string) bool {
		if !seen[t] && t.Name != "" {
			byName[t.Name] = append(byName[t.Name], t)
		}
		seen[t] = true
		return true
	})
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	s := scope(taken)
	for _, n := range names {
		group := byName[n]
		sort.SliceStable(group, func(i, j int) bool {
			if isRoot[group[i]] != isRoot[group[j]] {
				return isRoot[group[i]]
			}
			return !isRoot[group[i]] && group[i].Loc < group[j].Loc
		})
		for _, t := range group[1:] {
			t.Name = s.take(n)
		}
	}
	return nil
}

// walkTypes calls fn on every type the roots and the $defs types reach,
// depth first in schema order, with the type it is reached from (nil for
// a root), the name its position gives (the parent's name and the
// field, variant or position) and, for a property, its name; fn returns false to leave t for later (it
// is then neither marked nor entered).
func (b *builder) walkTypes(fn func(parent, t *Type, where, prop string) bool) {
	seen := map[*Type]bool{}
	var visit func(parent, t *Type, ctx, prop string)
	visit = func(parent, t *Type, ctx, prop string) {
		if t == nil || seen[t] {
			return
		}
		if t.Alias != nil {
			visit(parent, t.Alias, ctx, prop)
			return
		}
		if !fn(parent, t, ctx, prop) {
			return
		}
		seen[t] = true
		if b.nameFields(t) != nil {
			return // reported when the types are collected
		}
		for _, f := range t.Fields {
			visit(t, f.Type, t.Name+f.Go, f.JSON)
		}
		for _, a := range t.Alts {
			visit(t, a.Type, t.Name+a.Go, "")
		}
		for i, v := range t.Variants {
			visit(t, v, t.Name+t.variantSuffix(i), "")
		}
		for _, p := range t.Patterns {
			visit(t, p.Type, t.Name+p.Go, "")
		}
		visit(t, t.Elem, ctx+"Item", "")
		visit(t, t.Extra, ctx+"Extra", "")
	}
	for _, r := range b.model.Roots {
		visit(nil, r, r.Name, "")
	}
	for _, t := range b.defs {
		visit(nil, t, t.Name, "")
	}
}

// finish names the types (nameTypes), collects named types and nodes in a
// stable order, and checks that names are unique.
func (b *builder) finish() error {
	if err := b.nameTypes(); err != nil {
		return err
	}
	seen := map[*Type]bool{}
	names := map[string]*Type{}
	var aliases []*Type
	var visit func(t *Type, ctx string) error
	visit = func(t *Type, ctx string) error {
		if t == nil || seen[t] {
			return nil
		}
		seen[t] = true
		if t.Alias != nil {
			aliases = append(aliases, t)
			return visit(t.Alias, ctx)
		}
		if err := b.nameFields(t); err != nil {
			return err
		}
		if t.Name != "" {
			if o, dup := names[t.Name]; dup && o != t {
				return b.errAt(t.Schema, "two different schemas have the Go name %s (the other is at %s)", t.Name, b.l.Node(o.Schema).Where)
			}
			names[t.Name] = t
			b.model.Types = append(b.model.Types, t)
		}
		for _, f := range t.Fields {
			if err := visit(f.Type, t.Name+f.Go); err != nil {
				return err
			}
		}
		for _, a := range t.Alts {
			if err := visit(a.Type, t.Name+a.Go); err != nil {
				return err
			}
		}
		for i, v := range t.Variants {
			if err := visit(v, t.Name+t.variantSuffix(i)); err != nil {
				return err
			}
		}
		for _, p := range t.Patterns {
			if err := visit(p.Type, t.Name+p.Go); err != nil {
				return err
			}
		}
		if err := visit(t.Elem, ctx+"Item"); err != nil {
			return err
		}
		return visit(t.Extra, ctx+"Extra")
	}
	for _, r := range b.model.Roots {
		if err := visit(r, r.Name); err != nil {
			return err
		}
	}
	for _, t := range b.defs {
		if err := visit(t, t.Name); err != nil {
			return err
		}
	}
	for _, t := range b.model.Types {
		// A union built while typing a schema that then kept the
		// interpreter is not in the package: its variants do not join it.
		t.Unions = slices.DeleteFunc(t.Unions, func(u *Type) bool { return !seen[u] })
	}
	if err := b.namePackage(names); err != nil {
		return err
	}
	for _, a := range aliases {
		a.fromAlias()
	}
	b.nameConstructors()
	b.model.Nodes = append(b.model.Nodes, b.nodeList()...)
	return nil
}

// NotNullSuffix makes, after a type's name, the name the Go emitter gives
// the decoder of the non-null part of a nullable type (decodeXNotNull): a
// name no other type of the package may take.
const NotNullSuffix = "NotNull"

// nameConstructors names the constructor of each alternative of every sum:
// the sum's name, "Of" and the alternative's field ("Null" for null), as
// RequestIDOfInt. A name a type of the package has, or keeps with
// NotNullSuffix, or an earlier constructor has, gets the smallest free
// number from 2 after it.
func (b *builder) nameConstructors() {
	taken := map[string]bool{}
	for _, t := range b.model.Types {
		taken[t.Name] = true
		taken[t.Name+NotNullSuffix] = true
	}
	for _, t := range b.model.Types {
		if t.Kind != KSum || t.Alias != nil {
			continue
		}
		for _, a := range t.Alts {
			word := a.Go
			if a.Type == nil {
				word = "Null"
			}
			name := t.Name + "Of" + word
			free := name
			for i := 2; taken[free]; i++ {
				free = name + strconv.Itoa(i)
			}
			taken[free] = true
			a.Ctor = free
		}
	}
}

// ListName is the Go name of the function listing the values of v:
// "Known" and the plural of its name (KnownErrorCodes, KnownRiskCategories).
func (v *Vocab) ListName() string {
	n := v.Name
	switch {
	case strings.HasSuffix(n, "y") && len(n) > 1 && !strings.ContainsRune("aeiou", rune(n[len(n)-2])):
		n = n[:len(n)-1] + "ies"
	case strings.HasSuffix(n, "s") || strings.HasSuffix(n, "x") || strings.HasSuffix(n, "ch") || strings.HasSuffix(n, "sh"):
		n += "es"
	default:
		n += "s"
	}
	return "Known" + n
}
