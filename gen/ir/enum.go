package ir

import (
	"math"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rtimpl"
	"github.com/zeroproject/zero/rt/rtimpl/jsonnum"
)

// untypedEnum types a schema that is only an enum or a const of strings,
// such as {"enum": ["push", "pr"]}, or of integers: a string or integer
// enum whose every mismatch, a value of another JSON type included, fails
// at that keyword. An enum that also lists null ({"enum": ["a", null]})
// is nullable.
func untypedEnum(t *Type, keys map[string]*schema.Value) (bool, error) {
	if len(keys) != 1 {
		return false, nil
	}
	var vals []*schema.Value
	kw := "enum"
	if e := keys["enum"]; e != nil {
		for _, v := range e.Items {
			if v.Kind == rt.Null {
				t.Nullable = true // {"enum": ["a", "b", null]}: a nullable enum
				continue
			}
			vals = append(vals, v)
		}
	} else if c := keys["const"]; c != nil {
		vals, kw = []*schema.Value{c}, "const"
	}
	if len(vals) == 0 {
		t.Nullable = false
		return false, nil
	}
	if kw == "enum" && mixedKinds(vals) {
		return enumSum(t, keys["enum"]), nil
	}
	t.Kind, t.EnumKeyword, t.Untyped = KEnum, kw, true
	if vals[0].Kind == rt.Number {
		t.Kind = KIntEnum
		allInt, allNum := true, true
		for _, v := range vals {
			_, ok := int64Of(v)
			allInt, allNum = allInt && ok, allNum && v.Kind == rt.Number
		}
		if !allInt && allNum {
			// numbers that are not all int64 integers: a float64 enum
			// when every member is a float64 exactly
			t.Kind, t.Num = KFloat, &NumBounds{}
			list := keys["enum"] // with null, when listed
			if list == nil {
				list = &schema.Value{Kind: rt.Array, Items: vals}
			}
			if numEnum(t, list) {
				return true, nil
			}
			t.Kind, t.Num, t.EnumKeyword, t.Untyped, t.Nullable = KRaw, nil, "", false, false
			return false, nil
		}
	}
	seen := map[string]bool{}
	for _, v := range vals {
		s, ok := v.Str, v.Kind == rt.String
		if t.Kind == KIntEnum {
			var n int64
			n, ok = int64Of(v)
			s = strconv.FormatInt(n, 10)
		}
		if !ok {
			t.Kind, t.Values, t.EnumKeyword, t.Untyped, t.Nullable = KRaw, nil, "", false, false
			return false, nil // mixed kinds, or numbers that are not int64 integers
		}
		if !seen[s] {
			t.Values = append(t.Values, s)
		}
		seen[s] = true
	}
	return true, nil
}

// mixedKinds reports whether values has both strings and numbers.
func mixedKinds(values []*schema.Value) bool {
	str, num := false, false
	for _, v := range values {
		str, num = str || v.Kind == rt.String, num || v.Kind == rt.Number
	}
	return str && num
}

// enumSum types an enum without type whose members are strings and
// numbers, and maybe null ({"enum": ["auto", 0, 1.5, null]}), as a sum:
// a String alternative that is the enum of the strings, a Number (or Int)
// alternative that is the enum of the numbers, and null. Every mismatch,
// a value of another JSON kind included, fails at the enum. It reports
// false, leaving t to the interpreter, for members of other kinds
// (booleans, objects, arrays) or numbers no enum type holds.
func enumSum(t *Type, e *schema.Value) bool {
	var strs, nums []*schema.Value
	null := false
	for _, v := range e.Items {
		switch v.Kind {
		case rt.String:
			strs = append(strs, v)
		case rt.Number:
			nums = append(nums, v)
		case rt.Null:
			null = true
		default:
			return false
		}
	}
	alt := func(vals []*schema.Value) (*Type, bool) {
		at := &Type{Loc: t.Loc, Schema: t.Schema}
		ok, _ := untypedEnum(at, map[string]*schema.Value{"enum": {Kind: rt.Array, Items: vals}})
		return at, ok && !at.Nullable
	}
	st, ok1 := alt(strs)
	nt, ok2 := alt(nums)
	if !ok1 || !ok2 {
		return false
	}
	*t = Type{Loc: t.Loc, Schema: t.Schema, Doc: t.Doc, Deprecated: t.Deprecated}
	t.addAlt(st)
	t.addAlt(nt)
	if null {
		t.addAlt(nil)
	}
	t.Kind, t.SumKeyword, t.EnumKeyword, t.Untyped = KSum, "enum", "enum", true
	return true
}

// int64Of is the value of a JSON number that is an integer in int64's
// range.
func int64Of(v *schema.Value) (int64, bool) {
	if v.Kind != rt.Number {
		return 0, false
	}
	d, ok := jsonnum.Parse(v.Text)
	if !ok || !d.IsInt() || !d.Rat().Num().IsInt64() {
		return 0, false
	}
	return d.Rat().Num().Int64(), true
}

