// Package mcp connects Zero to Model Context Protocol tool servers.
//
// A Manager starts the servers of a run in parallel (Start), speaks the
// protocol's handshake with each (server/discover for version 2026-07-28,
// else initialize, negotiating down to 2025-11-25, 2025-06-18 or
// 2025-03-26), lists their tools following nextCursor, and offers each tool
// as mcp__SERVER__TOOL (Tools). Call validates a call's arguments against
// the tool's inputSchema, forwards it, and renders the result as text for
// the model; Close stops every server. Servers are reached over stdio (a
// child process in its own process group) or Streamable HTTP.
//
// The servers come from --mcp-config files (LoadConfig) in the formats
// other MCP clients write (mcpServers, or VS Code's servers, with each
// client's own members mapped or reported as ignored), decoded strictly by
// the generated mcpconfig/v1 codec; a front end that receives servers another way (zero acp's
// session/new) builds ServerConfig values itself and calls Start the same
// way. Every message is encoded and decoded by the codec zerogen generates
// from schema/mcp/v1.
//
// The package decides nothing about permissions: the run's policy does,
// from the specs the Manager describes.
package mcp
