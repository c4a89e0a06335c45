package schema

import (
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Dialect is a JSON Schema draft the loader reads. Each document is read
// in the dialect its $schema names (DefaultDialect when it names none) and
// normalized to the 2020-12 model the rest of the generator reads.
type Dialect int

// The dialects, by the year or number of their draft.
const (
	Draft4    Dialect = 4
	Draft6    Dialect = 6
	Draft7    Dialect = 7
	Draft2019 Dialect = 2019
	Draft2020 Dialect = 2020
	// OpenAPI30 is the Schema Object of OpenAPI 3.0: draft-04 (the
	// keywords OpenAPI 3.0 takes from JSON Schema read as draft-04 reads
	// them) in which "nullable": true adds null to the types that "type"
	// names in the same schema object. A document is never stored with
	// this dialect: it is read as Draft4 with Doc.OpenAPI set.
	OpenAPI30 Dialect = 30
)

// Dialects lists every dialect, oldest first.
var Dialects = []Dialect{Draft4, Draft6, Draft7, Draft2019, Draft2020}

// String is the dialect's usual name ("draft-07", "2020-12").
func (d Dialect) String() string {
	switch d {
	case Draft2019:
		return "2019-09"
	case Draft2020:
		return "2020-12"
	case OpenAPI30:
		return "openapi-3.0"
	}
	return fmt.Sprintf("draft-%02d", int(d))
}

// URL is the dialect's meta-schema URL.
func (d Dialect) URL() string {
	switch d {
	case Draft2019, Draft2020:
		return "https://json-schema.org/draft/" + d.String() + "/schema"
	}
	return "http://json-schema.org/" + d.String() + "/schema#"
}

func (d Dialect) draft() *jsonschema.Draft {
	switch d {
	case Draft4, OpenAPI30:
		return jsonschema.Draft4
	case Draft6:
		return jsonschema.Draft6
	case Draft7:
		return jsonschema.Draft7
	case Draft2019:
		return jsonschema.Draft2019
	}
	return jsonschema.Draft2020
}

// ParseDialect reads a dialect name as the --default-dialect flag takes
// it: "draft-04", "draft4", "4", "07", "2019-09", "2020-12", a standard
// meta-schema URL, or "openapi-3.0" (also "oas3.0", or an OpenAPI 3.0
// schema URL).
func ParseDialect(s string) (Dialect, error) {
	if d, ok := dialectOfURL(s); ok {
		return d, nil
	}
	if isOpenAPI30URL(s) {
		return OpenAPI30, nil
	}
	switch strings.ToLower(s) {
	case "openapi-3.0", "openapi3.0", "openapi-3", "oas3.0", "oas-3.0", "oas3":
		return OpenAPI30, nil
	}
	k := strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(s), "draft"), "-")
	k = strings.TrimLeft(k, "0")
	switch k {
	case "4":
		return Draft4, nil
	case "6":
		return Draft6, nil
	case "7":
		return Draft7, nil
	case "2019-09", "2019":
		return Draft2019, nil
	case "2020-12", "2020":
		return Draft2020, nil
	}
	return 0, fmt.Errorf("unknown dialect %q (want draft-04, draft-06, draft-07, 2019-09, 2020-12 or openapi-3.0)", s)
}

// dialectOfURL recognises a standard meta-schema URL, with or without an
// empty fragment, over http or https.
func dialectOfURL(u string) (Dialect, bool) {
	u = strings.TrimSuffix(strings.TrimSuffix(u, "/"), "#")
	u = strings.TrimPrefix(strings.TrimPrefix(u, "http://"), "https://")
	switch u {
	case "json-schema.org/draft-04/schema":
		return Draft4, true
	case "json-schema.org/draft-06/schema":
		return Draft6, true
	case "json-schema.org/draft-07/schema":
		return Draft7, true
	case "json-schema.org/draft/2019-09/schema":
		return Draft2019, true
	case "json-schema.org/draft/2020-12/schema", "json-schema.org/schema":
		return Draft2020, true
	}
	return 0, false
}

// isOpenAPI30URL recognises the URLs of the OpenAPI 3.0 schema
// ("https://spec.openapis.org/oas/3.0/schema/2021-09-28", any revision,
// http or https), which a Schema Object's $schema may name to say it is
// read as OpenAPI 3.0 reads it.
func isOpenAPI30URL(u string) bool {
	u = strings.TrimPrefix(strings.TrimPrefix(u, "http://"), "https://")
	return strings.HasPrefix(u, "spec.openapis.org/oas/3.0/")
}

// metaDialect is the dialect a $schema URL names, with OpenAPI 3.0 read as
// draft-04; openAPI says that nullable asserts.
func metaDialect(u string) (d Dialect, openAPI, ok bool) {
	if isOpenAPI30URL(u) {
		return Draft4, true, true
	}
	d, ok = dialectOfURL(u)
	return d, false, ok
}

// isStandardMetaURL reports whether u names a standard meta-schema.
func isStandardMetaURL(u string) bool {
	_, ok := dialectOfURL(u)
	return ok
}

// Vocabulary groups keywords as 2019-09 and 2020-12 do; a meta-schema's
// $vocabulary turns vocabularies on and off. Older dialects have them all.
type Vocabulary string

// The vocabularies whose keywords assert something.
const (
	VocabCore        Vocabulary = "core"
	VocabApplicator  Vocabulary = "applicator"
	VocabUnevaluated Vocabulary = "unevaluated"
	VocabValidation  Vocabulary = "validation"
	// VocabFormatAssertion makes format assert (2020-12), as
	// Options.AssertFormats does for every document.
	VocabFormatAssertion Vocabulary = "format-assertion"
)

