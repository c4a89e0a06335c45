package peers

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/bytedance/sonic"
	"github.com/go-faster/jx"
	jsonv2 "github.com/go-json-experiment/json"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	"github.com/zeroproject/zero/internal/rigs/mixdocs"
	oacp "github.com/zeroproject/zero/internal/rigs/peers/ogen/acpv1"
	"github.com/zeroproject/zero/rt/rttest"
)

// breach is a document of a mix changed to break one rule of its schema
// (or of JSON).
type breach struct {
	mix  string
	doc  int
	rule string
	old  string
	new  string
}

// breaches are what TestWhatEachRejects feeds every library. Each must
// change its document: a breach whose old text is not there fails the test.
var breaches = []breach{
	{"acp", 0, "const: jsonrpc is 2.0", `"jsonrpc":"2.0"`, `"jsonrpc":"1.0"`},
	{"acp", 0, "const: method is session/update", `"method":"session/update"`, `"method":"session/cancel"`},
	{"acp", 0, "oneOf tag: an unknown sessionUpdate", `"agent_message_chunk"`, `"agent_message_chunk_v9"`},
	{"house", 0, "const: schemaVersion is 2", `"schemaVersion":2`, `"schemaVersion":3`},
	{"house", 3, "enum: status is ok or error", `"status":"ok"`, `"status":"maybe"`},
	{"house", 0, "minLength: cwd is not empty", `"cwd":"/home/user/project"`, `"cwd":""`},
	{"house", 1, "pattern: runId is an id", `"runId":"run_20260603_abc123"`, `"runId":"run 2026/06/03"`},
	{"house", 1, "additionalProperties: false", `"delta":`, `"extra":1,"delta":`},
	{"house", 1, "required: delta", `,"delta":"Let me look at the README first, then I will check the tests."`, ``},
	{"house", 3, "type: truncated is a boolean", `"truncated":false`, `"truncated":"no"`},
	{"mcp", 0, "type: id is a string or an integer", `"id":7`, `"id":7.5`},
	{"acp", 0, "JSON: a duplicate member name", `"sessionId":"sess_7c1e0b9d4f2a"`, `"sessionId":"sess_7c1e0b9d4f2a","sessionId":"sess_other"`},
	{"acp", 0, "JSON: invalid UTF-8 in a string", `fixture`, "fix\xffture"},
}

// rejects reports whether lib refuses doc, the j-th document of m, decoded
// as the benchmarks decode it.
func rejects(lib string, m mix, j int, doc []byte) bool {
	switch lib {
	case zerogenLib.name:
		return m.zero()[j].UnmarshalJSON(doc) != nil
	case ogenLib.name:
		return ogenDecode(jx.DecodeBytes(doc), m.ogen()[j]) != nil
	case sonicLib.name:
		return sonic.Unmarshal(doc, m.sonic()[j]) != nil
	case jsonv2Lib.name:
		return jsonv2.Unmarshal(doc, m.jsonv2()[j]) != nil
	}
	panic("no library " + lib)
}

// verdicts returns, for each breach, which libraries reject it.
func verdicts(tb testing.TB) []map[string]bool {
	byName := map[string]mix{}
	for _, m := range mixes() {
		byName[m.name] = m
	}
	var out []map[string]bool
	for _, br := range breaches {
		m := byName[br.mix]
		doc := m.docs[br.doc]
		if !bytes.Contains(doc, []byte(br.old)) {
			tb.Fatalf("breach %q: %s document %d has no %s", br.rule, br.mix, br.doc, br.old)
		}
		bad := bytes.Replace(doc, []byte(br.old), []byte(br.new), 1)
		v := map[string]bool{}
		for _, lib := range checkers() {
			v[lib] = rejects(lib, m, br.doc, bad)
		}
		out = append(out, v)
	}
	return out
}

func checkers() []string {
	return []string{zerogenLib.name, ogenLib.name, sonicLib.name, jsonv2Lib.name}
}

