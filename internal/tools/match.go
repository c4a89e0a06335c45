package tools

import (
	"fmt"
	"path"
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
