package streamio

import (
	"fmt"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
)

// Sink receives the events of one run, in order. Emit returns an error only
// when the event could not be written; the run loop then stops.
//
// Emit must not keep ev past its return: the run reuses the values of its
// most frequent events, the text and reasoning deltas, from one event to
// the next. What ev holds may be kept (strings never change).
type Sink interface {
	Emit(ev streamjsonv2.OutputValue) error
}

// Format names an output format of `zero exec -o`.
type Format string

// The output formats.
const (
	FormatText       Format = "text"
	FormatJSON       Format = "json"
	FormatStreamJSON Format = "stream-json"
)

// Formats lists the output formats in the order the help shows them.
func Formats() []Format { return []Format{FormatText, FormatJSON, FormatStreamJSON} }

// ParseFormat returns the Format named s.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats() {
		if string(f) == s {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown output format %q (want text, json or stream-json)", s)
}

// eventType returns the stream-json type name of ev, for error messages.
func eventType(ev streamjsonv2.OutputValue) string {
	if t, ok := ev.(interface{ Type() string }); ok {
		return t.Type()
	}
	return fmt.Sprintf("%T", ev)
}
