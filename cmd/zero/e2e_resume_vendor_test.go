package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// anthropicIDs returns the tool_use ids and tool_result tool_use_ids of an
// Anthropic request.
func anthropicIDs(t *testing.T, req pt.Request) (uses, results []string) {
	t.Helper()
	var body struct {
		Messages []struct {
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(req.Body, &body); err != nil {
		t.Fatal(err)
	}
	for _, m := range body.Messages {
		var blocks []struct {
			Type      string `json:"type"`
			ID        string `json:"id"`
			ToolUseID string `json:"tool_use_id"`
		}
		if json.Unmarshal(m.Content, &blocks) != nil {
			continue // a plain string
		}
		for _, b := range blocks {
			switch b.Type {
			case "tool_use":
				uses = append(uses, b.ID)
			case "tool_result":
				results = append(results, b.ToolUseID)
			}
		}
	}
	return uses, results
}

// openaiIDs returns the tool call ids and tool_call_ids of an OpenAI request.
func openaiIDs(t *testing.T, req pt.Request) (calls, results []string) {
	t.Helper()
	var body struct {
		Messages []struct {
			ToolCalls []struct {
				ID string `json:"id"`
			} `json:"tool_calls"`
			ToolCallID string `json:"tool_call_id"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(req.Body, &body); err != nil {
		t.Fatal(err)
	}
	for _, m := range body.Messages {
		for _, c := range m.ToolCalls {
			calls = append(calls, c.ID)
		}
		if m.ToolCallID != "" {
			results = append(results, m.ToolCallID)
		}
	}
	return calls, results
}

var anthropicID = regexp.MustCompile(`^[a-zA-Z0-9_-]+$`)

// TestResumeWithAnotherVendor: a session recorded with an OpenAI-compatible
// server whose tool-call ids Anthropic forbids ("functions.read_file:0") is
// resumed with Anthropic under valid ids, call and result still paired; and
// a session with an id too long for OpenAI goes the other way.
func TestResumeWithAnotherVendor(t *testing.T) {
	z := newZeroEnv(t)
	oa := z.serve(pt.OpenAI,
		pt.OpenAI.Stream(pt.ToolCalls(pt.Call{ID: "functions.read_file:0", Name: "read_file", Args: []string{`{"path":"README.md"}`}})),
		pt.OpenAI.Stream(pt.Text("read it")),
		pt.OpenAI.Stream(pt.Text("back on openai")))
	long := "toolu_" + strings.Repeat("Q", 50)
	an := z.serve(pt.Anthropic,
		pt.Anthropic.Stream(pt.Text("on anthropic")),
		pt.Anthropic.Stream(pt.ToolCalls(pt.Call{ID: long, Name: "read_file", Args: []string{`{"path":"README.md"}`}})),
		pt.Anthropic.Stream(pt.Text("read it again")))

	evs, _ := z.streamV2(0, "--provider", "openai", "read the readme")
	id := sessionID(evs)
	z.streamV2(0, "--provider", "anthropic", "--resume", id, "and now?")
	uses, results := anthropicIDs(t, an.Requests()[0])
	if len(uses) != 1 || len(results) != 1 || uses[0] != results[0] || !anthropicID.MatchString(uses[0]) {
		t.Errorf("anthropic request ids: tool_use %q, tool_result %q", uses, results)
	}

	z.streamV2(0, "--provider", "anthropic", "--resume", id, "read again")
	z.streamV2(0, "--provider", "openai", "--resume", id, "back to openai")
	calls, res := openaiIDs(t, oa.Requests()[2])
	if len(calls) != 2 || len(res) != 2 || calls[0] != "functions.read_file:0" || calls[1] != res[1] || len(calls[1]) > 40 || calls[1] == long {
		t.Errorf("openai request ids: calls %q, results %q", calls, res)
	}
}
