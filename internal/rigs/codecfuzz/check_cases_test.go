package codecfuzz

import (
	"errors"
	"strings"
	"testing"

	toolsv1 "github.com/zeroproject/zero/generated/tools/v1"
	"github.com/zeroproject/zero/rt"
)

// TestCheckOutcomes runs hand-written documents through check: one of each
// outcome, each documented deviation among them.
func TestCheckOutcomes(t *testing.T) {
	deep := strings.Repeat("[", 1001) + strings.Repeat("]", 1001)
	record := `{"schemaVersion":1,"type":"assistant","runId":"r1","time":"2026-06-03T10:00:02Z","text":"","toolCalls":[{"id":"c1","name":"read_file","args":ARGS}]}`
	list := `{"jsonrpc":"2.0","id":ID,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",` +
		`"io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"zero","version":"0.1.0"}}}}`
	progress := `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":N}}`
	result := `{"schemaVersion":1,"runId":"r1","sessionId":"s1","status":"success","exitCode":0,"text":"","usage":{"promptTokens":N,"completionTokens":20,"totalTokens":320},"toolCalls":[]}`
	for _, c := range []struct {
		pkg, name, in string
		want          outcome
	}{
		{"toolsv1", "BashArgs", `{"command":"go test ./...","timeout_ms":1e3}`, accepted},
		{"toolsv1", "BashArgs", `{"command":""}`, rejected},
		{"toolsv1", "BashArgs", `{"command":"a"} x`, notJSON},
		{"toolsv1", "BashArgs", `{"command":"a","command":"b"}`, devDuplicate},
		{"toolsv1", "BashArgs", `{"command":"a","timeout_ms":99999999,"timeout_ms":1}`, devDuplicate},
		{"toolsv1", "BashArgs", "{\"command\":\"\xff\"}", devUTF8},
		{"sessionv1", "SessionRecord", strings.Replace(record, "ARGS", `{"path":"a"}`, 1), accepted},
		{"sessionv1", "SessionRecord", strings.Replace(record, "ARGS", `{"path":`+deep+`}`, 1), devDepth},
		{"execresultv1", "ExecResult", strings.Replace(result, "N", "9223372036854775807", 1), accepted},
		{"execresultv1", "ExecResult", strings.Replace(result, "N", "9223372036854775808", 1), devRange},
		{"execresultv1", "ExecResult", strings.Replace(result, "N", "1e20001", 1), devRange},
		{"execresultv1", "ExecResult", strings.Replace(result, "N", "-1e2000000", 1), devRange},
		{"execresultv1", "ExecResult", strings.Replace(strings.Replace(result, "N", "1e2000000", 1), "success", "nope", 1), refPanicked},
		{"mcpv1", "ProgressNotification", strings.Replace(progress, "N", "0.30000000000000004", 1), accepted},
		{"mcpv1", "ProgressNotification", strings.Replace(progress, "N", "9223372036854775808", 1), devRange},
		{"mcpv1", "ProgressNotification", strings.Replace(progress, "N", "1000000000000000000000000000001", 1), devRange},
		{"mcpv1", "ProgressNotification", strings.Replace(progress, "N", "1e-400", 1), devRange},
		{"mcpv1", "ListToolsRequest", strings.Replace(list, "ID", "7", 1), accepted},
		{"mcpv1", "ListToolsRequest", strings.Replace(list, "ID", "1e20001", 1), devRange},
		{"mcpv1", "ListToolsRequest", strings.Replace(list, "ID", "true", 1), rejected},
	} {
		got, err := check(rootNamed(c.pkg, c.name), []byte(c.in))
		if err != nil || got != c.want {
			t.Errorf("%s.%s %s: got %q, %v; want %q", c.pkg, c.name, clip([]byte(c.in)), got, err, c.want)
		}
	}
}

// brokenBash is toolsv1.BashArgs with a decoder or encoder broken on purpose.
type brokenBash struct {
	toolsv1.BashArgs
	unmarshal func(x *toolsv1.BashArgs, b []byte) error
	marshal   func(x *toolsv1.BashArgs) ([]byte, error)
	encode    func(x *toolsv1.BashArgs, e *rt.Encoder) error
	input     []byte // what unmarshal was given, kept without a copy
}

func (x *brokenBash) UnmarshalJSON(b []byte) error {
	x.input = b
	if x.unmarshal != nil {
		return x.unmarshal(&x.BashArgs, b)
	}
	return x.BashArgs.UnmarshalJSON(b)
}

func (x *brokenBash) MarshalJSON() ([]byte, error) {
	if x.marshal != nil {
		return x.marshal(&x.BashArgs)
	}
	return x.BashArgs.MarshalJSON()
}

func (x *brokenBash) EncodeJSON(e *rt.Encoder) error {
	if x.encode != nil {
		return x.encode(&x.BashArgs, e)
	}
	return x.BashArgs.EncodeJSON(e)
}

