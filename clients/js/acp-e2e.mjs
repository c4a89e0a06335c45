// acp-e2e.mjs drives `zero acp` with the official ACP TypeScript SDK as the
// client (@agentclientprotocol/sdk, pinned in package.json), as an editor
// would, and checks every message in both directions with ajv against the
// official ACP schema that ships in the SDK package.
//
// The Go test cmd/zero/e2e_acp_test.go runs it against a fake OpenAI
// server whose scripted answers follow the order of the steps below:
//
//   ZERO_BIN=bin/zero ZERO_ACP_WS=/abs/workspace node acp-e2e.mjs
//
// (with OPENAI_BASE_URL, OPENAI_API_KEY and XDG_DATA_HOME set by the test).
// It exits 1 on the first failed check, naming it.
import { spawn } from "node:child_process";
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { bin, ws, fail, expect, check, stats, spawnZero, newClient, kinds, text, withTimeout } from "./acp-harness.mjs";

async function firstConnection() {
  const z = spawnZero();
  const { app, st } = newClient();
  const conn = app.connect(z.stream);
  const agent = conn.agent;
  const init = await agent.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: { fs: { readTextFile: false, writeTextFile: false } } });
  expect(init.protocolVersion === 1, `initialize: protocolVersion ${init.protocolVersion}`);
  expect(init.agentCapabilities?.loadSession === true, "initialize: loadSession is not true");
  expect(init.agentInfo?.name === "zero", "initialize: agentInfo.name is not zero");
  expect((init.authMethods ?? []).length === 0, "initialize: authMethods listed although a key is set");

  const created = await agent.request(methods.agent.session.new, { cwd: ws, mcpServers: [] });
  const sessionId = created.sessionId;
  expect(/^zero_/.test(sessionId), `session/new: session id ${sessionId}`);
  expect(created.modes?.currentModeId === "default", "session/new: the first mode is not default");
  const prompt = (t) => agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: t }] });

  // 1. streamed reasoning and text, a read_file call, a secret redacted.
  st.updates = [];
  let r = await prompt("What does the README say?");
  expect(r.stopReason === "end_turn", `prompt 1: stopReason ${r.stopReason}`);
  expect(text(st.updates, "agent_thought_chunk") === "thinking", "prompt 1: reasoning chunks");
  const call = st.updates.find((u) => u.sessionUpdate === "tool_call");
  expect(call && call.kind === "read" && call.title.includes("README.md") && call.rawInput?.path === "README.md", `prompt 1: tool_call ${JSON.stringify(call)}`);
  expect(call.locations?.[0]?.path === path.join(ws, "README.md"), `prompt 1: location ${JSON.stringify(call.locations)}`);
  const ups = st.updates.filter((u) => u.sessionUpdate === "tool_call_update" && u.toolCallId === call.toolCallId);
  expect(ups.map((u) => u.status).join(",") === "in_progress,completed", `prompt 1: statuses ${ups.map((u) => u.status)}`);
  expect(ups[1].content?.[0]?.content?.text?.includes("Zero test workspace"), "prompt 1: the tool output is not in the update");
  const answer = text(st.updates, "agent_message_chunk");
  expect(answer.includes("Let me read.") && answer.includes("[REDACTED"), `prompt 1: answer ${answer}`);
  expect(!JSON.stringify(st.updates).includes("sk-test-openai-fake"), "prompt 1: the API key reached the wire");

  // 2. a write the user rejects: nothing written, the call fails.
  st.updates = [];
  st.answers = ["reject_once"];
  r = await prompt("Write out.txt");
  expect(r.stopReason === "end_turn", `prompt 2: stopReason ${r.stopReason}`);
  expect(st.permissions.length === 1, "prompt 2: no permission request");
  const opts = st.permissions[0].options.map((o) => o.kind).join(",");
  expect(opts === "allow_once,allow_always,reject_once,reject_always", `prompt 2: options ${opts}`);
  expect(!existsSync(path.join(ws, "out.txt")), "prompt 2: out.txt was written although rejected");
  const failed = st.updates.find((u) => u.sessionUpdate === "tool_call_update" && u.status === "failed");
  expect(failed, `prompt 2: no failed tool_call_update (${kinds(st.updates)})`);

  // 3. allow_always: the file is written, with a diff.
  st.updates = [];
  st.answers = ["allow_always"];
  r = await prompt("Write it now");
  expect(r.stopReason === "end_turn", `prompt 3: stopReason ${r.stopReason}`);
  expect(readFileSync(path.join(ws, "out.txt"), "utf8") === "yes\n", "prompt 3: out.txt not written");
  const done = st.updates.find((u) => u.sessionUpdate === "tool_call_update" && u.status === "completed");
  const diff = done?.content?.find((c) => c.type === "diff");
  expect(diff && diff.path === path.join(ws, "out.txt") && diff.newText === "yes\n" && diff.oldText == null, `prompt 3: diff ${JSON.stringify(diff)}`);

  // 4. the allow_always answer is remembered: no second question.
  st.updates = [];
  const asked = st.permissions.length;
  r = await prompt("And two.txt");
  expect(r.stopReason === "end_turn", `prompt 4: stopReason ${r.stopReason}`);
  expect(st.permissions.length === asked, "prompt 4: asked again after allow_always");
  expect(readFileSync(path.join(ws, "two.txt"), "utf8") === "2", "prompt 4: two.txt not written");

  // 5. cancel while bash runs: the prompt ends cancelled, promptly.
  st.updates = [];
  st.answers = ["allow_once"];
  st.onUpdate = (u) => {
    if (u.sessionUpdate === "tool_call_update" && u.status === "in_progress") {
      st.onUpdate = null;
      setTimeout(() => agent.notify(methods.agent.session.cancel, { sessionId }), 200);
    }
  };
  let t0 = Date.now();
  r = await withTimeout(prompt("Sleep"), 15000, "prompt 5");
  expect(r.stopReason === "cancelled", `prompt 5: stopReason ${r.stopReason}`);
  expect(Date.now() - t0 < 10000, `prompt 5: cancel took ${Date.now() - t0} ms (bash sleeps 30 s)`);
  const bashEnd = st.updates.find((u) => u.sessionUpdate === "tool_call_update" && (u.status === "failed" || u.status === "completed"));
  expect(!bashEnd || bashEnd.status === "failed", "prompt 5: the cancelled bash call completed");

  // 6. cancel while the model streams.
  st.updates = [];
  st.onUpdate = (u) => {
    if (u.sessionUpdate === "agent_message_chunk") {
      st.onUpdate = null;
      agent.notify(methods.agent.session.cancel, { sessionId });
    }
  };
  t0 = Date.now();
  r = await withTimeout(prompt("Talk slowly"), 15000, "prompt 6");
  expect(r.stopReason === "cancelled", `prompt 6: stopReason ${r.stopReason}`);

  // 7. the session stays usable; set_mode grants edits without asking.
  st.updates = [];
  await agent.request(methods.agent.session.setMode, { sessionId, modeId: "accept-edits" });
  const asked7 = st.permissions.length;
  r = await prompt("Still there? Edit out.txt");
  expect(r.stopReason === "end_turn", `prompt 7: stopReason ${r.stopReason}`);
  expect(st.updates.some((u) => u.sessionUpdate === "current_mode_update" && u.currentModeId === "accept-edits"), "prompt 7: no current_mode_update");
  expect(st.permissions.length === asked7, "prompt 7: accept-edits still asked for edit_file");
  expect(readFileSync(path.join(ws, "out.txt"), "utf8") === "YES\n", "prompt 7: out.txt not edited");

  // An unknown session id is an error, and the connection goes on.
  let err = null;
  try {
    await agent.request(methods.agent.session.prompt, { sessionId: "zero_nope", prompt: [{ type: "text", text: "x" }] });
  } catch (e) {
    err = e;
  }
  expect(err && err.code === -32002, `unknown session: ${err && err.code}`);

  conn.close();
  z.child.stdin.end(); // the editor goes away: stdin closes
  const code = await withTimeout(z.exited, 10000, "exit after stdin closed");
  expect(code === 0, `exit code ${code} after stdin closed; stderr:\n${z.stderr()}`);
  return sessionId;
}

