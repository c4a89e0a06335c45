package mcp

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Prefix starts the name of every MCP tool: mcp__SERVER__TOOL.
const Prefix = "mcp__"

// maxToolName is the longest tool name every vendor Zero speaks accepts
// (OpenAI's limit; Anthropic's is longer), and toolNameByte the bytes all
// of them accept.
const maxToolName = 64

func toolNameByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_' || b == '-'
}

// ToolName is the name the model sees for the tool called tool on server:
// mcp__SERVER__TOOL with every byte vendors refuse replaced by '_'. A name
// that had to change, or is too long, is cut and ends with '_' and six hex
// digits of a hash of the original, so that two tools rarely map to one
// name; the Manager refuses the ones that still do. The mapping back is
// the Manager's table, never string surgery.
func ToolName(server, tool string) string {
	head := Prefix + server + "__"
	clean := sanitize(tool)
	if clean == tool && len(head)+len(clean) <= maxToolName && clean != "" {
		return head + clean
	}
	sum := sha256.Sum256([]byte(tool))
	suffix := "_" + hex.EncodeToString(sum[:3])
	room := maxToolName - len(head) - len(suffix)
	if room < 0 {
		room = 0
	}
	if len(clean) > room {
		clean = clean[:room]
	}
	return head + clean + suffix
}

func sanitize(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if toolNameByte(s[i]) {
			b.WriteByte(s[i])
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// ServerOf returns the server part of an MCP tool or grant name
// (mcp__SERVER or mcp__SERVER__TOOL), and whether name is one.
func ServerOf(name string) (string, bool) {
	rest, ok := strings.CutPrefix(name, Prefix)
	if !ok || rest == "" {
		return "", false
	}
	server, _, _ := strings.Cut(rest, "__")
	return server, server != ""
}
