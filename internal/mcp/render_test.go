package mcp

import (
	"encoding/base64"
	"strings"
	"testing"

	mcpv1 "github.com/zeroproject/zero/generated/mcp/v1"
)

// TestRenderImages: a valid image is named and passed on; one that is not
// base64 or is too large is only named, saying why.
func TestRenderImages(t *testing.T) {
	big := base64.StdEncoding.EncodeToString(make([]byte, MaxImageBytes+3))
	r := &mcpv1.CallToolResult{Content: []mcpv1.ContentBlock{
		{Value: &mcpv1.TextContent{Text: "three images"}},
		{Value: &mcpv1.ImageContent{MimeType: "image/png", Data: "iVBORw=="}},
		{Value: &mcpv1.ImageContent{MimeType: "image/png", Data: "not base64!"}},
		{Value: &mcpv1.ImageContent{MimeType: "image/jpeg", Data: big}},
		{Value: &mcpv1.AudioContent{MimeType: "audio/wav", Data: "UklGRg=="}},
	}}
	text, images := render(r)
	for _, want := range []string{"three images\n[image: image/png, 4 bytes]\n", "[image: image/png, not valid base64: ",
		"[image: image/jpeg, 5000003 bytes, too large to show: over 5000000 bytes]", "[audio: audio/wav, 4 bytes]"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if len(images) != 1 || images[0].MimeType != "image/png" || images[0].Data != "iVBORw==" {
		t.Errorf("images %+v, want the valid PNG alone", images)
	}
}
