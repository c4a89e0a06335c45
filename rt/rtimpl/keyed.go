package rtimpl

import (
	"github.com/zeroproject/zero/rt"
)

// PreferByKeys looks ahead at the member names of the object at the
// cursor, without consuming anything, and returns the index of the set of
// keys (the required members of a union's variants) that the object has
// all of, the largest such set (the first of equal ones), or -1. It is the
// hint of a union told apart by matching whose variants have no tag
// property: the verdict is still the union's to decide. A value that is
// not an object fails at "type": every variant of such a union is an
// object.
func PreferByKeys(d *rt.Decoder, sets [][]string) (int, error) {
	defer d.Rewind(d.Mark())
	if err := d.ObjStart(); err != nil {
		return -1, err
	}
	var have [8]uint64 // bit j of have[i]: the object has member j of set i
	if len(sets) > len(have) {
		return -1, nil // too many to track: no hint
	}
	for n := 0; ; n++ {
		k, more, err := d.ObjKey(n)
		if err != nil {
			return -1, err
		}
		if !more {
			break
		}
		for i, set := range sets {
			for j, name := range set {
				if j < 64 && name == k {
					have[i] |= 1 << j
				}
			}
		}
		if err := d.Skip(); err != nil {
			return -1, err
		}
	}
	best := -1
	for i, set := range sets {
		full := len(set) <= 64 && have[i] == uint64(1)<<len(set)-1 // a shift by 64 is 0: all ones
		if full && (best < 0 || len(set) > len(sets[best])) {
			best = i
		}
	}
	return best, nil
}
