package rt

import (
	"math/bits"
	"strconv"
	"strings"
	"unsafe"

	"github.com/zeroproject/zero/rt/internal/msg"
	"github.com/zeroproject/zero/rt/rtimpl/keyset"
)

// Kind is the JSON kind of the next value in the input.
type Kind uint8

// The JSON kinds. Invalid means the next byte cannot start a value or the
// input has ended.
const (
	Invalid Kind = iota
	Object
	Array
	String
	Number
	Bool
	Null
)

var kindNames = [...]string{"invalid", "object", "array", "string", "number", "boolean", "null"}

func (k Kind) String() string { return kindNames[k] }

// DefaultMaxDepth is the nesting depth (objects and arrays) past which a
// Decoder refuses input. JSON Schema sets no such limit; this is a
// deliberate, documented deviation that bounds stack use on hostile input.
const DefaultMaxDepth = 1000

// Decoder is a strict, single-pass JSON scanner over a byte slice.
// The zero value is not usable; call Reset.
type Decoder struct {
	own   []byte           // the decoder's copy of the input; StrShared unescapes into it
	str   string           // own as a string; decoded strings without escapes are substrings of it
	block *strings.Builder // the block the inputs are copied into (see copyInput)
	// resets counts Reset calls up to 2: the first copy is exact, later
	// ones share a block.
	resets uint8
	pos    int
	depth  int
	// knownAt and knownEnd are the span of a value already checked (see
	// Known); knownEnd is 0 when there is none.
	knownAt, knownEnd int
	// MaxDepth limits nesting. Reset sets it to DefaultMaxDepth when it is
	// 0 and keeps any other value, so a limit set once holds for every
	// input the Decoder is reset to.
	MaxDepth int
}

// NewDecoder returns a Decoder reading b.
func NewDecoder(b []byte) *Decoder {
	d := new(Decoder)
	d.Reset(b)
	return d
}

// Reset makes d read b from its start. The input is copied once, so later
// changes to b do not change strings already decoded.
//
// A Decoder reset more than once copies small inputs one after another
// into a shared block of memory (see blockSize) instead of allocating one
// copy each. Bytes of a block are never written again once a document was
// decoded from them, so strings decoded earlier stay as they were; the
// price is that a string kept from one document keeps its whole block
// alive.
func (d *Decoder) Reset(b []byte) {
	d.own = d.copyInput(b)
	d.str = ""
	if len(b) > 0 {
		d.str = unsafe.String(&d.own[0], len(b))
	}
	d.pos = 0
	d.depth = 0
	d.knownEnd = 0
	if d.MaxDepth == 0 {
		d.MaxDepth = DefaultMaxDepth
	}
}

// blockSize is the size of the blocks a reused Decoder copies its inputs
// into; inputs longer than blockMax get a copy of their own.
const (
	blockSize = 24 << 10
	blockMax  = blockSize / 4
)

// copyInput returns a copy of b that nothing else refers to, with its
// capacity clipped to its length.
//
// Neither way of copying clears the memory first, since every byte is
// written at once: make followed by copy is compiled to one allocation that
// skips the clearing, and strings.Builder grows without clearing. The
// decoder owns the block's bytes (strings it hands out never change), so
// writing into them through the string the Builder returns is sound.
func (d *Decoder) copyInput(b []byte) []byte {
	if d.resets < 2 {
		d.resets++
	}
	if len(b) > blockMax || d.resets < 2 {
		own := make([]byte, len(b))
		copy(own, b)
		return own
	}
	if d.block == nil || d.block.Cap()-d.block.Len() < len(b) {
		d.block = new(strings.Builder)
		d.block.Grow(blockSize)
	}
	n := d.block.Len()
	d.block.Write(b)
	all := d.block.String()
	return unsafe.Slice(unsafe.StringData(all), len(all))[n:len(all):len(all)]
}

// ResetString makes d read s from its start, without copying: a string
// cannot change. MaxDepth is kept as Reset keeps it. StrShared reads
// strings with escapes into new memory here, as Str does.
func (d *Decoder) ResetString(s string) {
	d.str = s
	d.own = nil
	d.pos = 0
	d.depth = 0
	d.knownEnd = 0
	if d.MaxDepth == 0 {
		d.MaxDepth = DefaultMaxDepth
	}
}

// resetShared makes d read s without copying with the nesting limit maxDepth.
func (d *Decoder) resetShared(s string, maxDepth int) {
	d.ResetString(s)
	d.MaxDepth = maxDepth
}

