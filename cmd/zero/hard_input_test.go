package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	streamjsonv1 "github.com/zeroproject/zero/generated/streamjson/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// badInput is one kind of hostile stream-json input. feed writes it for
// protocol version v; where is a regexp the error message must match after
// "invalid stream-json input ": the line and the JSON Pointer or byte
// offset of the fault.
type badInput struct {
	name  string
	feed  func(v int) func(w io.Writer)
	where string
	// limit is ZERO_MAX_INPUT_LINE_BYTES; "" leaves the default (16 MiB).
	limit string
}

// goodLine is a valid prompt event of version v.
func goodLine(v int) string {
	return fmt.Sprintf(`{"schemaVersion":%d,"type":"prompt","content":"first"}`+"\n", v)
}

// afterGood feeds a good line, then line (made for version v).
func afterGood(line func(v int) string) func(v int) func(w io.Writer) {
	return func(v int) func(w io.Writer) {
		return func(w io.Writer) { io.WriteString(w, goodLine(v)+line(v)+"\n") }
	}
}

// text feeds s as it is.
func text(s string) func(v int) func(w io.Writer) {
	return func(int) func(w io.Writer) { return func(w io.Writer) { io.WriteString(w, s) } }
}

// nested is depth opening brackets around a value, closed or not.
func nested(open, close string, depth int, closed bool) string {
	s := strings.Repeat(open, depth) + "1"
	if closed {
		s += strings.Repeat(close, depth)
	}
	return s
}

// prefixed builds a line that starts like a prompt event of version v.
func prefixed(v int, rest string) string {
	return fmt.Sprintf(`{"schemaVersion":%d,"type":"prompt",%s`, v, rest)
}

// hugeLine feeds a good line, then one line of size bytes: a prompt event
// whose content is that long.
func hugeLine(size int64) func(v int) func(w io.Writer) {
	return func(v int) func(w io.Writer) {
		return func(w io.Writer) {
			head := prefixed(v, `"content":"`)
			if _, err := io.WriteString(w, goodLine(v)+head); err != nil {
				return
			}
			repeatWriter("x", size-int64(len(head))-3)(w)
			io.WriteString(w, "\"}\n")
		}
	}
}

