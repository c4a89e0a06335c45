package codecbench

import (
	"fmt"
	"testing"

	"github.com/go-faster/jx"

	v2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/rt"
)

func BenchmarkPerDoc(b *testing.B) {
	for i, doc := range mix() {
		b.Run(fmt.Sprintf("gen%d", i), func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			var d rt.Decoder
			var out v2.Output
			for n := 0; n < b.N; n++ {
				d.Reset(doc)
				if err := out.DecodeJSON(&d); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("jx%d", i), func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			d := jx.DecodeBytes(nil)
			for n := 0; n < b.N; n++ {
				d.ResetBytes(doc)
				if err := d.Skip(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
