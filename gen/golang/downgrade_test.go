package golang_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/zeroproject/zero/gen"
	"github.com/zeroproject/zero/internal/testmod"
)

// downgradeOf converts documents of upNew (the package written) back to
// upOld (imported).
func downgradeOf(oldSchema, newSchema string, drops map[string]string) (map[string][]byte, error) {
	return gen.Downgrade(gen.UpgradeConfig{
		From:       gen.Config{Package: "oldv", Files: []gen.File{{Name: "doc.json", Data: []byte(oldSchema)}}},
		FromImport: "upcheck/oldv",
		FromDir:    "v1",
		To:         gen.Config{Package: "newv", Files: []gen.File{{Name: "doc.json", Data: []byte(newSchema)}}},
		ToDir:      "v2",
	}, drops)
}

var dropC = map[string]string{"C": "the old version has no c documents"}

// TestDowngradeRefusals checks that every conversion zerogen cannot write
// exactly, and every variant nobody decided about, is a generation error
// at the schema location.
func TestDowngradeRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, from, to string
		drops          map[string]string
		want           string
	}{
		{"new variant not dropped", upOld, upNew, nil,
			`v2/doc.json#/$defs/c: variant C of Doc has no counterpart of the same title in the old Doc; decide what the older version gets: drop it with a reason (--drop C=REASON)`},
		{"drop of nothing", upOld, upNew, map[string]string{"C": "x", "B": "y"},
			`--drop B: no union variant of that title lacks a counterpart`},
		{"old required field", strings.Replace(upOld, `"required":["name"],"properties":{"name":{"type":"string"},`,
			`"required":["name","id"],"properties":{"name":{"type":"string"},"id":{"type":"string"},`, 1), upNew, dropC,
			`v1/doc.json#/$defs/item/properties/id: required field "id" of Item has no counterpart in the new Item`},
		{"shape change", upOld, strings.Replace(upNew, `"n":{"type":"integer"}`, `"n":{"type":"string"}`, 1), dropC,
			`v2/doc.json#/$defs/a/properties/n: the value is a string here but an integer in the old version`},
		{"root renamed", upOld, strings.Replace(upNew, `"title":"Doc"`, `"title":"Document"`, 1), dropC,
			`v2/doc.json#: root Document has no counterpart of the same title in the old version`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := downgradeOf(tc.from, tc.to, tc.drops)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v\nwant %s", err, tc.want)
			}
		})
	}
}

func TestDowngradeHeader(t *testing.T) {
	out, err := downgradeOf(upOld, upNew, dropC)
	if err != nil {
		t.Fatal(err)
	}
	src := string(out[gen.DowngradeFile])
	if !strings.HasPrefix(src, "// "+gen.DowngradeHeader+"\n") {
		t.Errorf("header: %.80q", src)
	}
	for _, want := range []string{
		"func DowngradeDoc(x *Doc) (oldv.Doc, bool, error)",
		"The older version has no C (the old version has no c documents)",
		"case *C:\n\t\t// the old version has no c documents\n\t\treturn oldv.Doc{}, false, nil",
		"// fresh: the older version has no such field; dropped.",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("downgrade.go lacks %q:\n%s", want, src)
		}
	}
}

// downgradeCheck runs inside the scratch module: it decodes new documents,
// downgrades them and checks the old encoding, the drop or the error.
const downgradeCheck = `package newv

import (
	"strings"
	"testing"
)

func TestDowngrade(t *testing.T) {
	for _, tc := range []struct{ in, want, err string; dropped bool }{
		{in: ` + "`" + `{"type":"a","n":1,"opt":"o","nul":null,"list":[{"name":"x","note":"y"},{"name":"z"}],"tags":{"k":2},"lvl":"low","sub":{"name":"s"},"any":[1,{"z":true}],"later":"l","grid":[[1],[]]}` + "`" + `},
		{in: ` + "`" + `{"type":"a","n":1,"later":"l","fresh":true}` + "`" + `, want: ` + "`" + `{"type":"a","n":1,"later":"l"}` + "`" + `},
		{in: ` + "`" + `{"type":"b","v":2}` + "`" + `, want: ` + "`" + `{"type":"b","v":1}` + "`" + `},
		{in: ` + "`" + `{"type":"c"}` + "`" + `, dropped: true},
		{in: ` + "`" + `{"type":"a","n":1,"later":"l","lvl":"max"}` + "`" + `, err: "lvl"},
	} {
		var doc Doc
		if err := doc.UnmarshalJSON([]byte(tc.in)); err != nil {
			t.Fatalf("decode %s: %v", tc.in, err)
		}
		old, kept, err := DowngradeDoc(&doc)
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		case err != nil:
			t.Errorf("%s: %v", tc.in, err)
			continue
		case kept == tc.dropped:
			t.Errorf("%s: kept %v", tc.in, kept)
			continue
		case tc.dropped:
			continue
		}
		b, err := old.MarshalJSON()
		want := tc.want
		if want == "" {
			want = tc.in
		}
		if err != nil || string(b) != want {
			t.Errorf("downgrade %s\n got %s %v\nwant %s", tc.in, b, err, want)
		}
	}
	if _, _, err := DowngradeDoc(nil); err == nil {
		t.Error("nil document: no error")
	}
}
`

// TestDowngradeRunGenerated writes the old and new packages, the upgrade
// and the downgrade between them into a scratch module and runs a test that
// downgrades documents there: the generated code compiles beside the
// upgrade and converts exactly.
func TestDowngradeRunGenerated(t *testing.T) {
	dir, env, goBin := testmod.Scratch(t, "upcheck", "../..")
	files := map[string][]byte{"newv/downgrade_test.go": []byte(downgradeCheck)}
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
	down, err := downgradeOf(upOld, upNew, dropC)
	if err != nil {
		t.Fatal(err)
	}
	files["newv/"+gen.UpgradeFile] = up[gen.UpgradeFile]
	files["newv/"+gen.DowngradeFile] = down[gen.DowngradeFile]
	testmod.WriteFiles(t, dir, files)
	cmd := exec.Command(goBin, "test", "-count=1", "./newv")
	cmd.Dir = dir
	cmd.Env = env
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test of the downgrading package: %v\n%s\n--- downgrade.go:\n%s", err, b, down[gen.DowngradeFile])
	}
}
