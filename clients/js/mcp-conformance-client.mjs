// The MCP client under test for @modelcontextprotocol/conformance: the
// conformance runner starts this script with the scenario's server URL as
// its last argument and the scenario's name in MCP_CONFORMANCE_SCENARIO.
// It runs `zero exec` (the binary ZERO_BIN) against that server over
// Streamable HTTP, with the offline replay provider standing in for the
// model: for tools_call the scripted model calls the scenario's add_numbers
// tool, otherwise it only answers, so that Zero starts the server, shakes
// hands and lists its tools. Zero's exit code is this script's.
//
//	ZERO_BIN=/path/to/zero node node_modules/@modelcontextprotocol/conformance/dist/index.js \
//	  client --command "node mcp-conformance-client.mjs" --scenario tools_call

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const zero = process.env.ZERO_BIN;
if (!zero || !url?.startsWith("http")) {
  console.error("usage: ZERO_BIN=zero node mcp-conformance-client.mjs SERVER_URL");
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), "zero-mcp-conformance-"));
try {
  const config = join(dir, "mcp.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { conformance: { type: "http", url } } }));
  const turns = [];
  if (scenario === "tools_call") {
    turns.push({ steps: [{ type: "tool_call", id: "call_add", name: "mcp__conformance__add_numbers", args: { a: 2, b: 3 } }] });
  }
  turns.push({ steps: [{ type: "text", delta: "Done." }] });
  const script = join(dir, "replay.json");
  writeFileSync(script, JSON.stringify({ schemaVersion: 1, model: "conformance", turns }));
  const run = spawnSync(zero, ["exec", "-o", "stream-json", "--replay", script, "--mcp-config", config,
    "--allowed-tools", "mcp__conformance", `conformance scenario ${scenario}`], {
    stdio: ["ignore", "inherit", "inherit"],
    cwd: dir,
    env: { ...process.env, XDG_DATA_HOME: join(dir, "data") },
  });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
