package ir

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/rt"
)

// Go names must be unique in their scope, or the generated code does not
// compile. Two scopes matter:
//
//   - the members of a struct: its fields, the accessors of its const
//     properties, its extras map (Extra) and the methods every generated
//     struct has (methodNames);
//   - the package: type names, the Value interface of each union, and the
//     constants and Values list of each enum.
//
// Type names that collide are refused (two schemas would share one type).
// A property's x-go-name annotation names its field outright; such a name
// must be free. Every other name is made unique deterministically: names
// are taken in a fixed order (reserved names and x-go-names first, then
// schema order) and a name already taken gets the smallest numeric suffix,
// from 2, that is free. So
// properties "user_id" and "userId" become UserID and UserID2, a property
// "validate" becomes Validate2, and "extra" in an open object Extra2.

// methodNames are the exported methods of every generated struct.
var methodNames = []string{"Validate", "MarshalJSON", "UnmarshalJSON", "AppendJSON", "AppendJSONUnchecked", "EncodeJSON", "DecodeJSON"}

// scope hands out unique Go names.
type scope map[string]bool

// take returns name, or name with the smallest free numeric suffix when
// name is taken, and marks the result taken.
func (s scope) take(name string) string {
	out := name
	for i := 2; s[out]; i++ {
		out = fmt.Sprintf("%s%d", name, i)
	}
	s[out] = true
	return out
}

// nameFields gives the fields of struct t Go names unique among its
// members: the names x-go-name sets first, which must be free, then the
// others in schema order.
func (b *builder) nameFields(t *Type) error {
	if t.Kind != KStruct || t.Wrapper {
		return nil
	}
	members := scope{}
	for _, m := range methodNames {
		members[m] = true
	}
	if t.Extra != nil {
		members["Extra"] = true
	}
	for _, f := range t.Fields {
		if f.Named == nil {
			continue
		}
		if members[f.Go] {
			return b.errAt(f.Named, "x-go-name: %s is already the name of another member of %s (a method, the Extra map or another x-go-name); choose another", f.Go, t.Loc)
		}
		members[f.Go] = true
	}
	for _, p := range t.Patterns {
		p.Go = members.take(patternFieldName(p))
	}
	for _, f := range t.Fields {
		if f.Named == nil {
			f.Go = members.take(GoName(f.JSON))
		}
	}
	return nil
}

// xGoName returns the Go name the x-go-name annotation of property schema
// ps sets, or "" when it has none.
func (b *builder) xGoName(ps *jsonschema.Schema) (string, error) {
	raw := b.l.Node(ps).Raw
	if raw == nil || raw.Kind != rt.Object {
		return "", nil
	}
	for _, m := range raw.Members {
		if m.Key != "x-go-name" {
			continue
		}
		if m.Val.Kind != rt.String || !token.IsIdentifier(m.Val.Str) || !token.IsExported(m.Val.Str) {
			return "", b.errAt(ps, "x-go-name: %s is not an exported Go identifier", m.Val.Text)
		}
		return m.Val.Str, nil
	}
	return "", nil
}

// namePackage names what the package declares besides its types: the
// interface of each union, the list and the constants of each enum, the
// defaults of properties. Each takes a name no type has, so no schema's
// title is ever refused for it. pkg holds the named types by name.
func (b *builder) namePackage(pkg map[string]*Type) error {
	names := scope{}
	for n := range pkg {
		names[n] = true
	}
	// The helper names come after every type's: a type titled as another
	// type's helper keeps its title, and the helper takes a numeric
	// suffix (a union Pet's interface is PetValue, or PetValue2 when a
	// schema is titled "Pet Value").
	for _, t := range b.model.Types {
		switch t.Kind {
		case KUnion:
			t.Helper = names.take(t.Name + "Value")
		case KEnum, KIntEnum:
			t.Helper = names.take(t.Name + "Values")
		}
	}
	for _, t := range b.model.Types {
		if t.Kind != KEnum && t.Kind != KIntEnum {
			continue
		}
		t.ConstNames = make([]string, len(t.Values))
		for i, v := range t.Values {
			t.ConstNames[i] = names.take(t.Name + constSuffix(t.Kind, v))
		}
	}
	// The defaults of properties come last, so that they never rename a
	// name that was there before them: TFieldDefault, else with a number.
	for _, t := range b.model.Types {
		for _, f := range t.Fields {
			if f.Default != "" && f.DefaultValid && f.Const == "" {
				f.DefaultName = names.take(t.Name + f.Go + "Default")
			}
		}
	}
	return nil
}

// constSuffix is what follows the type name in the name of the constant
// for enum value v: the value as a Go name, or for a number its text as
// the encoder writes it, "Minus" for a minus sign, "_" for the decimal
// point and "e" for the exponent (-7: Minus7, 2.5: 2_5, -0.5: Minus0_5,
// 1e-7: 1eMinus7, 1e+21: 1e21). Distinct numbers have distinct texts, so
// their names differ too.
func constSuffix(k Kind, v string) string {
	if k == KIntEnum {
		return strings.NewReplacer("-", "Minus", ".", "_", "+", "").Replace(v)
	}
	return GoName(v)
}

// renameTitleCollisions names by their $defs keys the $defs entries whose
// titles give the same Go name as another schema's (Options.DefTypes, for
// schemas written by others, where two definitions often share a title):
// `bindings-kafka-0.5.0-server` and `bindings-mqtt-0.2.0-server`, both
// titled "Server Schema", become BindingsKafka050Server and
// BindingsMqtt020Server. A schema that is not a $defs entry keeps its
// title; the rule does not depend on the order in which schemas are
// reached. Names that still collide are refused by finish.
func (b *builder) renameTitleCollisions() {
	byName := map[string][]*Type{}
	seen := map[*Type]bool{}
	add := func(t *Type) {
		if t == nil || seen[t] || t.Name == "" || t.Alias != nil {
			return
		}
		seen[t] = true
		byName[t.Name] = append(byName[t.Name], t)
	}
	for _, t := range b.allTypes() {
		add(t)
	}
	for _, r := range b.model.Roots {
		add(r)
	}
	for _, t := range b.defs {
		add(t)
	}
	for _, group := range byName {
		if len(group) < 2 {
			continue
		}
		for _, t := range group {
			if key := b.l.Node(t.Schema).DefKey; key != "" && byName[GoName(key)] == nil {
				t.Name = GoName(key)
			}
		}
	}
}
