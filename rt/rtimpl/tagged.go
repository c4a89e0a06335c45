package rtimpl

import (
	"strconv"

	"github.com/zeroproject/zero/rt"
)

// PeekTag finds the string value of key in the object at the cursor
// without consuming anything: the tag of a union whose variants are told
// apart by matching. ok is false when the object has no such member or
// its value is not a string. A value that is not an object fails at
// "type": every variant of such a union is an object.
func PeekTag(d *rt.Decoder, key string) (tag string, ok bool, err error) {
	defer d.Rewind(d.Mark())
	if err := d.ObjStart(); err != nil {
		return "", false, err
	}
	for n := 0; ; n++ {
		k, more, err := d.ObjKey(n)
		if err != nil || !more {
			return "", false, err
		}
		if k != key {
			if err := d.Skip(); err != nil {
				return "", false, err
			}
			continue
		}
		if d.Next() != rt.String {
			return "", false, nil
		}
		s, err := d.Str()
		return s, err == nil, err
	}
}

// OnlyMatch checks oneOf's rule for a value of a union told apart by
// matching once it has decoded as variant matched: the value, the text
// from start to the cursor of d, must match none of the other branches.
// A branch that might match beyond the exact range is a refusal.
func OnlyMatch(d *rt.Decoder, start int, branches []*Node, matched int) error {
	return onlyMatch(d.Span(start), start, d.MaxDepth-d.Depth(), branches, matched)
}

// OnlyMatchRaw is OnlyMatch for a value built in Go, given as its
// encoding.
func OnlyMatchRaw(b []byte, branches []*Node, matched int) error {
	err := onlyMatch(view(b), 0, rt.DefaultMaxDepth, branches, matched)
	if e, ok := err.(*rt.Error); ok {
		e.Offset = -1 // the text is not the caller's
	}
	return err
}

func onlyMatch(raw string, start, maxDepth int, branches []*Node, matched int) error {
	for j, m := range branches {
		if j == matched || m.excludes(raw) {
			continue
		}
		err := sub(m, raw, start, maxDepth, 1, nil, nil)
		if err == nil {
			lo, hi := min(matched, j), max(matched, j)
			return rt.Fail(start, "oneOf", "the value matches schemas "+strconv.Itoa(lo)+" and "+strconv.Itoa(hi)+", want exactly one")
		}
		if rt.IsRange(err) {
			return err
		}
	}
	return nil
}

// MatchBranch reads one value from d and finds the branch of union node n
// (a oneOf or anyOf) that holds it, as JSON Schema decides: the one
// branch it matches for oneOf; for anyOf, branch prefer when it matches,
// else the first it matches. It returns the branch's index and leaves the
// cursor past the value. When no branch matches and tagErr is not nil,
// tagErr is the error: the failure of the branch the value's tag names,
// which says best what is wrong.
func MatchBranch(d *rt.Decoder, n *Node, prefer int, tagErr error) (int, error) {
	start := d.Start()
	if err := n.own(d, 0, nil, nil); err != nil {
		return -1, err
	}
	raw, maxDepth := d.Span(start), d.MaxDepth-d.Depth()
	one, branches, keyword := true, n.OneOf, "oneOf"
	if len(n.AnyOf) > 0 {
		one, branches, keyword = false, n.AnyOf, "anyOf"
	}
	order := make([]int, 0, len(branches))
	if prefer >= 0 && prefer < len(branches) && !one {
		order = append(order, prefer)
	}
	for i := range branches {
		if one || i != prefer {
			order = append(order, i)
		}
	}
	matched, firstAt := -1, -1
	var first, beyond error
	for _, i := range order {
		m := branches[i]
		if m.excludes(raw) {
			if firstAt < 0 {
				firstAt = i
			}
			continue
		}
		err := sub(m, raw, start, maxDepth, 1, nil, nil)
		if err != nil {
			if firstAt < 0 {
				firstAt, first = i, err
			}
			if beyond == nil && rt.IsRange(err) {
				beyond = err
			}
			continue
		}
		if !one {
			return i, nil
		}
		if matched >= 0 {
			return -1, rt.Fail(start, keyword, "the value matches schemas "+strconv.Itoa(matched)+" and "+strconv.Itoa(i)+", want exactly one")
		}
		matched = i
	}
	switch {
	case beyond != nil:
		return -1, beyond
	case matched >= 0:
		return matched, nil
	case tagErr != nil:
		return -1, tagErr
	}
	if firstAt < 0 {
		return -1, rt.Fail(start, keyword, "the union has no schemas")
	}
	first = firstFailure(branches, firstAt, first, raw, start, maxDepth, 1, nil)
	return -1, rt.Fail(start, keyword, "the value matches none of the "+strconv.Itoa(len(branches))+" schemas (first failure: "+first.Error()+")")
}

// Apart returns a decoder over the text of the value from offset start of
// d to its cursor (the value was skipped), for a union told apart by
// matching to decode a variant it may have to give up: such a decoder
// reads strings with escapes into new memory instead of unescaping them
// in place, so the text stays intact for the interpreter to read again.
// Errors it returns carry offsets within the value: Shift makes them d's.
func Apart(d *rt.Decoder, start int) rt.Decoder {
	var sub rt.Decoder
	sub.MaxDepth = d.MaxDepth - d.Depth()
	sub.ResetString(d.Span(start))
	return sub
}

// Shift moves the offset of an error of a decoder Apart made to the
// offsets of the decoder it was made from.
func Shift(err error, start int) error {
	if e, ok := err.(*rt.Error); ok && e.Offset >= 0 {
		e.Offset += start
	}
	return err
}
