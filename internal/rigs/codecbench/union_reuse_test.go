package codecbench

import (
	"fmt"
	"reflect"
	"testing"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
)

// toolCallContents are tool call contents of each variant, with the tag
// first (read as the lead member) and later, valid and broken: a missing or
// mistyped member, a broken nested content block, an unknown tag.
var toolCallContents = []string{
	`{"type":"content","content":{"type":"text","text":"a"}}`,
	`{"type":"content","content":{"type":"text","text":"b"},"_meta":null}`,
	`{"content":{"type":"text","text":"c"},"type":"content"}`,
	`{"type":"content","content":{"type":"image"}}`,
	`{"type":"content","content":{"type":"text","text":"d"}}`,
	`{"type":"diff","path":"a.go","newText":"x"}`,
	`{"type":"diff","path":"a.go"}`,
	`{"type":"diff","path":"a.go","newText":"y","oldText":null}`,
	`{"path":"b.go","type":"diff","newText":"z"}`,
	`{"path":"b.go","type":"diff","newText":7}`,
	`{"type":"terminal","terminalId":"t1"}`,
	`{"type":"terminal","terminalId":"t2","extra":true}`,
	`{"type":"terminal","terminalId":7}`,
	`{"terminalId":"t3","type":"terminal"}`,
	`{"type":"nope"}`,
	`{"type":"terminal","terminalId":"t4"}`,
}

// TestUnionReuse decodes tool call contents one after another into one
// value, forwards and then backwards, and checks each against a fresh
// decode: the same error (offset and pointer included) or the same value;
// a failed decode leaves no variant, and a variant of the type the value
// held before is decoded into the same object.
func TestUnionReuse(t *testing.T) {
	order := append([]string(nil), toolCallContents...)
	for i := len(toolCallContents) - 1; i >= 0; i-- {
		order = append(order, toolCallContents[i])
	}
	var x acpv1.ToolCallContent
	reused, failed := 0, 0
	for _, doc := range order {
		before := x.Value
		err := x.UnmarshalJSON([]byte(doc))
		var fresh acpv1.ToolCallContent
		freshErr := fresh.UnmarshalJSON([]byte(doc))
		if fmt.Sprint(err) != fmt.Sprint(freshErr) {
			t.Errorf("%s: reused value says %v, a fresh one %v", doc, err, freshErr)
		}
		if !reflect.DeepEqual(x, fresh) {
			t.Errorf("%s: decoded into a reused value as %#v, want %#v", doc, x.Value, fresh.Value)
		}
		if err != nil {
			failed++
			if x.Value != nil {
				t.Errorf("%s: failed with %v, but the value holds %#v", doc, err, x.Value)
			}
			continue
		}
		if before != nil && reflect.TypeOf(before) == reflect.TypeOf(x.Value) {
			if reflect.ValueOf(before).Pointer() != reflect.ValueOf(x.Value).Pointer() {
				t.Errorf("%s: a new %T, not the %T held before", doc, x.Value, before)
			}
			reused++
		}
	}
	if reused < 8 || failed < 8 {
		t.Errorf("the documents exercise too little: %d decodes reused a variant, %d failed", reused, failed)
	}
}
