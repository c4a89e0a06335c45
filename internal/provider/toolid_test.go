package provider

import (
	"strings"
	"testing"
)

func TestMapToolCallID(t *testing.T) {
	tests := []struct {
		id   string
		rule ToolIDRule
		keep bool
	}{
		{"toolu_01A09q90qw90lq917835lq9", AnthropicToolIDs, true},
		{"call_abc-123", AnthropicToolIDs, true},
		{"functions.read_file:0", AnthropicToolIDs, false},
		{"", AnthropicToolIDs, false},
		{strings.Repeat("a", 65), AnthropicToolIDs, false},
		{"functions.read_file:0", OpenAIToolIDs, true},
		{"toolu_01A09q90qw90lq917835lq9", OpenAIToolIDs, true},
		{strings.Repeat("x", 41), OpenAIToolIDs, false},
	}
	for _, tt := range tests {
		got := MapToolCallID(tt.id, tt.rule)
		if (got == tt.id) != tt.keep {
			t.Errorf("MapToolCallID(%q, %s) = %q, keep %v", tt.id, tt.rule.Prefix, got, tt.keep)
		}
		if !tt.rule.accepts(got) || !strings.HasPrefix(got, tt.rule.Prefix) && !tt.keep {
			t.Errorf("MapToolCallID(%q, %s) = %q, which the rule refuses", tt.id, tt.rule.Prefix, got)
		}
		if again := MapToolCallID(tt.id, tt.rule); again != got {
			t.Errorf("not deterministic: %q then %q", got, again)
		}
	}
	if MapToolCallID("functions.a:0", AnthropicToolIDs) == MapToolCallID("functions.a:1", AnthropicToolIDs) {
		t.Error("two ids map to one")
	}
}
