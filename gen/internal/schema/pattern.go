package schema

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"

	"github.com/zeroproject/zero/rt"
)

var backReference = regexp.MustCompile(`\\[1-9]|\\k<`)

// checkPatterns refuses a pattern, or a patternProperties name, that the
// RE2 engine the generated code matches with cannot compile, at its JSON
// Pointer and saying why, before the compiler reports it as a failed
// meta-schema format check.
func checkPatterns(file string, m Member, at string) error {
	switch {
	case m.Key == "pattern" && m.Val.Kind == rt.String:
		return checkPattern(file, at, m.Val.Str)
	case m.Key == "patternProperties" && m.Val.Kind == rt.Object:
		for _, p := range m.Val.Members {
			if err := checkPattern(file, at+"/"+PointerEscape(p.Key), p.Key); err != nil {
				return err
			}
		}
	}
	return nil
}

func checkPattern(file, at, src string) error {
	_, err := regexp.Compile(src)
	if err == nil {
		return nil
	}
	why := err.Error()
	var se *syntax.Error
	switch {
	case strings.Contains(src, "(?=") || strings.Contains(src, "(?!") || strings.Contains(src, "(?<=") || strings.Contains(src, "(?<!"):
		why = "look-around is not supported (RE2)"
	case backReference.MatchString(src):
		why = "back-references are not supported (RE2)"
	case errors.As(err, &se):
		why = fmt.Sprintf("%s `%s` (RE2)", se.Code, se.Expr)
	}
	return &Error{File: file, Pointer: at, Msg: fmt.Sprintf("pattern %q: %s", src, why)}
}
