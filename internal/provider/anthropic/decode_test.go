package anthropic

import (
	"strings"
	"testing"

	anthropicv1 "github.com/zeroproject/zero/generated/anthropic/v1"
	"github.com/zeroproject/zero/rt"
)

// unknownMembers are members the vendor might add to any object: nested
// objects and arrays, escaped strings, numbers and literals.
const unknownMembers = `"x_obj":{"a":[1,2.5e3,{"b":"caf\u00e9 \"q\""}],"c":null,"d":true},` +
	`"x_str":"a long string with \\ escapes \n and more","x_num":-12.5,"x_arr":[[],{},"s",false],`

// TestUnknownMembersAllocateNothing checks that the members the event
// schema does not name cost no allocation: an event with many of them, in
// every object, allocates as often as the same event without them.
func TestUnknownMembersAllocateNothing(t *testing.T) {
	for _, plain := range []string{
		`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello"}}`,
		`{"type":"message_start","message":{"usage":{"input_tokens":5}}}`,
		`{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"t","name":"f","input":{}}}`,
	} {
		extra := strings.NewReplacer(
			`{"type":"content_block`, `{`+unknownMembers+`"type":"content_block`,
			`{"type":"message`, `{`+unknownMembers+`"type":"message`,
			`"delta":{`, `"delta":{`+unknownMembers,
			`"message":{`, `"message":{`+unknownMembers,
			`"usage":{`, `"usage":{`+unknownMembers,
			`"content_block":{`, `"content_block":{`+unknownMembers,
		).Replace(plain)
		if n := strings.Count(extra, "x_obj"); n < 2 {
			t.Fatalf("the unknown members went into %d objects of %s", n, plain)
		}
		allocs := func(doc string) float64 {
			b := []byte(doc)
			var d rt.Decoder
			var e anthropicv1.StreamEvent
			return testing.AllocsPerRun(100, func() {
				d.Reset(b)
				if err := e.DecodeJSON(&d); err != nil {
					t.Fatal(err)
				}
			})
		}
		p, e := allocs(plain), allocs(extra)
		t.Logf("allocations per event: %v, with unknown members %v: %s", p, e, plain)
		if e != p {
			t.Errorf("%s allocates %v times, and %v times with unknown members", plain, p, e)
		}
	}
}
