package compact

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zeroproject/zero/internal/provider"
)

func TestWindow(t *testing.T) {
	for model, want := range map[string]int{
		"gpt-5": 400_000, "gpt-4.1-2025-04-14": 1_047_576, "claude-sonnet-4-5-20250929": 200_000,
		"Claude-Sonnet-4-5": 200_000, "claude-sonnet-4-5-latest": 200_000, "llama3.1": 0, "gpt-4.1-x": 0,
	} {
		if got := Window(model); got != want {
			t.Errorf("Window(%q) = %d, want %d", model, got, want)
		}
	}
}

func TestMeter(t *testing.T) {
	m := NewMeter("gpt-test", 0, false)
	if m.Window != 0 || m.Tokens(100) != 100 {
		t.Fatalf("an unknown model: window %d, tokens %d", m.Window, m.Tokens(100))
	}
	m.Calibrate(1000, 1500)
	if m.Tokens(100) != 150 || m.Units(150) != 100 {
		t.Errorf("calibrated 1.5: tokens %d, units %d", m.Tokens(100), m.Units(150))
	}
	m.Calibrate(10, 1_000_000)
	if m.Ratio() != 8 {
		t.Errorf("a nonsense report: ratio %v, want the cap 8", m.Ratio())
	}
	m.Remember(9000, 1.2)
	if m.Window != 9000 || m.Ratio() != 8 {
		t.Errorf("Remember: window %d ratio %v; want the window, the measured ratio kept", m.Window, m.Ratio())
	}
	if b := NewMeter("gpt-5", 1000, false).Budget(800); b != 500 {
		t.Errorf("budget %d, want the window less at most half of it", b)
	}
}

func TestClipText(t *testing.T) {
	var b strings.Builder
	for i := 1; b.Len() < 10_000; i++ {
		fmt.Fprintf(&b, "line %d é\n", i)
	}
	text := b.String()
	got, ok := ClipText(text, Light, "call_7")
	if !ok || len(got) >= len(text) || !strings.HasPrefix(got, "line 1 é\n") || !strings.HasSuffix(got, text[len(text)-20:]) {
		t.Fatalf("clipped %v, %d of %d bytes", ok, len(got), len(text))
	}
	if !strings.Contains(got, "tool result of call call_7") || !strings.Contains(got, fmt.Sprintf("of the %d bytes", len(text))) {
		t.Errorf("no note naming the call and the size:\n%s", got)
	}
	head := got[:strings.Index(got, "\n[zero:")]
	if !strings.HasSuffix(head, "\n") {
		t.Errorf("the head is not cut at a line end: %q", head[len(head)-20:])
	}
	if again, ok := ClipText(got, Light, "call_7"); ok || again != got {
		t.Errorf("a clipped output was clipped again")
	}
}

// conversation is a prompt and n turns of one read each, of size bytes.
func conversation(n, size int) []provider.Message {
	msgs := []provider.Message{{Role: provider.RoleUser, Text: "the task"}}
	for i := 1; i <= n; i++ {
		id := fmt.Sprintf("c%d", i)
		msgs = append(msgs,
			provider.Message{Role: provider.RoleAssistant, ToolCalls: []provider.ToolCall{{ID: id, Name: "read_file", Args: []byte(`{"path":"f"}`)}}},
			provider.Message{Role: provider.RoleTool, ToolCallID: id, ToolName: "read_file", Text: strings.Repeat("x", size)})
	}
	return msgs
}

func TestPrune(t *testing.T) {
	msgs := conversation(6, 8000)
	est := MessagesTokens(msgs)
	end := TurnStart(msgs, RecentTurns)
	n, after := Prune(msgs, end, est, est-2000, Light)
	if n != 2 || after != MessagesTokens(msgs) || after > est-2000 {
		t.Errorf("clipped %d, estimate %d → %d (recount %d)", n, est, after, MessagesTokens(msgs))
	}
	if len(msgs[2].Text) >= 8000 || len(msgs[4].Text) >= 8000 || len(msgs[6].Text) != 8000 {
		t.Errorf("not the oldest first")
	}
	if n, _ := Prune(msgs, end, 1<<30, 0, Light); n != 2 || len(msgs[12].Text) != 8000 || len(msgs[10].Text) != 8000 {
		t.Errorf("the last %d turns were clipped", RecentTurns)
	}
}

func TestPlan(t *testing.T) {
	msgs := conversation(6, 400)
	turn := MessagesTokens(msgs[len(msgs)-2:])
	p, ok := NewPlan(msgs, 2*turn, 1000, false)
	if !ok || p.Kept != 4 || len(p.Old) != len(msgs)-4 || len(p.Tasks) != 1 || p.Tasks[0] != "the task" {
		t.Fatalf("plan %v: kept %d, old %d, tasks %q", ok, p.Kept, len(p.Old), p.Tasks)
	}
	if hard, _ := NewPlan(msgs, 1<<30, 1000, true); hard.Kept != 2 {
		t.Errorf("a hard plan keeps %d messages, want the last turn's 2", hard.Kept)
	}
	after := Compacted(p.Tasks, "S", msgs[len(msgs)-p.Kept:])
	if len(after) != 6 || after[0].Text != "the task" || !after[1].Summary || after[2].Role != provider.RoleAssistant {
		t.Errorf("compacted: %+v", after)
	}
	if _, ok := NewPlan(after[:2], 0, 1000, false); ok {
		t.Errorf("a plan for nothing but prompts and a summary")
	}
	p2, _ := NewPlan(append(after, provider.Message{Role: provider.RoleUser, Text: "next"}), 0, 1000, false)
	req := SummaryRequest("m", p2, 10_000, 500)
	text := req.Messages[0].Text
	if !strings.Contains(text, "<earlier-summary>\nS\n") || !strings.Contains(text, "<request>\nthe task\n") || req.MaxTokens != 500 {
		t.Errorf("summary request:\n%s", text)
	}
}

func TestTranscriptFits(t *testing.T) {
	p, _ := NewPlan(conversation(40, 6000), 0, 1000, true)
	req := SummaryRequest("m", p, 3000, 500)
	if n := MessageTokens(req.Messages[0]); n > 3000+200 {
		t.Errorf("transcript of %d tokens for a budget of 3000", n)
	}
	if !strings.Contains(req.Messages[0].Text, "the task") {
		t.Errorf("the task is not in the transcript")
	}
}
