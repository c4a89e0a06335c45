package rtimpl

import (
	"testing"

	"github.com/zeroproject/zero/rt"
)

// TestPreferByKeys picks the largest set of keys the object has all of,
// the first of equal ones, and leaves the cursor where it was.
func TestPreferByKeys(t *testing.T) {
	sets := [][]string{{"text", "uri"}, {"blob", "uri"}, {"blob", "mime", "uri"}}
	for doc, want := range map[string]int{
		`{"uri":"u","text":"t"}`:                    0,
		`{"blob":1,"uri":"u"}`:                      1,
		`{"uri":"u","blob":"b","mime":"m"}`:         2,
		`{"uri":"u","text":"t","blob":"b"}`:         0,
		`{"uri":"u"}`:                               -1,
		`{}`:                                        -1,
		`{"text":{"uri":1,"blob":[]},"x":null}`:     -1,
		`{"mime":"m","blob":"b","uri":"u","t":"x"}`: 2,
	} {
		var d rt.Decoder
		d.Reset([]byte(doc))
		got, err := PreferByKeys(&d, sets)
		if err != nil || got != want {
			t.Errorf("%s: got %d %v, want %d", doc, got, err, want)
		}
		if d.Offset() != 0 {
			t.Errorf("%s: cursor moved to %d", doc, d.Offset())
		}
	}
	for _, bad := range []string{`[]`, `"x"`, `{"a":}`, `{"a":1,"a":2`} {
		var d rt.Decoder
		d.Reset([]byte(bad))
		if _, err := PreferByKeys(&d, sets); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
