package session

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/internal/compact"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/rt"
)

func TestToMessages(t *testing.T) {
	recs := run("run_1", "Inspect this repo.")
	recs = append(recs, sessionv1.SessionRecord{Value: &sessionv1.ToolResultRecord{
		RunID: "run_1", ID: "call_9", Name: "bash", Status: sessionv1.ToolStatusError, Output: "denied"}})
	want := []provider.Message{
		{Role: provider.RoleUser, Text: "Inspect this repo."},
		{Role: provider.RoleAssistant, Reasoning: "Start with the README.",
			ToolCalls: []provider.ToolCall{{ID: "call_1", Name: "read_file", Args: []byte(`{"path":"README.md"}`)}}},
		{Role: provider.RoleTool, Text: "# Zero\n", ToolCallID: "call_1", ToolName: "read_file"},
		{Role: provider.RoleAssistant, Text: "No blockers found."},
		{Role: provider.RoleTool, Text: "denied", ToolCallID: "call_9", ToolName: "bash", IsError: true},
	}
	if diff := cmp.Diff(want, ToMessages(recs)); diff != "" {
		t.Errorf("ToMessages (-want +got):\n%s", diff)
	}
}

// A run killed while its tools ran leaves tool calls without results; the
// messages answer them so that providers accept the conversation.
func TestToMessagesAnswersInterruptedCalls(t *testing.T) {
	calls := []sessionv1.ToolCallRecord{
		{ID: "call_1", Name: "read_file", Args: rt.Raw(`{"path":"a"}`)},
		{ID: "call_2", Name: "grep", Args: rt.Raw(`{"pattern":"x"}`)},
	}
	recs := []sessionv1.SessionRecord{
		{Value: &sessionv1.RunStartRecord{RunID: "run_1", Provider: "openai", Model: "m"}},
		{Value: &sessionv1.UserRecord{RunID: "run_1", Content: "first"}},
		{Value: &sessionv1.AssistantRecord{RunID: "run_1", ToolCalls: calls}},
		{Value: &sessionv1.ToolResultRecord{RunID: "run_1", ID: "call_1", Name: "read_file", Status: sessionv1.ToolStatusOk, Output: "a"}},
		{Value: &sessionv1.RunStartRecord{RunID: "run_2", Provider: "openai", Model: "m"}},
		{Value: &sessionv1.UserRecord{RunID: "run_2", Content: "second"}},
		{Value: &sessionv1.AssistantRecord{RunID: "run_2", ToolCalls: calls[:1]}},
	}
	got := ToMessages(recs)
	var roles []string
	for _, m := range got {
		roles = append(roles, string(m.Role)+":"+m.ToolCallID)
	}
	want := []string{"user:", "assistant:", "tool:call_1", "tool:call_2", "user:", "assistant:", "tool:call_1"}
	if diff := cmp.Diff(want, roles); diff != "" {
		t.Fatalf("messages (-want +got):\n%s", diff)
	}
	for _, i := range []int{3, 6} {
		if m := got[i]; !m.IsError || m.Text != interruptedResult || m.ToolName == "" {
			t.Errorf("message %d: %+v, want an error result for the interrupted call", i, m)
		}
	}
}

// A tool result holding a redacted span tells the resumed model so.
func TestToMessagesMarksRedactedOutput(t *testing.T) {
	recs := run("run_1", "Read the config.")
	recs[3].Value.(*sessionv1.ToolResultRecord).Output = "API_KEY=[REDACTED:credential]\n"
	msgs := ToMessages(recs)
	if got := msgs[2].Text; got != "API_KEY=[REDACTED:credential]\n\n\n"+RedactedNote {
		t.Errorf("redacted output = %q", got)
	}
	if got := ToMessages(run("run_1", "x"))[2].Text; got != "# Zero\n" {
		t.Errorf("plain output = %q", got)
	}
}

// A compaction record replaces the conversation before it with its
// prompts, its summary and the messages it kept; later records follow.
// Window reads the window and calibration of the model's last compaction.
func TestToMessagesCompaction(t *testing.T) {
	recs := run("run_1", "Inspect this repo.")
	recs = append(recs,
		sessionv1.SessionRecord{Value: &sessionv1.CompactionRecord{RunID: "run_1", Summary: "Read the README.",
			Tasks: []sessionv1.NonEmptyString{"Inspect this repo."}, Kept: 1, Window: 8000, Calibration: rt.Some(1.25)}},
		sessionv1.SessionRecord{Value: &sessionv1.RunStartRecord{RunID: "run_2", Provider: "openai", Model: "gpt-4.1"}},
		sessionv1.SessionRecord{Value: &sessionv1.UserRecord{RunID: "run_2", Content: "and now?"}})
	want := []provider.Message{
		{Role: provider.RoleUser, Text: "Inspect this repo."},
		{Role: provider.RoleUser, Text: compact.SummaryHeader + "Read the README.", Summary: true},
		{Role: provider.RoleAssistant, Text: "No blockers found."},
		{Role: provider.RoleUser, Text: "and now?"},
	}
	if diff := cmp.Diff(want, ToMessages(recs)); diff != "" {
		t.Errorf("ToMessages (-want +got):\n%s", diff)
	}
	if w, c := Window(recs, "gpt-4.1"); w != 8000 || c != 1.25 {
		t.Errorf("Window = %d, %v; want 8000, 1.25", w, c)
	}
	if w, _ := Window(recs, "other"); w != 0 {
		t.Errorf("Window of another model = %d, want 0", w)
	}
}
