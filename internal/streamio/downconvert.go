package streamio

import (
	streamjsonv1 "github.com/zeroproject/zero/generated/streamjson/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
)

// ToV1 converts a version 2 event to its version 1 counterpart, or returns
// nil for the events version 1 does not have (reasoning,
// permission_request, permission_decision). The runId and every other
// field carry over unchanged.
func ToV1(ev streamjsonv2.OutputValue) streamjsonv1.OutputValue {
	switch e := ev.(type) {
	case *streamjsonv2.RunStart:
		return &streamjsonv1.RunStart{RunID: e.RunID, SessionID: e.SessionID, Cwd: e.Cwd,
			Provider: e.Provider, Model: e.Model, APIModel: e.APIModel}
	case *streamjsonv2.Text:
		return &streamjsonv1.Text{RunID: e.RunID, Delta: e.Delta}
	case *streamjsonv2.ToolCall:
		return &streamjsonv1.ToolCall{RunID: e.RunID, ID: e.ID, Name: e.Name, Args: e.Args,
			SideEffect: streamjsonv1.SideEffect(e.SideEffect)}
	case *streamjsonv2.ToolResult:
		return &streamjsonv1.ToolResult{RunID: e.RunID, ID: e.ID,
			Status: streamjsonv1.ToolStatus(e.Status), Output: e.Output, Truncated: e.Truncated}
	case *streamjsonv2.Usage:
		return &streamjsonv1.Usage{RunID: e.RunID, PromptTokens: e.PromptTokens,
			CompletionTokens: e.CompletionTokens, TotalTokens: e.TotalTokens}
	}
	return toV1Closing(ev)
}

// toV1Closing converts the final, warning, error and run_end events.
func toV1Closing(ev streamjsonv2.OutputValue) streamjsonv1.OutputValue {
	switch e := ev.(type) {
	case *streamjsonv2.Final:
		return &streamjsonv1.Final{RunID: e.RunID, Text: e.Text}
	case *streamjsonv2.Warning:
		return &streamjsonv1.Warning{RunID: e.RunID, Code: e.Code, Message: e.Message}
	case *streamjsonv2.Error:
		return &streamjsonv1.Error{RunID: e.RunID, Code: e.Code, Message: e.Message, Recoverable: e.Recoverable}
	case *streamjsonv2.RunEnd:
		return &streamjsonv1.RunEnd{RunID: e.RunID, Status: streamjsonv1.RunStatus(e.Status), ExitCode: e.ExitCode}
	}
	return nil
}
