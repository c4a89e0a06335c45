package golang_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/zeroproject/zero/gen"
	"github.com/zeroproject/zero/internal/testmod"
)

const upOld = `{"$id":"https://x.test/v1/doc.json","title":"Doc","oneOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/b"}],"$defs":{
 "a":{"title":"A","type":"object","additionalProperties":false,"required":["type","n"],"properties":{
   "type":{"const":"a"},"n":{"type":"integer"},"opt":{"type":"string"},"nul":{"type":["string","null"]},
   "list":{"type":"array","items":{"$ref":"#/$defs/item"}},"tags":{"type":"object","additionalProperties":{"type":"integer"}},
   "lvl":{"$ref":"#/$defs/level"},"sub":{"$ref":"#/$defs/item"},"any":{},"later":{"type":"string"},"prio":{"type":"integer","enum":[1,2]},"owner":{"oneOf":[{"$ref":"#/$defs/item"},{"type":"null"}]},"grid":{"type":"array","items":{"type":"array","items":{"type":"integer"}}},
   "deep":{"type":"object","additionalProperties":{"type":"array","items":{"$ref":"#/$defs/item"}}},"pt":{"type":"array","prefixItems":[{"type":"number"},{"type":"string"},{}],"items":{"type":"integer"},"minItems":1}}},
 "b":{"title":"B","type":"object","additionalProperties":false,"required":["type","v"],"properties":{"type":{"const":"b"},"v":{"const":1}}},
 "item":{"title":"Item","type":"object","additionalProperties":false,"required":["name"],"properties":{"name":{"type":"string"},"note":{"type":["string","null"]}}},
 "level":{"title":"Level","type":"string","enum":["low","high"]}}}`

// upNew differs from upOld: later becomes required, a new optional field
// and a new variant appear, Item.note no longer admits null, the level
// enum loses "high", and B's constant changes.
const upNew = `{"$id":"https://x.test/v2/doc.json","title":"Doc","oneOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/b"},{"$ref":"#/$defs/c"}],"$defs":{
 "a":{"title":"A","type":"object","additionalProperties":false,"required":["type","n","later"],"properties":{
   "type":{"const":"a"},"n":{"type":"integer"},"opt":{"type":"string"},"nul":{"type":["string","null"]},
   "list":{"type":"array","items":{"$ref":"#/$defs/item"}},"tags":{"type":"object","additionalProperties":{"type":"integer"}},
   "lvl":{"$ref":"#/$defs/level"},"sub":{"$ref":"#/$defs/item"},"any":{},"later":{"type":"string"},"prio":{"type":"integer","enum":[1,2]},"owner":{"oneOf":[{"$ref":"#/$defs/item"},{"type":"null"}]},"grid":{"type":"array","items":{"type":"array","items":{"type":"integer"}}},
   "deep":{"type":"object","additionalProperties":{"type":"array","items":{"$ref":"#/$defs/item"}}},"pt":{"type":"array","prefixItems":[{"type":"number"},{"type":"string"},{}],"items":{"type":"integer"},"minItems":1},
   "fresh":{"type":"boolean"}}},
 "b":{"title":"B","type":"object","additionalProperties":false,"required":["type","v"],"properties":{"type":{"const":"b"},"v":{"const":2}}},
 "c":{"title":"C","type":"object","additionalProperties":false,"required":["type"],"properties":{"type":{"const":"c"}}},
 "item":{"title":"Item","type":"object","additionalProperties":false,"required":["name"],"properties":{"name":{"type":"string"},"note":{"type":"string"}}},
 "level":{"title":"Level","type":"string","enum":["low","max"]}}}`

func upgradeOf(oldSchema, newSchema string) (map[string][]byte, error) {
	return gen.Upgrade(gen.UpgradeConfig{
		From:       gen.Config{Package: "oldv", Files: []gen.File{{Name: "doc.json", Data: []byte(oldSchema)}}},
		FromImport: "upcheck/oldv",
		FromDir:    "v1",
		To:         gen.Config{Package: "newv", Files: []gen.File{{Name: "doc.json", Data: []byte(newSchema)}}},
		ToDir:      "v2",
	})
}

func TestUpgradeRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"field removed", upOld, strings.Replace(upNew, `"opt":{"type":"string"},`, "", 1),
			`v1/doc.json#/$defs/a/properties/opt: field "opt" of A has no counterpart in the new A`},
		{"new required field", upOld, strings.Replace(upNew, `"required":["name"],"properties":{"name":{"type":"string"},`,
			`"required":["name","id"],"properties":{"name":{"type":"string"},"id":{"type":"string"},`, 1),
			`v2/doc.json#/$defs/item/properties/id: required field "id" of Item has no counterpart in the old Item`},
		{"shape change", upOld, strings.Replace(upNew, `"n":{"type":"integer"}`, `"n":{"type":"string"}`, 1),
			`v1/doc.json#/$defs/a/properties/n: the value is an integer here but a string in the new version`},
		{"variant gone", upOld, strings.Replace(upNew, `{"$ref":"#/$defs/b"},`, "", 1),
			`v1/doc.json#/$defs/b: variant B of Doc has no counterpart of the same title in the new Doc`},
		{"variant renamed", upOld, strings.Replace(upNew, `"title":"B"`, `"title":"Bee"`, 1),
			`v1/doc.json#/$defs/b: variant B of Doc has no counterpart`},
		{"root renamed", upOld, strings.Replace(upNew, `"title":"Doc"`, `"title":"Document"`, 1),
			`v1/doc.json#: root Doc has no counterpart of the same title in the new version`},
		{"nested shape change", upOld, strings.Replace(upNew, `"items":{"type":"array","items":{"type":"integer"}}`, `"items":{"type":"array","items":{"type":"string"}}`, 1),
			`v1/doc.json#/$defs/a/properties/grid/items/items: the value is an integer here but a string`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := upgradeOf(tc.from, tc.to)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v\nwant %s", err, tc.want)
			}
		})
	}
}

