// Package streamclient reads what `zero exec --output-format stream-json`
// writes: one JSON event per line, each valid under the chosen version's
// output schema (schema/streamjson/vN/output.json).
//
// A Reader hands out the events one at a time as typed values of the
// newest protocol version, version 2 (package streamjsonv2). A version 1
// stream (`zero exec --schema-version 1`) is decoded with the version 1
// codec and upgraded with streamjsonv2.UpgradeOutput, so a client handles a
// single set of types whatever version it reads:
//
//	r := streamclient.NewReader(stdout, 0) // 0: take the version from the first line
//	for {
//		ev, err := r.Next()
//		if err == io.EOF {
//			break
//		}
//		if err != nil {
//			return err // a *LineError: which line, and what is wrong with it
//		}
//		switch ev := ev.(type) {
//		case *streamjsonv2.Text:
//			fmt.Print(ev.Delta)
//		case *streamjsonv2.RunEnd:
//			os.Exit(int(ev.ExitCode))
//		}
//	}
//
// Each line is decoded by the generated strict decoder: unknown fields,
// wrong types and out-of-range values are errors, exactly as the schema
// says. Lines longer than MaxLineBytes are refused without being read whole.
// By default the Reader also checks the protocol's guarantees across lines
// (docs/protocol.md): run_start first, or for a run that failed before it
// started an error; one runId throughout; an error followed by run_end;
// exactly one run_end, last, with status "error" only after an error; no
// end of input before it. Set CheckProtocol to false to read single events
// or partial streams.
package streamclient

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	streamjsonv1 "github.com/zeroproject/zero/generated/streamjson/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
)

// DefaultMaxLineBytes is the longest line a Reader accepts unless told
// otherwise: 16 MiB, well above what Zero writes (tool output is cut to a
// few tens of KiB, and a final answer rarely reaches a megabyte).
const DefaultMaxLineBytes = 16 << 20

// ErrLineTooLong is the error of a line longer than MaxLineBytes.
var ErrLineTooLong = errors.New("line too long")

// LineError is the error of one line of the stream: Line counts from 1,
// and an error found at the end of the input names the last line. Err is a *rt.Error (with the JSON Pointer and schema keyword) for a line
// the schema rejects, a *ProtocolError for a line that breaks the
// protocol, ErrLineTooLong, or the underlying read error.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

// Unwrap returns Err.
func (e *LineError) Unwrap() error { return e.Err }

// ProtocolError is a valid event in a place the protocol forbids, or an
// end of input before the run ended.
type ProtocolError struct {
	Msg string
}

func (e *ProtocolError) Error() string { return e.Msg }

// Reader reads stream-json events from an io.Reader. Set its fields before
// the first call to Next.
type Reader struct {
	// MaxLineBytes bounds the length of one line, newline excluded.
	MaxLineBytes int
	// CheckProtocol turns on the checks across lines; NewReader sets it.
	CheckProtocol bool

	in      *bufio.Reader
	version int
	line    int
	buf     []byte
	err     error
	proto   protocol
}

// NewReader returns a Reader of the stream in r, written with protocol
// version 1 or 2; version 0 takes the version from the schemaVersion of
// the first line. Whatever the version, Next returns version 2 events.
func NewReader(r io.Reader, version int) *Reader {
	return &Reader{MaxLineBytes: DefaultMaxLineBytes, CheckProtocol: true, in: bufio.NewReaderSize(r, 64<<10), version: version}
}

// Version returns the stream's protocol version: the one given to
// NewReader, or once the first line is read, the one it names.
func (r *Reader) Version() int { return r.version }

// Line returns the number of the last line read.
func (r *Reader) Line() int { return r.line }

// Next returns the next event. At the end of a complete stream it returns
// io.EOF; any other error is a *LineError, and Next returns it again on
// every later call.
func (r *Reader) Next() (streamjsonv2.OutputValue, error) {
	if r.err != nil {
		return nil, r.err
	}
	ev, err := r.next()
	if err != nil {
		if err != io.EOF {
			err = &LineError{Line: r.line, Err: err}
		}
		r.err = err
	}
	return ev, err
}

func (r *Reader) next() (streamjsonv2.OutputValue, error) {
	line, err := r.readLine()
	if err == io.EOF {
		if r.CheckProtocol {
			if perr := r.proto.end(); perr != nil {
				return nil, perr
			}
		}
		return nil, io.EOF
	}
	if err != nil {
		return nil, err
	}
	ev, err := r.decode(line)
	if err != nil {
		return nil, err
	}
	if r.CheckProtocol {
		if err := r.proto.check(ev); err != nil {
			return nil, err
		}
	}
	return ev, nil
}

// readLine returns the next line without its newline; the slice is valid
// until the next call. A line never grows past MaxLineBytes plus one
// buffer's worth before it is refused.
func (r *Reader) readLine() ([]byte, error) {
	r.buf = r.buf[:0]
	for {
		chunk, err := r.in.ReadSlice('\n')
		r.buf = append(r.buf, chunk...)
		if len(bytes.TrimSuffix(r.buf, newline)) > r.MaxLineBytes {
			r.line++
			return nil, fmt.Errorf("%w: more than %d bytes", ErrLineTooLong, r.MaxLineBytes)
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(r.buf) == 0:
			return nil, io.EOF
		case err != nil && err != io.EOF:
			r.line++
			return nil, err
		}
		r.line++
		return bytes.TrimSuffix(r.buf, newline), nil
	}
}

var newline = []byte("\n")

// decode decodes one line with the codec of the stream's version.
func (r *Reader) decode(line []byte) (streamjsonv2.OutputValue, error) {
	if len(line) == 0 {
		return nil, errors.New("empty line: every line must be one event")
	}
	if r.version == 0 {
		v, err := sniffVersion(line)
		if err != nil {
			return nil, err
		}
		r.version = v
	}
	switch r.version {
	case 2:
		var out streamjsonv2.Output
		if err := out.UnmarshalJSON(line); err != nil {
			return nil, err
		}
		return out.Value, nil
	case 1:
		var old streamjsonv1.Output
		if err := old.UnmarshalJSON(line); err != nil {
			return nil, err
		}
		out, err := streamjsonv2.UpgradeOutput(&old)
		if err != nil {
			return nil, err
		}
		return out.Value, nil
	}
	return nil, fmt.Errorf("unsupported protocol version %d: want 1 or 2", r.version)
}

// sniffVersion reads the schemaVersion of a line.
func sniffVersion(line []byte) (int, error) {
	var head struct {
		SchemaVersion *int `json:"schemaVersion"`
	}
	if err := json.Unmarshal(line, &head); err != nil || head.SchemaVersion == nil {
		return 0, errors.New("cannot tell the protocol version: the first line has no integer schemaVersion")
	}
	if v := *head.SchemaVersion; v != 1 && v != 2 {
		return 0, fmt.Errorf("unsupported protocol version %d: want 1 or 2", v)
	}
	return *head.SchemaVersion, nil
}
