package peers

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/zeroproject/zero/internal/rigs/mixdocs"
	"github.com/zeroproject/zero/rt/rttest"
)

// checkRoundTrip reports whether lib gives back what it read: each
// document of m, decoded and encoded again, must be the same JSON value
// as the document (rttest.SameJSON: members as sets, numbers as exact
// decimals, strings after unescaping). The vendor chunks are read, never
// written, and every library keeps only some of their members, so there
// the check is on the members Zero reads: both the document and the
// library's encoding go through zerogen's type, and the two results must
// be the same JSON value once null members are dropped (every member of
// the chunks is optional and nullable, and a plain struct writes null for
// a member it did not see).
func checkRoundTrip(m mix, lib library) error {
	encs, err := lib.roundTrip(m)
	if err != nil {
		return err
	}
	for j, doc := range m.docs {
		if !m.readOnly {
			same, err := rttest.SameJSON(doc, encs[j])
			if err != nil {
				return fmt.Errorf("document %d: %w", j, err)
			}
			if !same {
				return fmt.Errorf("document %d re-encodes as another value: %s", j, encs[j])
			}
			continue
		}
		want, err := readMembers(m, j, doc)
		if err != nil {
			return fmt.Errorf("document %d: zerogen: %w", j, err)
		}
		got, err := readMembers(m, j, encs[j])
		if err != nil {
			return fmt.Errorf("document %d: its encoding %s: %w", j, encs[j], err)
		}
		if !rttest.EqualValues(want, got) {
			return fmt.Errorf("document %d: the members Zero reads differ after the round trip: %s", j, encs[j])
		}
	}
	return nil
}

// readMembers decodes b with zerogen's type of document j of m and
// returns its encoding as a JSON value without null members.
func readMembers(m mix, j int, b []byte) (any, error) {
	v := m.zero()[j]
	if err := v.UnmarshalJSON(b); err != nil {
		return nil, err
	}
	enc, err := v.AppendJSON(nil)
	if err != nil {
		return nil, err
	}
	if !bytes.Contains(enc, []byte(mixdocs.VendorDelta)) {
		return nil, fmt.Errorf("no delta text in %s", enc)
	}
	x, err := rttest.Decode(enc)
	return dropNulls(x), err
}

func dropNulls(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if x == nil {
				delete(v, k)
			} else {
				v[k] = dropNulls(x)
			}
		}
	case []any:
		for i, x := range v {
			v[i] = dropNulls(x)
		}
	}
	return v
}

// TestRoundTrips checks every library on every mix, as TestPeers does
// before it times anything. zerogen must pass on every mix; a peer that
// does not is logged here and marked in the table, not timed.
func TestRoundTrips(t *testing.T) {
	for _, m := range mixes() {
		for _, lib := range libraries() {
			if lib.roundTrip == nil {
				continue
			}
			err := checkRoundTrip(m, lib)
			switch {
			case err == nil:
			case lib.name == zerogenLib.name:
				t.Errorf("%s, %s: %v", m.name, lib.name, err)
			default:
				t.Logf("%s, %s: no round trip: %v", m.name, lib.name, err)
			}
		}
	}
}