// keywordSpec says, for one keyword, which dialects have it, how its value
// holds subschemas and to which vocabulary it belongs.
type keywordSpec struct {
	since, until Dialect // until 0: still in 2020-12
	sub          SubKind
	vocab        Vocabulary // "" for annotations
}

// keywordSpecs is every keyword of every supported dialect that holds
// subschemas or asserts something. Annotations are in Annotation.
var keywordSpecs = map[string]keywordSpec{
	"$ref": {Draft4, 0, NoSub, VocabCore}, "$defs": {Draft4, 0, SubMap, VocabCore}, "definitions": {Draft4, 0, SubMap, VocabCore},
	"$dynamicRef": {Draft2020, 0, NoSub, VocabCore}, "$recursiveRef": {Draft2019, Draft2019, NoSub, VocabCore},

	"type": {Draft4, 0, NoSub, VocabValidation}, "enum": {Draft4, 0, NoSub, VocabValidation}, "const": {Draft6, 0, NoSub, VocabValidation},
	"multipleOf": {Draft4, 0, NoSub, VocabValidation}, "maximum": {Draft4, 0, NoSub, VocabValidation},
	"exclusiveMaximum": {Draft4, 0, NoSub, VocabValidation}, "minimum": {Draft4, 0, NoSub, VocabValidation},
	"exclusiveMinimum": {Draft4, 0, NoSub, VocabValidation},
	"maxLength":        {Draft4, 0, NoSub, VocabValidation}, "minLength": {Draft4, 0, NoSub, VocabValidation}, "pattern": {Draft4, 0, NoSub, VocabValidation},
	"maxItems": {Draft4, 0, NoSub, VocabValidation}, "minItems": {Draft4, 0, NoSub, VocabValidation}, "uniqueItems": {Draft4, 0, NoSub, VocabValidation},
	"maxContains": {Draft2019, 0, NoSub, VocabValidation}, "minContains": {Draft2019, 0, NoSub, VocabValidation},
	"maxProperties": {Draft4, 0, NoSub, VocabValidation}, "minProperties": {Draft4, 0, NoSub, VocabValidation},
	"required": {Draft4, 0, NoSub, VocabValidation}, "dependentRequired": {Draft2019, 0, NoSub, VocabValidation},

	"allOf": {Draft4, 0, SubList, VocabApplicator}, "anyOf": {Draft4, 0, SubList, VocabApplicator},
	"oneOf": {Draft4, 0, SubList, VocabApplicator}, "not": {Draft4, 0, SubOne, VocabApplicator},
	"if": {Draft7, 0, SubOne, VocabApplicator}, "then": {Draft7, 0, SubOne, VocabApplicator}, "else": {Draft7, 0, SubOne, VocabApplicator},
	"dependentSchemas": {Draft2019, 0, SubMap, VocabApplicator}, "dependencies": {Draft4, 0, SubDeps, VocabApplicator},
	"prefixItems": {Draft2020, 0, SubList, VocabApplicator}, "items": {Draft4, 0, SubOne, VocabApplicator},
	"additionalItems": {Draft4, Draft2019, SubOne, VocabApplicator}, "contains": {Draft6, 0, SubOne, VocabApplicator},
	"properties": {Draft4, 0, SubMap, VocabApplicator}, "patternProperties": {Draft4, 0, SubMap, VocabApplicator},
	"additionalProperties": {Draft4, 0, SubOne, VocabApplicator}, "propertyNames": {Draft6, 0, SubOne, VocabApplicator},
	"unevaluatedProperties": {Draft2019, 0, SubOne, VocabUnevaluated}, "unevaluatedItems": {Draft2019, 0, SubOne, VocabUnevaluated},
	"contentSchema": {Draft2019, 0, SubOne, ""},
}

// annotationSince gives, for the core keywords among the annotations that
// some dialects lack, the first dialect that has them: identifiers, which a
// dialect without them must not read as identifiers. The other annotation
// keywords (examples, $comment, readOnly, writeOnly, deprecated, the
// content keywords) are accepted in every dialect: validators ignore
// them, and schemas of every dialect use them.
var annotationSince = map[string]Dialect{
	"$id": Draft6, "$anchor": Draft2019, "$vocabulary": Draft2019, "$recursiveAnchor": Draft2019,
	"$dynamicAnchor": Draft2020,
}

// dialectKeyword is what one keyword means in dialect d: whether d knows
// it, how it holds subschemas, and whether it is only an annotation there.
func dialectKeyword(d Dialect, k string) (spec keywordSpec, known bool) {
	if k == "id" && d == Draft4 {
		return keywordSpec{since: Draft4}, true
	}
	if k == "$recursiveAnchor" && d != Draft2019 {
		return keywordSpec{}, false
	}
	if Annotation[k] {
		if since, ok := annotationSince[k]; ok && d < since {
			return keywordSpec{}, false
		}
		return keywordSpec{since: Draft4}, true
	}
	spec, ok := keywordSpecs[k]
	if ok && spec.vocab == "" {
		return spec, true // contentSchema: an annotation wherever it is written
	}
	if !ok || d < spec.since || spec.until != 0 && d > spec.until {
		return keywordSpec{}, false
	}
	if k == "items" && d < Draft2020 {
		spec.sub = SubOneOrList
	}
	if d == Draft2019 && spec.vocab == VocabUnevaluated {
		spec.vocab = VocabApplicator
	}
	return spec, true
}

// dialectHaving names the dialects that have keyword k, for messages.
func dialectHaving(k string) string {
	var in []string
	for _, d := range Dialects {
		if _, ok := dialectKeyword(d, k); ok {
			in = append(in, d.String())
		}
	}
	if len(in) == 0 {
		return ""
	}
	return strings.Join(in, ", ")
}