// Depth returns how many objects and arrays enclose the cursor.
func (d *Decoder) Depth() int { return d.depth }

// Start skips white space and returns the offset of the next value.
func (d *Decoder) Start() int {
	d.skipSpace()
	return d.pos
}

// Mark is a position of a Decoder, to go back to with Rewind.
type Mark struct{ pos, depth int }

// Mark returns the current position.
func (d *Decoder) Mark() Mark { return Mark{d.pos, d.depth} }

// Rewind goes back to a position that Mark returned for the same input, to
// read what follows it again. Strings read with StrShared since the mark
// must not be read again: their bytes were unescaped in place.
func (d *Decoder) Rewind(m Mark) { d.pos, d.depth, d.knownEnd = m.pos, m.depth, 0 }

// Known records that the value from byte offset start to end was read
// and checked ahead of the cursor (a union's discriminator, which the
// variant it names then reads again): SkipKnown steps over it. Rewind and
// Reset forget it, so it holds only while the cursor moves forward to it.
func (d *Decoder) Known(start, end int) { d.knownAt, d.knownEnd = start, end }

// SkipKnown steps over the value at the cursor if Known recorded it, and
// reports whether it did.
func (d *Decoder) SkipKnown() bool {
	if d.knownEnd == 0 {
		return false
	}
	d.skipSpace()
	if d.pos != d.knownAt {
		return false
	}
	d.pos, d.knownEnd = d.knownEnd, 0
	return true
}

// Offset returns the byte offset of the next unread byte.
func (d *Decoder) Offset() int { return d.pos }

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

func (d *Decoder) skipSpace() {
	if d.pos < len(d.str) && d.str[d.pos] > ' ' {
		return
	}
	s := d.str
	for d.pos < len(s) && isSpace(s[d.pos]) {
		d.pos++
	}
}

// Next skips white space and returns the kind of the next value without
// consuming it.
func (d *Decoder) Next() Kind {
	d.skipSpace()
	if d.pos >= len(d.str) {
		return Invalid
	}
	return kindOf[d.str[d.pos]]
}

// kindOf is the kind of value each byte starts (Invalid for most).
var kindOf = [256]Kind{'{': Object, '[': Array, '"': String, 't': Bool, 'f': Bool, 'n': Null,
	'-': Number, '0': Number, '1': Number, '2': Number, '3': Number, '4': Number, '5': Number, '6': Number, '7': Number, '8': Number, '9': Number}

// End checks that only white space follows the value just read.
func (d *Decoder) End() error {
	d.skipSpace()
	if d.pos < len(d.str) {
		return d.syntaxErr("trailing data after the JSON value")
	}
	return nil
}

func (d *Decoder) syntaxErr(msg string) error {
	return newError(d.pos, "syntax", msg)
}

func (d *Decoder) unexpected(what string) error {
	if d.pos >= len(d.str) {
		return newError(d.pos, "syntax", "unexpected end of input, want "+what)
	}
	return d.syntaxErr("unexpected " + quoteByte(d.str[d.pos]) + ", want " + what)
}

func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return strconv.QuoteRune(rune(c))
	}
	return "byte 0x" + strconv.FormatUint(uint64(c), 16)
}

// TypeError reports that the next value has the wrong kind. It is a syntax
// error when the next bytes are not a JSON value at all.
func (d *Decoder) TypeError(want string) error {
	k := d.Next()
	if k == Invalid {
		return d.unexpected("a JSON value")
	}
	if k == Bool || k == Null {
		if err := d.checkLiteral(); err != nil {
			return err
		}
	}
	return newError(d.pos, "type", "got "+k.String()+", want "+want)
}

// checkLiteral verifies that the true/false/null at the cursor is spelled right.
func (d *Decoder) checkLiteral() error {
	var lit string
	switch d.str[d.pos] {
	case 't':
		lit = "true"
	case 'f':
		lit = "false"
	default:
		lit = "null"
	}
	if len(d.str)-d.pos < len(lit) || d.str[d.pos:d.pos+len(lit)] != lit {
		return d.syntaxErr("invalid literal")
	}
	return nil
}

// ObjStart consumes the '{' of an object, or reports a type error.
func (d *Decoder) ObjStart() error {
	// Small enough to inline: a '{' right at the cursor within the depth
	// limit, the usual case, costs no call.
	if d.pos < len(d.str) && d.str[d.pos] == '{' && d.depth < d.MaxDepth {
		d.depth++
		d.pos++
		return nil
	}
	return d.objStart()
}

