package golang

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/zeroproject/zero/gen/ir"
	"github.com/zeroproject/zero/rt/rtimpl"
)

// TestNodeFieldsEmitted fills every field of an ir.Node and checks that
// the emitted rtimpl.Node literal of an all-errors package sets every
// field of rtimpl.Node: a field added to both but left out of nodeFields
// fails here.
func TestNodeFieldsEmitted(t *testing.T) {
	n := &ir.Node{ID: 1}
	v := reflect.ValueOf(n).Elem()
	for i := range v.NumField() {
		switch name := v.Type().Field(i).Name; name {
		case "ID", "Schema", "Never": // Never leaves nothing else to write
		default:
			fill(v.Field(i))
		}
	}
	got := map[string]bool{}
	for k := range (&emitter{m: &ir.Model{AllErrors: true}}).nodeFields(n) {
		got[fmt.Sprintf("%#v", k)] = true
	}
	rtT := reflect.TypeFor[rtimpl.Node]()
	for i := range rtT.NumField() {
		if f := rtT.Field(i); f.IsExported() && f.Name != "Never" && !got[f.Name] {
			t.Errorf("rtimpl.Node.%s is not written by nodeFields", f.Name)
		}
	}
	if len(got) != rtT.NumField()-1 {
		t.Errorf("nodeFields writes %d fields, rtimpl.Node has %d beside Never: %v", len(got), rtT.NumField()-1, got)
	}
}

// fill sets v to a value that is not its zero value.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		v.SetInt(1)
	case reflect.String:
		v.SetString("x")
	case reflect.Pointer:
		switch v.Type() {
		case reflect.TypeFor[*ir.Node]():
			v.Set(reflect.ValueOf(&ir.Node{ID: 2}))
			return
		case reflect.TypeFor[*ir.Type]():
			v.Set(reflect.ValueOf(&ir.Type{Kind: ir.KGo, Go: &ir.GoType{Name: "T", Codec: "C"}}))
			return
		}
		if v.Type().Elem().Kind() == reflect.Struct && v.Type().Elem().PkgPath() != "github.com/zeroproject/zero/gen/ir" {
			return // a compiled schema: no part of the literal
		}
		p := reflect.New(v.Type().Elem())
		fill(p.Elem())
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fill(s.Index(0))
		v.Set(s)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i))
			}
		}
	}
}
