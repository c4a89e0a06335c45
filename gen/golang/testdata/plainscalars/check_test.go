package plainscalars

import (
	"errors"
	"testing"

	"github.com/zeroproject/zero/rt"
)

// TestPlainFields checks the opt-out (--named-scalars=false): the fields
// are the plain Go types, and the schema's keywords still hold.
func TestPlainFields(t *testing.T) {
	var id, sku string = "ord_0000000042", "A-1"
	var qty int64 = 2
	var price float64 = 9.99
	o := Order{ID: id, Related: rt.Some([]string{id}), Lines: []Line{{Sku: sku, Quantity: qty, Price: price, Discount: rt.Some(price)}}}
	if err := o.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		change  func(*Order)
		ptr     string
		keyword string
	}{
		{func(o *Order) { o.ID = "ord_1" }, "/id", "pattern"},
		{func(o *Order) { o.Replaces = rt.Some("x") }, "/replaces", "pattern"},
		{func(o *Order) { o.Lines[0].Quantity = 0 }, "/lines/0/quantity", "minimum"},
		{func(o *Order) { o.Lines[0].Discount = rt.Some(0.0) }, "/lines/0/discount", "exclusiveMinimum"},
	} {
		bad := o
		bad.Lines = []Line{o.Lines[0]}
		c.change(&bad)
		var re *rt.Error
		if err := bad.Validate(); !errors.As(err, &re) || re.Pointer != c.ptr || re.Keyword != c.keyword {
			t.Errorf("got %v, want %s at %s", err, c.keyword, c.ptr)
		}
	}
}
