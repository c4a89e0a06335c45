// check-bundles.mjs checks the bundled schemas under generated/bundles the
// way a client author who copies one of them would use it: each bundle is
// compiled ALONE, in its own Ajv2020 instance in strict mode, with nothing
// else loaded, and must then give the same verdict as the unbundled schema
// files on every document of schema/testdata/documents.json that names its
// root, and on every generated fixture of that root.
//
//	node check-bundles.mjs
//
// It prints one line per failure and ends with "N passed, M failed"; the
// exit code is 1 when anything failed.

import { readFileSync, readdirSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { zeroAnnotations } from "./annotations.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "..", "..");
const schemaDir = join(repoRoot, "schema");
const bundleDir = join(repoRoot, "generated", "bundles");

let passed = 0;
let failed = 0;

function fail(what, detail) {
  failed++;
  console.log(`FAIL ${what}: ${detail}`);
}

// strictAjv returns a fresh Ajv2020 in strict mode whose warnings are
// failures of what.
function strictAjv(what) {
  const ajv = new Ajv2020({
    strict: true,
    // ACP ids are a string, an integer or null: one type list, as ACP's own
    // schema writes it (an anyOf would say the same).
    allowUnionTypes: true,
    allErrors: true,
    logger: { log() {}, warn: (...a) => fail(what, `ajv warning: ${a.join(" ")}`), error: (...a) => fail(what, a.join(" ")) },
  });
  addFormats(ajv);
  ajv.addVocabulary(zeroAnnotations);
  return ajv;
}

// bundles lists generated/bundles/FAMILY/vN/ROOT.json as relative paths.
function bundles() {
  const out = [];
  for (const family of readdirSync(bundleDir, { withFileTypes: true })) {
    if (!family.isDirectory()) continue;
    for (const version of readdirSync(join(bundleDir, family.name))) {
      for (const name of readdirSync(join(bundleDir, family.name, version)).filter((n) => n.endsWith(".json")).sort()) {
        out.push(`${family.name}/${version}/${name}`);
      }
    }
  }
  return out.sort();
}

// unbundled compiles path's root from the schema files of its directory.
function unbundled(path) {
  const ajv = strictAjv(`schema ${path}`);
  const dir = join(schemaDir, dirname(path));
  let id;
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".json"))) {
    const doc = JSON.parse(readFileSync(join(dir, name), "utf8"));
    ajv.addSchema(doc);
    if (`${dirname(path)}/${name}` === path) id = doc.$id;
  }
  return ajv.getSchema(id);
}

// samples returns the documents both validators must agree on.
function samples(path, title, shared) {
  const docs = shared.filter((c) => c.schema === path).map((c) => ({ name: c.name, doc: c.doc }));
  const fixtures = join(repoRoot, "generated", dirname(path), "testdata", "fixtures");
  for (const kind of ["valid", "invalid"]) {
    const file = join(fixtures, `${title}.${kind}.jsonl`);
    if (!existsSync(file)) continue;
    readFileSync(file, "utf8").split("\n").forEach((line, i) => {
      if (line !== "") docs.push({ name: `${title}.${kind}.jsonl:${i + 1}`, doc: JSON.parse(line) });
    });
  }
  return docs;
}

function main() {
  const shared = JSON.parse(readFileSync(join(schemaDir, "testdata", "documents.json"), "utf8"));
  let compared = 0;
  const paths = bundles();
  for (const path of paths) {
    const bundle = JSON.parse(readFileSync(join(bundleDir, path), "utf8"));
    let alone;
    try {
      alone = strictAjv(`bundle ${path}`).compile(bundle);
    } catch (err) {
      fail(`bundle ${path}`, `does not compile alone: ${err.message}`);
      continue;
    }
    const plain = unbundled(path);
    const docs = samples(path, bundle.title.replace(/[^A-Za-z0-9]/g, ""), shared);
    if (docs.length === 0) fail(`bundle ${path}`, "no documents to compare on");
    for (const { name, doc } of docs) {
      compared++;
      const a = alone(doc);
      const b = plain(doc);
      if (a === b) passed++;
      else fail(`bundle ${path} on ${name}`, `bundle says valid=${a}, schema files say ${b}`);
    }
  }
  console.log(`bundles: ${paths.length} compiled alone, ${compared} verdicts compared`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main();
