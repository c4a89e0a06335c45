package gen

import (
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// leaf is one innermost failure the reference validator reports.
type leaf struct {
	pointer string // instance location, RFC 6901 escaping only
	keyword string // the last token of the keyword location
	at      string // the keyword location, for messages
}

// refLeaves validates doc against s and returns the reference's leaf
// failures (none when it accepts the document).
func refLeaves(s *jsonschema.Schema, doc []byte) ([]leaf, error) {
	x, err := decodeAny(doc)
	if err != nil {
		return nil, fmt.Errorf("not JSON: %v", err)
	}
	err = s.Validate(x)
	if err == nil {
		return nil, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil, err
	}
	var out []leaf
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			kw := e.KeywordLocation[strings.LastIndex(e.KeywordLocation, "/")+1:]
			out = append(out, leaf{pointer: unescapeLocation(e.InstanceLocation), keyword: kw, at: e.KeywordLocation})
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	sort.Slice(out, func(i, j int) bool {
		if out[i].pointer != out[j].pointer {
			return out[i].pointer < out[j].pointer
		}
		return out[i].at < out[j].at
	})
	return out, nil
}

// unescapeLocation undoes the URL escaping that jsonschema/v5 applies to
// each token of an instance location, leaving RFC 6901 escapes alone.
func unescapeLocation(loc string) string {
	toks := strings.Split(loc, "/")
	for i, t := range toks {
		if u, err := url.PathUnescape(t); err == nil {
			toks[i] = u
		}
	}
	return strings.Join(toks, "/")
}

func describeLeaves(ls []leaf) string {
	var parts []string
	for _, l := range ls {
		at := l.pointer
		if at == "" {
			at = "(root)"
		}
		parts = append(parts, at+" at "+l.at)
	}
	return strings.Join(parts, "; ")
}

// checkValid fails unless the reference accepts doc.
func checkValid(s *jsonschema.Schema, doc []byte) error {
	ls, err := refLeaves(s, doc)
	if err != nil {
		return err
	}
	if len(ls) > 0 {
		return fmt.Errorf("the reference validator refuses it: %s", describeLeaves(ls))
	}
	return nil
}

// checkInvalid fails unless the reference refuses doc with a leaf at
// pointer whose keyword location ends with keyword.
func checkInvalid(s *jsonschema.Schema, doc []byte, pointer, keyword string) error {
	ls, err := refLeaves(s, doc)
	if err != nil {
		return err
	}
	if len(ls) == 0 {
		return fmt.Errorf("the reference validator accepts it")
	}
	for _, l := range ls {
		if l.pointer == pointer && l.keyword == keyword {
			return nil
		}
	}
	return fmt.Errorf("the reference validator fails it elsewhere: %s", describeLeaves(ls))
}

// probeLabel is the reference's verdict on a probe: its first leaf at or
// below pointer.
func probeLabel(s *jsonschema.Schema, doc []byte, pointer string) (leaf, bool) {
	ls, err := refLeaves(s, doc)
	if err != nil {
		return leaf{}, false
	}
	for _, l := range ls {
		if l.pointer == pointer || strings.HasPrefix(l.pointer, pointer+"/") {
			return l, true
		}
	}
	return leaf{}, false
}