func TestUpgradeHeader(t *testing.T) {
	out, err := upgradeOf(upOld, upNew)
	if err != nil {
		t.Fatal(err)
	}
	src := string(out[gen.UpgradeFile])
	if !strings.HasPrefix(src, "// "+gen.UpgradeHeader+"\n") || strings.HasPrefix(src, "// Code generated by zerogen. DO NOT EDIT.") {
		t.Errorf("header: %.80q", src)
	}
	for _, want := range []string{"func UpgradeDoc(x *oldv.Doc) (Doc, error)", `oldv "upcheck/oldv"`} {
		if !strings.Contains(src, want) {
			t.Errorf("upgrade.go lacks %q:\n%s", want, src)
		}
	}
}

// upgradeCheck is the test run inside the scratch module: it decodes old
// documents, upgrades them and checks the new encoding or the error.
const upgradeCheck = `package newv

import (
	"strings"
	"testing"

	"upcheck/oldv"
)

func TestUpgrade(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{in: ` + "`" + `{"type":"a","n":1,"opt":"o","nul":null,"list":[{"name":"x","note":"y"},{"name":"z"}],"tags":{"k":2},"lvl":"low","sub":{"name":"s"},"any":[1,{"z":true}],"later":"l","prio":2,"owner":{"name":"o"},"grid":[[1],[]],"pt":[1.5,"s",{"r":[]},7,8]}` + "`" + `},
		{in: ` + "`" + `{"type":"a","n":2,"later":"l","pt":[0]}` + "`" + `},
		{in: ` + "`" + `{"type":"a","n":0,"nul":"s","list":[],"later":"","owner":null}` + "`" + `},
		{in: ` + "`" + `{"type":"b","v":1}` + "`" + `, want: ` + "`" + `{"type":"b","v":2}` + "`" + `},
		{in: ` + "`" + `{"type":"a","n":1}` + "`" + `, err: "upgrade /later: absent, but the new version requires it"},
		{in: ` + "`" + `{"type":"a","n":1,"later":"l","list":[{"name":"x"},{"name":"y","note":null}]}` + "`" + `, err: "upgrade /list/1/note: null, which the new version does not allow here"},
		{in: ` + "`" + `{"type":"a","n":1,"later":"l","sub":{"name":"x","note":null}}` + "`" + `, err: "upgrade /sub/note: null"},
		{in: ` + "`" + `{"type":"a","n":1,"later":"l","lvl":"high"}` + "`" + `, err: "lvl"},
		{in: ` + "`" + `{"type":"a","n":1,"later":"l","deep":{"a/b":[{"name":"x","note":null}]}}` + "`" + `, err: "upgrade /deep/a~1b/0/note: null"},
	} {
		var old oldv.Doc
		if err := old.UnmarshalJSON([]byte(tc.in)); err != nil {
			t.Fatalf("decode %s: %v", tc.in, err)
		}
		doc, err := UpgradeDoc(&old)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		b, err := doc.MarshalJSON()
		want := tc.want
		if want == "" {
			want = tc.in
		}
		if err != nil || string(b) != want {
			t.Errorf("upgrade %s\n got %s %v\nwant %s", tc.in, b, err, want)
		}
	}
	if _, err := UpgradeDoc(nil); err == nil {
		t.Error("nil document: no error")
	}
}
`

// TestUpgradeRunGenerated generates an old and a new package and the
// upgrade between them into a scratch module, then runs a test there that
// upgrades documents and checks the results: the generated code must
// compile and convert exactly.
func TestUpgradeRunGenerated(t *testing.T) {
	dir, env, goBin := testmod.Scratch(t, "upcheck", "../..")
	files := map[string][]byte{
		"newv/upgrade_test.go": []byte(upgradeCheck),
	}
	for pkg, src := range map[string]string{"oldv": upOld, "newv": upNew} {
		out, err := gen.Generate(gen.Config{Package: pkg, Files: []gen.File{{Name: "doc.json", Data: []byte(src)}}})
		if err != nil {
			t.Fatal(err)
		}
		for name, b := range out {
			files[pkg+"/"+name] = b
		}
	}
	up, err := upgradeOf(upOld, upNew)
	if err != nil {
		t.Fatal(err)
	}
	files["newv/"+gen.UpgradeFile] = up[gen.UpgradeFile]
	testmod.WriteFiles(t, dir, files)
	cmd := exec.Command(goBin, "test", "-count=1", "./newv")
	cmd.Dir = dir
	cmd.Env = env
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test of the upgraded package: %v\n%s\n--- upgrade.go:\n%s", err, b, up[gen.UpgradeFile])
	}
}
