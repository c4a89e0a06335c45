package rtimpl

import (
	"sort"
	"strconv"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rtimpl/jsonnum"
	"github.com/zeroproject/zero/rt/rtimpl/keyset"
)

// Canonical returns a canonical text of the JSON value raw: object keys
// sorted, numbers in one exact form (1, 1.0 and 1e0 agree), strings
// re-escaped one way. Two values are equal as JSON values exactly when their
// canonical texts are equal.
func Canonical(raw string) (string, error) {
	var d rt.Decoder
	d.ResetString(raw)
	b, err := appendCanon(nil, &d)
	if err != nil {
		return "", err
	}
	if err := d.End(); err != nil {
		return "", err
	}
	return string(b), nil
}

func appendCanon(b []byte, d *rt.Decoder) ([]byte, error) {
	switch d.Next() {
	case rt.String:
		s, err := d.Str()
		return rt.AppendString(b, s), err
	case rt.Number:
		lit, err := d.NumLit()
		if err != nil {
			return b, err
		}
		return appendCanonNum(b, lit), nil
	case rt.Object:
		return appendCanonObj(b, d)
	case rt.Array:
		if err := d.ArrStart(); err != nil {
			return b, err
		}
		b = append(b, '[')
		for n := 0; ; n++ {
			ok, err := d.ArrNext(n)
			if err != nil {
				return b, err
			}
			if !ok {
				return append(b, ']'), nil
			}
			if n > 0 {
				b = append(b, ',')
			}
			if b, err = appendCanon(b, d); err != nil {
				return b, err
			}
		}
	}
	s, err := d.RawString()
	return append(b, s...), err
}

func appendCanonNum(b []byte, lit string) []byte {
	dec, ok := jsonnum.Parse(lit)
	if !ok {
		return append(b, lit...)
	}
	if dec.Coef == "" {
		return append(b, '0')
	}
	if dec.Neg {
		b = append(b, '-')
	}
	b = append(b, dec.Coef...)
	if dec.Exp != 0 {
		b = append(b, 'e')
		b = strconv.AppendInt(b, int64(dec.Exp), 10)
	}
	return b
}

type canonMember struct{ key, val string }

func appendCanonObj(b []byte, d *rt.Decoder) ([]byte, error) {
	if err := d.ObjStart(); err != nil {
		return b, err
	}
	var members []canonMember
	var seen keyset.Set
	for n := 0; ; n++ {
		k, ok, err := d.ObjKey(n)
		if err != nil {
			return b, err
		}
		if !ok {
			break
		}
		if !seen.Add(k) {
			return b, d.DuplicateKey(k)
		}
		v, err := appendCanon(nil, d)
		if err != nil {
			return b, err
		}
		members = append(members, canonMember{k, string(v)})
	}
	sort.Slice(members, func(i, j int) bool { return members[i].key < members[j].key })
	b = append(b, '{')
	for i, m := range members {
		if i > 0 {
			b = append(b, ',')
		}
		b = rt.AppendString(b, m.key)
		b = append(b, ':')
		b = append(b, m.val...)
	}
	return append(b, '}'), nil
}
