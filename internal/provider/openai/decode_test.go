package openai

import (
	"strings"
	"testing"

	"github.com/go-faster/jx"

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

// benchChunk is a text delta as OpenAI streams it.
var benchChunk = []byte(`{"id":"chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG","object":"chat.completion.chunk","created":1741570283,"model":"gpt-4o-2024-08-06","service_tier":"default","system_fingerprint":"fp_eb9dce56a8","choices":[{"index":0,"delta":{"content":" tok"},"logprobs":null,"finish_reason":null}]}`)

// BenchmarkDecodeChunk decodes one chunk with the generated decoder, as
// the provider does; compare BenchmarkSkipChunk, the same bytes read by
// jx without decoding anything.
func BenchmarkDecodeChunk(b *testing.B) {
	var d rt.Decoder
	var c openaiv1.ChatCompletionChunk
	b.SetBytes(int64(len(benchChunk)))
	b.ReportAllocs()
	for b.Loop() {
		d.Reset(benchChunk)
		if err := c.DecodeJSON(&d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSkipChunk is the floor of a chunk's decode: jx checks its
// syntax and keeps nothing.
func BenchmarkSkipChunk(b *testing.B) {
	d := jx.DecodeBytes(benchChunk)
	b.SetBytes(int64(len(benchChunk)))
	b.ReportAllocs()
	for b.Loop() {
		d.ResetBytes(benchChunk)
		if err := d.Skip(); err != nil {
			b.Fatal(err)
		}
	}
}
