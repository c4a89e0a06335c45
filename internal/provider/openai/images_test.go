package openai

import (
	"testing"

	"github.com/zeroproject/zero/internal/provider"
)

// TestToolResultImagesStayText: a Chat Completions tool message takes text
// only, so a result's images are left to the placeholders of its text.
func TestToolResultImagesStayText(t *testing.T) {
	m := provider.Message{Role: provider.RoleTool, ToolCallID: "call_1", Text: "[image: image/png, 3 bytes]",
		Images: []provider.Image{{MediaType: "image/png", Data: "iVBO"}}}
	cm, err := chatMessageOf(m)
	if err != nil {
		t.Fatal(err)
	}
	if cm.Content == nil || *cm.Content != m.Text {
		t.Errorf("content %v, want the text %q alone", cm.Content, m.Text)
	}
}
