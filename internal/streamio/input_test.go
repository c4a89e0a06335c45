package streamio

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestReadPromptJoinsEvents(t *testing.T) {
	in := "{\"schemaVersion\":2,\"type\":\"message\",\"role\":\"user\",\"content\":\"Inspect this repo.\"}\r\n" +
		"\n   \r\n" +
		"{\"schemaVersion\":2,\"type\":\"prompt\",\"content\":\"Return only blockers.\"}"
	got, err := ReadPrompt(strings.NewReader(in), 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := "Inspect this repo.\n\nReturn only blockers."; got != want {
		t.Errorf("prompt = %q, want %q", got, want)
	}
}

func TestReadPromptErrors(t *testing.T) {
	good := `{"schemaVersion":2,"type":"prompt","content":"a"}` + "\n"
	tests := []struct {
		name    string
		in      string
		version int
		want    string
	}{
		{"role", good + "\n" + `{"schemaVersion":2,"type":"message","role":"assistant","content":"x"}`, 2,
			`invalid stream-json input at line 3: /role: const: want "user"`},
		{"version", `{"schemaVersion":2,"type":"prompt","content":"a"}`, 1, "invalid stream-json input at line 1: "},
		{"unknown field", `{"schemaVersion":2,"type":"prompt","content":"a","x":1}`, 2, "invalid stream-json input at line 1: "},
		{"syntax", good + `{"schemaVersion":2,`, 2, "invalid stream-json input at line 2: "},
		{"empty content", `{"schemaVersion":1,"type":"prompt","content":""}`, 1, "invalid stream-json input at line 1: /content: minLength"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadPrompt(strings.NewReader(tt.in), tt.version, 0)
			var ie *InputError
			if !errors.As(err, &ie) || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("err = %v, want prefix %q", err, tt.want)
			}
		})
	}
}

func TestReadPromptLineLimit(t *testing.T) {
	line := `{"schemaVersion":2,"type":"prompt","content":"` + strings.Repeat("x", 200) + `"}`
	for _, in := range []string{line, line + "\n", "\n" + line + "\n" + line} {
		_, err := ReadPrompt(strings.NewReader(in), 2, 100)
		if err == nil || !strings.Contains(err.Error(), "longer than 100 bytes") || !strings.Contains(err.Error(), MaxLineEnv) {
			t.Errorf("err = %v, want a line-length error", err)
		}
	}
	if _, err := ReadPrompt(strings.NewReader(line+"\n"), 2, len(line)); err != nil {
		t.Errorf("line of exactly the limit: %v", err)
	}
}

func TestInputReaderEOF(t *testing.T) {
	r := NewInputReader(strings.NewReader("\n\n"), 2, 0)
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("err = %v, want io.EOF", err)
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int{"100": 100, "64KiB": 64 << 10, "16MiB": 16 << 20, "1GiB": 1 << 30} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1", "x", "3TiB", "10MB"} {
		if _, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) succeeded", in)
		}
	}
}
