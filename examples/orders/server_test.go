package orders

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/zeroproject/zero/rt"

	"example.com/orders/api"
	"example.com/orders/money"
)

func serve(t *testing.T, body string) (int, string) {
	t.Helper()
	now := func() time.Time { return time.Date(2026, 12, 4, 23, 0, 0, 0, time.UTC) }
	rec := httptest.NewRecorder()
	Handler(now).ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/orders", strings.NewReader(body)))
	return rec.Code, strings.TrimSpace(rec.Body.String())
}

func TestAccepted(t *testing.T) {
	const order = `{"id":"ord_a1b2c3d4","placedAt":"2026-12-04T22:59:00Z","deliverBy":"2026-12-10","items":[{"sku":"tea","price":"4.50"},{"sku":"cup","quantity":2,"price":"12.00"}]}`
	code, body := serve(t, order)
	want := `{"order":` + order + `,"priority":"normal","received":"2026-12-04T23:00:00Z"}`
	if code != http.StatusOK || body != want {
		t.Fatalf("%d %s\nwant %s", code, body, want)
	}
}

func TestUnprocessable(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{`{"id":"ord_1","placedAt":"2026-12-04T22:59:00Z","items":[{"sku":"tea","price":"4.50"}]}`, `"pointer":"/id","keyword":"pattern"`},
		{`{"id":"ord_a1b2c3d4","placedAt":"yesterday","items":[{"sku":"tea","price":"4.50"}]}`, `"pointer":"/placedAt","keyword":"format"`},
		{`{"id":"ord_a1b2c3d4","placedAt":"2026-12-04T22:59:00Z","deliverBy":"2026-02-30","items":[{"sku":"tea","price":"4.50"}]}`, `"pointer":"/deliverBy","keyword":"format"`},
		{`{"id":"ord_a1b2c3d4","placedAt":"2026-12-04T22:59:00Z","items":[{"sku":"tea","price":"4.5"}]}`, `"pointer":"/items/0/price","keyword":"pattern"`},
		{`{"id":"ord_a1b2c3d4","placedAt":"2026-12-04T22:59:00Z","items":[{"sku":"tea","price":"4.50","quantity":0}]}`, `"pointer":"/items/0/quantity","keyword":"minimum"`},
	} {
		code, body := serve(t, c.doc)
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %s, want 422 with %s", c.doc, code, body, c.want)
		}
	}
}

// TestFormatTypes shows what --format-types gives: placedAt is a
// time.Time read by the runtime's own RFC 3339 parser (which takes the
// lower-case t and z that time.Time's own parser refuses, and writes them
// upper case), and deliverBy an rt.Date.
func TestFormatTypes(t *testing.T) {
	var o api.Order
	err := o.UnmarshalJSON([]byte(`{"id":"ord_a1b2c3d4","placedAt":"2026-12-04t22:59:00.50z","deliverBy":"2026-12-10","items":[{"sku":"tea","price":"4.50"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if !o.PlacedAt.Equal(time.Date(2026, 12, 4, 22, 59, 0, 5e8, time.UTC)) || o.DeliverBy.V != (rt.Date{Year: 2026, Month: time.December, Day: 10}) {
		t.Fatalf("%v %v", o.PlacedAt, o.DeliverBy)
	}
	b, err := o.MarshalJSON()
	if want := `{"id":"ord_a1b2c3d4","placedAt":"2026-12-04T22:59:00.5Z","deliverBy":"2026-12-10","items":[{"sku":"tea","price":"4.50"}]}`; err != nil || string(b) != want {
		t.Fatalf("%s %v, want %s", b, err, want)
	}
	o.DeliverBy = rt.Some(rt.Date{Year: 2026, Month: time.February, Day: 30})
	if err := o.Validate(); err == nil || !strings.Contains(err.Error(), "/deliverBy") {
		t.Fatalf("Validate of February 30: %v", err)
	}
}

// TestNamedAndUserTypes uses the generated API from Go: the named scalar
// OrderID validates itself, and a price is the example's own money.Amount.
func TestNamedAndUserTypes(t *testing.T) {
	if err := api.OrderID("ord_a1b2c3d4").Validate(); err != nil {
		t.Error(err)
	}
	if err := api.OrderID("ORD").Validate(); err == nil {
		t.Error("OrderID(ORD) is valid")
	}
	o := api.Order{ID: "ord_a1b2c3d4", PlacedAt: time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC),
		Items: []api.Item{{Sku: "tea", Price: money.Amount{Cents: 450}}}}
	b, err := o.MarshalJSON()
	if err != nil || string(b) != `{"id":"ord_a1b2c3d4","placedAt":"2026-12-04T00:00:00Z","items":[{"sku":"tea","price":"4.50"}]}` {
		t.Errorf("%s %v", b, err)
	}
	if o.Items[0].Quantity.Or(api.ItemQuantityDefault) != 1 {
		t.Error("default quantity")
	}
}

// TestAllErrors: an order with several violations gets all of them in one
// 422 answer, in document order.
func TestAllErrors(t *testing.T) {
	// placedAt is valid RFC 3339 in lower case, which time.Time's own
	// parser refuses: the runtime's reads it, so it is no error here.
	const doc = `{"id":"ord_1","placedAt":"2026-12-04t22:59:00z",` +
		`"items":[{"sku":"","price":"4.5","quantity":0},{"sku":"tea"}],"priority":"later","extra":1}`
	code, body := serve(t, doc)
	want := `{"errors":[` +
		`{"pointer":"/id","keyword":"pattern","message":"\"ord_1\" does not match \"^ord_[a-z0-9]{8}$\"","schema":"order.yaml#/$defs/orderId/pattern"},` +
		`{"pointer":"/items/0/sku","keyword":"minLength","message":"got 0 characters, want at least 1","schema":"order.yaml#/$defs/item/properties/sku/minLength"},` +
		`{"pointer":"/items/0/price","keyword":"pattern","message":"\"4.5\" does not match \"^[0-9]{1,9}\\\\.[0-9]{2}$\"","schema":"order.yaml#/$defs/item/properties/price/pattern"},` +
		`{"pointer":"/items/0/quantity","keyword":"minimum","message":"got 0, want \u003e= 1","schema":"order.yaml#/$defs/item/properties/quantity/minimum"},` +
		`{"pointer":"/items/1","keyword":"required","message":"missing property \"price\"","schema":"order.yaml#/$defs/item/required"},` +
		`{"pointer":"/priority","keyword":"enum","message":"got \"later\", want one of \"normal\", \"rush\"","schema":"order.yaml#/properties/priority/enum"},` +
		`{"pointer":"/extra","keyword":"additionalProperties","message":"unknown property \"extra\"","schema":"order.yaml#/additionalProperties"}]}`
	if code != http.StatusUnprocessableEntity || body != want {
		t.Fatalf("%d %s\nwant %s", code, body, want)
	}
	// A string that is no date-time, which --format-types asserts on the
	// time.Time field, is reported too, among the others.
	code, body = serve(t, `{"id":"ord_1","placedAt":"yesterday","items":[]}`)
	for _, w := range []string{`"pointer":"/id","keyword":"pattern"`, `"pointer":"/placedAt","keyword":"format"`, `"pointer":"/items","keyword":"minItems"`} {
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, w) {
			t.Errorf("%d %s, want 422 with %s", code, body, w)
		}
	}
}
