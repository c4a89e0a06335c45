package merged

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/zeroproject/zero/rt"
)

// TestMerged decodes the shapes merged from allOf parts, open
// enumerations and one-branch anyOfs, encodes them back byte for byte,
// and keeps the schema's verdicts.
func TestMerged(t *testing.T) {
	doc := `{"block":{"type":"image","data":"AA==","mimeType":"image/png"},"error":{"code":-32002,"message":"gone","data":{"uri":"file:///a","why":1}},"severity":"custom","code":-32800,"input":{"hint":"h"}}`
	var e Envelope
	if err := json.Unmarshal([]byte(doc), &e); err != nil {
		t.Fatal(err)
	}
	img, ok := e.Block.Value.(*BlockImage)
	if !ok || img.Data != "AA==" || e.Error.Data.URI != "file:///a" || string(e.Error.Data.Extra["why"]) != "1" ||
		e.Severity.V != "custom" || e.Code.V != CodeCancelled || e.Input.V.V.Hint != "h" {
		t.Errorf("decoded %+v", e)
	}
	if b, err := json.Marshal(e); err != nil || string(b) != doc {
		t.Errorf("encoded %s %v\nwant %s", b, err, doc)
	}
	if KnownSeverities()[1] != SeverityWarning || KnownCodes()[0] != CodeParseError {
		t.Errorf("vocabularies %v %v", KnownSeverities(), KnownCodes())
	}
	const errOK = `"error":{"code":-32002,"message":"m","data":{"uri":"u"}}`
	for bad, keyword := range map[string]string{
		`{"block":{"type":"video"},` + errOK + `}`:                                            "const",
		`{"block":{"type":"text"},` + errOK + `}`:                                             "required",
		`{"block":{"type":"text","text":1},` + errOK + `}`:                                    "type",
		`{"block":{"type":"text","text":""},"error":{"code":-32001,"message":"m","data":{}}}`: "const",
		`{"block":{"type":"text","text":""},"error":{"code":-32002,"message":"m"}}`:           "required",
		`{"block":{"type":"text","text":""},"error":{"code":-32002,"message":"m","data":{}}}`: "required",
		`{"block":{"type":"text","text":""},` + errOK + `,"severity":5}`:                      "type",
		`{"block":{"type":"text","text":""},` + errOK + `,"code":1.5}`:                        "type",
		`{"block":{"type":"text","text":""},` + errOK + `,"input":{}}`:                        "required",
	} {
		var x Envelope
		err := json.Unmarshal([]byte(bad), &x)
		var re *rt.Error
		if !errors.As(err, &re) || re.Keyword != keyword {
			t.Errorf("%s: got %v, want a %s error", bad, err, keyword)
		}
	}
	var n Envelope
	if err := json.Unmarshal([]byte(`{"block":{"type":"text","text":""},`+errOK+`,"input":null}`), &n); err != nil || !n.Input.Set || n.Input.V.Valid {
		t.Errorf("null input: %+v %v", n, err)
	}
}
