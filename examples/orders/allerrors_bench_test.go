package orders

import (
	"testing"

	"example.com/orders/api"
)

// The cost of UnmarshalJSONAll beside UnmarshalJSON, on a valid order and
// on one with several violations:
//
//	go test -run '^$' -bench UnmarshalAll -benchmem .
func BenchmarkUnmarshalAll(b *testing.B) {
	valid := []byte(`{"id":"ord_a1b2c3d4","placedAt":"2026-12-04T22:59:00Z","items":[{"sku":"tea","price":"4.50"},{"sku":"cup","quantity":2,"price":"12.00"}],"note":"by the door"}`)
	invalid := []byte(`{"id":"ord_1","placedAt":"2026-12-04T22:59:00Z","items":[{"sku":"","price":"4.5","quantity":0},{"sku":"tea"}],"priority":"later","extra":1}`)
	for _, c := range []struct {
		name string
		doc  []byte
	}{{"valid", valid}, {"invalid", invalid}} {
		b.Run(c.name+"/first", func(b *testing.B) {
			for b.Loop() {
				var o api.Order
				_ = o.UnmarshalJSON(c.doc)
			}
		})
		b.Run(c.name+"/all", func(b *testing.B) {
			for b.Loop() {
				var o api.Order
				_ = o.UnmarshalJSONAll(c.doc)
			}
		})
	}
}
