package schema

import (
	"fmt"
	"sort"
	"strings"

	"github.com/zeroproject/zero/rt"
)

// Annotation lists keywords that carry no constraint the generator
// must honour: core identifiers, meta-data, and vocabularies that 2020-12
// treats as annotations by default (format, content).
var Annotation = map[string]bool{
	"$schema": true, "$id": true, "$anchor": true, "$comment": true,
	"title": true, "description": true, "default": true, "examples": true,
	"deprecated": true, "readOnly": true, "writeOnly": true,
	"format": true, "contentEncoding": true, "contentMediaType": true,
}

// Keywords maps every supported keyword to how its value holds
// subschemas.
var Keywords = map[string]SubKind{
	"$ref": NoSub, "$defs": SubMap,
	"type": NoSub, "enum": NoSub, "const": NoSub,
	"multipleOf": NoSub, "maximum": NoSub, "exclusiveMaximum": NoSub, "minimum": NoSub, "exclusiveMinimum": NoSub,
	"maxLength": NoSub, "minLength": NoSub, "pattern": NoSub,
	"maxItems": NoSub, "minItems": NoSub, "uniqueItems": NoSub, "maxContains": NoSub, "minContains": NoSub,
	"maxProperties": NoSub, "minProperties": NoSub, "required": NoSub, "dependentRequired": NoSub,
	"allOf": SubList, "anyOf": SubList, "oneOf": SubList, "not": SubOne,
	"if": SubOne, "then": SubOne, "else": SubOne,
	"dependentSchemas": SubMap, "prefixItems": SubList, "items": SubOne, "contains": SubOne,
	"properties": SubMap, "patternProperties": SubMap, "additionalProperties": SubOne, "propertyNames": SubOne,
	"contentSchema": SubOne, "unevaluatedProperties": SubOne, "unevaluatedItems": SubOne,
}

// unsupportedKeyword lists real 2020-12 keywords the generator refuses
// rather than approximate.
var unsupportedKeyword = map[string]string{
	"$dynamicRef":      "dynamic references are not supported",
	"$dynamicAnchor":   "dynamic references are not supported",
	"$vocabulary":      "custom vocabularies are not supported",
	"$recursiveRef":    "draft 2019-09 recursive references are not supported",
	"$recursiveAnchor": "draft 2019-09 recursive references are not supported",
}

// SubKind says how a keyword's value holds subschemas.
type SubKind int

// How a keyword's value holds subschemas.
const (
	NoSub   SubKind = iota // none
	SubOne                 // the value is a schema
	SubList                // an array of schemas
	SubMap                 // an object whose members are schemas
)

// checkKeywords walks the schema at ptr and refuses unknown and unsupported
// keywords, suggesting the nearest known one for a typo.
func checkKeywords(file string, n *Value, ptr string) error {
	if n.Kind != rt.Object {
		return nil
	}
	for _, m := range n.Members {
		at := ptr + "/" + PointerEscape(m.Key)
		if strings.HasPrefix(m.Key, "x-") || Annotation[m.Key] {
			continue
		}
		if why, bad := unsupportedKeyword[m.Key]; bad {
			return &Error{File: file, Pointer: at, Msg: fmt.Sprintf("keyword %q: %s", m.Key, why)}
		}
		kind, ok := Keywords[m.Key]
		if !ok {
			msg := fmt.Sprintf("unknown keyword %q", m.Key)
			if s := suggest(m.Key); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			return &Error{File: file, Pointer: at, Msg: msg + "; extensions must start with x-"}
		}
		if err := checkSubschemas(file, m.Val, at, kind); err != nil {
			return err
		}
	}
	return nil
}

func checkSubschemas(file string, v *Value, at string, kind SubKind) error {
	switch kind {
	case SubOne:
		return checkKeywords(file, v, at)
	case SubList:
		for i, it := range v.Items {
			if err := checkKeywords(file, it, fmt.Sprintf("%s/%d", at, i)); err != nil {
				return err
			}
		}
	case SubMap:
		for _, m := range v.Members {
			if err := checkKeywords(file, m.Val, at+"/"+PointerEscape(m.Key)); err != nil {
				return err
			}
		}
	}
	return nil
}

// suggest returns the known keyword closest to k, if it is close.
func suggest(k string) string {
	var all []string
	for kw := range Keywords {
		all = append(all, kw)
	}
	for kw := range Annotation {
		all = append(all, kw)
	}
	sort.Strings(all)
	best, bestD := "", 3
	for _, kw := range all {
		if d := editDistance(strings.ToLower(k), strings.ToLower(kw)); d < bestD {
			best, bestD = kw, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
