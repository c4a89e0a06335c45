// validate-stream.mjs checks what `zero exec -o stream-json` actually wrote,
// the way a client in another language would: every line of each file must
// be one JSON object valid under schema/streamjson/vN/output.json, checked
// by ajv (draft 2020-12) in strict mode.
//
//	node validate-stream.mjs --version 2 run1.jsonl run2.jsonl
//	node validate-stream.mjs --version 1 old.jsonl
//
// The end-to-end tests of cmd/zero write the stdout of several runs to
// files and call this script when node and node_modules are present. It
// prints one line per invalid line and "N lines valid, M invalid"; the
// exit code is 1 when any line is invalid or a file cannot be read.

import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { zeroAnnotations } from "./annotations.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const schemaRoot = resolve(here, "..", "..", "schema", "streamjson");

function parseArgs(argv) {
  let version = "2";
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--version") version = argv[++i];
    else files.push(argv[i]);
  }
  if (!["1", "2"].includes(version) || files.length === 0) {
    console.error("usage: node validate-stream.mjs --version 1|2 FILE...");
    process.exit(2);
  }
  return { version, files };
}

// outputValidator compiles output.json of the version, with its siblings.
function outputValidator(version) {
  const ajv = new Ajv2020({
    strict: true,
    strictSchema: true,
    strictNumbers: true,
    strictTypes: true,
    // ACP ids are a string, an integer or null: one type list, as ACP's own
    // schema writes it (an anyOf would say the same).
    allowUnionTypes: true,
    strictTuples: true,
    strictRequired: true,
    allErrors: true,
  });
  addFormats(ajv);
  ajv.addVocabulary(zeroAnnotations);
  const dir = join(schemaRoot, `v${version}`);
  let outputId;
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".json"))) {
    const doc = JSON.parse(readFileSync(join(dir, name), "utf8"));
    ajv.addSchema(doc);
    if (name === "output.json") outputId = doc.$id;
  }
  return ajv.getSchema(outputId);
}

function errorText(errors) {
  return (errors ?? [])
    .map((e) => `${e.instancePath || "/"} ${e.keyword}: ${e.message}`)
    .join("; ");
}

const { version, files } = parseArgs(process.argv.slice(2));
const validate = outputValidator(version);
let valid = 0;
let invalid = 0;
for (const file of files) {
  const lines = readFileSync(file, "utf8").split("\n");
  if (lines.at(-1) === "") lines.pop();
  lines.forEach((line, i) => {
    let doc;
    try {
      doc = JSON.parse(line);
    } catch (err) {
      invalid++;
      console.log(`FAIL ${file}:${i + 1}: not JSON: ${err.message}`);
      return;
    }
    if (validate(doc)) {
      valid++;
    } else {
      invalid++;
      console.log(`FAIL ${file}:${i + 1}: ${errorText(validate.errors)}`);
    }
  });
}
console.log(`${valid} lines valid, ${invalid} invalid`);
process.exit(invalid > 0 ? 1 : 0);
