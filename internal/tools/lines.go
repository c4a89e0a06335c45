package tools

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

const (
	// binarySniffBytes is how much of a file is checked for a NUL byte to
	// decide that it is binary.
	binarySniffBytes = 8 << 10
	// maxLineBytes is the longest line shown; the rest of a longer line is
	// replaced by a marker.
	maxLineBytes = 2000
)

// lineCut is the note that ends a line read_file shows only in part: the
// line's full length and how much of it is shown, so the model knows the
// text is incomplete and never takes the note for file content.
func lineCut(total, shown int) string {
	return fmt.Sprintf("… [line cut: %d of its %d bytes shown; grep or bash can search the rest]", shown, total)
}

// isBinary reports whether the first binarySniffBytes of r hold a NUL byte.
// It peeks, so the bytes are still there to read.
func isBinary(r *bufio.Reader) bool {
	head, _ := r.Peek(binarySniffBytes)
	return bytes.IndexByte(head, 0) >= 0
}

// newReader returns a buffered reader big enough to peek the sniff window.
func newReader(r io.Reader) *bufio.Reader {
	return bufio.NewReaderSize(r, 64<<10)
}

// readLine returns the next line of r without its line ending (LF or
// CRLF), at most maxLineBytes of it (cut on a UTF-8 boundary and outside a
// token, with a lineCut note), and io.EOF once no line is left. The rest
// of an over-long line is counted but not held in memory.
func readLine(r *bufio.Reader) (string, error) {
	var line []byte
	total := 0
	var prev byte // the byte before the current chunk
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line) <= maxLineBytes+2 {
			line = append(line, chunk[:min(len(chunk), maxLineBytes+3-len(line))]...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			total += len(chunk)
			prev = chunk[len(chunk)-1]
			continue
		}
		if err != nil && (err != io.EOF || total+len(chunk) == 0) {
			return "", err
		}
		total += len(chunk) - lineEndBytes(chunk, prev)
		return finishLine(line, total), nil
	}
}

// lineEndBytes returns how many bytes of the line ending the last chunk
// of a line holds (prev is the byte before it): 2 for CRLF, 1 for LF, 0
// for a last line without an ending.
func lineEndBytes(chunk []byte, prev byte) int {
	switch {
	case !bytes.HasSuffix(chunk, []byte("\n")):
		return 0
	case bytes.HasSuffix(chunk, []byte("\r\n")):
		return 2
	case len(chunk) == 1 && prev == '\r':
		return 2
	}
	return 1
}

// finishLine returns the first total bytes of line (the line without its
// ending), cut to maxLineBytes with a note when longer.
func finishLine(line []byte, total int) string {
	if total <= maxLineBytes {
		return string(line[:total])
	}
	shown := cutUTF8(string(line[:min(len(line), maxLineBytes+1)]), maxLineBytes)
	return shown + lineCut(total, len(shown))
}
