package codecbench

import (
	"encoding/json"

	"github.com/zeroproject/zero/internal/rigs/mixdocs"
)

// mix is the representative mix of protocol events the targets are stated on.
func mix() [][]byte { return mixdocs.House() }

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
