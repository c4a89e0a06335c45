package tools

import (
	"bufio"
	"bytes"
	"errors"
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

const lineCutMarker = "… [line truncated]"

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

// readLine returns the next line of r without its line ending, at most
// maxLineBytes of it (cut on a UTF-8 boundary, with a marker), and io.EOF
// once no line is left. The rest of an over-long line is skipped without
// being held in memory.
func readLine(r *bufio.Reader) (string, error) {
	var line []byte
	cut := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !cut {
			line = append(line, chunk...)
			if len(line) > maxLineBytes+2 {
				line, cut = line[:maxLineBytes+2], true
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && (err != io.EOF || len(line) == 0) {
			return "", err
		}
		return finishLine(line, cut), nil
	}
}

// finishLine strips the line ending and applies the length cap.
func finishLine(line []byte, cut bool) string {
	line = bytes.TrimSuffix(line, []byte("\n"))
	line = bytes.TrimSuffix(line, []byte("\r"))
	if !cut && len(line) <= maxLineBytes {
		return string(line)
	}
	return cutUTF8(string(line), maxLineBytes) + lineCutMarker
}
