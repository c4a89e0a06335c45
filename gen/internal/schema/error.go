package schema

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Error is a generation failure located at a schema position: the file
// and the JSON Pointer inside it, and for a YAML file the line and column
// too.
type Error struct {
	File    string // schema file name
	Pointer string // JSON Pointer inside the file
	Msg     string
	// Line and Col, when Line is not 0, place the error in a YAML file
	// (Col is 0 when only the line is known).
	Line, Col int
}

// Error is "FILE#POINTER: MSG", or "FILE:LINE:COL#POINTER: MSG" when the
// line is known.
func (e *Error) Error() string {
	at := e.File
	if e.Line > 0 {
		at += ":" + strconv.Itoa(e.Line)
		if e.Col > 0 {
			at += ":" + strconv.Itoa(e.Col)
		}
	}
	if e.Pointer != "" || e.Line == 0 {
		at += "#" + e.Pointer
	}
	return at + ": " + e.Msg
}

// Locate adds the line and column to an *Error in a YAML file of files,
// found from its JSON Pointer. Any other error is returned as it is.
func Locate(err error, files []File) error {
	ge, ok := err.(*Error)
	if !ok || ge.Line > 0 || !IsYAML(ge.File) {
		return err
	}
	for _, f := range files {
		if f.Name != ge.File {
			continue
		}
		if line, col, ok := YAMLPosition(f.Data, ge.Pointer); ok {
			c := *ge
			c.Line, c.Col = line, col
			return &c
		}
	}
	return err
}

// PrefixError puts dir in front of the file name of a located error.
func PrefixError(err error, dir string) error {
	if ge, ok := err.(*Error); ok {
		c := *ge
		c.File = dir + "/" + ge.File
		return &c
	}
	return fmt.Errorf("%s: %w", dir, err)
}

// PointerEscape escapes one JSON Pointer token.
func PointerEscape(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// UnescapeLocation undoes the URL escaping that jsonschema/v5 applies to
// each token of an instance location, leaving RFC 6901 escapes alone.
func UnescapeLocation(loc string) string {
	toks := strings.Split(loc, "/")
	for i, t := range toks {
		if u, err := url.PathUnescape(t); err == nil {
			toks[i] = u
		}
	}
	return strings.Join(toks, "/")
}
