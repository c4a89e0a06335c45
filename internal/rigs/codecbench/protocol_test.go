package codecbench

import (
	"github.com/zeroproject/zero/internal/rigs/mixdocs"
)

// The ACP and MCP documents of the mixes (see package mixdocs).
var (
	acpAgentMessageChunk         = mixdocs.ACPAgentMessageChunk()
	acpAgentMessageChunkJapanese = mixdocs.ACPAgentMessageChunkJapanese()
	mcpToolsCallRequest          = mixdocs.MCPToolsCallRequest()
	mcpToolsCallResult           = mixdocs.MCPToolsCallResult
)
