// acp-conversation-e2e.mjs holds one conversation with `zero acp` over many
// prompts, as an editor's chat does, with one of two client libraries: the
// official SDK (@agentclientprotocol/sdk, "sdk") or the older library that
// editors still ship (@zed-industries/agent-client-protocol 0.4.5, installed
// as acp-legacy, "legacy"). Every message in both directions is checked with
// ajv against the official ACP schema.
//
// The Go test cmd/zero/e2e_acp_conversation_test.go runs it against a fake
// OpenAI server whose scripted answers follow the order of the prompts
// below, and then checks the conversation each request carried to the
// model: every earlier prompt and answer, tool calls and their results, a
// cancelled turn's partial answer and its calls, before and after
// session/load in the same process and in a new one.
//
//   ZERO_BIN=bin/zero ZERO_ACP_WS=/abs/workspace node acp-conversation-e2e.mjs sdk|legacy
//
// (with OPENAI_BASE_URL, OPENAI_API_KEY and XDG_DATA_HOME set by the test).
// Last, while a second zero acp holds the session, a third one's
// session/load must fail with -32050 naming the holder's pid. It exits 1 on
// the first failed check, naming it.
import { client, methods } from "@agentclientprotocol/sdk";
import * as legacy from "acp-legacy";
import { ws, fail, expect, stats, spawnZero, withTimeout } from "./acp-harness.mjs";

const lib = process.argv[2];
if (lib !== "sdk" && lib !== "legacy") fail(`usage: node acp-conversation-e2e.mjs sdk|legacy (got ${lib})`);

// The prompts in order; the Go test scripts the model's answers to them.
const prompts = [
  "my name is Ada",
  "read the readme",
  "what is my name?",
  "tell me a long story", // cancelled while the answer streams
  "where were we?",
  "run the slow command", // cancelled while bash runs
  "did it finish?",
  "after loading in the same process",
  "after loading in a new process",
  "and once more",
];

// A recording client whose handlers both libraries call: the updates of
// the session, and a scripted answer to each permission request.
function recorder() {
  const st = { updates: [], answers: [], permissions: 0, onUpdate: null };
  st.update = (u) => {
    st.updates.push(u);
    if (st.onUpdate) st.onUpdate(u);
  };
  st.permission = (p) => {
    st.permissions++;
    const optionId = st.answers.shift();
    expect(optionId, `an unexpected permission request for ${p.toolCall.title}`);
    return { outcome: { outcome: "selected", optionId } };
  };
  return st;
}

// connect starts zero acp and connects the chosen library to it; the
// returned agent has the same few methods for both.
function connect() {
  const st = recorder();
  if (lib === "sdk") {
    const z = spawnZero();
    const app = client({ name: "acp-conversation-e2e" })
      .onNotification(methods.client.session.update, (cx) => st.update(cx.params.update))
      .onRequest(methods.client.session.requestPermission, (cx) => st.permission(cx.params));
    const conn = app.connect(z.stream);
    const a = conn.agent;
    const agent = {
      initialize: (p) => a.request(methods.agent.initialize, p),
      newSession: (p) => a.request(methods.agent.session.new, p),
      loadSession: (p) => a.request(methods.agent.session.load, p),
      prompt: (p) => a.request(methods.agent.session.prompt, p),
      cancel: (p) => a.notify(methods.agent.session.cancel, p),
      close: () => conn.close(),
    };
    return { z, st, agent };
  }
  const z = spawnZero([], legacy.ndJsonStream);
  const conn = new legacy.ClientSideConnection(
    () => ({
      sessionUpdate: async (p) => st.update(p.update),
      requestPermission: async (p) => st.permission(p),
    }),
    z.stream,
  );
  const agent = {
    initialize: (p) => conn.initialize(p),
    newSession: (p) => conn.newSession(p),
    loadSession: (p) => conn.loadSession(p),
    prompt: (p) => conn.prompt(p),
    cancel: (p) => conn.cancel(p),
    close: () => {},
  };
  return { z, st, agent };
}

const textOf = (st, kind) => st.updates.filter((u) => u.sessionUpdate === kind).map((u) => u.content.text);

// ask sends prompt number n (counted from 1) and checks its stop reason
// and, when given, the answer the client was shown.
async function ask(c, sessionId, n, stopReason, answer) {
  c.st.updates = [];
  const r = await withTimeout(c.agent.prompt({ sessionId, prompt: [{ type: "text", text: prompts[n - 1] }] }), 20000, `prompt ${n}`);
  expect(r.stopReason === stopReason, `prompt ${n}: stopReason ${r.stopReason}, want ${stopReason}`);
  if (answer !== undefined) {
    const got = textOf(c.st, "agent_message_chunk").join("");
    expect(got === answer, `prompt ${n}: the client was shown ${JSON.stringify(got)}, want ${JSON.stringify(answer)}`);
  }
}

