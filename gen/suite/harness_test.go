package suite

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zeroproject/zero/gen"
)

// The tests in this file check the harness itself, so that a verdict in the
// report is the generated code's and not the harness's.

func TestDeviationOf(t *testing.T) {
	for _, c := range []struct {
		kw, msg, want string
	}{
		{"duplicate", `key "a" appears more than once`, "duplicate keys"},
		{"depth", "nesting deeper than 1000 levels", "nesting depth"},
		{"type", "integer 1e308 does not fit in int64", "integer beyond int64"},
		{"syntax", "invalid UTF-8 in string", "invalid UTF-8"},
		{"type", "number 1e99999 is outside the range this decoder checks exactly", "exponent beyond ±10000"},
		{"type", "got number 1.5, want integer", ""},
		{"syntax", "unexpected end of input", ""},
		{"minimum", "got 1, want >= 2", ""},
	} {
		if got := deviationOf(&errInfo{RT: true, Keyword: c.kw, Msg: c.msg}); got != c.want {
			t.Errorf("deviationOf(%s: %s) = %q, want %q", c.kw, c.msg, got, c.want)
		}
	}
}

func TestJudge(t *testing.T) {
	rtErr := func(kw, msg string) *errInfo { return &errInfo{RT: true, Keyword: kw, Msg: msg, Text: kw + ": " + msg} }
	for _, c := range []struct {
		name  string
		valid bool
		res   *result
		want  outcome
	}{
		{"rejected invalid", false, &result{Err: rtErr("minimum", "got 1"), All: 2, AllFirst: true}, passed},
		{"rejected valid", true, &result{Err: rtErr("minimum", "got 1"), All: 1, AllFirst: true}, wrong},
		{"all errors: none for a rejected value", false, &result{Err: rtErr("minimum", "got 1")}, wrong},
		{"all errors: without the first", false, &result{Err: rtErr("minimum", "got 1"), All: 1}, wrong},
		{"all errors: some for an accepted value", true, &result{Accepted: true, Out: []byte(`1`), All: 1}, wrong},
		{"accepted invalid", false, &result{Accepted: true, Out: []byte(`1`)}, wrong},
		{"accepted valid", true, &result{Accepted: true, Out: []byte(`1`)}, passed},
		{"round trip changed", true, &result{Accepted: true, Out: []byte(`2`)}, wrong},
		{"encode failed", true, &result{Accepted: true, Enc: "MarshalJSON: no"}, wrong},
		{"not an rt.Error", false, &result{Err: &errInfo{Type: "*errors.errorString"}, All: 1}, wrong},
		{"deviation", true, &result{Err: rtErr("duplicate", `key "a" appears more than once`), All: 1, AllFirst: true}, deviation},
		{"panic", false, &result{Panic: "boom"}, wrong},
		{"timeout", false, &result{Timeout: true}, wrong},
		{"crash", false, &result{Crash: "signal: killed"}, wrong},
	} {
		c0 := &suiteCase{File: &suiteFile{Name: "f"}}
		tt := &suiteTest{Case: c0, Data: []byte(`1`), Valid: c.valid, Res: c.res}
		if got, why := judgeTest(c0, tt); got != c.want {
			t.Errorf("%s: %v (%s), want %v", c.name, got, why, c.want)
		}
	}
	refusedCase := &suiteCase{GenErr: &gen.Error{File: "schema.json", Msg: "no"}}
	if got, _ := judgeTest(refusedCase, &suiteTest{}); got != refused {
		t.Errorf("refused case: %v, want REFUSED", got)
	}
	renderFailed := &suiteCase{GenErr: errors.New("decode.go: render: expected operand")}
	if got, _ := judgeTest(renderFailed, &suiteTest{}); got != wrong {
		t.Errorf("generator failure that is not a *gen.Error: %v, want WRONG", got)
	}
	broken := &suiteCase{Code: map[string][]byte{}, BuildErr: "x.go:1: undefined: y"}
	if got, _ := judgeTest(broken, &suiteTest{}); got != wrong {
		t.Errorf("case that does not compile: %v, want WRONG", got)
	}
}

