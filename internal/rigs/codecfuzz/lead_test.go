package codecfuzz

import (
	"strings"
	"testing"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
	"github.com/zeroproject/zero/rt"
)

// TestUnionTagLeads checks the two ways a generated union reads its tag:
// when the tag is the object's first member the variant goes on from the
// second member, else the tag is looked up ahead and the variant reads the
// whole object. Both must give the same value and the same errors, at the
// same offsets.
func TestUnionTagLeads(t *testing.T) {
	for _, tc := range []struct {
		name, doc, err string
	}{
		{"tag first", `{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi"}}`, ""},
		{"tag last", `{"content":{"text":"hi","type":"text"},"sessionUpdate":"agent_message_chunk"}`, ""},
		{"tag first after space", ` { "sessionUpdate" : "agent_message_chunk" , "content" : {"type":"text","text":"hi"}}`, ""},
		{"tag escaped", `{"sessionUpdate":"agent\u005fmessage_chunk","content":{"type":"text","text":"hi"}}`, ""},
		{"tag twice", `{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi"},"sessionUpdate":"agent_message_chunk"}`, "appears more than once"},
		{"tag twice, other value", `{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi"},"sessionUpdate":"tool_call"}`, "appears more than once"},
		{"unknown tag first", `{"sessionUpdate":"nope","content":{"type":"text","text":"hi"}}`, `/sessionUpdate: const: got "nope"`},
		{"unknown tag last", `{"content":{"type":"text","text":"hi"},"sessionUpdate":"nope"}`, `/sessionUpdate: const: got "nope"`},
		{"tag not a string", `{"sessionUpdate":7,"content":{"type":"text","text":"hi"}}`, "const: want one of"},
		{"no tag", `{"content":{"type":"text","text":"hi"}}`, "sessionUpdate"},
		{"required member missing", `{"sessionUpdate":"agent_message_chunk"}`, "content"},
		{"not an object", `["sessionUpdate"]`, "want object"},
		{"truncated after tag", `{"sessionUpdate":"agent_message_chunk"`, "unexpected end of input"},
	} {
		var u acpv1.SessionUpdate
		err := u.UnmarshalJSON([]byte(tc.doc))
		if tc.err == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
				continue
			}
			c, ok := u.Value.(*acpv1.AgentMessageChunk)
			if !ok {
				t.Errorf("%s: decoded %T, want *AgentMessageChunk", tc.name, u.Value)
				continue
			}
			if txt, ok := c.Content.Value.(*acpv1.TextContent); !ok || txt.Text != "hi" {
				t.Errorf("%s: content %#v, want the text hi", tc.name, c.Content.Value)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
			continue
		}
		// An unknown tag is reported at the object, wherever the tag is.
		if e, ok := err.(*rt.Error); strings.HasPrefix(tc.name, "unknown tag") && (!ok || e.Offset != 0) {
			t.Errorf("%s: error %#v, want one at offset 0", tc.name, err)
		}
	}
}