// load loads the session and checks that the replay holds every prompt
// sent so far, in order, and the cancelled turn's partial answer.
async function load(c, sessionId, sent) {
  c.st.updates = [];
  await c.agent.loadSession({ sessionId, cwd: ws, mcpServers: [] });
  const users = textOf(c.st, "user_message_chunk");
  const want = prompts.slice(0, sent);
  expect(JSON.stringify(users) === JSON.stringify(want), `load after ${sent} prompts: the replay shows the prompts ${JSON.stringify(users)}, want ${JSON.stringify(want)}`);
  expect(textOf(c.st, "agent_message_chunk").includes("Once upon a time"), "load: the replay lacks the cancelled turn's partial answer");
}

async function stop(c, what) {
  c.agent.close();
  c.z.child.stdin.end(); // the editor goes away: stdin closes
  const code = await withTimeout(c.z.exited, 15000, `${what}: exit`);
  expect(code === 0, `${what}: exit code ${code}; stderr:\n${c.z.stderr()}`);
}

async function firstProcess() {
  const c = connect();
  await c.agent.initialize({ protocolVersion: 1, clientCapabilities: { fs: { readTextFile: false, writeTextFile: false } } });
  const { sessionId } = await c.agent.newSession({ cwd: ws, mcpServers: [] });
  await ask(c, sessionId, 1, "end_turn", "Nice to meet you, Ada.");
  await ask(c, sessionId, 2, "end_turn");
  await ask(c, sessionId, 3, "end_turn", "Your name is Ada.");

  // 4: cancelled once the first text arrives; the model's stream hangs
  // after it, so the partial answer is exactly that text.
  c.st.onUpdate = (u) => {
    if (u.sessionUpdate === "agent_message_chunk") {
      c.st.onUpdate = null;
      c.agent.cancel({ sessionId });
    }
  };
  await ask(c, sessionId, 4, "cancelled", "Once upon a time");
  await ask(c, sessionId, 5, "end_turn", "You were telling a story.");

  // 6: bash (allowed once) is cancelled while it runs; the read_file call
  // after it in the same turn never runs.
  c.st.answers = ["allow_once"];
  c.st.onUpdate = (u) => {
    if (u.sessionUpdate === "tool_call_update" && u.toolCallId === "call_sleep" && u.status === "in_progress") {
      c.st.onUpdate = null;
      setTimeout(() => c.agent.cancel({ sessionId }), 200);
    }
  };
  const t0 = Date.now();
  await ask(c, sessionId, 6, "cancelled");
  expect(Date.now() - t0 < 15000, `prompt 6: the cancel took ${Date.now() - t0} ms (bash sleeps 30 s)`);
  expect(c.st.permissions === 1, `prompt 6: ${c.st.permissions} permission requests, want 1`);
  await ask(c, sessionId, 7, "end_turn", "No, it was cancelled.");

  // session/load of the session this process has open.
  await load(c, sessionId, 7);
  await ask(c, sessionId, 8, "end_turn", "Still here.");
  await stop(c, "first process");
  return sessionId;
}

async function secondProcess(sessionId) {
  const c = connect();
  await c.agent.initialize({ protocolVersion: 1, clientCapabilities: {} });
  await load(c, sessionId, 8);
  await ask(c, sessionId, 9, "end_turn", "Loaded.");
  await ask(c, sessionId, 10, "end_turn", "Once more.");
  await lockedLoad(sessionId, c.z.child.pid);
  await stop(c, "second process");
}

// lockedLoad: while another zero acp holds the session, session/load
// answers -32050 saying which process holds it, and the connection goes
// on.
async function lockedLoad(sessionId, holder) {
  const c = connect();
  await c.agent.initialize({ protocolVersion: 1, clientCapabilities: {} });
  let err = null;
  try {
    await c.agent.loadSession({ sessionId, cwd: ws, mcpServers: [] });
  } catch (e) {
    err = e;
  }
  expect(err, "locked load: session/load of a session another zero acp holds succeeded");
  const want = `session ${sessionId} is in use by another zero process (zero acp, pid ${holder})`;
  expect(err.code === -32050 && typeof err.message === "string" && err.message.startsWith(want),
    `locked load: error ${err.code} ${JSON.stringify(err.message)}, want -32050 starting ${JSON.stringify(want)}`);
  expect(c.st.updates.length === 0, `locked load: ${c.st.updates.length} updates were sent for a session that did not load`);
  const { sessionId: other } = await c.agent.newSession({ cwd: ws, mcpServers: [] });
  expect(other && other !== sessionId, "locked load: the connection is unusable after the error");
  await stop(c, "locked process");
}

try {
  const id = await firstProcess();
  await secondProcess(id);
} catch (e) {
  fail(e.stack || JSON.stringify(e));
}
console.log(`acp-conversation-e2e (${lib}): ok, ${stats.checked} messages checked against the official ACP schema`);
