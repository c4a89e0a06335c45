package rt

import (
	"encoding/json"
	"strings"
	"testing"
)

// longStrings are 2-3 KB strings as JSON encodes them, escapes included:
// Go source (an escape every ten bytes), French (an accented letter every
// few bytes), Japanese (three-byte letters) and JSON text held in a string
// (a quote escaped every few bytes).
var longStrings = []struct {
	name string
	doc  []byte
}{
	{"gosource", jsonString(strings.Repeat("\tif err := step(ctx, turn); err != nil {\n\t\treturn fmt.Errorf(\"turn %d: %w\", turn, err)\n\t}\n", 25)[:2048])},
	{"french", jsonString(strings.Repeat("Le café où j'ai déjeuné était fermé, hélas; la crème brûlée attendra.\n", 30))},
	{"japanese", jsonString(strings.Repeat("東京の天気は晴れです。明日は雨が降るでしょう。\n", 30))},
	{"json", jsonString(strings.Repeat(`{"name":"x","values":[1,2,3],"nested":{"a":"b"}}`, 40))},
}

func jsonString(s string) []byte {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return b
}

// BenchmarkLongString decodes (in place) and skips long strings with
// escapes: go test -bench LongString ./rt.
func BenchmarkLongString(b *testing.B) {
	for _, c := range longStrings {
		b.Run(c.name+"/decode", func(b *testing.B) {
			var d Decoder
			b.SetBytes(int64(len(c.doc)))
			for i := 0; i < b.N; i++ {
				d.Reset(c.doc)
				if _, err := d.StrShared(); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/skip", func(b *testing.B) {
			var d Decoder
			s := string(c.doc)
			b.SetBytes(int64(len(c.doc)))
			for i := 0; i < b.N; i++ {
				d.ResetString(s)
				if err := d.Skip(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
