package openai

import (
	"strings"
	"testing"

	openaiv1 "github.com/zeroproject/zero/generated/openai/v1"
	"github.com/zeroproject/zero/rt"
)

// unknownMembers are members a vendor might add to any object: nested
// objects and arrays, escaped strings, numbers and literals.
const unknownMembers = `"x_obj":{"a":[1,2.5e3,{"b":"caf\u00e9 \"q\""}],"c":null,"d":true},` +
	`"x_str":"a long string with \\ escapes \n and more","x_num":-12.5,"x_arr":[[],{},"s",false],`

// TestUnknownMembersAllocateNothing checks that the members the chunk
// schema does not name cost no allocation: a chunk with many of them, in
// every object, allocates as often as the same chunk without them.
func TestUnknownMembersAllocateNothing(t *testing.T) {
	plain := `{"choices":[{"delta":{"content":"Hello","tool_calls":[{"index":0,"id":"c1","function":{"name":"f","arguments":"{}"}}]},"finish_reason":null}],"usage":{"prompt_tokens":1}}`
	extra := strings.NewReplacer(
		`{"choices"`, `{`+unknownMembers+`"choices"`,
		`{"delta"`, `{`+unknownMembers+`"delta"`,
		`{"content"`, `{`+unknownMembers+`"content"`,
		`{"index"`, `{`+unknownMembers+`"index"`,
		`{"name"`, `{`+unknownMembers+`"name"`,
		`{"prompt_tokens"`, `{`+unknownMembers+`"prompt_tokens"`,
	).Replace(plain)
	if strings.Count(extra, "x_obj") != 6 {
		t.Fatalf("the unknown members went into %d objects, want 6", strings.Count(extra, "x_obj"))
	}
	allocs := func(doc string) float64 {
		b := []byte(doc)
		var d rt.Decoder
		var c openaiv1.ChatCompletionChunk
		return testing.AllocsPerRun(100, func() {
			d.Reset(b)
			if err := c.DecodeJSON(&d); err != nil {
				t.Fatal(err)
			}
		})
	}
	p, e := allocs(plain), allocs(extra)
	t.Logf("allocations per chunk: %v, with unknown members %v", p, e)
	if e != p {
		t.Errorf("a chunk allocates %v times, and %v times with unknown members", p, e)
	}
}
