// acp-features-e2e.mjs drives `zero acp` with the official ACP SDK as the
// client through the features an editor adds to a session: MCP servers
// passed in session/new (server-everything over stdio and over Streamable
// HTTP), file tools that go through the client's fs/read_text_file and
// fs/write_text_file (answered from an in-memory map, as an editor answers
// from its buffers), and allow_always / reject_always answers that outlive
// the process and hold after session/load. The env and header values
// given to the MCP servers never reach stdout or stderr (nor, as the Go
// test checks, the session files). Every message in both directions is
// checked with ajv against the official ACP schema.
//
// The Go test cmd/zero/e2e_acp_features_test.go runs it against a fake
// OpenAI server whose scripted answers follow the order of the steps:
//
//   ZERO_BIN=bin/zero ZERO_ACP_WS=/abs/workspace ZERO_MCP_ENTRY=/abs/server-everything/dist/index.js \
//   ZERO_MCP_HTTP_URL=http://127.0.0.1:PORT/mcp node acp-features-e2e.mjs
//
// (with OPENAI_BASE_URL, OPENAI_API_KEY, XDG_DATA_HOME and ZERO_TEST_MARK
// set by the test). It exits 1 on the first failed check, naming it.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { ws, fail, expect, stats, spawnZero, newClient, kinds, text, withTimeout } from "./acp-harness.mjs";

const entry = process.env.ZERO_MCP_ENTRY;
const httpURL = process.env.ZERO_MCP_HTTP_URL;
const mark = process.env.ZERO_TEST_MARK;
// Credentials the client gives the MCP servers: zero must redact them
// everywhere, although nothing else marks them as secrets.
const envSecret = process.env.ZERO_ACP_ENV_SECRET;
const headerSecret = process.env.ZERO_ACP_HEADER_SECRET;
if (!entry || !httpURL || !mark || !envSecret || !headerSecret) {
  fail("ZERO_MCP_ENTRY, ZERO_MCP_HTTP_URL, ZERO_TEST_MARK, ZERO_ACP_ENV_SECRET and ZERO_ACP_HEADER_SECRET must be set");
}
const noLeak = (z, what) => {
  for (const line of z.agentLines) {
    expect(!line.includes(envSecret) && !line.includes(headerSecret), `${what}: a credential given to an MCP server reached stdout: ${line}`);
  }
  expect(!z.stderr().includes(envSecret) && !z.stderr().includes(headerSecret), `${what}: a credential given to an MCP server reached stderr`);
};

const updatesOf = (st, id) => st.updates.filter((u) => u.toolCallId === id);
const ended = (st, id) => updatesOf(st, id).find((u) => u.sessionUpdate === "tool_call_update" && (u.status === "completed" || u.status === "failed"));
const outputOf = (u) => (u?.content ?? []).filter((c) => c.type === "content").map((c) => c.content.text).join("");