func (d *Decoder) objStart() error {
	if d.Next() != Object {
		return d.TypeError("object")
	}
	return d.push()
}

// ArrStart consumes the '[' of an array, or reports a type error.
func (d *Decoder) ArrStart() error {
	if d.Next() != Array {
		return d.TypeError("array")
	}
	return d.push()
}

func (d *Decoder) push() error {
	if d.depth >= d.MaxDepth {
		return newError(d.pos, "depth", "nesting deeper than "+strconv.Itoa(d.MaxDepth)+" levels")
	}
	d.depth++
	d.pos++
	return nil
}

// ObjKey reads the next key of an object whose '{' was consumed; n is the
// number of keys read before. It returns ok false after consuming the '}'.
func (d *Decoder) ObjKey(n int) (key string, ok bool, err error) {
	// Compact input, as Zero and most peers write it, takes a short path:
	// the '}' right at the cursor, or the key's quote right there (after
	// the ',' when a member came before), a plain key closed within 64
	// bytes (looked at a word at a time) and the ':' right after it.
	// Anything else, white space, escapes and every error included, takes
	// the general path.
	s, i := d.str, d.pos
	if i >= len(s) {
		return d.objKey(n)
	}
	c := s[i]
	if c == '}' {
		d.pos = i + 1
		d.depth--
		return "", false, nil
	}
	if n > 0 {
		if c != ',' {
			return d.objKey(n)
		}
		i++
	}
	if i+18 <= len(s) && s[i] == '"' {
		// Words start at j while j <= last: each is followed by 9 bytes
		// or more of input (room for a ':' after a quote at its end), and
		// there are eight of them at most.
		j := i + 1
		last := min(len(s)-17, j+55)
		m := specials(load64(s, j))
		for m == 0 && j <= last {
			j += 8
			m = specials(load64(s, j))
		}
		if m != 0 {
			j += bits.TrailingZeros64(m) >> 3
			if load16(s, j) == '"'|':'<<8 {
				d.pos = j + 2
				return unsafe.String(stringAt(s, i+1), j-i-1), true, nil
			}
		}
	}
	return d.objKey(n)
}

// objKey is ObjKey's general path.
func (d *Decoder) objKey(n int) (key string, ok bool, err error) {
	s := d.str
	i := skipSpaceAt(s, d.pos)
	if i >= len(s) {
		d.pos = i
		return "", false, d.unexpected("'}' or a key")
	}
	c := s[i]
	if c == '}' {
		d.pos = i + 1
		d.depth--
		return "", false, nil
	}
	if n > 0 {
		if c != ',' {
			d.pos = i
			return "", false, d.unexpected("',' or '}'")
		}
		i = skipSpaceAt(s, i+1)
		if i >= len(s) || s[i] != '"' {
			d.pos = i
			return "", false, d.unexpected("a key")
		}
	} else if c != '"' {
		d.pos = i
		return "", false, d.unexpected("a key or '}'")
	}
	// Most keys are short and plain: their closing quote is among the
	// next 16 bytes.
	if j, found := quickRun(s, i+1); found && s[j] == '"' {
		key, i = s[i+1:j], j+1
	} else {
		d.pos = i
		if key, err = d.readString(); err != nil {
			return "", false, err
		}
		i = d.pos
	}
	i = skipSpaceAt(s, i)
	if i >= len(s) || s[i] != ':' {
		d.pos = i
		return "", false, d.unexpected("':'")
	}
	d.pos = i + 1
	return key, true, nil
}

// skipSpaceAt returns the offset of the first byte at or after i that is
// not white space.
func skipSpaceAt(s string, i int) int {
	for i < len(s) && s[i] <= ' ' && isSpace(s[i]) {
		i++
	}
	return i
}

// ArrNext reports whether the array whose '[' was consumed has another
// element; n is the number of elements read before. It consumes the ']'.
func (d *Decoder) ArrNext(n int) (bool, error) {
	d.skipSpace()
	if d.pos >= len(d.str) {
		return false, d.unexpected("']' or a value")
	}
	c := d.str[d.pos]
	if c == ']' {
		d.pos++
		d.depth--
		return false, nil
	}
	if n > 0 {
		if c != ',' {
			return false, d.unexpected("',' or ']'")
		}
		d.pos++
	}
	return true, nil
}

