package anthropic

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/zeroproject/zero/internal/provider"
)

// TestToolResultImages: images a tool returned travel in its tool_result
// as image blocks after the text, those of a type the API does not read
// are left to the text, and a result without images stays a string.
func TestToolResultImages(t *testing.T) {
	msgs := []provider.Message{
		{Role: provider.RoleUser, Text: "look"},
		{Role: provider.RoleAssistant, ToolCalls: []provider.ToolCall{{ID: "toolu_1", Name: "mcp__s__shot"}, {ID: "toolu_2", Name: "mcp__s__shot"}}},
		{Role: provider.RoleTool, ToolCallID: "toolu_1", Text: "[image: image/png, 3 bytes]\n[image: image/bmp, 3 bytes]",
			Images: []provider.Image{{MediaType: "image/png", Data: "iVBO"}, {MediaType: "image/bmp", Data: "Qk0A"}}},
		{Role: provider.RoleTool, ToolCallID: "toolu_2", Text: "[image: image/tiff, 3 bytes]",
			Images: []provider.Image{{MediaType: "image/tiff", Data: "SUkq"}}},
	}
	w, err := New(Config{}).wireRequest(provider.Request{Messages: msgs})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(w.Messages[2])
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"role":"user","content":[
		{"type":"tool_result","tool_use_id":"toolu_1","content":[
			{"type":"text","text":"[image: image/png, 3 bytes]\n[image: image/bmp, 3 bytes]"},
			{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBO"}}]},
		{"type":"tool_result","tool_use_id":"toolu_2","content":"[image: image/tiff, 3 bytes]"}]}`
	var got, exp any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(want), &exp); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(exp, got); diff != "" {
		t.Errorf("tool results (-want +got):\n%s", diff)
	}
}
