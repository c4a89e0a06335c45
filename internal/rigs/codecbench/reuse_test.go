package codecbench

import (
	"reflect"
	"strings"
	"testing"

	anthropicv1 "github.com/zeroproject/zero/generated/anthropic/v1"
	openaiv1 "github.com/zeroproject/zero/generated/openai/v1"
	"github.com/zeroproject/zero/internal/provider/providertest"
)

// streamDocs returns the data of every event the dialect streams for a text
// turn, a turn of two tool calls and a text turn with usage, plus more.
func streamDocs(d *providertest.Dialect, more ...string) [][]byte {
	turns := []providertest.Turn{
		providertest.Text("The failing test", " reads the fixture"),
		providertest.ToolCalls(
			providertest.SplitArgs("call_1", "read", `{"path":"a.go"}`, 5),
			providertest.SplitArgs("call_2", "bash", `{"command":"go test ./..."}`, 7),
		),
		{Text: []string{"done"}, Usage: providertest.Usage{Input: 12, Output: 3}},
	}
	var docs [][]byte
	for _, turn := range turns {
		for _, ev := range d.Events(turn) {
			if _, data, ok := strings.Cut(ev, "data: "); ok && strings.HasPrefix(data, "{") {
				docs = append(docs, []byte(strings.TrimSuffix(data, "\n\n")))
			}
		}
	}
	for _, m := range more {
		docs = append(docs, []byte(m))
	}
	return docs
}

// checkReuse decodes docs one after another into one value, forwards and
// then backwards, and checks after each that the value is deeply equal to a
// fresh decode of the same document: a reused value keeps nothing of the
// documents decoded into it before (nil and empty slices told apart).
func checkReuse[T any, P interface {
	*T
	UnmarshalJSON([]byte) error
}](t *testing.T, docs [][]byte) {
	t.Helper()
	if len(docs) < 6 {
		t.Fatalf("only %d documents", len(docs))
	}
	order := make([]int, 0, 2*len(docs))
	for i := range docs {
		order = append(order, i)
	}
	for i := len(docs) - 1; i >= 0; i-- {
		order = append(order, i)
	}
	var reused T
	for _, i := range order {
		if err := P(&reused).UnmarshalJSON(docs[i]); err != nil {
			t.Fatalf("%s: %v", docs[i], err)
		}
		var fresh T
		if err := P(&fresh).UnmarshalJSON(docs[i]); err != nil {
			t.Fatalf("%s: %v", docs[i], err)
		}
		if !reflect.DeepEqual(reused, fresh) {
			t.Errorf("%s decoded into a reused value:\n%#v\nwant (fresh)\n%#v", docs[i], reused, fresh)
		}
	}
}

// TestReusedChunkIsFresh checks that decoding the chunks of a stream into
// one value, as the providers do, gives what a fresh decode of each gives.
func TestReusedChunkIsFresh(t *testing.T) {
	checkReuse[openaiv1.ChatCompletionChunk](t, streamDocs(providertest.OpenAI,
		`{"choices":[{"delta":{"content":"a"}},{"delta":{"content":"b"},"finish_reason":"stop"}]}`,
		`{"choices":null,"usage":null}`,
		`{"choices":[null,{"delta":null}]}`,
		`{"choices":[]}`,
	))
	checkReuse[anthropicv1.StreamEvent](t, streamDocs(providertest.Anthropic))
}