// badInputs lists every hostile input the issue names, and a few more.
func badInputs(blankBytes int64) []badInput {
	const pos = ` at line 2(: /\S+: | at offset \d+|: .* at offset \d+)`
	return []badInput{
		{"not JSON", afterGood(func(int) string { return "hello, this is not JSON" }), pos, ""},
		{"truncated line", afterGood(func(v int) string { return prefixed(v, `"content":"cut here`) }), pos, ""},
		{"truncated after a key", afterGood(func(v int) string { return prefixed(v, `"content"`) }), pos, ""},
		{"JSON array", afterGood(func(v int) string { return "[" + strings.TrimSpace(goodLine(v)) + "]" }), pos, ""},
		{"JSON string", afterGood(func(int) string { return `"prompt"` }), pos, ""},
		{"JSON number", afterGood(func(int) string { return `42` }), pos, ""},
		{"JSON null", afterGood(func(int) string { return `null` }), pos, ""},
		{"duplicate keys", afterGood(func(v int) string { return prefixed(v, `"content":"a","content":"b"}`) }), pos, ""},
		{"duplicate discriminator", afterGood(func(v int) string { return prefixed(v, `"type":"prompt","content":"a"}`) }), pos, ""},
		{"unknown field", afterGood(func(v int) string { return prefixed(v, `"content":"a","extra":1}`) }), pos, ""},
		{"unknown field with a 1 MB name", afterGood(func(v int) string {
			return prefixed(v, `"content":"a","`+strings.Repeat("k", 1<<20)+`":1}`)
		}), pos, ""},
		{"unknown type with a 1 MB name", afterGood(func(v int) string {
			return fmt.Sprintf(`{"schemaVersion":%d,"type":"%s","content":"a"}`, v, strings.Repeat("t", 1<<20))
		}), pos, ""},
		{"missing content", afterGood(func(v int) string { return fmt.Sprintf(`{"schemaVersion":%d,"type":"prompt"}`, v) }), pos, ""},
		{"wrong schemaVersion", afterGood(func(v int) string { return strings.Replace(goodLine(3-v), "\n", "", 1) }), pos, ""},
		{"schemaVersion 3", afterGood(func(int) string { return strings.TrimSpace(goodLine(3)) }), pos, ""},
		{"schemaVersion as a string", afterGood(func(v int) string {
			return fmt.Sprintf(`{"schemaVersion":"%d","type":"prompt","content":"a"}`, v)
		}), pos, ""},
		{"schemaVersion 1e999", afterGood(func(int) string { return `{"schemaVersion":1e999,"type":"prompt","content":"a"}` }), pos, ""},
		{"assistant message", afterGood(func(v int) string {
			return fmt.Sprintf(`{"schemaVersion":%d,"type":"message","role":"assistant","content":"a"}`, v)
		}), pos, ""},
		{"arrays nested 100000 deep", afterGood(func(int) string { return nested("[", "]", 100_000, true) }), pos, ""},
		{"objects nested 100000 deep", afterGood(func(int) string { return nested(`{"a":`, "}", 100_000, true) }), pos, ""},
		{"unclosed nesting 100000 deep", afterGood(func(int) string { return nested("[", "]", 100_000, false) }), pos, ""},
		{"nesting 100000 deep inside an event", afterGood(func(v int) string {
			return prefixed(v, `"content":"a","x":`+nested("[", "]", 100_000, true)+"}")
		}), pos, ""},
		{"invalid UTF-8 in a string", afterGood(func(v int) string { return prefixed(v, "\"content\":\"caf\xe9\"}") }), pos, ""},
		{"invalid UTF-8 outside strings", afterGood(func(v int) string { return prefixed(v, "\"content\":\"a\"\xff}") }), pos, ""},
		{"UTF-8 BOM at the start", text("\xEF\xBB\xBF" + goodLine(2)), ` at line 1: .*byte order mark.* at offset 0`, ""},
		{"NUL bytes", afterGood(func(int) string { return "\x00\x00\x00" }), pos, ""},
		{"NUL byte in a string", afterGood(func(v int) string { return prefixed(v, "\"content\":\"a\x00b\"}") }), pos, ""},
		{"CR line endings", func(v int) func(w io.Writer) {
			return text(strings.Replace(goodLine(v), "\n", "\r", 1) + goodLine(v))(v)
		}, ` at line 1: .* at offset \d+`, ""},
		{"two events on one line", afterGood(func(v int) string { return strings.TrimSpace(goodLine(v)) + strings.TrimSpace(goodLine(v)) }), pos, ""},
		{"a 100 MB line", hugeLine(100 << 20), ` at line 2: line is longer than 16777216 bytes \(raise the limit with ZERO_MAX_INPUT_LINE_BYTES\)`, ""},
		{"a 100 MB line under a 1 MiB limit", hugeLine(100 << 20), ` at line 2: line is longer than 1048576 bytes`, "1MiB"},
		{fmt.Sprintf("%d MB of blank lines", blankBytes>>20), func(int) func(w io.Writer) { return repeatWriter("\n", blankBytes) },
			fmt.Sprintf(`: it holds no prompt or message event \(%d lines, all blank\)`, blankBytes), ""},
		{"blank lines of spaces, tabs and CRs", text(strings.Repeat(" \t \r\n\n   \n", 1000)), `: it holds no prompt or message event \(3000 lines, all blank\)`, ""},
		{"content of only white space", func(v int) func(w io.Writer) {
			return text(fmt.Sprintf(`{"schemaVersion":%d,"type":"prompt","content":" \n\t "}`+"\n", v))(v)
		}, `: its events hold only white space`, ""},
		{"empty stdin", text(""), `: it holds no prompt or message event \(0 lines, all blank\)`, ""},
	}
}

