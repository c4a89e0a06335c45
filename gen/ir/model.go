package ir

import (
	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// Kind is the Go shape of a schema.
type Kind int

// The Go shapes.
const (
	KRaw    Kind = iota // rt.Raw, validated by an rtimpl.Node (or anything when Node is nil)
	KStruct             // a struct with one field per property
	KUnion              // a sealed interface over struct variants told apart by a const property
	KEnum               // a named string type with constants
	KString
	KInt   // int64
	KFloat // float64
	KBool
	KArray // []Elem
	KMap   // map[string]Elem
	// KIntEnum is a named int64 type with constants; Values are the
	// integers' canonical JSON texts. With Type.Float it is a named
	// float64 type instead, Values the numbers as the encoder writes them.
	KIntEnum
	// KSum is a struct holding a value of one of several JSON kinds, one
	// field per kind (Alts), its Kind field saying which.
	KSum
	// KGo is a user's own Go type named by x-go-type (Type.Go), read and
	// written by its marshalers; Node, when set, checks the schema's
	// keywords on the JSON text they consume and produce.
	KGo
	// KNull is rt.NullValue: the schema admits null alone ({"type": "null"}).
	KNull
	// KTuple is an array whose items apply by position (prefixItems, or
	// items as an array before 2020-12): a struct with one field per
	// position (Fields, V0, V1...), encoded as a JSON array, and, unless
	// the tuple is closed, the items past them in Elem's slice Rest.
	KTuple
)

// Type is one Go-shaped type of the model.
type Type struct {
	Kind       Kind
	Name       string // Go name; set for struct, union, enum and root types
	Doc        string
	Deprecated bool
	Loc        string // file#/pointer, for messages
	DefName    string // the key of an untitled type's schema under $defs: its Go name when free
	Nullable   bool   // null is admitted beside the kind
	// NullKeyword is the keyword a null value fails at when Nullable is
	// false: "type", or "enum" when the type admits null but the enum
	// does not list it.
	NullKeyword string
	// EnumKeyword is the keyword a value outside an enum fails at when it
	// is not "enum": "const" for a const or a oneOf/anyOf of consts.
	// Untyped marks an enum whose
	// schema has no type keyword, so that a value of another JSON type
	// fails at EnumKeyword too ("enum" or "const").
	EnumKeyword string
	Untyped     bool
	Schema      *jsonschema.Schema // the compiled schema the type comes from
	// AllNode, on a root built with Options.AllErrors, is the interpreter
	// node of the root's whole schema, for the all-errors decoder.
	AllNode *Node
	// Alias, on a nullable use of another type (X or null), is X's type:
	// the alias declares nothing and shares X's name and shape.
	Alias *Type

	// The fields of each kind, promoted: t.Fields is t.StructShape.Fields.
	StructShape // KStruct, KTuple (ObjSize also KMap)
	UnionShape  // KUnion
	SumShape    // KSum
	EnumShape   // KEnum, KIntEnum
	StringShape // KString
	NumberShape // KInt, KFloat
	ListShape   // KArray, KTuple (Elem also KMap)

	// KGo
	Go *GoType

	// KRaw, KGo
	Node *Node // nil: any JSON value
	// RawReason, on a KRaw type, says why the schema has no Go shape
	// ("" when it admits any value).
	RawReason string

	// Rest, on a type whose schema says more than its Go shape holds
	// (if/then, not, dependentRequired, an anyOf of required members...),
	// is the interpreter node of the keywords the shape leaves out: the
	// decoder runs it over the value's bytes before decoding them, Validate
	// over the value's encoding. RestKeywords lists those keywords.
	Rest         *Node
	RestKeywords []string

	// Helper is the Go name of what a named type declares beside itself:
	// a union's interface of variants (NameValue), an enum's list of
	// values (NameValues); a numeric suffix keeps it apart from a type
	// that already has that name.
	Helper string

	// Vocab, on a string or integer type, is the open vocabulary its
	// schema declares with x-known-values.
	Vocab *Vocab

	// shaping is set while the type's schema is being shaped: a schema
	// below that refers back to it meets it unfinished, its zero Kind not
	// yet a shape (see IsOpen).
	shaping bool
}

// StructShape holds the fields of a KStruct type, and the positions of a
// KTuple (Fields V0, V1...).
type StructShape struct {
	Fields []*Field
	// Wrapper marks the named struct around a root that is not an object:
	// its one field, Value, is the whole document.
	Wrapper bool
	Extra   *Type // additionalProperties: nil when forbidden
	// Unevaluated says a nil Extra comes from unevaluatedProperties: false
	// (beside an allOf or a $ref): an unknown member fails there, at the
	// member, as the reference validator reports it.
	Unevaluated bool
	// Patterns are the maps of members matching patternProperties, in
	// schema order; Extra then holds only members matching none.
	Patterns []*PatternField
	// SkipExtra says unknown properties are admitted but not kept: the
	// decoder checks their syntax and skips them (see Model.SkipUnknown).
	SkipExtra bool
	ObjSize   *Size // minProperties, maxProperties (KMap too)
	// for a variant: the discriminator value, per union it belongs to
	DiscValue string
	Unions    []*Type
}

// UnionShape holds the fields of a KUnion type.
type UnionShape struct {
	Disc     string  // the discriminating property
	Variants []*Type // KStruct variants
	// Match, on a union whose variants do not fix the tag property with a
	// const (an OpenAPI discriminator over plain object schemas), is the
	// keyword that decides the verdict: "oneOf" or "anyOf". Such a union
	// is told apart by JSON Schema matching; Tags only say which variant
	// to try first, and Node is the interpreter node of the whole union
	// (its OneOf or AnyOf are the variants' nodes, in order). Match "if"
	// is a bare if/then/else of two objects (see ifUnion): Node's If
	// decides the variant, then (Variants[0]) or else (Variants[1]).
	Match string
	Tags  []Tag
	// Keys, on a union told apart by matching that has no tag property
	// (Disc is ""), are the required members of each variant, in order:
	// the variant whose members a value has, the most of them, is the one
	// tried first (see keyedUnion).
	Keys [][]string
}

// SumShape holds the fields of a KSum type.
type SumShape struct {
	Alts []*Alt
	// SumKeyword is the keyword the sum comes from: "type", "anyOf",
	// "oneOf", or "enum" for an enum of strings and numbers (whose
	// alternatives are the enums of each kind; a value of another kind
	// fails at the enum); Branches is the number of branches of an anyOf or oneOf.
	SumKeyword string
	Branches   int
}

// EnumShape holds the values of a KEnum or KIntEnum type (a string
// type's inline enum makes it a KEnum).
type EnumShape struct {
	Values []string
	// ConstNames are the Go names of the constants of Values, in order
	// (KEnum, KIntEnum); ValueDocs, when set, document each value.
	ConstNames []string
	ValueDocs  []string
	// Float, on a KIntEnum, says its constants are float64 numbers (an
	// enum of numbers that are not all integers).
	Float bool
}

// StringShape holds the rules of a KString type.
type StringShape struct {
	MinLen, MaxLen int // MaxLen < 0: none
	Pattern        string
	Format         string // a format the code asserts (schema.Node.Format), else ""
	Hookable       bool   // free text: passed through the encoder's string hook
}

// NumberShape holds the bounds of a KInt (Int) or KFloat (Num) type.
type NumberShape struct {
	Int *IntBounds
	Num *NumBounds
}

// ListShape holds the element and rules of a KArray type, and the items
// past the positions of a KTuple; a KMap has its Elem too.
type ListShape struct {
	Elem    *Type
	ArrSize *Size
	Unique  bool
	// Closed, on a KTuple, is the keyword that refuses items past the
	// positions ("items" or "additionalItems"), "" when Elem holds them.
	Closed string
}

// Field is one property of a struct.
type Field struct {
	JSON string
	Go   string
	// Named is the property schema whose x-go-name gave Go, nil when Go is
	// made from JSON.
	Named      *jsonschema.Schema
	Doc        string
	Deprecated bool
	Type       *Type
	Required   bool
	// Const is the canonical JSON text of a required const property; such a
	// property needs no storage. ConstTypes are the types its schema names.
	Const      string
	ConstTypes []string
	// ConstText is the const as encoders write it: a number as the schema
	// spells it (-32700, not the canonical -327e2), anything else canonical.
	ConstText string
	// Default is the JSON text of the property's default keyword (its
	// own, else that of the schema it only refers to), "" without one.
	// DefaultValid says the schema accepts it, DefaultName is the Go
	// name of the constant or function that gives it.
	Default      string
	DefaultValid bool
	DefaultName  string
}

// Tag is one value of a discriminator property and the index of the
// variant it names.
type Tag struct {
	Value   string
	Variant int
}

// Size is a min/max count (Max < 0: none).
type Size struct{ Min, Max int }

// IntBounds are exact integer bounds derived from the schema's keywords.
type IntBounds struct {
	HasMin, HasMax bool
	Min, Max       int64
	MinKw, MaxKw   string
	MinSrc, MaxSrc string
	Mult           int64 // 0 or 1: none
	MultSrc        string
	Empty          bool // no integer satisfies the bounds
}

// NumBounds are the numeric keywords as exact decimals ("" when absent).
type NumBounds struct {
	Min, ExMin, Max, ExMax, MultipleOf string
}

// Node is an rtimpl.Node as the generator writes it: the interpreter node
// of a schema without a Go shape of its own. It has rtimpl.Node's fields,
// by the same names, in the form the emitter prints rather than the one
// the runtime executes: ordered lists where the runtime has maps, patterns
// and numbers as the schema writes them, node references by ID. ID and
// Schema are its only fields of its own. TestNodeMirrorsRuntime fails when
// the two drift apart, and the Go emitter's TestNodeFieldsEmitted when a
// field goes unwritten.
type Node struct {
	ID     int                // its variable's number; -1 is rtimpl.False, -2 rtimpl.True
	Schema *jsonschema.Schema // the compiled schema the node comes from
	Loc    string             // where the schema is: file#/pointer
	// UserCheck, on an all-errors node, is the user's Go type (x-go-type)
	// the schema's values decode into, whose unmarshaler the all-errors
	// mode asks too (rtimpl.Node.UserCheck calls it).
	UserCheck *Type
	Never     bool
	Types     []string

	Const []string // canonical texts
	Enum  []string

	Str *StrRule // nil: no string keyword
	Num *NumBounds

	Prefix                   []*Node
	Items, Contains          *Node
	MinContains, MaxContains int
	ContainsNoEval           bool // items contains matches are not evaluated (2019-09)
	ArrSize                  *Size
	Unique                   bool

	Props         []NamedNode
	Patterns      []NamedNode
	Additional    *Node
	PropertyNames *Node
	Required      []string
	DepRequired   []DepReq
	DepKeyword    string // "dependencies" where the schema says dependentRequired so (before 2019-09)
	DepSchemas    []NamedNode
	ObjSize       *Size

	Ref                 *Node
	AllOf, AnyOf, OneOf []*Node
	Not, If, Then, Else *Node

	UnevalProps, UnevalItems *Node

	// DynRef, DynName, DynAnchors and DynResource are the node's dynamic
	// references and anchors, as in rtimpl.Node.
	DynRef      *Node
	DynName     string
	DynAnchors  []NamedNode
	DynResource string
}

// StrRule is rtimpl.StrRule as the schema writes it: the lengths, the
// pattern's source and the asserted format's name ("" for none).
type StrRule struct {
	MinLen, MaxLen int // MaxLen < 0: none
	Pattern        string
	Format         string
}

// StrBounds are the node's string lengths and pattern, those of a node
// without string keywords when Str is nil.
func (n *Node) StrBounds() (minLen, maxLen int, pattern string) {
	if n.Str == nil {
		return 0, -1, ""
	}
	return n.Str.MinLen, n.Str.MaxLen, n.Str.Pattern
}

// NamedNode is a node under a property name or pattern.
type NamedNode struct {
	Name string
	Node *Node
}

// DepReq is one dependentRequired entry.
type DepReq struct {
	Name     string
	Requires []string
}

// Model is the whole package to emit.
type Model struct {
	Package string
	Roots   []*Type
	Types   []*Type // every named type, in a stable order
	Nodes   []*Node
	Hash    string
	// AllErrors: the roots have all-errors nodes (Type.AllNode), whose
	// errors say where in the schema each keyword is (Node.Loc).
	AllErrors bool
	// Vocabs are the open vocabularies of the types, by name.
	Vocabs []*Vocab
	l      *schema.Loaded // the schemas, for where a schema is (RawValues)
}

// IsWrapper reports whether t is the struct that Build wraps around a root
// schema without a struct shape of its own; its documents are the wrapped
// value.
func (t *Type) IsWrapper() bool {
	return t.Wrapper && len(t.Fields) == 1
}
