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
	// A key of Extra that the struct names as a property would be written
	// twice: the encoder refuses it at the key's pointer.
	for key, ptr := range map[string]string{"text": "/block/text", "type": "/block/type"} {
		x := Envelope{Block: Block{Value: &BlockText{Text: "t", Extra: map[string]rt.Raw{key: rt.Raw(`"again"`)}}},
			Error: NotFoundError{Message: "m", Data: NotFoundErrorData{URI: "u"}}}
		b, err := json.Marshal(&x)
		var re *rt.Error
		if !errors.As(err, &re) || re.Keyword != "properties" || re.Pointer != ptr {
			t.Errorf("Extra[%q]: encoded %s, %v; want a properties error at %s", key, b, err, ptr)
		}
	}
	if b, err := json.Marshal(&Envelope{Block: Block{Value: &BlockText{Extra: map[string]rt.Raw{"other": rt.Raw(`1`)}}},
		Error: NotFoundError{Data: NotFoundErrorData{URI: "u"}}}); err != nil ||
		string(b) != `{"block":{"type":"text","text":"","other":1},"error":{"code":-32002,"message":"","data":{"uri":"u"}}}` {
		t.Errorf("encoded %s %v", b, err)
	}
	// Tagged object branches beside an array: a sum whose object
	// alternative is a union.
	for _, doc := range []string{
		`{"block":{"type":"text","text":""},` + errOK + `,"parts":{"type":"image","data":"AA=="}}`,
		`{"block":{"type":"text","text":""},` + errOK + `,"parts":[{"type":"text","text":"a"}]}`,
	} {
		var p Envelope
		if err := json.Unmarshal([]byte(doc), &p); err != nil {
			t.Errorf("%s: %v", doc, err)
			continue
		}
		if b, err := json.Marshal(&p); err != nil || string(b) != doc {
			t.Errorf("encoded %s %v\nwant %s", b, err, doc)
		}
	}
	var img2 Envelope
	_ = json.Unmarshal([]byte(`{"block":{"type":"text","text":""},`+errOK+`,"parts":{"type":"image","data":"AA=="}}`), &img2)
	if part, ok := img2.Parts.V.Object.Value.(*ImagePart); img2.Parts.V.Kind != rt.Object || !ok || part.Data != "AA==" {
		t.Errorf("parts decoded %+v", img2.Parts)
	}
	for bad, keyword := range map[string]string{
		`{"block":{"type":"text","text":""},` + errOK + `,"parts":{"type":"video"}}`:   "const",
		`{"block":{"type":"text","text":""},` + errOK + `,"parts":{"type":"image"}}`:   "required",
		`{"block":{"type":"text","text":""},` + errOK + `,"parts":[{"type":"image"}]}`: "const",
		`{"block":{"type":"text","text":""},` + errOK + `,"parts":"x"}`:                "type",
	} {
		var x Envelope
		err := json.Unmarshal([]byte(bad), &x)
		var re *rt.Error
		if !errors.As(err, &re) || re.Keyword != keyword {
			t.Errorf("%s: got %v, want a %s error", bad, err, keyword)
		}
	}
	// A branch that admits anything makes the anyOf admit anything.
	for _, ext := range []string{`5`, `{"hint":1}`, `null`} {
		var x Envelope
		if err := json.Unmarshal([]byte(`{"block":{"type":"text","text":""},`+errOK+`,"ext":`+ext+`}`), &x); err != nil || string(x.Ext) != ext {
			t.Errorf("ext %s: %v", ext, err)
		}
	}
	// Objects told apart only by their required members: the variant
	// holding the value is the one it matches, tried first by its members.
	pre := `{"block":{"type":"text","text":""},` + errOK
	for doc, want := range map[string]string{
		pre + `,"resource":{"uri":"u","blob":"AA=="}}`:            "blob",
		pre + `,"resource":{"uri":"u","text":"t","blob":"AA=="}}`: "text",
		pre + `,"resource":{"uri":"u","text":"t","blob":1}}`:      "text",
		pre + `,"resource":{"uri":"u","blob":"b","text":1}}`:      "blob",
		pre + `,"only":{"uri":"u","blob":"AA=="}}`:                "",
	} {
		var x Envelope
		if err := json.Unmarshal([]byte(doc), &x); err != nil {
			t.Errorf("%s: %v", doc, err)
			continue
		}
		got := ""
		switch x.Resource.V.Value.(type) {
		case *TextResource:
			got = "text"
		case *BlobResource:
			got = "blob"
		}
		if got != want {
			t.Errorf("%s: decoded as %q, want %q", doc, got, want)
		}
		if b, err := json.Marshal(&x); err != nil || string(b) != doc {
			t.Errorf("encoded %s %v\nwant %s", b, err, doc)
		}
	}
	for bad, keyword := range map[string]string{
		pre + `,"resource":{"uri":"u"}}`:                   "anyOf",
		pre + `,"resource":{"uri":"u","text":1}}`:          "type",
		pre + `,"resource":[]}`:                            "type",
		pre + `,"only":{"uri":"u","text":"t","blob":"b"}}`: "oneOf",
		pre + `,"only":{"uri":"u","text":"t","blob":1}}`:   "",
	} {
		var x Envelope
		err := json.Unmarshal([]byte(bad), &x)
		var re *rt.Error
		if keyword == "" {
			if err != nil {
				t.Errorf("%s: %v", bad, err)
			}
			continue
		}
		if !errors.As(err, &re) || re.Keyword != keyword {
			t.Errorf("%s: got %v, want a %s error", bad, err, keyword)
		}
	}
	var n Envelope
	if err := json.Unmarshal([]byte(`{"block":{"type":"text","text":""},`+errOK+`,"input":null}`), &n); err != nil || !n.Input.Set || n.Input.V.Valid {
		t.Errorf("null input: %+v %v", n, err)
	}
}
