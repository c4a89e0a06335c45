package ir

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rtimpl"
	"github.com/zeroproject/zero/rt/rtimpl/jsonnum"
)

// KnownKeyword is the annotation that declares the values of an open
// vocabulary: a string or integer schema that accepts values added later
// (by its pattern or bounds) and lists, in this keyword, the values in use
// today, each with its meaning. Each entry is {"const": VALUE,
// "description": MEANING}, plus a "title" (the Go name of the value) that
// integers need and strings may have.
const KnownKeyword = "x-known-values"

// Vocab is an open vocabulary: the values a schema declares with
// KnownKeyword. The schema still accepts other values; the generators
// turn the declared ones into constants, literal unions and tables.
type Vocab struct {
	// Name is the Go name of the vocabulary: the schema's title, else its
	// key under $defs ("errorCode" → "ErrorCode").
	Name string
	Doc  string
	Loc  string // file name#pointer of the declaring schema
	// Int is true for a vocabulary of integers, false for one of strings.
	Int bool
	// Inferred marks a vocabulary read from an anyOf of consts beside a
	// plain branch rather than declared with KnownKeyword.
	Inferred bool
	Values   []*KnownValue
}

// KnownValue is one declared value of a vocabulary.
type KnownValue struct {
	JSON  string // canonical JSON text of the value
	Str   string // the string, for a vocabulary of strings
	Int   int64  // the integer, for a vocabulary of integers
	Title string // the title the schema gives, if any
	Doc   string // its meaning
	// Go is the name of the value's constant: the vocabulary's name and
	// the value's title, else the string value ("ErrorCode" +
	// "provider_error" → "ErrorCodeProviderError").
	Go string
}

// known reads the KnownKeyword of s, if any, into a vocabulary of t and
// the model. The declaration must name every value in Go, list each value
// once, and list only values the schema itself accepts.
func (b *builder) known(s *jsonschema.Schema, t *Type) error {
	sn := b.l.Node(s)
	doc, ptr, raw := sn.Doc, sn.Ptr, sn.Raw
	decl := raw.Get(KnownKeyword)
	if decl == nil || t.Vocab != nil {
		return nil
	}
	v := &Vocab{Doc: s.Description, Loc: doc.Name + "#" + ptr}
	switch {
	case s.Title != "":
		v.Name = GoName(s.Title)
	case defKey(ptr) != "":
		v.Name = GoName(defKey(ptr))
	default:
		return b.errAt(s, "%s needs a name for its constants: give the schema a title or declare it under $defs", KnownKeyword)
	}
	switch t.Kind {
	case KString:
	case KInt:
		v.Int = true
	default:
		return b.errAt(s, "%s declares values of a string or integer schema; this one is %s", KnownKeyword, kindText(t))
	}
	if decl.Kind != rt.Array || len(decl.Items) == 0 {
		return b.errAt(s, "%s must be a non-empty array of {\"const\", \"description\"} objects", KnownKeyword)
	}
	seen := map[string]int{}
	for i, item := range decl.Items {
		kv, err := b.knownValue(s, v, item)
		if err != nil {
			return b.errAt(s, "%s/%d: %v", KnownKeyword, i, err)
		}
		if j, dup := seen[kv.Go]; dup {
			return b.errAt(s, "%s/%d: %s is the Go name of entry %d too; give one of them another title", KnownKeyword, i, kv.Go, j)
		}
		seen[kv.Go] = i
		v.Values = append(v.Values, kv)
	}
	t.Vocab = v
	b.model.Vocabs = append(b.model.Vocabs, v)
	sortVocabs(b.model.Vocabs)
	return nil
}

// sortVocabs orders the vocabularies of the model by name.
func sortVocabs(list []*Vocab) {
	sort.SliceStable(list, func(i, j int) bool { return list[i].Name < list[j].Name })
}

// knownValue reads one entry of a vocabulary declared at s.
func (b *builder) knownValue(s *jsonschema.Schema, v *Vocab, item *schema.Value) (*KnownValue, error) {
	if item.Kind != rt.Object {
		return nil, fmt.Errorf("an entry must be an object {\"const\", \"description\"}")
	}
	for _, m := range item.Members {
		if m.Key != "const" && m.Key != "description" && m.Key != "title" {
			return nil, fmt.Errorf("unknown member %q; an entry has const, description and title", m.Key)
		}
	}
	c, desc, title := item.Get("const"), item.Get("description"), item.Get("title")
	switch {
	case c == nil:
		return nil, fmt.Errorf("no const")
	case desc == nil || desc.Kind != rt.String || strings.TrimSpace(desc.Str) == "":
		return nil, fmt.Errorf("no description: every declared value says what it means")
	case title != nil && (title.Kind != rt.String || GoName(title.Str) != title.Str):
		return nil, fmt.Errorf("title must be a Go name such as \"Success\"")
	}
	kv := &KnownValue{Doc: strings.TrimSpace(desc.Str)}
	if title != nil {
		kv.Title = title.Str
	}
	canon, err := rtimpl.Canonical(c.Text)
	if err != nil {
		return nil, fmt.Errorf("const: %v", err)
	}
	kv.JSON = canon
	switch {
	case !v.Int && c.Kind == rt.String:
		kv.Str = c.Str
		kv.Go = v.Name + GoName(c.Str)
	case v.Int && c.Kind == rt.Number:
		d, ok := jsonnum.Parse(strings.TrimSpace(c.Text))
		r := d.Rat()
		if !ok || !d.IsInt() || !r.Num().IsInt64() {
			return nil, fmt.Errorf("const %s is not an integer Go can hold", c.Text)
		}
		kv.Int = r.Num().Int64()
		kv.JSON = strconv.FormatInt(kv.Int, 10)
		if kv.Title == "" {
			return nil, fmt.Errorf("const %s needs a title: the Go name of the value", canon)
		}
	default:
		return nil, fmt.Errorf("const %s is not a %s like the values of the schema", c.Text, map[bool]string{true: "integer", false: "string"}[v.Int])
	}
	if kv.Title != "" {
		kv.Go = v.Name + kv.Title
	}
	if err := validateConst(s, canon); err != nil {
		return nil, fmt.Errorf("const %s is not valid against the schema that declares it: %v", canon, err)
	}
	return kv, nil
}

// validateConst checks a declared value against its schema: a declared
// value must be one the schema accepts.
func validateConst(s *jsonschema.Schema, canon string) error {
	d := json.NewDecoder(bytes.NewReader([]byte(canon)))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		return err
	}
	if err := s.Validate(x); err != nil {
		ve, ok := err.(*jsonschema.ValidationError)
		if !ok {
			return err
		}
		for len(ve.Causes) > 0 {
			ve = ve.Causes[0]
		}
		return fmt.Errorf("%s", ve.Message)
	}
	return nil
}

// defKey is the $defs key a pointer names directly ("/$defs/errorCode" →
// "errorCode"), or "".
func defKey(ptr string) string {
	const p = "/$defs/"
	if !strings.HasPrefix(ptr, p) || strings.Contains(ptr[len(p):], "/") {
		return ""
	}
	return strings.ReplaceAll(strings.ReplaceAll(ptr[len(p):], "~1", "/"), "~0", "~")
}

// kindText describes the Go shape of t for messages.
func kindText(t *Type) string {
	switch t.Kind {
	case KStruct:
		return "an object"
	case KUnion:
		return "a union"
	case KEnum:
		return "an enum"
	case KFloat:
		return "a number"
	case KBool:
		return "a boolean"
	case KArray:
		return "an array"
	case KMap:
		return "a map"
	}
	return "not a plain string or integer"
}
