package mcp

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	mcpv1 "github.com/zeroproject/zero/generated/mcp/v1"
)

// Image is an image a tool returned, for a provider that can show it to
// the model.
type Image struct {
	MimeType string
	Data     string // base64
}

// render turns a tool's result into the text the model reads: text blocks
// joined by newlines, a short placeholder for each image and sound, a line
// naming each resource link, the text of embedded text resources, and the
// structured content as JSON unless a text block already holds it.
func render(r *mcpv1.CallToolResult) (string, []Image) {
	var parts []string
	var images []Image
	for _, b := range r.Content {
		switch v := b.Value.(type) {
		case *mcpv1.TextContent:
			parts = append(parts, v.Text)
		case *mcpv1.ImageContent:
			line, ok := imageLine(v)
			parts = append(parts, line)
			if ok {
				images = append(images, Image{MimeType: v.MimeType, Data: v.Data})
			}
		case *mcpv1.AudioContent:
			parts = append(parts, fmt.Sprintf("[audio: %s, %s]", v.MimeType, size(v.Data)))
		case *mcpv1.ResourceLink:
			parts = append(parts, linkLine(v))
		case *mcpv1.EmbeddedResource:
			parts = append(parts, embedded(v))
		}
	}
	if r.StructuredContent != nil && !holdsJSON(parts, r.StructuredContent) {
		parts = append(parts, "structured content: "+compact(r.StructuredContent))
	}
	return strings.Join(parts, "\n"), images
}

// MaxImageBytes bounds the decoded size of an image passed to a provider
// (Anthropic's limit for one image); a larger one is only named.
const MaxImageBytes = 5_000_000

// imageLine is the placeholder naming an image, and whether the image can
// be passed on: its data must be base64 of at most MaxImageBytes.
func imageLine(v *mcpv1.ImageContent) (string, bool) {
	if base64.StdEncoding.DecodedLen(len(v.Data)) > MaxImageBytes {
		return fmt.Sprintf("[image: %s, %s, too large to show: over %d bytes]", v.MimeType, size(v.Data), MaxImageBytes), false
	}
	if _, err := base64.StdEncoding.DecodeString(v.Data); err != nil {
		return fmt.Sprintf("[image: %s, not valid base64: %v]", v.MimeType, err), false
	}
	return fmt.Sprintf("[image: %s, %s]", v.MimeType, size(v.Data)), true
}

// size describes the decoded size of base64 data.
func size(data string) string {
	n := base64.StdEncoding.DecodedLen(len(data)) - strings.Count(data[max(0, len(data)-2):], "=")
	return fmt.Sprintf("%d bytes", max(n, 0))
}

func linkLine(v *mcpv1.ResourceLink) string {
	s := "[resource link: " + v.Name + " <" + v.URI + ">"
	if v.MimeType.Set {
		s += ", " + v.MimeType.V
	}
	s += "]"
	if v.Description.Set && v.Description.V != "" {
		s += " " + v.Description.V
	}
	return s
}

func embedded(v *mcpv1.EmbeddedResource) string {
	switch r := v.Resource.Value.(type) {
	case *mcpv1.TextResourceContents:
		return "[resource <" + r.URI + ">]\n" + r.Text
	case *mcpv1.BlobResourceContents:
		mt := r.MimeType.V
		if mt == "" {
			mt = "unknown type"
		}
		return fmt.Sprintf("[resource <%s>: %s, %s]", r.URI, mt, size(r.Blob))
	}
	return "[resource]"
}

// holdsJSON reports whether a text part is the same JSON value as raw.
func holdsJSON(parts []string, raw []byte) bool {
	want := compact(raw)
	for _, p := range parts {
		if compact([]byte(strings.TrimSpace(p))) == want {
			return true
		}
	}
	return false
}

func compact(b []byte) string {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return string(b)
	}
	return buf.String()
}
