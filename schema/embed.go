// Package schema holds Zero's JSON Schema files, the single source of truth
// for every JSON document Zero reads or writes, and embeds them so that Go
// code can read them at run time.
//
// The files are draft 2020-12 schemas, grouped by document family and
// version as FAMILY/vN/NAME.json:
//
//	acp/v1                        Agent Client Protocol messages of `zero acp`, one file each
//	streamjson/v1, streamjson/v2  stream-json protocol: input.json, output.json, defs.json
//	session/v1                    session store: meta.json, record.json
//	tools/v1                      arguments of each built-in tool, one file per tool
//	replay/v1                     scripts for the offline replay provider: script.json
//	execresult/v1                 the summary of `zero exec -o json`: result.json
//	mcp/v1                        MCP messages Zero sends to and reads from tool servers
//	mcpconfig/v1                  the --mcp-config file of MCP servers: config.json
//	openai/v1                     a streamed Chat Completions chunk, as vendors send it: chunk.json
//	anthropic/v1                  a streamed Messages event, as the vendor sends it: event.json
//
// Each file's $id is https://schemas.zero.dev/ followed by its path here, and
// its title is the name of the Go type that zerogen generates from it. The
// tool argument schemas are also what Zero sends to model providers as the
// tools' parameter schemas, for example:
//
//	b, err := fs.ReadFile(schema.FS, "tools/v1/read_file.json")
package schema

import "embed"

// FS holds every schema file, at its path relative to this directory
// (for example "streamjson/v1/output.json"). Test data is not included.
//
//go:embed acp/*/*.json streamjson/*/*.json session/*/*.json tools/*/*.json replay/*/*.json execresult/*/*.json mcp/*/*.json mcpconfig/*/*.json openai/*/*.json anthropic/*/*.json
var FS embed.FS
