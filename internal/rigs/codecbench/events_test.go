package codecbench

import (
	"encoding/json"
	"strings"
)

// mix is the representative mix of protocol events the targets are stated on.
func mix() [][]byte {
	output := strings.Repeat("package main // the quick brown fox jumps over the lazy dog\n", 70)[:4096]
	res, _ := json.Marshal(output)
	return [][]byte{
		[]byte(`{"schemaVersion":2,"type":"run_start","runId":"run_20260603_abc123","sessionId":"zero_20260603100000_abc123","cwd":"/home/user/project","provider":"openai","model":"gpt-4.1","apiModel":"gpt-4.1-2025-04-14"}`),
		[]byte(`{"schemaVersion":2,"type":"text","runId":"run_20260603_abc123","delta":"Let me look at the README first, then I will check the tests."}`),
		[]byte(`{"schemaVersion":2,"type":"tool_call","runId":"run_20260603_abc123","id":"call_8f2a","name":"grep","args":{"pattern":"func (x \\*Output)","path":"generated","glob":"*.go","options":{"case_insensitive":false,"max_results":50,"context":[2,2]}},"sideEffect":"read"}`),
		[]byte(`{"schemaVersion":2,"type":"tool_result","runId":"run_20260603_abc123","id":"call_8f2a","status":"ok","output":` + string(res) + `,"truncated":false}`),
	}
}

// Plain structs equivalent to the events, for encoding/json, with no
// validation at all.
type runStart struct {
	SchemaVersion int    `json:"schemaVersion"`
	Type          string `json:"type"`
	RunID         string `json:"runId"`
	SessionID     string `json:"sessionId"`
	Cwd           string `json:"cwd"`
	Provider      string `json:"provider"`
	Model         string `json:"model"`
	APIModel      string `json:"apiModel"`
}

type text struct {
	SchemaVersion int    `json:"schemaVersion"`
	Type          string `json:"type"`
	RunID         string `json:"runId"`
	Delta         string `json:"delta"`
}

type toolCall struct {
	SchemaVersion int             `json:"schemaVersion"`
	Type          string          `json:"type"`
	RunID         string          `json:"runId"`
	ID            string          `json:"id"`
	Name          string          `json:"name"`
	Args          json.RawMessage `json:"args"`
	SideEffect    string          `json:"sideEffect"`
}

type toolResult struct {
	SchemaVersion int    `json:"schemaVersion"`
	Type          string `json:"type"`
	RunID         string `json:"runId"`
	ID            string `json:"id"`
	Status        string `json:"status"`
	Output        string `json:"output"`
	Truncated     bool   `json:"truncated"`
}

// plainTargets returns fresh plain structs in the order of mix.
func plainTargets() []any {
	return []any{new(runStart), new(text), new(toolCall), new(toolResult)}
}
