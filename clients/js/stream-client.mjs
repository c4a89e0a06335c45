// stream-client.mjs is a small reference client of `zero exec -o stream-json`
// written the way a client author in another language would write one: it
// reads nothing of Zero but the bundled output schema and the protocol's
// documented guarantees (docs/protocol.md).
//
//	zero exec -o stream-json "prompt" | node stream-client.mjs
//	node stream-client.mjs [--version 1|2] [--max-line-bytes N] [FILE]
//
// It reads the stream from FILE or standard input, line by line as it
// arrives, and for every line:
//   - parses it as one JSON object and validates it with ajv (strict mode)
//     against generated/bundles/streamjson/vN/output.json, compiled alone;
//     N is --version, or the schemaVersion of the first line;
//   - checks the protocol: run_start comes first (or, for a run that failed
//     before it started, an error), every event carries its runId, an error
//     event is followed by run_end, run_end comes exactly once and last, a
//     run_end with status "error" has an error before it, and the final
//     event repeats the text deltas put together;
//   - writes each text delta to standard output as it comes, so the answer
//     appears as the model writes it.
// At the end it reports on standard error and exits 0 when every line was
// valid and the protocol held, 1 otherwise, 2 on a usage error.

import { createReadStream, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const here = dirname(fileURLToPath(import.meta.url));
const bundleDir = resolve(here, "..", "..", "generated", "bundles", "streamjson");

function usage(msg) {
  process.stderr.write(`stream-client: ${msg}\nusage: node stream-client.mjs [--version 1|2] [--max-line-bytes N] [FILE]\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { version: 0, maxLineBytes: 16 << 20, file: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--version") {
      opts.version = Number(argv[++i]);
      if (![1, 2].includes(opts.version)) usage("--version must be 1 or 2");
    } else if (a === "--max-line-bytes") {
      opts.maxLineBytes = Number(argv[++i]);
      if (!(opts.maxLineBytes > 0)) usage("--max-line-bytes must be a positive number");
    } else if (a.startsWith("-") && a !== "-") {
      usage(`unknown flag ${a}`);
    } else if (opts.file === undefined) {
      opts.file = a;
    } else {
      usage(`unexpected argument ${a}`);
    }
  }
  return opts;
}

// validatorFor compiles the bundled output schema of a version, alone,
// and one validator per event type for focused error messages.
function validatorFor(version) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  // Zero's schemas use these annotations, which strict mode must be told
  // about: x-known-values lists the codes Zero sends, with their meanings;
  // x-go-name names a Go field; x-deserialize-* marks leniently read ACP
  // members. (This client stands alone, so it keeps its own copy of the
  // list that the checks share in annotations.mjs.)
  ajv.addVocabulary(["x-known-values", "x-go-name", "x-deserialize-default-on-error", "x-deserialize-skip-invalid-items"]);
  const schema = JSON.parse(readFileSync(join(bundleDir, `v${version}`, "output.json"), "utf8"));
  const validate = ajv.compile(schema);
  const byType = new Map();
  for (const { $ref } of schema.oneOf ?? []) {
    const def = $ref?.startsWith("#/$defs/") ? schema.$defs[$ref.slice(8)] : undefined;
    const type = def?.properties?.type?.const;
    if (typeof type === "string") byType.set(type, ajv.getSchema(schema.$id + $ref));
  }
  return { validate, byType };
}

// errorText explains why ev was rejected: by its event type's schema when
// the type is known, else by the whole union.
function errorText(v, ev) {
  let errors = v.validate.errors ?? [];
  const one = typeof ev?.type === "string" ? v.byType.get(ev.type) : undefined;
  if (one && !one(ev)) errors = one.errors;
  else if (!one) errors = [{ instancePath: "/type", keyword: "oneOf", message: `not a known event type: ${JSON.stringify(ev?.type)}` }];
  const text = errors.map((e) => `${e.instancePath || "/"} ${e.keyword}: ${e.message}`).join("; ");
  return text.length > 400 ? text.slice(0, 400) + "…" : text;
}

// Protocol follows the guarantees across events.
class Protocol {
  constructor() {
    this.started = false;
    this.ended = false;
    this.runId = undefined;
    this.afterError = false;
    this.anyError = false;
    this.answer = "";
    this.final = undefined;
  }

  // check returns a violation message for the next event, or "".
  check(ev) {
    if (this.ended) return `${ev.type} after run_end: run_end must be the last event`;
    if (!this.started) {
      // A run that fails before it starts (bad flags or input, missing
      // configuration) writes only an error and its run_end.
      if (ev.type !== "run_start" && ev.type !== "error") {
        return `the first event is ${ev.type}, want run_start (or error, for a run that failed before it started)`;
      }
      this.started = true;
      this.runId = ev.runId;
      this.afterError = this.anyError = ev.type === "error";
      return "";
    }
    if (ev.type === "run_start") return "a second run_start";
    if (this.afterError && ev.type !== "run_end") return `${ev.type} after an error event, want run_end`;
    if (ev.runId !== this.runId) return `${ev.type} has runId ${JSON.stringify(ev.runId)}, run_start had ${JSON.stringify(this.runId)}`;
    switch (ev.type) {
      case "text":
        this.answer += ev.delta;
        break;
      case "final":
        this.final = ev.text;
        if (ev.text !== this.answer) return "the final text is not the text deltas put together";
        break;
      case "error":
        this.afterError = this.anyError = true;
        break;
      case "run_end":
        this.ended = true;
        if (ev.status === "error" && !this.anyError) return "run_end has status error, but no error event came before it";
        break;
    }
    return "";
  }

  // end returns a violation message for the end of input, or "".
  end() {
    if (!this.started) return "end of input before run_start: the stream is empty";
    if (!this.ended) return "end of input before run_end: the run did not finish";
    return "";
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const input = opts.file && opts.file !== "-" ? createReadStream(opts.file) : process.stdin;
  const lines = createInterface({ input, crlfDelay: Infinity });
  const protocol = new Protocol();
  const validators = new Map();
  let version = opts.version;
  let n = 0;
  let valid = 0;
  const problems = [];
  const problem = (msg) => problems.push(`line ${n}: ${msg}`);
  let exitCode = undefined;
  for await (const line of lines) {
    n++;
    if (Buffer.byteLength(line) > opts.maxLineBytes) {
      problem(`longer than ${opts.maxLineBytes} bytes`);
      continue;
    }
    let ev;
    try {
      ev = JSON.parse(line);
    } catch (err) {
      problem(`not JSON: ${err.message}`);
      continue;
    }
    if (version === 0) {
      version = ev?.schemaVersion;
      if (![1, 2].includes(version)) {
        problem(`cannot tell the protocol version from schemaVersion ${JSON.stringify(ev?.schemaVersion)}`);
        break;
      }
    }
    if (!validators.has(version)) validators.set(version, validatorFor(version));
    const v = validators.get(version);
    if (!v.validate(ev)) {
      problem(`invalid under streamjson v${version} output.json: ${errorText(v, ev)}`);
      continue;
    }
    valid++;
    const violation = protocol.check(ev);
    if (violation) problem(violation);
    if (ev.type === "text") process.stdout.write(ev.delta);
    if (ev.type === "run_end") exitCode = ev.exitCode;
  }
  const violation = protocol.end();
  if (violation) problems.push(`end of input after line ${n}: ${violation}`);
  if (protocol.answer !== "" && !protocol.answer.endsWith("\n")) process.stdout.write("\n");
  for (const p of problems) process.stderr.write(`stream-client: ${p}\n`);
  const summary = `${n} lines, ${valid} valid events of protocol version ${version || "?"}`;
  if (problems.length === 0) {
    process.stderr.write(`stream-client: ${summary}; protocol ok; zero exited ${exitCode}\n`);
  } else {
    process.stderr.write(`stream-client: ${summary}; ${problems.length} problems\n`);
  }
  process.exitCode = problems.length === 0 ? 0 : 1;
}

main();