async function secondConnection(sessionId) {
  const z = spawnZero();
  const { app, st } = newClient();
  const conn = app.connect(z.stream);
  const agent = conn.agent;
  await agent.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
  await agent.request(methods.agent.session.load, { sessionId, cwd: ws, mcpServers: [] });
  const k = kinds(st.updates);
  expect(text(st.updates, "user_message_chunk").includes("What does the README say?"), `load: no replayed user message (${k})`);
  expect(st.updates.some((u) => u.sessionUpdate === "tool_call" && u.kind === "read"), `load: no replayed tool_call (${k})`);
  expect(st.updates.some((u) => u.sessionUpdate === "tool_call_update" && u.status === "completed"), `load: no replayed result (${k})`);
  expect(!JSON.stringify(st.updates).includes("sk-test-openai-fake"), "load: the API key reached the wire");
  st.updates = [];
  const r = await agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "After loading" }] });
  expect(r.stopReason === "end_turn" && text(st.updates, "agent_message_chunk") === "loaded", "load: the prompt after load");
  conn.close();
  z.child.stdin.end(); // the editor goes away: stdin closes
  expect((await withTimeout(z.exited, 10000, "exit")) === 0, "second connection: exit code");
}

// rawConnection writes malformed lines no SDK would send and checks the
// answers (each valid under the official schema).
async function rawConnection() {
  const child = spawn(bin, ["acp"], { cwd: ws, stdio: ["pipe", "pipe", "pipe"], env: process.env });
  let out = "";
  child.stdout.on("data", (b) => (out += b));
  const lines = [
    "this is not json",
    '{"jsonrpc":"2.0","id":1,"method":"session/frobnicate","params":{}}',
    '{"jsonrpc":"2.0","id":2,"method":"session/new","params":{"cwd":42,"mcpServers":[]}}',
    '{"jsonrpc":"1.0","id":3,"method":"initialize","params":{"protocolVersion":1}}',
    '{"jsonrpc":"2.0","method":"session/frobnicate","params":{}}',
    '{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"zero_nope"}}',
    '{"jsonrpc":"2.0","id":4,"method":"initialize","params":{"protocolVersion":1,"clientCapabilities":{"fs":{"readTextFile":"yes"}}}}',
  ];
  child.stdin.end(lines.join("\n") + "\n");
  const code = await withTimeout(new Promise((res) => child.on("exit", res)), 10000, "raw connection exit");
  expect(code === 0, `raw connection: exit code ${code}`);
  const msgs = out.trim().split("\n").map((l) => JSON.parse(l));
  for (const m of msgs) {
    check("", m, "raw answer");
    if (m.error) check("Error", m.error, "raw error");
  }
  const codes = msgs.map((m) => (m.error ? m.error.code : "ok")).join(",");
  expect(codes === "-32700,-32601,-32602,-32600,ok", `raw connection: answers ${codes} (notifications must get none)`);
  expect(msgs[2].error.data?.pointer === "/params/cwd", `raw connection: -32602 data ${JSON.stringify(msgs[2].error.data)}`);
  expect(msgs[0].id === null, "raw connection: a parse error answers id null");
  expect(msgs[4].id === 4 && msgs[4].result.protocolVersion === 1, "raw connection: lenient clientCapabilities refused");
  stats.checked += msgs.length;
}

try {
  const id = await firstConnection();
  await secondConnection(id);
  await rawConnection();
} catch (e) {
  fail(e.stack || String(e));
}
console.log(`acp-e2e: ok, ${stats.checked} messages checked against the official ACP schema`);
