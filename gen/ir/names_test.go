package ir

import "testing"

func TestGoName(t *testing.T) {
	for in, want := range map[string]string{
		"runId": "RunID", "apiModel": "APIModel", "tool_call": "ToolCall", "sessionId": "SessionID",
		"old_string": "OldString", "HTTPServer": "HTTPServer", "max_results": "MaxResults", "2fa": "X2fa",
		"url": "URL", "exitCode": "ExitCode", "schemaVersion": "SchemaVersion", "": "X",
		"名前": "X名前", // a letter without case would give an unexported name
	} {
		if got := GoName(in); got != want {
			t.Errorf("GoName(%q) = %q, want %q", in, got, want)
		}
	}
}
