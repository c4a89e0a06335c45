package gen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/zeroproject/zero/rt"
)

// annotationKeyword lists keywords that carry no constraint the generator
// must honour: core identifiers, meta-data, and vocabularies that 2020-12
// treats as annotations by default (format, content).
var annotationKeyword = map[string]bool{
	"$schema": true, "$id": true, "$anchor": true, "$comment": true,
	"title": true, "description": true, "default": true, "examples": true,
	"deprecated": true, "readOnly": true, "writeOnly": true,
	"format": true, "contentEncoding": true, "contentMediaType": true,
}

// schemaKeywords maps every supported keyword to how its value holds
// subschemas.
var schemaKeywords = map[string]subKind{
	"$ref": noSub, "$defs": subMap,
	"type": noSub, "enum": noSub, "const": noSub,
	"multipleOf": noSub, "maximum": noSub, "exclusiveMaximum": noSub, "minimum": noSub, "exclusiveMinimum": noSub,
	"maxLength": noSub, "minLength": noSub, "pattern": noSub,
	"maxItems": noSub, "minItems": noSub, "uniqueItems": noSub, "maxContains": noSub, "minContains": noSub,
	"maxProperties": noSub, "minProperties": noSub, "required": noSub, "dependentRequired": noSub,
	"allOf": subList, "anyOf": subList, "oneOf": subList, "not": subOne,
	"if": subOne, "then": subOne, "else": subOne,
	"dependentSchemas": subMap, "prefixItems": subList, "items": subOne, "contains": subOne,
	"properties": subMap, "patternProperties": subMap, "additionalProperties": subOne, "propertyNames": subOne,
	"contentSchema": subOne, "unevaluatedProperties": subOne, "unevaluatedItems": subOne,
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

type subKind int

const (
	noSub subKind = iota
	subOne
	subList
	subMap
)

// checkKeywords walks the schema at ptr and refuses unknown and unsupported
// keywords, suggesting the nearest known one for a typo.
func checkKeywords(file string, n *rawNode, ptr string) error {
	if n.kind != rt.Object {
		return nil
	}
	for _, m := range n.members {
		at := ptr + "/" + pointerEscape(m.key)
		if strings.HasPrefix(m.key, "x-") || annotationKeyword[m.key] {
			continue
		}
		if why, bad := unsupportedKeyword[m.key]; bad {
			return &GenError{File: file, Pointer: at, Msg: fmt.Sprintf("keyword %q: %s", m.key, why)}
		}
		kind, ok := schemaKeywords[m.key]
		if !ok {
			msg := fmt.Sprintf("unknown keyword %q", m.key)
			if s := suggest(m.key); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			return &GenError{File: file, Pointer: at, Msg: msg + "; extensions must start with x-"}
		}
		if err := checkSubschemas(file, m.val, at, kind); err != nil {
			return err
		}
	}
	return nil
}

func checkSubschemas(file string, v *rawNode, at string, kind subKind) error {
	switch kind {
	case subOne:
		return checkKeywords(file, v, at)
	case subList:
		for i, it := range v.items {
			if err := checkKeywords(file, it, fmt.Sprintf("%s/%d", at, i)); err != nil {
				return err
			}
		}
	case subMap:
		for _, m := range v.members {
			if err := checkKeywords(file, m.val, at+"/"+pointerEscape(m.key)); err != nil {
				return err
			}
		}
	}
	return nil
}

// suggest returns the known keyword closest to k, if it is close.
func suggest(k string) string {
	var all []string
	for kw := range schemaKeywords {
		all = append(all, kw)
	}
	for kw := range annotationKeyword {
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
