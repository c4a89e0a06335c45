package tools

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// pattern is a slash-separated glob split into segments. A segment "**"
// matches any number of directories (including none); other segments use
// path.Match syntax (*, ?, [a-z], \ escapes) within one path component.
type pattern []string

// parsePattern splits and checks a glob pattern.
func parsePattern(glob string) (pattern, error) {
	glob = strings.Trim(glob, "/")
	if glob == "" {
		return nil, fmt.Errorf("empty glob pattern")
	}
	segs := strings.Split(glob, "/")
	for _, s := range segs {
		if _, err := path.Match(s, ""); err != nil {
			return nil, fmt.Errorf("bad glob pattern %q: %v", glob, err)
		}
	}
	return pattern(segs), nil
}

// match reports whether the slash-separated relative name matches p.
func (p pattern) match(name string) bool {
	return matchSegs(p, strings.Split(name, "/"))
}

// couldMatchUnder reports whether p could match dir or anything beneath
// it, so a walk can skip directories that cannot lead to a match.
func (p pattern) couldMatchUnder(dir string) bool {
	segs := strings.Split(dir, "/")
	for len(segs) > 0 {
		if len(p) == 0 {
			return false
		}
		if p[0] == "**" {
			return true
		}
		if ok, _ := path.Match(p[0], segs[0]); !ok {
			return false
		}
		p, segs = p[1:], segs[1:]
	}
	return true
}

// matchSegs matches name segments against pattern segments.
func matchSegs(p pattern, name []string) bool {
	for len(p) > 0 {
		if p[0] == "**" {
			return matchStar(p[1:], name)
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(p[0], name[0]); !ok {
			return false
		}
		p, name = p[1:], name[1:]
	}
	return len(name) == 0
}

// matchStar matches name against p after a "**" that may absorb any
// number of leading segments.
func matchStar(p pattern, name []string) bool {
	for i := 0; i <= len(name); i++ {
		if matchSegs(p, name[i:]) {
			return true
		}
	}
	return false
}

// maxBraceAlternatives bounds how many patterns one glob's braces expand to.
const maxBraceAlternatives = 256

// globSet is a glob whose braces were expanded: "*.{go,md}" is the set
// {"*.go", "*.md"}. A name matches when any member does.
type globSet []pattern

// parseGlobSet expands the braces of glob and parses each alternative.
func parseGlobSet(glob string) (globSet, error) {
	alts, err := expandBraces(glob)
	if err != nil {
		return nil, fmt.Errorf("bad glob pattern %q: %v", glob, err)
	}
	set := make(globSet, 0, len(alts))
	for _, a := range alts {
		p, err := parsePattern(a)
		if err != nil {
			return nil, err
		}
		set = append(set, p)
	}
	return set, nil
}

// match reports whether the slash-separated relative name matches a member.
func (s globSet) match(name string) bool {
	return slices.ContainsFunc(s, func(p pattern) bool { return p.match(name) })
}

// matchFile is grep's filter: a member without "/" matches the base name
// ("*.go"), one with "/" the whole relative name.
func (s globSet) matchFile(rel string) bool {
	return slices.ContainsFunc(s, func(p pattern) bool {
		if len(p) == 1 {
			return p.match(path.Base(rel))
		}
		return p.match(rel)
	})
}

// couldMatchUnder reports whether a member could match dir or anything
// beneath it.
func (s globSet) couldMatchUnder(dir string) bool {
	return slices.ContainsFunc(s, func(p pattern) bool { return p.couldMatchUnder(dir) })
}

// expandBraces returns the alternatives of the first top-level "{a,b,...}"
// in glob, each expanded in turn, so braces nest and repeat as in a shell:
// "{a,b}{1,2}" is a1 a2 b1 b2. A backslash escapes a brace or a comma; a
// brace without a comma ("{x}") is literal, as in bash. Unbalanced braces
// and more than maxBraceAlternatives results are errors.
func expandBraces(glob string) ([]string, error) {
	open, close, commas, err := firstBraces(glob)
	if err != nil || open < 0 {
		return []string{glob}, err
	}
	if len(commas) == 0 {
		rest, err := expandBraces(glob[close+1:])
		return prefixAll(glob[:close+1], rest), err
	}
	var out []string
	starts := append([]int{open}, commas...)
	for i, at := range starts {
		end := close
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		more, err := expandBraces(glob[:open] + glob[at+1:end] + glob[close+1:])
		if err != nil {
			return nil, err
		}
		if out = append(out, more...); len(out) > maxBraceAlternatives {
			return nil, fmt.Errorf("braces expand to more than %d patterns", maxBraceAlternatives)
		}
	}
	return out, nil
}

// firstBraces finds the first top-level "{" of s, its matching "}" and the
// top-level commas between them; open is -1 when s has no brace.
func firstBraces(s string) (open, close int, commas []int, err error) {
	open, depth := -1, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case c == '{':
			if depth++; depth == 1 {
				open = i
			}
		case c == ',' && depth == 1:
			commas = append(commas, i)
		case c == '}' && depth > 0:
			if depth--; depth == 0 {
				return open, i, commas, nil
			}
		}
	}
	if depth > 0 {
		return -1, -1, nil, fmt.Errorf("unclosed {")
	}
	return -1, -1, nil, nil
}

// prefixAll puts p before every string of ss.
func prefixAll(p string, ss []string) []string {
	for i := range ss {
		ss[i] = p + ss[i]
	}
	return ss
}
