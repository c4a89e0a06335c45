// acp-harness.mjs holds what the ACP end-to-end scripts share: ajv over
// the official ACP schema that ships in the SDK package, a zero acp child
// whose lines are checked in both directions as they pass, and a recording
// client built with the official SDK.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { client, ndJsonStream, methods } from "@agentclientprotocol/sdk";

const here = path.dirname(fileURLToPath(import.meta.url));
const schemaPath = path.join(here, "node_modules", "@agentclientprotocol", "sdk", "schema", "v1", "schema.json");
const official = JSON.parse(readFileSync(schemaPath, "utf8"));
const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
ajv.addSchema(official, "acp");
export const check = (def, value, what) => {
  const v = ajv.getSchema(def === "" ? "acp" : `acp#/$defs/${def}`);
  if (!v(value)) fail(`${what} is invalid under the official ACP schema (${def || "root"}): ${ajv.errorsText(v.errors)}\n${JSON.stringify(value).slice(0, 2000)}`);
};

export const bin = process.env.ZERO_BIN;
export const ws = process.env.ZERO_ACP_WS;
if (!bin || !ws) {
  console.log(`usage: ZERO_BIN=path/to/zero ZERO_ACP_WS=/abs/workspace node ${path.basename(process.argv[1])}`);
  process.exit(2);
}

export function fail(msg) {
  process.stderr.write(`${path.basename(process.argv[1], ".mjs")}: FAIL: ${msg}\n`);
  process.exit(1);
}
export function expect(cond, msg) {
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
const clientResults = { "session/request_permission": "RequestPermissionResponse", "fs/read_text_file": "ReadTextFileResponse",
  "fs/write_text_file": "WriteTextFileResponse" };

// stats.checked counts the messages checked.
export const stats = { checked: 0 };
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
  stats.checked++;
}

// spawnZero starts zero acp and returns the client library's stream (made
// by ndJson, the SDK's ndJsonStream unless another library's is given)
// plus the lines of both directions, each checked as it passes; agentLines
// keeps what the agent wrote.
export function spawnZero(args = [], ndJson = ndJsonStream) {
  const child = spawn(bin, ["acp", ...args], { cwd: ws, stdio: ["pipe", "pipe", "pipe"], env: process.env });
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
  const agentLines = []; // every line the agent wrote, for leak checks
  function agentTapResp(b) {
    abuf += b.toString("utf8");
    let i;
    while ((i = abuf.indexOf("\n")) >= 0) {
      const line = abuf.slice(0, i);
      abuf = abuf.slice(i + 1);
      if (line.trim() !== "") {
        agentLines.push(line);
        routed("agent", line);
      }
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
  return { child, stream: ndJson(output, input), exited, stderr: () => stderr, agentLines };
}

// A recording client: updates per session, and a scripted answer to each
// permission request. files, when given, is a Map from absolute path to
// text: the client then answers fs/read_text_file and fs/write_text_file
// from it, as an editor does from its buffers, recording each request.
export function newClient(files) {
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
  st.fsRequests = [];
  if (files) {
    app
      .onRequest(methods.client.fs.readTextFile, (cx) => {
        st.fsRequests.push(["read", cx.params.path]);
        const content = files.get(cx.params.path);
        if (content === undefined) throw new Error(`no such buffer: ${cx.params.path}`);
        return { content };
      })
      .onRequest(methods.client.fs.writeTextFile, (cx) => {
        st.fsRequests.push(["write", cx.params.path]);
        files.set(cx.params.path, cx.params.content);
        return {};
      });
  }
  return { app, st };
}

export const kinds = (us) => us.map((u) => u.sessionUpdate).join(",");
export const text = (us, kind) => us.filter((u) => u.sessionUpdate === kind).map((u) => u.content.text).join("");
// withTimeout settles as p does, or fails after ms; its timer never keeps
// node running once p settled.
export const withTimeout = (p, ms, what) => {
  let timer;
  const late = new Promise((_, rej) => (timer = setTimeout(() => rej(new Error(`${what}: no answer in ${ms} ms`)), ms)));
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
};