func TestBlameBuild(t *testing.T) {
	a := &suiteCase{Pkg: "cases/type/c0"}
	b := &suiteCase{Pkg: "cases/type/c1"}
	c := &suiteCase{Pkg: "cases/ref/c7"}
	out := strings.Join([]string{
		"# " + harnessModule + "/cases/type/c1",
		"cases/type/c1/decode.go:12:3: undefined: rt.Nope",
		"cases/type/c1/decode.go:13:3: undefined: rt.Nope2",
		"# " + harnessModule,
		"./main.go:40:22: p2.Root does not satisfy codec[p2.Root]",
	}, "\n")
	if n := blameBuild(out, []*suiteCase{a, b, c}, map[int]*suiteCase{40: c}); n != 2 {
		t.Errorf("blamed %d cases, want 2", n)
	}
	if a.BuildErr != "" || !strings.Contains(b.BuildErr, "rt.Nope") || !strings.Contains(c.BuildErr, "does not satisfy") {
		t.Errorf("BuildErr: a %q, b %q, c %q", a.BuildErr, b.BuildErr, c.BuildErr)
	}
}

func TestRemoteLoader(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "draft2020-12"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "draft2020-12", "integer.json"), []byte(`{"type":"integer"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	load := remoteLoader(dir)
	if data, err := load("http://localhost:1234/draft2020-12/integer.json"); err != nil || string(data) != `{"type":"integer"}` {
		t.Errorf("served %q, %v", data, err)
	}
	for _, u := range []string{
		"http://localhost:1234/draft2020-12/missing.json",
		"http://localhost:1234/../../etc/passwd",
		"https://json-schema.org/draft/2020-12/schema",
	} {
		if data, err := load(u); err == nil {
			t.Errorf("%s: served %q, want an error", u, data)
		}
	}
}

func TestRefusal(t *testing.T) {
	for _, c := range []struct {
		msg, want string
	}{
		{`keyword "$dynamicRef": dynamic references are not supported`, "$dynamicRef"},
		{`unknown keyword "dependencies"; extensions must start with x-`, `unknown keyword "dependencies"`},
		{`jsonschema http://h.invalid/c2/schema.json compilation failed: bad regex`, "bad regex"},
		{`http://localhost:1234/v.json#/$vocabulary: keyword "$vocabulary": custom vocabularies are not supported`, "$vocabulary"},
	} {
		if got := refusal(&gen.Error{File: "schema.json", Msg: c.msg}); got != c.want {
			t.Errorf("refusal(%s) = %q, want %q", c.msg, got, c.want)
		}
	}
}

func TestGoIdent(t *testing.T) {
	for in, want := range map[string]string{"if-then-else": "ifthenelse", "boolean_schema": "booleanschema", "refRemote": "refremote"} {
		if got := goIdent(in); got != want {
			t.Errorf("goIdent(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestCommandError reads zerogen's refusals back into located errors, and
// leaves any other failure a plain error (the generator's fault).
func TestCommandError(t *testing.T) {
	const dir = "/tmp/w/schemas/cases/ref/c3"
	for _, c := range []struct {
		stderr        string
		file, pointer string
		msg           string
	}{
		{"zerogen: " + dir + "/root.json#/properties/a: unknown keyword \"foo\"\n", "root.json", "/properties/a", `unknown keyword "foo"`},
		{"zerogen: http://localhost:1234/draft2019-09/x.json#/prefixItems: keyword \"prefixItems\" is not part of 2019-09\n",
			"http://localhost:1234/draft2019-09/x.json", "/prefixItems", `keyword "prefixItems" is not part of 2019-09`},
		{"zerogen: " + dir + "/root.json#: jsonschema: bad\n\tat line 2\n", "root.json", "", "jsonschema: bad\n\tat line 2"},
		{"zerogen: warning: " + dir + "/root.json#/const: keyword \"const\" is not part of draft-04\nzerogen: " + dir + "/root.json#/a: unknown keyword \"a\"\n",
			"root.json", "/a", `unknown keyword "a"`},
	} {
		err := commandError(c.stderr, dir)
		var ge *gen.Error
		if !errors.As(err, &ge) || ge.File != c.file || ge.Pointer != c.pointer || ge.Msg != c.msg {
			t.Errorf("commandError(%q) = %#v", c.stderr, err)
		}
	}
	for _, stderr := range []string{"zerogen: decode.go: render: expected operand\n", "panic: boom\n", "zerogen: /elsewhere/root.json#: x\n"} {
		var ge *gen.Error
		if err := commandError(stderr, dir); errors.As(err, &ge) {
			t.Errorf("commandError(%q) = %v, want a plain error", stderr, err)
		}
	}
}