// rejectTable renders the verdicts as a markdown table.
func rejectTable(v []map[string]bool) string {
	var b strings.Builder
	b.WriteString("| broken rule | mix | " + strings.Join(checkers(), " | ") + " |\n")
	b.WriteString("| --- | --- |" + strings.Repeat(" :---: |", len(checkers())) + "\n")
	for i, br := range breaches {
		fmt.Fprintf(&b, "| %s | %s |", br.rule, br.mix)
		for _, lib := range checkers() {
			if v[i][lib] {
				b.WriteString(" rejects |")
			} else {
				b.WriteString(" **accepts** |")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestWhatEachRejects feeds every library documents that break one rule
// each. zerogen must reject them all. The README's claims about the peers
// are asserted too, so that a new version of a peer that changes them
// fails here rather than leaving the README wrong: ogen accepts a wrong
// const, and sonic accepts every breach of the schema.
func TestWhatEachRejects(t *testing.T) {
	v := verdicts(t)
	t.Logf("what each library rejects:\n%s", rejectTable(v))
	for i, br := range breaches {
		if !v[i][zerogenLib.name] {
			t.Errorf("zerogen accepts %s (%s)", br.rule, br.mix)
		}
		if strings.HasPrefix(br.rule, "const:") && v[i][ogenLib.name] {
			t.Errorf("ogen now rejects %s: the README says it checks no const", br.rule)
		}
		if !strings.HasPrefix(br.rule, "JSON:") && !strings.HasPrefix(br.rule, "type:") && v[i][sonicLib.name] {
			t.Errorf("sonic now rejects %s: the README says it checks no schema", br.rule)
		}
	}
}

// TestOgenWritesTheConst backs the README's claim that ogen, which does not
// check a const, writes the schema's value back: a document with a wrong
// jsonrpc decodes and validates, and encodes with "2.0" in its place.
func TestOgenWritesTheConst(t *testing.T) {
	doc := bytes.Replace(mixdocs.ACPAgentMessageChunk(), []byte(`"jsonrpc":"2.0"`), []byte(`"jsonrpc":"1.0"`), 1)
	var v oacp.SessionUpdateMessage
	if err := ogenDecode(jx.DecodeBytes(doc), &v); err != nil {
		t.Fatalf("ogen rejects a wrong const now: %v (update the README)", err)
	}
	var e jx.Encoder
	v.Encode(&e)
	if v.Jsonrpc != "1.0" || !bytes.Contains(e.Bytes(), []byte(`"jsonrpc":"2.0"`)) {
		t.Errorf("ogen read jsonrpc %q and wrote %s; the README says it reads 1.0 and writes 2.0", v.Jsonrpc, e.Bytes())
	}
}

// TestUnknownMembers backs the README's claim about members a schema does
// not declare (where it allows them): zerogen keeps them and writes them
// back; ogen drops them unless the schema states additionalProperties.
func TestUnknownMembers(t *testing.T) {
	doc := bytes.Replace(mixdocs.ACPAgentMessageChunk(), []byte(`"content":{`), []byte(`"content":{"extra":[1,2],`), 1)
	var z acpv1.SessionUpdateMessage
	if err := z.UnmarshalJSON(doc); err != nil {
		t.Fatal(err)
	}
	enc, err := z.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	if same, err := rttest.SameJSON(doc, enc); err != nil || !same {
		t.Errorf("zerogen wrote %s for %s (%v)", enc, doc, err)
	}
	var o oacp.SessionUpdateMessage
	if err := ogenDecode(jx.DecodeBytes(doc), &o); err != nil {
		t.Fatal(err)
	}
	var e jx.Encoder
	o.Encode(&e)
	if bytes.Contains(e.Bytes(), []byte(`"extra"`)) {
		t.Errorf("ogen kept the undeclared member now (%s): update the README", e.Bytes())
	}
}
