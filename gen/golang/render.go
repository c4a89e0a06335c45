package golang

import (
	"bytes"
	"fmt"
	"go/format"
	"strings"

	"github.com/dave/jennifer/jen"
)

// render writes f as gofmt'd source laid out as goimports and a person
// would: standard-library imports apart from the others, and a blank line
// between top-level declarations.
func render(f *jen.File) ([]byte, error) {
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	src, err := format.Source(tidy(buf.Bytes()))
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	return src, nil
}

// tidy groups the import block and separates top-level declarations.
// jennifer writes one import block in path order and no blank line
// between a closing brace and the next declaration.
func tidy(src []byte) []byte {
	lines := strings.Split(string(src), "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if line == "import (" {
			end := i + 1
			for end < len(lines) && lines[end] != ")" {
				end++
			}
			out = append(out, line)
			out = append(out, groupImports(lines[i+1:end])...)
			i = end - 1
			continue
		}
		if len(out) > 0 && startsDecl(line) && endsDecl(out[len(out)-1], line) {
			out = append(out, "")
		}
		out = append(out, line)
	}
	return []byte(strings.Join(out, "\n"))
}

// endsDecl reports whether prev ends a top-level declaration that a blank
// line separates from next: a closing brace or parenthesis, or a one-line
// var with a comment after it (a pattern naming its engine) before
// anything but another var.
func endsDecl(prev, next string) bool {
	if prev == "}" || prev == ")" {
		return true
	}
	code, _, commented := strings.Cut(prev, " // ")
	return commented && strings.HasPrefix(code, "var ") && !strings.HasPrefix(next, "var ")
}

// startsDecl reports whether a line begins a top-level declaration or its
// doc comment.
func startsDecl(line string) bool {
	for _, p := range []string{"func ", "type ", "var ", "const ", "// "} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return false
}

// groupImports puts the standard library's imports first and the others
// after a blank line. A standard-library path has no dot in its first
// element.
func groupImports(specs []string) []string {
	var std, other []string
	for _, s := range specs {
		path := strings.Trim(strings.TrimSpace(s[strings.Index(s, `"`):]), `"`)
		if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
			other = append(other, s)
		} else {
			std = append(std, s)
		}
	}
	if len(std) > 0 && len(other) > 0 {
		std = append(std, "")
	}
	return append(std, other...)
}
