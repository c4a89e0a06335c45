package schema

import (
	"github.com/zeroproject/zero/internal/nearest"
)

// Annotation lists keywords that carry no constraint the generator
// must honour: core identifiers, meta-data, the vocabularies that 2020-12
// treats as annotations by default (format, content), and the annotation
// keywords of widely used vocabularies: OpenAPI's and the editor hints of
// VS Code and SchemaStore. "x-" extensions are annotations too.
var Annotation = map[string]bool{
	"$schema": true, "$id": true, "$anchor": true, "$comment": true,
	"$vocabulary": true, "$dynamicAnchor": true, "$recursiveAnchor": true,
	"title": true, "description": true, "default": true, "examples": true,
	"deprecated": true, "readOnly": true, "writeOnly": true,
	"format": true, "contentEncoding": true, "contentMediaType": true,
}

// ExtensionAnnotations are the annotation keywords of vocabularies other
// than JSON Schema's own, accepted in every dialect: OpenAPI's, and the
// editor hints of VS Code and SchemaStore.
var ExtensionAnnotations = []string{
	// OpenAPI 3.0 and 3.1
	"discriminator", "example", "externalDocs", "xml", "nullable",
	// VS Code and SchemaStore editor hints
	"markdownDescription", "markdownDeprecationMessage", "deprecationMessage",
	"allowTrailingCommas", "allowComments", "defaultSnippets",
	"enumDescriptions", "markdownEnumDescriptions", "enumItemLabels", "enumSortTexts",
	"errorMessage", "patternErrorMessage", "doNotSuggest", "suggestSortText",
	"completionDetail", "tsType",
}

func init() {
	for _, k := range ExtensionAnnotations {
		Annotation[k] = true
	}
}

// Keywords maps every 2020-12 keyword that asserts something to how its
// value holds subschemas. Other dialects' keywords are in keywordSpecs.
var Keywords = map[string]SubKind{
	"$ref": NoSub, "$defs": SubMap, "$dynamicRef": NoSub,
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

// SubKind says how a keyword's value holds subschemas.
type SubKind int

// How a keyword's value holds subschemas.
const (
	NoSub        SubKind = iota // none
	SubOne                      // the value is a schema
	SubList                     // an array of schemas
	SubMap                      // an object whose members are schemas
	SubOneOrList                // a schema or an array of schemas (items before 2020-12)
	SubDeps                     // an object whose members are schemas or arrays of names (dependencies)
)

// suggest returns the known keyword closest to k, if it is close.
func suggest(k string) string {
	var all []string
	for kw := range keywordSpecs {
		all = append(all, kw)
	}
	for kw := range Annotation {
		all = append(all, kw)
	}
	return nearest.Name(k, all)
}
