//go:build amd64 && !purego

package rt

import (
	"strings"
	"testing"
)

// TestSkipLongEscapedStringAgreesWithByteLoop checks that Skip, which
// checks a long string with escapes from a bitmap of its special bytes,
// accepts and refuses what the byte loop does, with the same error at the
// same offset, wherever the fault sits.
func TestSkipLongEscapedStringAgreesWithByteLoop(t *testing.T) {
	if !haveVector {
		t.Skip("vector scans are off: Skip takes the byte loop only, which the other tests cover")
	}
	body := strings.Repeat(`abc\n\"é\\ \u00e9x`, 100)
	docs := []string{`"` + body + `"`, `"` + body + `\"` + `"`, `"` + body}
	for _, bad := range []string{"\x01", "\xff", "\xc3", `\x`, `\u1g`, `\`, `"`} {
		for _, at := range []int{0, 7, 8, 500, len(body) - 1, len(body)} {
			docs = append(docs, `"`+body[:at]+bad+body[at:]+`"`, `["`+body[:at]+bad+body[at:]+`",1]`)
		}
	}
	for _, doc := range docs {
		skip := func() (string, int) {
			d := NewDecoder([]byte(doc))
			err := d.Skip()
			if err == nil {
				err = d.End()
			}
			if err == nil {
				return "", d.Offset()
			}
			return err.Error(), d.Offset()
		}
		gotErr, gotPos := skip()
		haveVector = false
		wantErr, wantPos := skip()
		haveVector = true
		if gotErr != wantErr || gotPos != wantPos {
			t.Errorf("%.60q...: bitmap path %q at %d, byte loop %q at %d", doc, gotErr, gotPos, wantErr, wantPos)
		}
	}
}

// TestSpecialMaskAgreesWithIsSpecial checks the vector bitmap against
// isSpecial for every byte value at every position of a 64-byte group, in
// inputs of one to sixteen groups.
func TestSpecialMaskAgreesWithIsSpecial(t *testing.T) {
	for groups := 1; groups <= 16; groups *= 4 {
		buf := []byte(strings.Repeat("abcdefgh", 8*groups))
		for pos := 0; pos < 64; pos++ {
			for c := 0; c < 256; c++ {
				at := (groups-1)*64 + pos
				buf[at] = byte(c)
				var bm [16]uint64
				specialMask64(&buf[0], groups, &bm[0])
				for g := 0; g < groups; g++ {
					var want uint64
					for i := 0; i < 64; i++ {
						if isSpecial(buf[g*64+i]) {
							want |= 1 << i
						}
					}
					if bm[g] != want {
						t.Fatalf("byte 0x%02x at %d of %d groups: group %d mask %064b, want %064b", c, at, groups, g, bm[g], want)
					}
				}
				buf[at] = 'x'
			}
		}
	}
}

// TestAppendStringWithoutVector runs the AppendString checks on the word
// loops that other platforms use.
func TestAppendStringWithoutVector(t *testing.T) {
	haveVector = false
	defer func() { haveVector = true }()
	TestAppendStringAgreesWithRuneLoop(t)
	TestStringRoundTripLong(t)
}

// setVector turns the vector loops on or off, for tests that compare them
// with the word loops.
func setVector(on bool) { haveVector = on }
