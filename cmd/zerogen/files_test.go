package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const commonYAML = `$schema: https://json-schema.org/draft/2020-12/schema
$defs:
  Address:
    type: object
    required: [street, city]
    properties:
      street: {type: string}
      city: {type: string}
`

const orderYAML = `$schema: https://json-schema.org/draft/2020-12/schema
title: Order
type: object
required: [id]
properties:
  id: {type: string, minLength: 1}
  shipTo:
    $ref: ./common.yaml#/$defs/Address
  status:
    enum: [yes, no, on]
`

// TestYAMLSchemas generates from a directory of YAML files only: a $ref to
// ./common.yaml resolves, members keep their order, yes and on stay
// strings, and --check agrees afterwards.
func TestYAMLSchemas(t *testing.T) {
	dir := t.TempDir()
	schemas, out := filepath.Join(dir, "schemas"), filepath.Join(dir, "out")
	writeSchema(t, schemas, "common.yaml", commonYAML)
	writeSchema(t, schemas, "order.yml", orderYAML)
	args := []string{"--schemas", schemas, "--out", out, "--package", "orders"}
	if code, _, errOut := runZerogen(args...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	types := readFile(t, filepath.Join(out, "types.go"))
	for _, want := range []string{`type Order struct`, `ShipTo\s+\*Address`, `type Address struct {\s+Street\s+string\s+City\s+string`,
		`OrderStatusYes\s+OrderStatus = "yes"`, `OrderStatusOn\s+OrderStatus = "on"`} {
		if !regexp.MustCompile(want).MatchString(types) {
			t.Errorf("types.go has no %s", want)
		}
	}
	if code, _, errOut := runZerogen(append(args, "--check")...); code != 0 {
		t.Fatalf("--check: exit %d: %s", code, errOut)
	}
	// A YAML file beside JSON ones is read, not skipped.
	writeSchema(t, schemas, "thing.json", thing)
	if code, _, errOut := runZerogen(args...); code != 0 || !strings.Contains(readFile(t, filepath.Join(out, "types.go")), "type Thing struct") {
		t.Fatalf("mixed directory: exit %d: %s", code, errOut)
	}
}

// TestYAMLErrorsAtLineAndColumn names the user's file with the line and
// column of a misspelt keyword, a duplicate key and a key that is no
// string.
func TestYAMLErrorsAtLineAndColumn(t *testing.T) {
	dir := t.TempDir()
	schemas := filepath.Join(dir, "schemas")
	writeSchema(t, schemas, "common.yaml", commonYAML)
	for _, c := range []struct{ edit, want string }{
		{strings.Replace(orderYAML, "minLength", "minLenght", 1), `/order.yml:6:22#/properties/id/minLenght: unknown keyword "minLenght" (did you mean "minLength"?)`},
		{strings.Replace(orderYAML, "$defs/Address", "$defs/Adress", 1), `/order.yml:8:5#/properties/shipTo/$ref: $ref "./common.yaml#/$defs/Adress" names nothing: common.yaml has no /$defs/Adress (did you mean "./common.yaml#/$defs/Address"?)`},
		{strings.Replace(orderYAML, "id: {type: string", "id: {type: strin", 1), `/order.yml:6:8#/properties/id/type: unknown type "strin" (did you mean "string"?)`},
		{orderYAML + "title: Again\n", `/order.yml:11:1: YAML: key "title" written twice (first at line 2, column 1)`},
		{orderYAML + "  404: {type: string}\n", `/order.yml:11:3: YAML: the key 404 is a YAML int, and JSON keys are strings: write it quoted ("404")`},
	} {
		writeSchema(t, schemas, "order.yml", c.edit)
		code, _, errOut := runZerogen("--schemas", schemas, "--out", filepath.Join(dir, "out"), "--package", "orders")
		want := "zerogen: " + filepath.ToSlash(schemas) + c.want
		if code != 1 || !strings.HasPrefix(errOut, want) {
			t.Errorf("exit %d, stderr %q; want 1 and %q", code, errOut, want)
		}
	}
}

// TestIncludeExclude leaves out an examples folder that is no schema,
// after the error for it says how.
func TestIncludeExclude(t *testing.T) {
	dir := t.TempDir()
	schemas, out := filepath.Join(dir, "schemas"), filepath.Join(dir, "out")
	writeSchema(t, schemas, "thing.json", thing)
	writeSchema(t, schemas, "examples/thing-1.json", `{"name": "a", "size": 3}`)
	writeSchema(t, schemas, "drafts/next.json", `{"title": "Next", "type": "strin"}`)
	args := []string{"--schemas", schemas, "--out", out, "--package", "thing"}
	code, _, errOut := runZerogen(args...)
	hint := "zerogen: hint: " + filepath.ToSlash(schemas) + "/examples/thing-1.json is read as a schema because it is under --schemas; if it is not one (an example document, say), leave it out with --exclude examples/\n"
	if code != 1 || !strings.HasPrefix(errOut, "zerogen: "+filepath.ToSlash(schemas)+"/examples/thing-1.json#/name: unknown keyword") || !strings.HasSuffix(errOut, hint) {
		t.Fatalf("an example document: exit %d, stderr %q", code, errOut)
	}
	for _, filter := range [][]string{
		{"--exclude", "examples/", "--exclude", "drafts/**"},
		{"--exclude", "examples", "--exclude", "next.json"},
		{"--include", "thing.json"},
		{"--include", "*.json", "--exclude", "*/*"},
	} {
		if code, _, errOut := runZerogen(append(args, filter...)...); code != 0 {
			t.Errorf("%v: exit %d: %s", filter, code, errOut)
		}
	}
	if code, _, errOut := runZerogen(append(args, "--include", "*.yaml")...); code != 1 || !strings.Contains(errOut, "no schema files (*.yaml) under "+schemas) {
		t.Errorf("nothing included: exit %d: %s", code, errOut)
	}
	if code, _, errOut := runZerogen(append(args, "--exclude", "[")...); code != 2 || !strings.Contains(errOut, `pattern "[": syntax error in pattern`) {
		t.Errorf("bad pattern: exit %d: %s", code, errOut)
	}
}

func TestMatchGlob(t *testing.T) {
	for _, c := range []struct {
		pattern, rel string
		want         bool
	}{
		{"*.json", "a.json", true}, {"*.json", "x/y/a.json", true}, {"*.json", "a.yaml", false},
		{"examples", "examples/a.json", true}, {"examples", "x/examples/a.json", true}, {"examples", "examplesx/a.json", false},
		{"examples/", "examples/a/b.json", true}, {"examples/", "x/examples/a.json", false},
		{"**/examples/**", "x/examples/a.json", true}, {"**/*.json", "a.json", true},
		{"v1/*.json", "v1/a.json", true}, {"v1/*.json", "v1/x/a.json", false}, {"v1/**/*.json", "v1/x/y/a.json", true},
	} {
		if got := matchGlob(c.pattern, c.rel); got != c.want {
			t.Errorf("matchGlob(%q, %q) = %v", c.pattern, c.rel, got)
		}
	}
}

// TestSeveralSchemaDirs lays the --schemas directories over one another: a
// relative $ref finds a file of the other, and a name in both is refused
// naming both paths.
func TestSeveralSchemaDirs(t *testing.T) {
	dir := t.TempDir()
	a, b, out := filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "out")
	writeSchema(t, a, "order.yml", orderYAML)
	writeSchema(t, b, "common.yaml", commonYAML)
	args := []string{"--schemas", a, "--schemas", b, "--out", out, "--package", "orders"}
	if code, _, errOut := runZerogen(args...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if types := readFile(t, filepath.Join(out, "types.go")); !regexp.MustCompile(`ShipTo\s+\*Address`).MatchString(types) {
		t.Error("the $ref into the second directory was not followed")
	}
	// Only the last directory: the $ref has nothing to find.
	code, _, errOut := runZerogen("--schemas", b, "--schemas", a, "--out", out, "--package", "orders", "--check")
	if code != 0 {
		t.Errorf("order of --schemas changed the output: %d %s", code, errOut)
	}
	writeSchema(t, b, "order.yml", orderYAML)
	code, _, errOut = runZerogen(args...)
	if code != 1 || !strings.Contains(errOut, filepath.Join(a, "order.yml")+" and "+filepath.Join(b, "order.yml")+" have the same name") {
		t.Errorf("a name in both: exit %d: %s", code, errOut)
	}
}

// TestPackageClash refuses a --package that differs from the package of
// the hand-written files already in --out, naming the file, and writes
// nothing.
func TestPackageClash(t *testing.T) {
	dir := t.TempDir()
	schemas, out := filepath.Join(dir, "schemas"), filepath.Join(dir, "out")
	writeSchema(t, schemas, "thing.json", thing)
	writeSchema(t, out, "api.go", "// Package api is written by hand.\npackage api\n")
	writeSchema(t, out, "api_test.go", "package api_test\n")
	writeSchema(t, out, "tool.go", "//go:build ignore\n\npackage main\n")
	code, _, errOut := runZerogen("--schemas", schemas, "--out", out, "--package", "orders")
	want := "zerogen: " + filepath.Join(out, "api.go") + " says package api, and --package orders would put a second package in " + out + ", which does not build; use --package api or another --out\n"
	if code != 1 || errOut != want {
		t.Fatalf("exit %d, stderr %q; want %q", code, errOut, want)
	}
	if _, err := os.Stat(filepath.Join(out, "types.go")); !os.IsNotExist(err) {
		t.Error("wrote types.go anyway")
	}
	if code, _, errOut := runZerogen("--schemas", schemas, "--out", out, "--package", "api"); code != 0 {
		t.Fatalf("--package api: exit %d: %s", code, errOut)
	}
	// Renaming the package of files zerogen wrote is not a clash.
	if code, _, errOut := runZerogen("--schemas", schemas, "--out", filepath.Join(dir, "gen"), "--package", "one"); code != 0 {
		t.Fatal(errOut)
	}
	if code, _, errOut := runZerogen("--schemas", schemas, "--out", filepath.Join(dir, "gen"), "--package", "two"); code != 0 {
		t.Fatalf("renaming a generated package: exit %d: %s", code, errOut)
	}
}

// TestTSAndDocsNameTheUsersPaths writes TypeScript and docs for a user's
// layout: the files name the --schemas path given, mention nothing of this
// project's (schema/, generated/bundles/), and every relative link of the
// pages leads to a file or directory that exists.
func TestTSAndDocsNameTheUsersPaths(t *testing.T) {
	dir := t.TempDir()
	schemas := filepath.Join(dir, "api", "schemas")
	writeSchema(t, schemas, "orders/v1/common.yaml", commonYAML)
	writeSchema(t, schemas, "orders/v1/order.yml", orderYAML)
	writeSchema(t, schemas, "orders/v2/order.json", strings.Replace(thing, `"title":"Thing"`, `"title":"Order"`, 1))
	plain := filepath.Join(dir, "other")
	writeSchema(t, plain, "thing.json", thing)
	tsOut, docsOut, bundles := filepath.Join(dir, "web", "types"), filepath.Join(dir, "site", "ref"), filepath.Join(dir, "dist", "bundles")
	for _, args := range [][]string{
		{"ts", "--schemas", schemas, "--schemas", plain, "--out", tsOut},
		{"bundle", "--schemas", schemas, "--schemas", plain, "--out", bundles},
		{"docs", "--schemas", schemas, "--schemas", plain, "--out", docsOut, "--link-ts", tsOut, "--link-bundles", bundles},
	} {
		if code, _, errOut := runZerogen(args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
	}
	ts := readFile(t, filepath.Join(tsOut, "orders", "v1.d.ts"))
	if want := "// from " + filepath.ToSlash(filepath.Join(schemas, "orders", "v1")) + " by 'zerogen ts'."; !strings.Contains(ts, want) {
		t.Errorf("v1.d.ts does not name its schemas (%s):\n%s", want, ts[:400])
	}
	if want := "// from " + filepath.ToSlash(plain) + " by 'zerogen ts'."; !strings.Contains(readFile(t, filepath.Join(tsOut, "other.d.ts")), want) {
		t.Errorf("other.d.ts does not say %q", want)
	}
	link := regexp.MustCompile(`\]\(([^)#]+)\)`)
	for _, page := range []string{"orders-v1.md", "orders-v2.md", "other.md", "README.md"} {
		text := readFile(t, filepath.Join(docsOut, page))
		for _, bad := range []string{"`schema/", "generated/", "file:///schemas/", "make generate", "protocol.md"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s mentions %s", page, bad)
			}
		}
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			if strings.Contains(m[1], "://") || !strings.Contains(m[1], "/") && strings.HasSuffix(m[1], ".md") {
				continue
			}
			if _, err := os.Stat(filepath.Join(docsOut, filepath.FromSlash(m[1]))); err != nil {
				t.Errorf("%s links to %s, which does not exist", page, m[1])
			}
		}
	}
	v1 := readFile(t, filepath.Join(docsOut, "orders-v1.md"))
	for _, want := range []string{
		"Generated from [`" + filepath.ToSlash(filepath.Join(schemas, "orders", "v1")) + "`](../../api/schemas/orders/v1) by `zerogen docs`; do not edit. " +
			"The same schemas, each bundled into one self-contained file, are in [`" + filepath.ToSlash(bundles) + "/orders/v1`](../../dist/bundles/orders/v1); " +
			"TypeScript declarations in [`" + filepath.ToSlash(tsOut) + "/orders/v1.d.ts`](../../web/types/orders/v1.d.ts).\n",
		"Schema: [`order.yml`](../../api/schemas/orders/v1/order.yml).\n",
	} {
		if !strings.Contains(v1, want) {
			t.Errorf("orders-v1.md lacks %q", want)
		}
	}
	if other := readFile(t, filepath.Join(docsOut, "other.md")); !strings.Contains(other, "Generated from [`"+filepath.ToSlash(plain)+"`](../../other) by `zerogen docs`; do not edit. The same schemas, each bundled into one self-contained file, are in [`"+filepath.ToSlash(bundles)+"/other`](../../dist/bundles/other); TypeScript declarations in [`") {
		t.Errorf("other.md:\n%s", other[:300])
	}
}
