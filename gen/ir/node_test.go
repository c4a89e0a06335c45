package ir

import (
	"math/big"
	"reflect"
	"testing"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rtimpl"
)

// TestNodeMirrorsRuntime checks that Node has every field of rtimpl.Node,
// by the same name, in the generator's form of the runtime's type, and no
// field the runtime lacks beside ID and Schema: a field added to either
// side fails here until the other has it.
func TestNodeMirrorsRuntime(t *testing.T) {
	own := map[string]bool{"ID": true, "Schema": true}
	mirrorStruct(t, "Node", reflect.TypeFor[rtimpl.Node](), reflect.TypeFor[Node](), own)
}

// mirrorStruct checks the exported fields of runtime struct rtT against
// those of generator struct genT; own are genT's fields of its own.
func mirrorStruct(t *testing.T, name string, rtT, genT reflect.Type, own map[string]bool) {
	t.Helper()
	for i := range rtT.NumField() {
		f := rtT.Field(i)
		if !f.IsExported() {
			continue
		}
		g, ok := genT.FieldByName(f.Name)
		if !ok {
			t.Errorf("%s.%s (%s) of the runtime has no field in the generator's %s", name, f.Name, f.Type, genT)
			continue
		}
		if !mirrors(t, name+"."+f.Name, f.Type, g.Type) {
			t.Errorf("%s.%s: the runtime's %s has no generator form %s", name, f.Name, f.Type, g.Type)
		}
	}
	for i := range genT.NumField() {
		g := genT.Field(i)
		if _, ok := rtT.FieldByName(g.Name); !ok && !own[g.Name] {
			t.Errorf("%s.%s (%s) of the generator has no field in the runtime's %s", genT, g.Name, g.Type, rtT)
		}
	}
}

// mirrors reports whether gen is the generator's form of the runtime type
// rtT: the same type for plain values, ordered lists for maps, sources
// for compiled patterns, formats and numbers, *Node for *rtimpl.Node.
func mirrors(t *testing.T, at string, rtT, gen reflect.Type) bool {
	t.Helper()
	node, named := reflect.TypeFor[*Node](), reflect.TypeFor[[]NamedNode]()
	switch rtT {
	case reflect.TypeFor[*rtimpl.Node]():
		return gen == node
	case reflect.TypeFor[[]*rtimpl.Node]():
		return gen == reflect.TypeFor[[]*Node]()
	case reflect.TypeFor[map[string]*rtimpl.Node](), reflect.TypeFor[[]rtimpl.PatternNode]():
		return gen == named
	case reflect.TypeFor[map[string][]string]():
		return gen == reflect.TypeFor[[]DepReq]()
	case reflect.TypeFor[rtimpl.TypeSet]():
		return gen == reflect.TypeFor[[]string]()
	case reflect.TypeFor[*rtimpl.Pattern](), reflect.TypeFor[*rtimpl.Format](), reflect.TypeFor[*big.Rat]():
		return gen.Kind() == reflect.String
	case reflect.TypeFor[*rtimpl.StrRule]():
		if gen != reflect.TypeFor[*StrRule]() {
			return false
		}
		mirrorStruct(t, at, rtT.Elem(), gen.Elem(), nil)
		return true
	case reflect.TypeFor[*rtimpl.NumRule]():
		if gen != reflect.TypeFor[*NumBounds]() {
			return false
		}
		mirrorStruct(t, at, rtT.Elem(), gen.Elem(), nil)
		return true
	case reflect.TypeFor[func(rt.Raw, int) error]():
		// The emitter writes a function that asks the user's type.
		return gen == reflect.TypeFor[*Type]()
	case reflect.TypeFor[*rtimpl.SizeRule]():
		// The keywords and the noun are the emitter's: they follow from
		// the field (ArrSize or ObjSize).
		return gen == reflect.TypeFor[*Size]()
	}
	return rtT == gen
}
