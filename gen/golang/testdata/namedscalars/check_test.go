package namedscalars

import (
	"errors"
	"testing"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rttest"
)

const doc = `{"id":"ord_0000000042","replaces":"ord_0000000041","related":["ord_0000000040","ord_0000000039"],` +
	`"lines":[{"sku":"A-1","quantity":2,"price":9.99,"discount":1.5}],"note":"leave at the door"}`

// TestOneTypePerDef checks that every field referring to a $defs entry
// holds its named type: the id, replaces and related ids are all OrderID,
// and price and discount are both Price.
func TestOneTypePerDef(t *testing.T) {
	var o Order
	if err := o.UnmarshalJSON([]byte(doc)); err != nil {
		t.Fatal(err)
	}
	ids := append([]OrderID{o.ID, o.Replaces.V}, o.Related.V...)
	prices := []Price{o.Lines[0].Price, o.Lines[0].Discount.V}
	var note string = o.Note.V // an entry without constraints stays a plain string
	var qty Quantity = o.Lines[0].Quantity
	if len(ids) != 4 || ids[3] != "ord_0000000039" || prices[1] != 1.5 || qty != 2 || note != "leave at the door" {
		t.Fatalf("decoded %+v", o)
	}
	for _, id := range ids {
		if err := id.Validate(); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
	if b, err := o.MarshalJSON(); err != nil || string(b) != doc {
		t.Fatalf("re-encoded %s %v, want %s", b, err, doc)
	}
}

// TestScalarValidate checks each named type's Validate against its own
// keywords.
func TestScalarValidate(t *testing.T) {
	for _, c := range []struct {
		v       interface{ Validate() error }
		keyword string // "" for valid
	}{
		{OrderID("ord_0000000042"), ""},
		{OrderID("ord_42"), "pattern"},
		{OrderID(""), "pattern"},
		{Quantity(1), ""},
		{Quantity(1000), ""},
		{Quantity(0), "minimum"},
		{Quantity(1001), "maximum"},
		{Price(9.99), ""},
		{Price(0), "exclusiveMinimum"},
		{Price(0.005), "multipleOf"},
	} {
		err := c.v.Validate()
		var re *rt.Error
		switch {
		case c.keyword == "" && err != nil:
			t.Errorf("%T(%v).Validate() = %v, want nil", c.v, c.v, err)
		case c.keyword != "" && (!errors.As(err, &re) || re.Keyword != c.keyword):
			t.Errorf("%T(%v).Validate() = %v, want %s", c.v, c.v, err, c.keyword)
		}
	}
}

// TestFieldErrors checks that a value of a named type fails where it sits,
// decoded or built in Go.
func TestFieldErrors(t *testing.T) {
	for _, c := range []struct{ doc, ptr, keyword string }{
		{`{"id":"ord_1","lines":[{"sku":"A","quantity":1,"price":1}]}`, "/id", "pattern"},
		{`{"id":"ord_0000000042","related":["ord_0000000040","x"],"lines":[{"sku":"A","quantity":1,"price":1}]}`, "/related/1", "pattern"},
		{`{"id":"ord_0000000042","lines":[{"sku":"A","quantity":1,"price":1,"discount":0}]}`, "/lines/0/discount", "exclusiveMinimum"},
		{`{"id":"ord_0000000042","lines":[{"sku":"A","quantity":0,"price":1}]}`, "/lines/0/quantity", "minimum"},
	} {
		var o Order
		err := o.UnmarshalJSON([]byte(c.doc))
		var re *rt.Error
		if !errors.As(err, &re) || re.Pointer != c.ptr || re.Keyword != c.keyword {
			t.Errorf("%s: got %v, want %s at %s", c.doc, err, c.keyword, c.ptr)
		}
	}
	o := Order{ID: "ord_0000000042", Replaces: rt.Some[OrderID]("ord_7"), Lines: []Line{{Sku: "A", Quantity: 1, Price: 1}}}
	var re *rt.Error
	if err := o.Validate(); !errors.As(err, &re) || re.Pointer != "/replaces" || re.Keyword != "pattern" {
		t.Errorf("Validate: %v, want pattern at /replaces", err)
	}
}

// TestInvalidUTF8 checks that invalid UTF-8 in a named string type, alone
// or in a list, is refused by every encoder that validates, as Validate
// refuses it.
func TestInvalidUTF8(t *testing.T) {
	line := Line{Sku: "A-1", Quantity: 1, Price: 1}
	x := Order{ID: "ord_\xff", Lines: []Line{line}}
	rttest.RefusesInvalidUTF8(t, x, x.Validate, "/id")
	x = Order{ID: "ord_0000000001", Related: rt.Some([]OrderID{"ord_0000000002", "\xc0\x80"}), Lines: []Line{line}}
	rttest.RefusesInvalidUTF8(t, x, x.Validate, "/related/1")
	line.Sku = "A-\xed\xa0\x80"
	x = Order{ID: "ord_0000000001", Lines: []Line{{Sku: "ok", Quantity: 1, Price: 1}, line}}
	rttest.RefusesInvalidUTF8(t, x, x.Validate, "/lines/1/sku")
}