// intEnum turns an integer schema with an enum into a named integer type
// whose constants are the listed integers the bounds admit. Members of
// other types can never match; null is admitted when both the type and
// the enum list it (rt.Nullable of the enum).
func intEnum(t *Type, e *schema.Value) bool {
	rule := rtimpl.IntRule{HasMin: t.Int.HasMin, HasMax: t.Int.HasMax, Min: t.Int.Min, Max: t.Int.Max, MultipleOf: t.Int.Mult}
	seen := map[int64]bool{}
	nullListed := false
	for _, v := range e.Items {
		if v.Kind == rt.Null {
			nullListed = true // valid when the type admits null too
			continue
		}
		n, ok := int64Of(v)
		if !ok {
			continue
		}
		if !seen[n] && rule.Check(n, -1) == nil {
			t.Values = append(t.Values, strconv.FormatInt(n, 10))
		}
		seen[n] = true
	}
	if len(t.Values) == 0 || t.Int.Empty {
		t.Values = nil
		return false // nothing is admitted: the interpreter says so
	}
	if t.Nullable && !nullListed {
		t.NullKeyword = "enum"
	}
	t.Kind, t.Nullable, t.Int = KIntEnum, t.Nullable && nullListed, nil
	return true
}

// numEnum turns a number schema with an enum (t is KFloat with its
// bounds) into a named float64 type whose constants are the listed
// numbers the bounds admit, as the encoder writes them: {"type": "number",
// "enum": [0.5, 1, 2.5]} is type Ratio float64 with Ratio0_5, Ratio1 and
// Ratio2_5. Each member must be a float64 exactly (the float64 whose
// shortest decimal has the member's value), or t stays as it is: the
// interpreter checks the enum. Since a number the decoder accepts is the
// shortest decimal of its float64 too, a value is a member exactly when
// its float64 is one of the constants. Null is admitted when both the
// type and the enum list it.
func numEnum(t *Type, e *schema.Value) bool {
	b := t.Num
	rule := rtimpl.NewNumRule(b.Min, b.ExMin, b.Max, b.ExMax, b.MultipleOf)
	var values []string
	seen := map[float64]bool{}
	nullListed := false
	for _, v := range e.Items {
		if v.Kind == rt.Null {
			nullListed = true
			continue
		}
		if v.Kind != rt.Number {
			continue // never a number: the type refuses it first
		}
		text, f, ok := exactFloat(v.Text)
		if !ok {
			return false
		}
		d, _ := jsonnum.Parse(strings.TrimSpace(v.Text))
		if !seen[f] && rule.CheckDecimal(d.Rat(), text, -1) == nil {
			values = append(values, text)
		}
		seen[f] = true
	}
	if len(values) == 0 {
		return false // nothing is admitted: the interpreter says so
	}
	if t.Nullable && !nullListed {
		t.NullKeyword = "enum"
	}
	t.Kind, t.Float, t.Values, t.Nullable, t.Num = KIntEnum, true, values, t.Nullable && nullListed, nil
	return true
}

// exactFloat is the float64 whose shortest decimal has the value of the
// JSON number text, and that decimal as the encoder writes it; ok is false
// when no float64 has that value.
func exactFloat(text string) (string, float64, bool) {
	text = strings.TrimSpace(text)
	d, ok := jsonnum.Parse(text)
	if !ok {
		return "", 0, false
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(f, 0) {
		return "", 0, false
	}
	out := string(rt.AppendFloat(nil, f))
	back, ok := jsonnum.Parse(out)
	if !ok || back.Rat().Cmp(d.Rat()) != 0 {
		return "", 0, false
	}
	return out, f, true
}

// constEnum types a oneOf or anyOf whose every branch is one string const
// (with "type": "string" or not), such as a documented enum
// {"oneOf": [{"const": "allow", "description": "..."}, ...]}: a string
// enum whose constants carry the branches' descriptions. Distinct consts
// never overlap, so oneOf and anyOf agree; a value outside them fails at
// every branch's const, and so does a value of another JSON type unless
// the schema itself says "type": "string".
func (b *builder) constEnum(s *jsonschema.Schema, t *Type, keys map[string]*schema.Value) bool {
	kw, list := "oneOf", s.OneOf
	if keys["anyOf"] != nil {
		kw, list = "anyOf", s.AnyOf
	}
	typed := keys["type"] != nil
	if keys[kw] == nil || len(keys) != 1+btoi(typed) || typed && (len(s.Types) != 1 || s.Types[0] != "string") || len(list) == 0 {
		return false
	}
	seen := map[string]bool{}
	var values, docs []string
	for _, br := range list {
		bk, _ := b.constraintKeys(br)
		c := bk["const"]
		if c == nil || c.Kind != rt.String || seen[c.Str] || len(bk) != 1+btoi(bk["type"] != nil) ||
			bk["type"] != nil && (len(br.Types) != 1 || br.Types[0] != "string") {
			return false
		}
		seen[c.Str] = true
		values, docs = append(values, c.Str), append(docs, br.Description)
	}
	t.Kind, t.Values, t.ValueDocs, t.EnumKeyword, t.Untyped = KEnum, values, docs, "const", !typed
	return true
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
