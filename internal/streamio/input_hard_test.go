package streamio

import (
	"errors"
	"strings"
	"testing"
)

// TestInputErrorPositions checks that every rejected line names where the
// fault is: a JSON Pointer, or the byte offset when the fault is the event
// itself, and that the quoted input is cut.
func TestInputErrorPositions(t *testing.T) {
	tests := []struct{ in, want string }{
		{`[1]`, "invalid stream-json input at line 1: type: got array, want object at offset 0"},
		{`{"schemaVersion":2,"type":"prompt","content":"a","content":"b"}`,
			`invalid stream-json input at line 1: duplicate: key "content" appears more than once at offset 59`},
		{`{"schemaVersion":2,"type":"prompt","content":"a"`,
			"invalid stream-json input at line 1: syntax: unexpected end of input, want '}' or a key at offset 48"},
		{`nope`, "invalid stream-json input at line 1: syntax: invalid literal at offset 0"},
		{`{"schemaVersion":3,"type":"prompt","content":"a"}`, "invalid stream-json input at line 1: /schemaVersion: const: want 2"},
		{"\xEF\xBB\xBF" + `{"schemaVersion":2,"type":"prompt","content":"a"}`,
			"invalid stream-json input at line 1: the input starts with a UTF-8 byte order mark (bytes EF BB BF) at offset 0; write UTF-8 without a byte order mark"},
		{"", "invalid stream-json input: it holds no prompt or message event (0 lines, all blank)"},
		{"\n \n\t\n", "invalid stream-json input: it holds no prompt or message event (3 lines, all blank)"},
		{`{"schemaVersion":2,"type":"prompt","content":"  "}`, "invalid stream-json input: its events hold only white space"},
	}
	for _, tt := range tests {
		_, err := ReadPrompt(strings.NewReader(tt.in), 2, 0)
		var ie *InputError
		if !errors.As(err, &ie) || err.Error() != tt.want {
			t.Errorf("%.60q:\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
}

func TestInputErrorIsShort(t *testing.T) {
	in := `{"schemaVersion":2,"type":"prompt","content":"a","` + strings.Repeat("é", 1<<20) + `":1}`
	_, err := ReadPrompt(strings.NewReader(in), 2, 0)
	// The decoder clips the key it quotes, and the input layer clips
	// whatever it quotes; either way the line stays short.
	if err == nil || len(err.Error()) > 600 || !strings.HasSuffix(err.Error(), " at offset 0") {
		t.Errorf("error of %d bytes: %.200s", len(err.Error()), err)
	}
	if !strings.Contains(err.Error(), "additionalProperties: unknown property") {
		t.Errorf("error %.200s", err)
	}
}

func TestBOMOnlyAtTheStart(t *testing.T) {
	in := `{"schemaVersion":2,"type":"prompt","content":"a"}` + "\n\xEF\xBB\xBF{}"
	_, err := ReadPrompt(strings.NewReader(in), 2, 0)
	if err == nil || !strings.Contains(err.Error(), "at line 2: syntax: unexpected byte 0xef") {
		t.Errorf("err = %v", err)
	}
}
