package session

import (
	"bytes"
	"fmt"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/rt"
)

// Warning is something wrong with a session that the store recovered from,
// such as a torn last line that was skipped.
type Warning struct {
	Msg string
}

// String returns the message.
func (w Warning) String() string { return w.Msg }

// logContents is what readLog found in an events file.
type logContents struct {
	recs []sessionv1.SessionRecord
	// good is the length of the valid prefix: every byte through the newline
	// of the last good line.
	good int64
	// torn describes a skipped last line; nil when there was none.
	torn *tornLine
}

// tornLine is a last line that a process killed mid-write left behind.
type tornLine struct {
	line   int
	reason string
}

// readLog decodes the records of an events file's contents b, one per line.
// A last line without its newline, or one that does not decode, is torn and
// skipped; any other line that does not decode is an error naming path and the
// line number.
func readLog(path string, b []byte) (logContents, error) {
	var c logContents
	var d rt.Decoder
	for line := 1; c.good < int64(len(b)); line++ {
		rest := b[c.good:]
		n := bytes.IndexByte(rest, '\n')
		if n < 0 {
			c.torn = &tornLine{line, fmt.Sprintf("%d bytes without a newline", len(rest))}
			return c, nil
		}
		var rec sessionv1.SessionRecord
		d.Reset(rest[:n])
		if err := rec.DecodeJSON(&d); err != nil {
			if n+1 == len(rest) {
				c.torn = &tornLine{line, err.Error()}
				return c, nil
			}
			return c, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		c.recs = append(c.recs, rec)
		c.good += int64(n + 1)
	}
	return c, nil
}

// warning describes t; truncated says whether the file was cut back to the
// last good line.
func (t *tornLine) warning(path string, truncated bool) Warning {
	what := "skipped"
	if truncated {
		what = "removed"
	}
	return Warning{Msg: fmt.Sprintf("%s:%d: %s a torn last line (%s), left by a zero process that stopped while writing it", path, t.line, what, t.reason)}
}

// encodeLine encodes rec as one line of an events file, passing its strings
// through hook, appended to buf.
func encodeLine(buf []byte, rec *sessionv1.SessionRecord, hook rt.StringHook) ([]byte, error) {
	e := rt.Encoder{Buf: buf, Hook: hook}
	if err := rec.EncodeJSON(&e); err != nil {
		return buf, err
	}
	return append(e.Buf, '\n'), nil
}
