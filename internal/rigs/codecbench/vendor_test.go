package codecbench

import (
	"testing"

	anthropicv1 "github.com/zeroproject/zero/generated/anthropic/v1"
	openaiv1 "github.com/zeroproject/zero/generated/openai/v1"
	"github.com/zeroproject/zero/internal/rigs/mixdocs"
)

// vendorDelta is the text of the delta chunks (see package mixdocs).
const vendorDelta = mixdocs.VendorDelta

// openAIMix is one OpenAI chat.completion.chunk with a text delta; the
// generated type reads the members Zero uses and skips the others.
func openAIMix() codecMix {
	return codecMix{
		name:     "openai",
		docs:     [][]byte{mixdocs.OpenAIChunk()},
		targets:  func() []generated { return []generated{new(openaiv1.ChatCompletionChunk)} },
		plain:    func() []any { return []any{new(mixdocs.PlainOpenAIChunk)} },
		family:   "openai/v1",
		files:    []string{"chunk.json"},
		readOnly: true,
	}
}

// anthropicMix is one Anthropic content_block_delta event with a text
// delta.
func anthropicMix() codecMix {
	return codecMix{
		name:     "anthropic",
		docs:     [][]byte{mixdocs.AnthropicEvent()},
		targets:  func() []generated { return []generated{new(anthropicv1.StreamEvent)} },
		plain:    func() []any { return []any{new(mixdocs.PlainAnthropicEvent)} },
		family:   "anthropic/v1",
		files:    []string{"event.json"},
		readOnly: true,
	}
}

// TestVendorMixes checks the vendor chunks the #13 ratio is stated on:
// each is the dialect's rendering of a text delta, decodes into its
// generated type with the delta in place, and reads into the plain structs
// with the same delta.
func TestVendorMixes(t *testing.T) {
	var oa openaiv1.ChatCompletionChunk
	if err := oa.UnmarshalJSON(openAIMix().docs[0]); err != nil {
		t.Fatal(err)
	}
	if c := oa.Choices.V.V; len(c) != 1 || c[0].V.Delta.V.V.Content.V.V != vendorDelta {
		t.Errorf("openai chunk %s: decoded %+v", openAIMix().docs[0], oa)
	}
	var an anthropicv1.StreamEvent
	if err := an.UnmarshalJSON(anthropicMix().docs[0]); err != nil {
		t.Fatal(err)
	}
	if an.Type.V.V != "content_block_delta" || an.Delta.V.V.Text.V.V != vendorDelta {
		t.Errorf("anthropic event %s: decoded %+v", anthropicMix().docs[0], an)
	}
	for _, m := range []codecMix{openAIMix(), anthropicMix()} {
		if len(m.docs[0]) < 100 {
			t.Errorf("%s chunk is only %d bytes: %s", m.name, len(m.docs[0]), m.docs[0])
		}
	}
}
