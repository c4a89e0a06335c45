package rtimpl

import (
	"github.com/zeroproject/zero/rt"
)

// IfBranch reads the value at the cursor of d and judges it by the if of
// node n, a bare if/then/else whose branches are the variants of a
// union: 0 when the value matches the if (then applies), 1 when it does
// not (else applies). The cursor is left where it was, for the variant's
// decoder to read the value. A value the if cannot judge exactly (a
// number beyond the exact range) is an error, as is bad JSON.
func IfBranch(d *rt.Decoder, n *Node) (int, error) {
	mark := d.Mark()
	start := d.Start()
	if err := d.Skip(); err != nil {
		return -1, err
	}
	raw, maxDepth := d.Span(start), d.MaxDepth-d.Depth()
	d.Rewind(mark)
	return ifBranch(n, raw, start, maxDepth)
}

func ifBranch(n *Node, raw string, start, maxDepth int) (int, error) {
	switch err := sub(n.If, raw, start, maxDepth, 1, nil, nil); {
	case err == nil:
		return 0, nil
	case rt.IsRange(err):
		return -1, err
	}
	return 1, nil
}

// IfHolds checks a value built in Go, given as its encoding b, that a
// union of n's then and else holds as variant i: same is true when the if
// of n picks that variant for b, and the variant's own checks decide.
// Otherwise the if picks the other branch for the text, and err is that
// branch's verdict on it (nil: the text is valid, as the other variant).
func IfHolds(b []byte, n *Node, i int) (same bool, err error) {
	raw := view(b)
	j, err := ifBranch(n, raw, 0, rt.DefaultMaxDepth)
	if err == nil && j == i {
		return true, nil
	}
	if err == nil {
		err = sub([2]*Node{n.Then, n.Else}[j], raw, 0, rt.DefaultMaxDepth, 1, nil, nil)
	}
	if e, ok := err.(*rt.Error); ok {
		e.Offset = -1 // the text is not the caller's
	}
	return false, err
}