// DuplicateKey reports a key that appeared twice in one object, at the
// offset of the second occurrence's value.
func (d *Decoder) DuplicateKey(key string) error {
	return newError(d.pos, "duplicate", "key "+strconv.Quote(msg.Clip(key))+" appears more than once")
}

// TakeString is ConsumeString without the white space before the value:
// it consumes the string token tok when the input continues with exactly
// its bytes at the cursor. Small enough to be inlined, it compares a
// constant tok without a call; generated decoders try it first on a member
// whose schema is a const string and fall back to a full check.
func (d *Decoder) TakeString(tok string) bool {
	if end := d.pos + len(tok); len(tok) >= 2 && tok[0] == '"' && end <= len(d.str) && d.str[d.pos:end] == tok {
		d.pos = end
		return true
	}
	return false
}

// ConsumeString consumes the next value when it is exactly the JSON string
// token tok (quotes included, escapes spelled as in tok) and reports whether
// it did; otherwise nothing is consumed. tok must be a valid string token:
// the input then holds the very same token, because a string ends at its
// first unescaped quote.
func (d *Decoder) ConsumeString(tok string) bool {
	d.skipSpace()
	if len(tok) < 2 || tok[0] != '"' || len(d.str)-d.pos < len(tok) || d.str[d.pos:d.pos+len(tok)] != tok {
		return false
	}
	d.pos += len(tok)
	return true
}

// Bool reads true or false.
func (d *Decoder) Bool() (bool, error) {
	if d.Next() != Bool {
		return false, d.TypeError("boolean")
	}
	if err := d.checkLiteral(); err != nil {
		return false, err
	}
	if d.str[d.pos] == 't' {
		d.pos += 4
		return true, nil
	}
	d.pos += 5
	return false, nil
}

// Null reads null.
func (d *Decoder) Null() error {
	if d.Next() != Null {
		return d.TypeError("null")
	}
	if err := d.checkLiteral(); err != nil {
		return err
	}
	d.pos += 4
	return nil
}

// Skip reads and discards one value, checking its syntax.
func (d *Decoder) Skip() error {
	switch d.Next() {
	case Object:
		if err := d.push(); err != nil {
			return err
		}
		var seen keyset.Set
		for n := 0; ; n++ {
			k, ok, err := d.ObjKey(n)
			if err != nil || !ok {
				return err
			}
			if !seen.Add(k) {
				return d.DuplicateKey(k)
			}
			if err := d.Skip(); err != nil {
				return err
			}
		}
	case Array:
		if err := d.push(); err != nil {
			return err
		}
		for n := 0; ; n++ {
			ok, err := d.ArrNext(n)
			if err != nil || !ok {
				return err
			}
			if err := d.Skip(); err != nil {
				return err
			}
		}
	case String:
		return d.skipString()
	case Number:
		_, err := d.numLit()
		return err
	case Bool, Null:
		if err := d.checkLiteral(); err != nil {
			return err
		}
		if d.str[d.pos] == 'f' {
			d.pos += 5
		} else {
			d.pos += 4
		}
		return nil
	}
	return d.unexpected("a JSON value")
}

// RawString reads one value and returns its bytes as a substring of the input,
// without copying.
func (d *Decoder) RawString() (string, error) {
	d.skipSpace()
	start := d.pos
	if err := d.Skip(); err != nil {
		return "", err
	}
	return d.str[start:d.pos], nil
}

// Raw reads one value and returns a copy of its bytes.
func (d *Decoder) Raw() (Raw, error) {
	s, err := d.RawString()
	if err != nil {
		return nil, err
	}
	return Raw(s), nil
}

// SpanRaw returns the input bytes from offset start up to the cursor as a
// Raw value. After Reset they are the bytes of the decoder's own copy of the
// input, not copied again: nothing else refers to them (generated decoders
// read each value once and never unescape inside a value kept raw), and the
// capacity is clipped so that appending to the result cannot write past the
// value. After ResetString, whose input is not the decoder's to share, they
// are copied.
func (d *Decoder) SpanRaw(start int) Raw {
	if d.own == nil {
		return Raw(d.str[start:d.pos])
	}
	return Raw(d.own[start:d.pos:d.pos])
}

// Span returns the input text from offset start up to the cursor.
func (d *Decoder) Span(start int) string { return d.str[start:d.pos] }
