package session

import (
	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/internal/compact"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/redact"
)

// interruptedResult is the tool result ToMessages supplies for a tool call
// whose result the log lacks.
const interruptedResult = "the tool call has no result: the run that made it ended before it finished"

// ToMessages rebuilds the conversation of recs as provider messages, so that a
// resumed run sends the earlier conversation as real messages: user records
// become user messages, assistant records assistant messages (text,
// reasoning and tool calls with their raw JSON arguments), tool results tool
// messages. Other records carry no conversation and are skipped.
//
// A tool result holding a redacted span ends with RedactedNote.
//
// A compaction record replaces the conversation rebuilt so far with the
// prompts it kept, its summary and the messages it kept, as the run that
// compacted went on with them; the records before it stay in the log.
//
// Providers refuse an assistant tool call without a result, which a run
// killed while a tool ran leaves behind; ToMessages answers each such call
// with an error result saying the run ended before it finished.
func ToMessages(recs []sessionv1.SessionRecord) []provider.Message {
	var msgs []provider.Message
	var open []provider.ToolCall // calls of the last assistant message still without a result
	closeCalls := func() {
		for _, c := range open {
			msgs = append(msgs, provider.Message{Role: provider.RoleTool, Text: interruptedResult, ToolCallID: c.ID, ToolName: c.Name, IsError: true})
		}
		open = nil
	}
	for _, r := range recs {
		switch r := r.Value.(type) {
		case *sessionv1.UserRecord:
			closeCalls()
			msgs = append(msgs, provider.Message{Role: provider.RoleUser, Text: string(r.Content)})
		case *sessionv1.AssistantRecord:
			closeCalls()
			m := assistantMessage(r)
			msgs = append(msgs, m)
			open = append(open, m.ToolCalls...)
		case *sessionv1.CompactionRecord:
			closeCalls()
			kept := msgs[len(msgs)-min(int(r.Kept), len(msgs)):]
			msgs = compact.Compacted(plainStrings(r.Tasks), string(r.Summary), append([]provider.Message(nil), kept...))
		case *sessionv1.ToolResultRecord:
			open = answered(open, string(r.ID))
			msgs = append(msgs, provider.Message{
				Role:       provider.RoleTool,
				Text:       markRedacted(r.Output),
				ToolCallID: string(r.ID),
				ToolName:   string(r.Name),
				IsError:    r.Status == sessionv1.ToolStatusError,
			})
		}
	}
	closeCalls()
	return msgs
}

// RedactedNote ends a resumed tool result that holds redacted spans. Sessions
// store tool output after redaction, so a resumed model sees "[REDACTED]"
// (or "[REDACTED:kind]") where the live run saw a secret; the note tells it
// that the file itself still holds the original, so it reads the file again
// rather than copying a placeholder into edit_file.
const RedactedNote = "[zero: this output comes from the saved session, where secrets were replaced by " +
	redact.Redacted + " before saving; the files still hold the originals. Read a file again " +
	"before editing text near a redacted span.]"

// markRedacted appends RedactedNote to a tool output holding a redacted span.
func markRedacted(out string) string {
	if !redact.HasMarker(out) {
		return out
	}
	return out + "\n\n" + RedactedNote
}

// assistantMessage converts an assistant record.
func assistantMessage(r *sessionv1.AssistantRecord) provider.Message {
	m := provider.Message{Role: provider.RoleAssistant, Text: r.Text, Reasoning: r.Reasoning.V}
	for _, c := range r.ToolCalls {
		m.ToolCalls = append(m.ToolCalls, provider.ToolCall{ID: string(c.ID), Name: string(c.Name), Args: append([]byte(nil), c.Args...)})
	}
	return m
}

// answered removes the call id from open.
func answered(open []provider.ToolCall, id string) []provider.ToolCall {
	for i, c := range open {
		if c.ID == id {
			return append(open[:i:i], open[i+1:]...)
		}
	}
	return open
}

// Window returns the context window and the calibration (see
// compact.Meter) that the last compaction of recs made by a run of model
// knew, or zeros: a resumed run of the same model starts with what an
// earlier run learned.
func Window(recs []sessionv1.SessionRecord, model string) (int, float64) {
	models := map[sessionv1.ID]string{} // run id -> model
	window, ratio := 0, 0.0
	for _, r := range recs {
		switch r := r.Value.(type) {
		case *sessionv1.RunStartRecord:
			models[r.RunID] = string(r.Model)
		case *sessionv1.CompactionRecord:
			if models[r.RunID] == model && r.Window > 0 {
				window, ratio = int(r.Window), r.Calibration.V
			}
		}
	}
	return window, ratio
}

// plainStrings converts a list of a named string type to []string.
func plainStrings[S ~string](list []S) []string {
	if list == nil {
		return nil
	}
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = string(s)
	}
	return out
}
