// validate-schemas.mjs checks Zero's schemas the way a client author in
// another language would: with ajv in strict mode, reading nothing but the
// schema files, the shared document table and the protocol texts in
// the shared folder.
//
//	node validate-schemas.mjs
//
// It loads every JSON file under ../../schema (except testdata) into
// Ajv2020, compiles each, then checks:
//   - every entry of schema/testdata/documents.json gets its verdict, and
//     each invalid one is rejected by the keyword the entry names;
//   - every event quoted in the seed protocol text (../../../shared/seed)
//     is valid under streamjson/v1 input.json or output.json;
//   - every event quoted in upstream Zero's published v2 text
//     (../../../shared/thirdparty/zero-upstream) is valid under
//     streamjson/v2, since Zero's v2 is upstream's v2 on the wire;
//   - every "examples" entry of every schema is valid under its schema.
// It prints one line per failure and ends with "N passed, M failed";
// the exit code is 1 when anything failed.

import { readFileSync, readdirSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { zeroAnnotations } from "./annotations.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "..", "..");
const schemaDir = join(repoRoot, "schema");
const documentsFile = join(schemaDir, "testdata", "documents.json");
const seedDir = resolve(repoRoot, "..", "shared", "seed");
const upstreamV2Text = resolve(repoRoot, "..", "shared", "thirdparty", "zero-upstream", "STREAM_JSON_PROTOCOL.v2.md");
const idBase = "https://schemas.zero.dev/";

let passed = 0;
let failed = 0;

function pass() {
  passed++;
}

function fail(what, detail) {
  failed++;
  console.log(`FAIL ${what}${detail ? `: ${detail}` : ""}`);
}

// listSchemaFiles returns the paths of all schema files below dir, relative
// to it with forward slashes, sorted.
function listSchemaFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".json")) continue;
    const rel = relative(dir, join(entry.parentPath ?? entry.path, entry.name)).split(sep).join("/");
    if (rel.split("/").includes("testdata")) continue;
    out.push(rel);
  }
  return out.sort();
}

// newAjv returns an Ajv2020 instance with every strict option on, all
// errors reported, and ajv's warnings collected as failures.
function newAjv(warnings) {
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
    logger: {
      log: () => {},
      warn: (...args) => warnings.push(args.join(" ")),
      error: (...args) => warnings.push(args.join(" ")),
    },
  });
  addFormats(ajv);
  ajv.addVocabulary(zeroAnnotations);
  return ajv;
}

// validator returns the compiled validator for ref, or undefined after
// recording a failure when ref cannot be resolved or compiled.
function validator(ajv, ref, what) {
  try {
    const validate = ajv.getSchema(ref);
    if (!validate) fail(what, `cannot resolve ${ref}`);
    return validate;
  } catch (err) {
    fail(what, `cannot compile ${ref}: ${err.message}`);
    return undefined;
  }
}

function errorText(errors) {
  return (errors ?? [])
    .map((e) => `${e.instancePath || "/"} ${e.keyword} (${e.schemaPath}): ${e.message}`)
    .join("; ");
}

// loadSchemas adds every schema file to ajv and compiles it. It returns the
// parsed files by path.
function loadSchemas(ajv, warnings) {
  const files = new Map();
  for (const path of listSchemaFiles(schemaDir)) {
    let doc;
    try {
      doc = JSON.parse(readFileSync(join(schemaDir, path), "utf8"));
    } catch (err) {
      fail(`parse ${path}`, err.message);
      continue;
    }
    if (doc.$id !== idBase + path) {
      fail(`$id of ${path}`, `got ${doc.$id}, want ${idBase + path}`);
      continue;
    }
    files.set(path, doc);
    ajv.addSchema(doc);
  }
  for (const [path, doc] of files) {
    try {
      ajv.getSchema(doc.$id);
      if (warnings.length > 0) {
        fail(`compile ${path}`, warnings.splice(0).join("; "));
      } else {
        pass();
      }
    } catch (err) {
      fail(`compile ${path}`, err.message);
    }
  }
  return files;
}

function checkDocuments(ajv) {
  const cases = JSON.parse(readFileSync(documentsFile, "utf8"));
  let n = 0;
  for (const c of cases) {
    const what = `document ${c.schema}: ${c.name}`;
    const validate = validator(ajv, idBase + c.schema, what);
    if (!validate) continue;
    n++;
    const ok = validate(c.doc);
    if (c.valid && !ok) {
      fail(what, `rejected: ${errorText(validate.errors)}`);
    } else if (!c.valid && ok) {
      fail(what, `accepted, want rejected by ${c.keyword}`);
    } else if (!c.valid && !validate.errors.some((e) => e.keyword === c.keyword)) {
      fail(what, `rejected, but not by ${c.keyword}: ${errorText(validate.errors)}`);
    } else {
      pass();
    }
  }
  console.log(`documents: ${n} checked`);
}

