package run

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/provider"
)

// TestErrorResultsAreBounded checks that results quoting what the model
// sent (an unknown tool's name, an argument error naming a field) stay
// short however long the model's input was.
func TestErrorResultsAreBounded(t *testing.T) {
	long := strings.Repeat("é", 1<<20)
	p := &fakeProvider{turns: [][]provider.Event{
		{toolCall("call_1", "tool_"+long, `{}`), toolCall("call_2", "read_file", `{"path":"README.md","`+long+`":1}`)},
		{text("ok")},
	}}
	cfg, evs, _, _ := setup(t, p, "")
	if out := Run(context.Background(), cfg); out.ExitCode != 0 {
		t.Fatalf("outcome = %+v", out)
	}
	for _, ev := range *evs {
		r, ok := ev.(*streamjsonv2.ToolResult)
		if !ok {
			continue
		}
		if r.Status != "error" || len(r.Output) > maxErrorOutput+len("…") || !r.Truncated || !utf8.ValidString(r.Output) {
			t.Errorf("%s: %d bytes, status %s, truncated %v", r.ID, len(r.Output), r.Status, r.Truncated)
		}
	}
	for _, m := range p.reqs[1].Messages[2:] {
		if len(m.Text) > maxErrorOutput+len("…") {
			t.Errorf("the model got a result of %d bytes", len(m.Text))
		}
	}
}
