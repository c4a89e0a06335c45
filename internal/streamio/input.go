package streamio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	streamjsonv1 "github.com/zeroproject/zero/generated/streamjson/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/textclip"
	"github.com/zeroproject/zero/rt"
)

// DefaultMaxLineBytes is the longest stream-json input line Zero accepts
// unless ZERO_MAX_INPUT_LINE_BYTES says otherwise: 16 MiB.
const DefaultMaxLineBytes = 16 << 20

// MaxLineEnv is the environment variable that sets the longest accepted
// input line, in bytes, with an optional KiB, MiB or GiB suffix.
const MaxLineEnv = "ZERO_MAX_INPUT_LINE_BYTES"

// ParseSize reads a byte count such as "16777216", "64KiB" or "16MiB".
func ParseSize(s string) (int, error) {
	mult := 1
	for suffix, m := range map[string]int{"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30} {
		if rest, ok := strings.CutSuffix(s, suffix); ok {
			s, mult = rest, m
			break
		}
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n <= 0 || n > (1<<31)/mult {
		return 0, fmt.Errorf("invalid size %q (want a positive number of bytes, optionally with KiB, MiB or GiB)", s)
	}
	return n * mult, nil
}

// InputError is rejected input: a line that is not a valid event, or an
// input without events (Line 0). Its message is one line that says where
// the fault is, by line and by the JSON Pointer of the failing value, or
// its byte offset in the line when the failing value is the event itself:
//
//	invalid stream-json input at line 3: /role: const: want "user"
//	invalid stream-json input at line 2: type: got array, want object at offset 0
//	invalid stream-json input: it holds no prompt or message event (2 lines, all blank)
//
// The part of the message that quotes the input is cut to maxErrorText
// bytes, so a hostile line cannot make the message huge.
type InputError struct {
	Line int
	Err  error
}

// maxErrorText bounds the decoder's part of an InputError message.
const maxErrorText = 512

func (e *InputError) Error() string {
	msg := textclip.Bytes(e.Err.Error(), maxErrorText)
	if e.Line == 0 {
		return "invalid stream-json input: " + msg
	}
	return fmt.Sprintf("invalid stream-json input at line %d: %s", e.Line, msg)
}

func (e *InputError) Unwrap() error { return e.Err }

// InputReader reads stream-json input events line by line.
type InputReader struct {
	sc      *bufio.Scanner
	dec     rt.Decoder
	version int
	max     int
	line    int
	in1     streamjsonv1.Input
	in2     streamjsonv2.Input
}

// NewInputReader returns a reader of version (1 or 2) events from r that
// refuses lines longer than maxLine bytes (0 means DefaultMaxLineBytes).
func NewInputReader(r io.Reader, version, maxLine int) *InputReader {
	if maxLine <= 0 {
		maxLine = DefaultMaxLineBytes
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, min(64<<10, maxLine+1)), maxLine+1)
	return &InputReader{sc: sc, version: version, max: maxLine}
}

// Next returns the content of the next event, skipping blank lines, or
// io.EOF after the last one. A line that is not a valid event is an
// *InputError; so is a line longer than the limit.
func (r *InputReader) Next() (string, error) {
	for r.sc.Scan() {
		r.line++
		b := r.sc.Bytes()
		if isBlank(b) {
			continue
		}
		if len(b) > r.max {
			return "", r.tooLong()
		}
		if r.line == 1 && bytes.HasPrefix(b, bom) {
			return "", &InputError{Line: 1, Err: errBOM}
		}
		content, err := r.decode(b)
		if err != nil {
			return "", &InputError{Line: r.line, Err: err}
		}
		return content, nil
	}
	return "", r.scanError()
}

// decode decodes one line with the generated decoder of the version.
func (r *InputReader) decode(b []byte) (string, error) {
	r.dec.Reset(b)
	if r.version == 1 {
		if err := r.in1.DecodeJSON(&r.dec); err != nil {
			return "", err
		}
		return content1(r.in1.Value), nil
	}
	if err := r.in2.DecodeJSON(&r.dec); err != nil {
		return "", err
	}
	return content2(r.in2.Value), nil
}

func content1(v streamjsonv1.InputValue) string {
	switch e := v.(type) {
	case *streamjsonv1.Prompt:
		return string(e.Content)
	case *streamjsonv1.Message:
		return string(e.Content)
	}
	return ""
}

func content2(v streamjsonv2.InputValue) string {
	switch e := v.(type) {
	case *streamjsonv2.Prompt:
		return string(e.Content)
	case *streamjsonv2.Message:
		return string(e.Content)
	}
	return ""
}

// scanError turns the scanner's end into io.EOF or an error.
func (r *InputReader) scanError() error {
	err := r.sc.Err()
	switch {
	case err == nil:
		return io.EOF
	case errors.Is(err, bufio.ErrTooLong):
		r.line++
		return r.tooLong()
	}
	return fmt.Errorf("read stream-json input: %w", err)
}

func (r *InputReader) tooLong() error {
	return &InputError{Line: r.line, Err: fmt.Errorf("line is longer than %d bytes (raise the limit with %s)", r.max, MaxLineEnv)}
}

// bom is the UTF-8 byte order mark.
var bom = []byte("\xEF\xBB\xBF")

// errBOM refuses input that starts with a byte order mark, which JSON text
// must not have (RFC 8259, section 8.1).
var errBOM = errors.New("the input starts with a UTF-8 byte order mark (bytes EF BB BF) at offset 0; write UTF-8 without a byte order mark")

func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

// ReadPrompt reads every event from r and joins their contents, in order,
// separated by a blank line. Input without an event, or whose events hold
// only white space, is an *InputError with Line 0.
func ReadPrompt(r io.Reader, version, maxLine int) (string, error) {
	in := NewInputReader(r, version, maxLine)
	var parts []string
	for {
		c, err := in.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
		parts = append(parts, c)
	}
	prompt := strings.Join(parts, "\n\n")
	switch {
	case len(parts) == 0:
		return "", &InputError{Err: fmt.Errorf("it holds no prompt or message event (%d lines, all blank)", in.line)}
	case strings.TrimSpace(prompt) == "":
		return "", &InputError{Err: errors.New("its events hold only white space")}
	}
	return prompt, nil
}