// seedEvents returns every line of the seed protocol text that is a JSON
// object, except the envelope illustration whose type is "...".
function seedEvents() {
  const files = readdirSync(seedDir).filter((f) => f.endsWith(".txt")).sort();
  return quotedEvents(files.map((name) => join(seedDir, name)));
}

// quotedEvents returns every line of the files at paths that is a JSON
// object, except the envelope illustration whose type is "...".
function quotedEvents(paths) {
  const events = [];
  for (const path of paths) {
    const name = path.split(sep).pop();
    const lines = readFileSync(path, "utf8").split("\n");
    lines.forEach((raw, i) => {
      const line = raw.trim();
      if (!line.startsWith("{")) return;
      let doc;
      try {
        doc = JSON.parse(line);
      } catch {
        return;
      }
      if (doc === null || typeof doc !== "object" || Array.isArray(doc) || doc.type === "...") return;
      events.push({ where: `${name}:${i + 1}`, doc });
    });
  }
  return events;
}

function checkSeed(ajv) {
  if (!existsSync(seedDir)) {
    console.log(`seed: skipped, no seed protocol text at ${relative(process.cwd(), seedDir)}`);
    return;
  }
  const events = seedEvents();
  if (events.length === 0) {
    fail("seed", `no JSON examples found in ${seedDir}`);
    return;
  }
  for (const { where, doc } of events) {
    const root = doc.type === "prompt" || doc.type === "message" ? "input.json" : "output.json";
    const validate = validator(ajv, `${idBase}streamjson/v1/${root}`, `seed ${where}`);
    if (!validate) continue;
    if (validate(doc)) {
      pass();
    } else {
      fail(`seed ${where}`, `rejected by v1 ${root}: ${errorText(validate.errors)}`);
    }
  }
  console.log(`seed: ${events.length} examples checked`);
}

// checkUpstreamV2 validates every event quoted in upstream Zero's published
// version 2 text against Zero's version 2 schemas: Zero's v2 is upstream's
// v2 on the wire.
function checkUpstreamV2(ajv) {
  if (!existsSync(upstreamV2Text)) {
    console.log(`upstream v2: SKIPPED, upstream's protocol text is not at ${relative(process.cwd(), upstreamV2Text)}; check out ../shared to run this check`);
    return;
  }
  const events = quotedEvents([upstreamV2Text]);
  const permission = events.filter(({ doc }) => doc.type.startsWith("permission_")).length;
  if (permission < 3) {
    fail("upstream v2", `only ${permission} permission events quoted in ${upstreamV2Text}, want at least 3`);
  }
  for (const { where, doc } of events) {
    const root = doc.type === "prompt" || doc.type === "message" ? "input.json" : "output.json";
    const validate = validator(ajv, `${idBase}streamjson/v2/${root}`, `upstream ${where}`);
    if (!validate) continue;
    if (validate(doc)) {
      pass();
    } else {
      fail(`upstream ${where}`, `rejected by v2 ${root}: ${errorText(validate.errors)}`);
    }
  }
  console.log(`upstream v2: ${events.length} examples checked`);
}

// visitSchemas calls fn for every schema object in node, with its JSON
// Pointer, following the applicator keywords Zero's schemas use.
function visitSchemas(ptr, node, fn) {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return;
  fn(ptr, node);
  for (const kw of ["properties", "$defs"]) {
    for (const [name, sub] of Object.entries(node[kw] ?? {})) {
      visitSchemas(`${ptr}/${kw}/${name.replaceAll("~", "~0").replaceAll("/", "~1")}`, sub, fn);
    }
  }
  for (const kw of ["items", "additionalProperties"]) {
    visitSchemas(`${ptr}/${kw}`, node[kw], fn);
  }
  for (const kw of ["oneOf", "allOf"]) {
    (node[kw] ?? []).forEach((sub, i) => visitSchemas(`${ptr}/${kw}/${i}`, sub, fn));
  }
}

function checkExamples(ajv, files) {
  let n = 0;
  for (const [path, doc] of files) {
    visitSchemas("", doc, (ptr, schema) => {
      if (!Array.isArray(schema.examples)) return;
      const validate = validator(ajv, `${doc.$id}#${ptr}`, `examples of ${path}#${ptr}`);
      if (!validate) return;
      schema.examples.forEach((example, i) => {
        n++;
        if (validate(example)) {
          pass();
        } else {
          fail(`${path}#${ptr}/examples/${i}`, errorText(validate.errors));
        }
      });
    });
  }
  console.log(`examples: ${n} checked`);
}

function main() {
  const warnings = [];
  const ajv = newAjv(warnings);
  const files = loadSchemas(ajv, warnings);
  console.log(`schemas: ${files.size} compiled in strict mode`);
  checkDocuments(ajv);
  checkSeed(ajv);
  checkUpstreamV2(ajv);
  checkExamples(ajv, files);
  if (warnings.length > 0) fail("ajv warnings", warnings.join("; "));
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main();