// TestBadStreamJSONInput feeds every hostile input to `zero exec
// --input-format stream-json` in both protocol versions and both output
// formats. Each must end the run with exit code 2 and one line naming the
// fault and where it is; in stream-json output, with an error event and
// run_end that the generated decoder of the version accepts; without a
// panic, a hang (60 s limit) or more memory than a small multiple of the
// line limit (peak RSS of the child).
func TestBadStreamJSONInput(t *testing.T) {
	blank := int64(64 << 20)
	if os.Getenv("ZERO_SOAK") != "" {
		blank = 1 << 30
	}
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI)
	for _, bi := range badInputs(blank) {
		t.Run(bi.name, func(t *testing.T) {
			checkBadInput(t, z, bi)
		})
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("bad input reached the provider %d times", n)
	}
}

// maxRSSFor is the most memory a run with line limit may use: four times
// the limit over a 32 MiB base (the binary, the runtime, the GC's slack).
func maxRSSFor(limit int64) int64 { return 4*limit + 32<<20 }

func checkBadInput(t *testing.T, z *zeroEnv, bi badInput) {
	limit := int64(16 << 20)
	if bi.limit != "" {
		z.vars["ZERO_MAX_INPUT_LINE_BYTES"] = bi.limit
		defer delete(z.vars, "ZERO_MAX_INPUT_LINE_BYTES")
		limit = 1 << 20
	}
	where := regexp.MustCompile(`^invalid stream-json input` + bi.where)
	var peak int64
	var message string
	for _, v := range []int{1, 2} {
		for _, format := range []string{"text", "stream-json"} {
			args := []string{"exec", "--input-format", "stream-json", "--schema-version", fmt.Sprint(v), "-o", format}
			start := time.Now()
			res := z.runFed(60*time.Second, bi.feed(v), args...)
			label := fmt.Sprintf("v%d -o %s", v, format)
			peak = max(peak, res.maxRSS)
			if res.code != 2 {
				t.Fatalf("%s: exit code %d, want 2\nstderr: %.500s", label, res.code, res.stderr)
			}
			msg, ok := strings.CutPrefix(res.stderr, "zero: ")
			if !ok || strings.Count(msg, "\n") != 1 || !strings.HasSuffix(msg, "\n") {
				t.Fatalf("%s: stderr is not one line \"zero: ...\": %.500q", label, res.stderr)
			}
			msg = strings.TrimSuffix(msg, "\n")
			message = msg
			if !where.MatchString(msg) {
				t.Errorf("%s: message %.300q does not match %q", label, msg, where)
			}
			if len(msg) > 1000 {
				t.Errorf("%s: message is %d bytes long", label, len(msg))
			}
			if res.maxRSS > maxRSSFor(limit) {
				t.Errorf("%s: peak RSS %d MiB, more than %d MiB", label, res.maxRSS>>20, maxRSSFor(limit)>>20)
			}
			if format == "text" {
				if res.stdout != "" {
					t.Errorf("%s: stdout %.200q, want nothing", label, res.stdout)
				}
				continue
			}
			checkErrorEvent(t, label, v, res.stdout, msg)
			t.Logf("%s: %v, peak RSS %d MiB", label, time.Since(start).Round(time.Millisecond), res.maxRSS>>20)
		}
	}
	reportCase(t, "bad_input", bi.name, map[string]any{"message": clipString(message, 160), "peakRSS": peak})
}

// checkErrorEvent checks that stdout is exactly an error event and run_end
// of version v with exit code 2, carrying msg.
func checkErrorEvent(t *testing.T, label string, v int, stdout, msg string) {
	t.Helper()
	var evs []event
	if v == 1 {
		evs = decodeV1(t, stdout)
	} else {
		evs = decodeV2(t, stdout)
	}
	checkStream(t, evs, false, 2)
	if got := types(evs); got != "error,run_end" {
		t.Fatalf("%s: events %s, want error,run_end", label, got)
	}
	code, message := "", ""
	switch e := evs[0].v.(type) {
	case *streamjsonv1.Error:
		code, message = e.Code, string(e.Message)
	case *streamjsonv2.Error:
		code, message = e.Code, string(e.Message)
	}
	if code != "invalid_input" || message != msg {
		t.Errorf("%s: error event %s %.300q, want invalid_input %.300q", label, code, message, msg)
	}
}

func clipString(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
