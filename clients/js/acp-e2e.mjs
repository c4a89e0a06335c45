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
import { fileURLToPath } from "node:url";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import Ajv2020 from "ajv/dist/2020.js";
import { client, ndJsonStream, methods } from "@agentclientprotocol/sdk";

const here = path.dirname(fileURLToPath(import.meta.url));
const schemaPath = path.join(here, "node_modules", "@agentclientprotocol", "sdk", "schema", "v1", "schema.json");
const official = JSON.parse(readFileSync(schemaPath, "utf8"));
const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
ajv.addSchema(official, "acp");
const check = (def, value, what) => {
  const v = ajv.getSchema(def === "" ? "acp" : `acp#/$defs/${def}`);
  if (!v(value)) fail(`${what} is invalid under the official ACP schema (${def || "root"}): ${ajv.errorsText(v.errors)}\n${JSON.stringify(value).slice(0, 2000)}`);
};

const bin = process.env.ZERO_BIN;
const ws = process.env.ZERO_ACP_WS;
if (!bin || !ws) {
  console.log("usage: ZERO_BIN=path/to/zero ZERO_ACP_WS=/abs/workspace node acp-e2e.mjs");
  process.exit(2);
}

function fail(msg) {
  process.stderr.write(`acp-e2e: FAIL: ${msg}\n`);
  process.exit(1);
}
function expect(cond, msg) {
  if (!cond) fail(msg);
}

// The SDK reports updates that fail its zod schemas only with
// console.error; any such report fails the test.
const realError = console.error;
console.error = (...args) => {
  realError(...args);
  fail(`the SDK reported a problem (a dropped or invalid message?): ${args.map(String).join(" ")}`);
};

// The param and result types of each method, in the official schema.
const agentParams = { "session/update": "SessionNotification", "session/request_permission": "RequestPermissionRequest",
  "fs/read_text_file": "ReadTextFileRequest", "fs/write_text_file": "WriteTextFileRequest" };
const agentResults = { initialize: "InitializeResponse", "session/new": "NewSessionResponse", "session/load": "LoadSessionResponse",
  "session/prompt": "PromptResponse", "session/set_mode": "SetSessionModeResponse" };
const clientParams = { initialize: "InitializeRequest", "session/new": "NewSessionRequest", "session/load": "LoadSessionRequest",
  "session/prompt": "PromptRequest", "session/set_mode": "SetSessionModeRequest", "session/cancel": "CancelNotification" };
const clientResults = { "session/request_permission": "RequestPermissionResponse" };

let checked = 0;
// tap checks each line of one direction: the envelope against the
// official root, then params or result against the method's own type.
function tap(dir, sent, line) {
  const msg = JSON.parse(line);
  check("", msg, `${dir} message`);
  expect(msg.jsonrpc === "2.0", `${dir}: jsonrpc is not "2.0"`);
  const [params, results] = dir === "agent" ? [agentParams, agentResults] : [clientParams, clientResults];
  if (msg.method) {
    if ("id" in msg) sent.set(msg.id, msg.method);
    const def = params[msg.method];
    expect(def, `${dir} sent an unexpected method ${msg.method}`);
    check(def, msg.params, `${dir} ${msg.method} params`);
  } else if ("result" in msg) {
    const m = sent.get(msg.id);
    expect(m, `${dir} answered an unknown id ${msg.id}`);
    check(results[m], msg.result, `${dir} result of ${m}`);
  } else {
    check("Error", msg.error, `${dir} error`);
  }
  checked++;
}

// spawnZero starts zero acp and returns the SDK stream plus the lines of
// both directions, each checked as it passes.
function spawnZero() {
  const child = spawn(bin, ["acp"], { cwd: ws, stdio: ["pipe", "pipe", "pipe"], env: process.env });
  let stderr = "";
  child.stderr.on("data", (b) => (stderr += b));
  const fromClient = new Map(); // ids the client used, by method
  const fromAgent = new Map();
  // Responses are checked against the method of the request they answer:
  // the agent answers ids the client chose, and the other way round.
  const answers = (dir) => (dir === "agent" ? fromClient : fromAgent);
  const input = new ReadableStream({
    start(ctrl) {
      child.stdout.on("data", (b) => {
        agentTapResp(b);
        try {
          ctrl.enqueue(new Uint8Array(b));
        } catch {
          // closed by the SDK
        }
      });
      child.stdout.on("end", () => {
        try {
          ctrl.close();
        } catch {
          // the SDK cancelled the stream when the connection closed
        }
      });
    },
  });
  let abuf = "", cbuf = "";
  function agentTapResp(b) {
    abuf += b.toString("utf8");
    let i;
    while ((i = abuf.indexOf("\n")) >= 0) {
      const line = abuf.slice(0, i);
      abuf = abuf.slice(i + 1);
      if (line.trim() !== "") routed("agent", line);
    }
  }
  function clientTapResp(b) {
    cbuf += Buffer.from(b).toString("utf8");
    let i;
    while ((i = cbuf.indexOf("\n")) >= 0) {
      const line = cbuf.slice(0, i);
      cbuf = cbuf.slice(i + 1);
      if (line.trim() !== "") routed("client", line);
    }
  }
  function routed(dir, line) {
    const msg = JSON.parse(line);
    if (!msg.method && "id" in msg) {
      // a response: look up the method in the other side's requests
      const m = answers(dir).get(msg.id);
      const map = new Map([[msg.id, m]]);
      tap(dir, map, line);
    } else {
      tap(dir, dir === "agent" ? fromAgent : fromClient, line);
    }
  }
  const output = new WritableStream({
    write(chunk) {
      clientTapResp(chunk);
      return new Promise((res, rej) => child.stdin.write(chunk, (e) => (e ? rej(e) : res())));
    },
    close() {
      child.stdin.end();
    },
  });
  const exited = new Promise((res) => child.on("exit", (code) => res(code)));
  return { child, stream: ndJsonStream(output, input), exited, stderr: () => stderr };
}

// A recording client: updates per session, and a scripted answer to each
// permission request.
function newClient(fsCaps) {
  const st = { updates: [], permissions: [], answers: [], onUpdate: null };
  const app = client({ name: "acp-e2e" })
    .onNotification(methods.client.session.update, (cx) => {
      st.updates.push(cx.params.update);
      if (st.onUpdate) st.onUpdate(cx.params.update);
    })
    .onRequest(methods.client.session.requestPermission, (cx) => {
      st.permissions.push(cx.params);
      const optionId = st.answers.shift();
      expect(optionId, `an unexpected permission request for ${cx.params.toolCall.title}`);
      return { outcome: { outcome: "selected", optionId } };
    });
  return { app, st };
}

const kinds = (us) => us.map((u) => u.sessionUpdate).join(",");
const text = (us, kind) => us.filter((u) => u.sessionUpdate === kind).map((u) => u.content.text).join("");
const withTimeout = (p, ms, what) => Promise.race([p, new Promise((_, rej) => setTimeout(() => rej(new Error(`${what}: no answer in ${ms} ms`)), ms))]);

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
  checked += msgs.length;
}

try {
  const id = await firstConnection();
  await secondConnection(id);
  await rawConnection();
} catch (e) {
  fail(e.stack || String(e));
}
console.log(`acp-e2e: ok, ${checked} messages checked against the official ACP schema`);
