//go:build amd64 && !purego

package rt

import (
	"strings"
	"testing"

	"golang.org/x/sys/cpu"
)

// TestSkipLongEscapedStringAgreesWithByteLoop checks that Skip, which
// checks a long string with escapes with the vector loop, accepts and
// refuses what the byte loop does, with the same error at the same offset,
// wherever the fault sits.
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
			t.Errorf("%.60q...: vector loop %q at %d, byte loop %q at %d", doc, gotErr, gotPos, wantErr, wantPos)
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

// setEscBlocks turns the vector loops' whole-block escapes on or off (off,
// every escape takes the loop per escape). They stay off on a processor
// without SSSE3.
func setEscBlocks(on bool) { escBlocks = on && cpu.X86.HasSSSE3 }

// TestEscTables checks that escLetter and escIndex tell the letters of the
// two-byte escapes (other than the backslash) from every other byte, and
// that escByte holds what each stands for.
func TestEscTables(t *testing.T) {
	for c := range 256 {
		b := byte(c)
		isLetter := escLetter[escIndex(b)] == b
		if want := simpleEscape[b] != 0 && b != '\\'; isLetter != want {
			t.Errorf("byte %#x: taken for a letter %v, want %v", b, isLetter, want)
		}
		if isLetter && escByte[escIndex(b)] != simpleEscape[b] {
			t.Errorf("\\%c stands for %#x, escByte holds %#x", b, simpleEscape[b], escByte[escIndex(b)])
		}
	}
}