async function editorConnection() {
  const z = spawnZero();
  const buffers = new Map([[path.join(ws, "notes.md"), "unsaved buffer text\nsecond line\n"]]);
  const { app, st } = newClient(buffers);
  const conn = app.connect(z.stream);
  const agent = conn.agent;
  const init = await agent.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: { fs: { readTextFile: true, writeTextFile: true } } });
  expect(init.agentCapabilities?.mcpCapabilities?.http === true, `initialize: mcpCapabilities ${JSON.stringify(init.agentCapabilities?.mcpCapabilities)}`);
  const created = await agent.request(methods.agent.session.new, {
    cwd: ws,
    mcpServers: [
      { name: "everything", command: process.execPath, args: [entry], env: [{ name: "ZERO_TEST_MARK", value: mark }, { name: "ZERO_ACP_SECRET", value: envSecret }] },
      { type: "http", name: "web", url: httpURL, headers: [{ name: "Authorization", value: "Bearer not-checked" }, { name: "X-Zero-Test-Key", value: headerSecret }] },
    ],
  });
  const sessionId = created.sessionId;
  const prompt = (t) => agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: t }] });

  // 1. MCP tools of both servers: offered, asked for, run. get-env shows
  // the server's env, and the answer quotes both credentials, split
  // across deltas: they arrive redacted.
  st.answers = ["allow_once", "allow_once", "allow_once"];
  let r = await prompt("Echo through both servers");
  expect(r.stopReason === "end_turn", `prompt 1: stopReason ${r.stopReason}`);
  const asked = st.permissions.map((p) => p.toolCall.toolCallId).join(",");
  expect(asked === "m1,m2,m3", `prompt 1: permission requests for ${asked}, want m1,m2,m3`);
  const e3 = ended(st, "m3");
  expect(e3?.status === "completed" && outputOf(e3).includes("ZERO_ACP_SECRET") && outputOf(e3).includes("[REDACTED"),
    `prompt 1: get-env ${JSON.stringify(e3)}`);
  const answer = text(st.updates, "agent_message_chunk");
  expect(answer.startsWith("Echoed.") && answer.includes("[REDACTED:secret]"), `prompt 1: answer ${JSON.stringify(answer)}`);
  noLeak(z, "prompt 1");
  const e1 = ended(st, "m1"), e2 = ended(st, "m2");
  expect(e1?.status === "completed" && outputOf(e1).includes("Echo: over stdio"), `prompt 1: stdio echo ${JSON.stringify(e1)}`);
  expect(e2?.status === "completed" && outputOf(e2).includes("Echo: over http"), `prompt 1: http echo ${JSON.stringify(e2)}`);
  const call1 = st.updates.find((u) => u.sessionUpdate === "tool_call" && u.toolCallId === "m1");
  expect(call1?.title?.includes("mcp__everything__echo"), `prompt 1: tool_call ${JSON.stringify(call1)}`);

  // 2. write_file through the client, allowed always: the buffer changes,
  // the disk does not.
  st.updates = [];
  st.answers = ["allow_always"];
  r = await prompt("Write buffer.txt");
  expect(r.stopReason === "end_turn", `prompt 2: stopReason ${r.stopReason}`);
  const bufPath = path.join(ws, "buffer.txt");
  expect(buffers.get(bufPath) === "from the model\n", `prompt 2: the client's buffer holds ${JSON.stringify(buffers.get(bufPath))}`);
  expect(!existsSync(bufPath), "prompt 2: buffer.txt was written to disk although the client took the write");
  const diff = ended(st, "w1")?.content?.find((c) => c.type === "diff");
  expect(diff && diff.newText === "from the model\n" && diff.oldText == null, `prompt 2: diff ${JSON.stringify(diff)}`);

  // 3. read_file sees the unsaved buffer; edit_file lands in it; a path
  // outside the session's cwd never reaches the client.
  st.updates = [];
  st.fsRequests.length = 0;
  st.answers = ["allow_once"];
  r = await prompt("Read and edit notes.md");
  expect(r.stopReason === "end_turn", `prompt 3: stopReason ${r.stopReason}`);
  const read = ended(st, "r1");
  expect(read?.status === "completed" && outputOf(read).includes("unsaved buffer text"), `prompt 3: read_file ${JSON.stringify(read)}`);
  expect(buffers.get(path.join(ws, "notes.md")) === "edited buffer text\nsecond line\n", `prompt 3: buffer after edit ${JSON.stringify(buffers.get(path.join(ws, "notes.md")))}`);
  expect(!existsSync(path.join(ws, "notes.md")), "prompt 3: notes.md was written to disk");
  const outside = ended(st, "r2");
  expect(outside?.status === "failed", `prompt 3: reading outside the workspace ${JSON.stringify(outside)}`);
  expect(!st.fsRequests.some(([, p]) => !p.startsWith(ws + path.sep)), `prompt 3: the client was asked for a path outside the session: ${JSON.stringify(st.fsRequests)}`);
  expect(st.fsRequests.map(([k]) => k).join(",") === "read,read,write", `prompt 3: fs requests ${JSON.stringify(st.fsRequests)}`);

  // 4. bash rejected always.
  st.updates = [];
  st.answers = ["reject_always"];
  r = await prompt("Run bash");
  expect(r.stopReason === "end_turn", `prompt 4: stopReason ${r.stopReason}`);
  expect(ended(st, "b1")?.status === "failed", `prompt 4: rejected bash ${kinds(st.updates)}`);
  expect(!existsSync(path.join(ws, "bash-ran.txt")), "prompt 4: the rejected bash ran");

  conn.close();
  z.child.stdin.end();
  const code = await withTimeout(z.exited, 15000, "exit after stdin closed");
  expect(code === 0, `exit code ${code} after stdin closed; stderr:\n${z.stderr()}`);
  noLeak(z, "the editor connection");
  return sessionId;
}

// The answers given "always" hold after session/load in a new process,
// here with a client that has no fs capability: the disk is used.
async function loadedConnection(sessionId) {
  const z = spawnZero();
  const { app, st } = newClient();
  const conn = app.connect(z.stream);
  const agent = conn.agent;
  await agent.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
  await agent.request(methods.agent.session.load, { sessionId, cwd: ws, mcpServers: [] });
  st.updates = [];
  const r = await agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "Again after loading" }] });
  expect(r.stopReason === "end_turn", `load: stopReason ${r.stopReason}`);
  expect(st.permissions.length === 0, `load: asked again after an always answer: ${JSON.stringify(st.permissions.map((p) => p.toolCall.title))}`);
  expect(readFileSync(path.join(ws, "disk.txt"), "utf8") === "on disk\n", "load: disk.txt not written (allow_always for write_file lost?)");
  expect(ended(st, "b2")?.status === "failed", "load: bash ran although rejected always");
  expect(!existsSync(path.join(ws, "bash-ran.txt")), "load: the rejected bash ran");
  expect(text(st.updates, "agent_message_chunk") === "Remembered.", `load: answer ${text(st.updates, "agent_message_chunk")}`);
  conn.close();
  z.child.stdin.end();
  expect((await withTimeout(z.exited, 15000, "exit")) === 0, "loaded connection: exit code");
  noLeak(z, "the loaded connection");
}

try {
  const id = await editorConnection();
  await loadedConnection(id);
} catch (e) {
  fail(e.stack || String(e));
}
console.log(`acp-features-e2e: ok, ${stats.checked} messages checked against the official ACP schema`);
