package schema

import (
	"fmt"
	"net/url"
	"strings"
)

// Error is a generation failure located at a schema position: the file
// and the JSON Pointer inside it.
type Error struct {
	File    string // schema file name
	Pointer string // JSON Pointer inside the file
	Msg     string
}

func (e *Error) Error() string {
	return e.File + "#" + e.Pointer + ": " + e.Msg
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