// TestCheckCatchesBrokenCodecs makes sure check is no empty oracle: each
// broken codec must fail it.
func TestCheckCatchesBrokenCodecs(t *testing.T) {
	ignoreErrors := func(x *toolsv1.BashArgs, b []byte) error { x.UnmarshalJSON(b); return nil }
	failWith := func(keyword, msg string) func(*toolsv1.BashArgs, []byte) error {
		return func(*toolsv1.BashArgs, []byte) error { return rt.Fail(0, keyword, msg) }
	}
	var kept []byte
	for _, c := range []struct {
		name, in  string
		unmarshal func(*toolsv1.BashArgs, []byte) error
		marshal   func(*toolsv1.BashArgs) ([]byte, error)
		encode    func(*toolsv1.BashArgs, *rt.Encoder) error
		want      string
	}{
		{"accepts invalid", `{"command":""}`, ignoreErrors, nil, nil, "the reference refuses"},
		{"accepts duplicate", `{"command":"a","command":"a"}`, ignoreErrors, nil, nil, "must refuse"},
		{"accepts invalid UTF-8", "{\"command\":\"a\xff\"}", ignoreErrors, nil, nil, "must refuse"},
		{"accepts non-JSON", `{"command":"a"}}`, ignoreErrors, nil, nil, "encoding/json refuses"},
		{"refuses valid", `{"command":"a"}`, failWith("minLength", "too short"), nil, nil, "the reference accepts"},
		{"false duplicate", `{"command":"a"}`, failWith("duplicate", "key"), nil, nil, "the reference accepts"},
		{"false range", `{"command":"a","timeout_ms":5}`, failWith("type", "integer 5 does not fit in int64"), nil, nil, "the reference accepts"},
		{"false float range", `{"command":"a","timeout_ms":5}`, func(*toolsv1.BashArgs, []byte) error {
			return rt.AtKey(rt.FailRange(24, "number 5 does not fit in float64 exactly (it would encode as 5)"), "timeout_ms")
		}, nil, nil, "the reference accepts"},
		{"points elsewhere", `{"command":""}`, func(*toolsv1.BashArgs, []byte) error {
			return rt.AtKey(rt.Fail(10, "minLength", "too short"), "cmd")
		}, nil, nil, "not a value of the input"},
		{"offset past the end", `{"command":""}`, func(_ *toolsv1.BashArgs, b []byte) error {
			return rt.Fail(len(b)+1, "syntax", "unexpected end")
		}, nil, nil, "outside the"},
		{"plain error", `{"command":"a"}`, func(*toolsv1.BashArgs, []byte) error { return errors.New("no") }, nil, nil, "not an *rt.Error"},
		{"panics", `{"command":"a"}`, func(*toolsv1.BashArgs, []byte) error { panic("boom") }, nil, nil, "panicked"},
		{"drops a field", `{"command":"a","timeout_ms":5}`, nil, func(x *toolsv1.BashArgs) ([]byte, error) {
			return []byte(`{"command":"a"}`), nil
		}, nil, "not the value"},
		{"writes what it cannot read", `{"command":"a"}`, nil, func(x *toolsv1.BashArgs) ([]byte, error) {
			return []byte(`{"command":"a","extra":1}`), nil
		}, nil, "decoder refuses"},
		{"encoder fails", `{"command":"a"}`, nil, func(x *toolsv1.BashArgs) ([]byte, error) {
			return nil, errors.New("no")
		}, nil, "MarshalJSON fails"},
		{"shares the caller's bytes", `{"command":"a"}`, func(x *toolsv1.BashArgs, b []byte) error {
			kept = b
			return x.UnmarshalJSON(b)
		}, func(x *toolsv1.BashArgs) ([]byte, error) {
			return kept, nil
		}, nil, "which the decoder refuses"},
		{"keeps a field of the last value", `{"command":"a"}`, func(x *toolsv1.BashArgs, b []byte) error {
			prev := x.Command
			err := x.UnmarshalJSON(b)
			if prev != "" {
				x.Command = prev
			}
			return err
		}, nil, nil, "a value that held the sample"},
		{"hook encoder clobbers the buffer", `{"command":"a"}`, nil, nil, func(x *toolsv1.BashArgs, e *rt.Encoder) error {
			e.Reset()
			return x.EncodeJSON(e)
		}, "changed the bytes before"},
		{"hook encoder drops a field", `{"command":"a","timeout_ms":5}`, nil, nil, func(x *toolsv1.BashArgs, e *rt.Encoder) error {
			e.Lit(`{"command":"a"}`)
			return nil
		}, "identity hook wrote"},
	} {
		r := *rootNamed("toolsv1", "BashArgs")
		r.new = func() doc { return &brokenBash{unmarshal: c.unmarshal, marshal: c.marshal, encode: c.encode} }
		_, err := check(&r, []byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: check = %v, want an error with %q", c.name, err, c.want)
		}
	}
}
