package acp

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"strconv"
	"strings"
	"sync"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/schema"
)

// decoder is every generated type Zero reads.
type decoder interface{ UnmarshalJSON([]byte) error }

// ACP marks members a reader should take leniently: a member marked
// x-deserialize-default-on-error whose value the reader cannot use counts
// as absent, and an item of a list marked x-deserialize-skip-invalid-items
// that it cannot use is dropped, so that a newer client's richer values do
// not fail a whole message. Zero's ACP schemas carry the same marks.
//
// decodeLenient decodes b strictly; only when that fails under a marked
// member does it drop that member (or item) and decode again. The strict
// decoder does all the checking; this path runs only for messages the
// strict decoder refused, so its generic rewrite of the JSON never runs for
// a valid message.
func decodeLenient(b []byte, v decoder) error {
	err := v.UnmarshalJSON(b)
	for tries := 0; err != nil && tries < 64; tries++ {
		var re *rt.Error
		if !errors.As(err, &re) {
			return err
		}
		nb, ok := dropLenient(b, re.Pointer)
		if !ok {
			return err
		}
		b = nb
		err = v.UnmarshalJSON(b)
	}
	return err
}

// marks holds the property names ACP marks, read once from the embedded
// schemas.
var marks = sync.OnceValue(func() struct{ defaults, skips map[string]bool } {
	m := struct{ defaults, skips map[string]bool }{map[string]bool{}, map[string]bool{}}
	files, _ := fs.Glob(schema.FS, "acp/v1/*.json")
	for _, f := range files {
		data, err := fs.ReadFile(schema.FS, f)
		if err != nil {
			continue
		}
		var doc any
		if json.Unmarshal(data, &doc) == nil {
			collectMarks(doc, m.defaults, m.skips)
		}
	}
	return m
})

// collectMarks walks a schema and records each property carrying a mark.
func collectMarks(v any, defaults, skips map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		if props, ok := v["properties"].(map[string]any); ok {
			for name, p := range props {
				pm, _ := p.(map[string]any)
				if pm["x-deserialize-default-on-error"] == true {
					defaults[name] = true
				}
				if pm["x-deserialize-skip-invalid-items"] == true {
					skips[name] = true
				}
			}
		}
		for _, sub := range v {
			collectMarks(sub, defaults, skips)
		}
	case []any:
		for _, sub := range v {
			collectMarks(sub, defaults, skips)
		}
	}
}

// dropLenient removes from b the innermost marked member or item that
// holds the value at ptr, and reports whether there was one.
func dropLenient(b []byte, ptr string) ([]byte, bool) {
	if ptr == "" {
		return nil, false
	}
	segs := strings.Split(ptr[1:], "/")
	for i := range segs {
		segs[i] = strings.ReplaceAll(strings.ReplaceAll(segs[i], "~1", "/"), "~0", "~")
	}
	m := marks()
	for i := len(segs) - 1; i >= 0; i-- {
		name := segs[i]
		if _, err := strconv.Atoi(name); err == nil && i > 0 && m.skips[segs[i-1]] {
			return remove(b, segs[:i+1])
		}
		if _, err := strconv.Atoi(name); err != nil && m.defaults[name] {
			return remove(b, segs[:i+1])
		}
	}
	return nil, false
}

// remove deletes the member or item at path from the JSON document b.
func remove(b []byte, path []string) ([]byte, bool) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var doc any
	if dec.Decode(&doc) != nil {
		return nil, false
	}
	parent := doc
	for _, seg := range path[:len(path)-1] {
		parent = child(parent, seg)
	}
	last := path[len(path)-1]
	switch p := parent.(type) {
	case map[string]any:
		if _, ok := p[last]; !ok {
			return nil, false
		}
		delete(p, last)
	case []any:
		i, err := strconv.Atoi(last)
		if err != nil || i < 0 || i >= len(p) {
			return nil, false
		}
		doc = replace(doc, path[:len(path)-1], append(p[:i:i], p[i+1:]...))
	default:
		return nil, false
	}
	out, err := json.Marshal(doc)
	return out, err == nil
}

func child(v any, seg string) any {
	switch v := v.(type) {
	case map[string]any:
		return v[seg]
	case []any:
		if i, err := strconv.Atoi(seg); err == nil && i >= 0 && i < len(v) {
			return v[i]
		}
	}
	return nil
}

// replace sets the value at path in doc to nv and returns doc.
func replace(doc any, path []string, nv any) any {
	if len(path) == 0 {
		return nv
	}
	switch p := doc.(type) {
	case map[string]any:
		p[path[0]] = replace(p[path[0]], path[1:], nv)
	case []any:
		if i, err := strconv.Atoi(path[0]); err == nil && i >= 0 && i < len(p) {
			p[i] = replace(p[i], path[1:], nv)
		}
	}
	return doc
}
