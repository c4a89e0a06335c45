package codecfuzz

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"runtime/debug"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/zeroproject/zero/rt"
	"github.com/zeroproject/zero/rt/rttest"
)

// outcome says how one input came out when it met the invariants.
type outcome string

const (
	accepted     outcome = "accepted"
	rejected     outcome = "rejected"               // the decoder and the reference refuse
	notJSON      outcome = "rejected, not JSON"     // encoding/json refuses too
	refPanicked  outcome = "rejected, ref panicked" // jsonschema/v5 cannot hold a number
	devDuplicate outcome = "deviation: duplicate key"
	devDepth     outcome = "deviation: depth"
	devUTF8      outcome = "deviation: invalid UTF-8"
	devRange     outcome = "deviation: number range"
)

// check runs one input through r's generated decoder and the reference and
// returns how it came out, or an error naming the invariant it breaks:
//
//   - the decoder, Validate and the encoder never panic;
//   - decoding into a used value, with a reused rt.Decoder, or from bytes
//     the caller overwrites afterwards gives the same answer as a fresh
//     decode (checkReuse);
//   - a document encoding/json refuses is refused;
//   - an accepted document is accepted by the reference, has no duplicate
//     key, valid UTF-8 and no deeper nesting than rt.DefaultMaxDepth, passes
//     Validate, and MarshalJSON writes a document that decodes again to the
//     same JSON value, and encodes again to the same bytes; EncodeJSON with
//     an identity hook writes the same value too;
//   - a refusal is an *rt.Error whose offset is in the input and, for a
//     schema keyword, whose pointer names a value of the input;
//   - a refused document is refused by the reference, or the refusal is a
//     documented deviation, recognised from the *rt.Error and checked
//     against the input. A refusal of a number beyond int64, float64 or
//     rt.MaxExponent is one whatever the reference says.
func check(r *root, b []byte) (outcome, error) {
	ref, err := referenceFor(r)
	if err != nil {
		return "", err
	}
	d := r.new()
	buf := bytes.Clone(b)
	derr := protect(func() error { return d.UnmarshalJSON(buf) })
	if p, ok := derr.(*panicError); ok {
		return "", fmt.Errorf("UnmarshalJSON panicked: %v", p)
	}
	for i := range buf {
		buf[i] = '#' // the decoded value must not share the caller's bytes
	}
	out, err := judge(r, ref, b, d, derr)
	if err != nil {
		return "", err
	}
	return out, checkReuse(r, ref, b, d, derr)
}

// judge holds the decoder's answer derr for b (d when it accepted) against
// encoding/json and the reference.
func judge(r *root, ref *reference, b []byte, d doc, derr error) (outcome, error) {
	if !json.Valid(b) {
		if derr == nil {
			return "", errors.New("decoder accepts a document encoding/json refuses")
		}
		return notJSON, nil
	}
	in := inputOf(b)
	if derr == nil {
		return accepted, checkAccepted(r, d, in, ref.validate(b))
	}
	var e *rt.Error
	if !errors.As(derr, &e) {
		return "", fmt.Errorf("decoder error is a %T, not an *rt.Error: %v", derr, derr)
	}
	if err := checkPosition(e, in); err != nil {
		return "", err
	}
	if e.Keyword == "type" && rangeDeviation(e, in) {
		// Explained whatever the reference says, and not asked: big.Rat
		// takes up to 0.1 s on exponents near 1e6 and fails beyond.
		return devRange, nil
	}
	v := ref.validate(b)
	if v.err != nil {
		if v.panicked != nil {
			return refPanicked, nil
		}
		return rejected, nil
	}
	if dev := deviation(e, in); dev != "" {
		return dev, nil
	}
	return "", fmt.Errorf("decoder refuses (%v), the reference accepts", derr)
}

// input is one json.Valid document and what the deviations depend on.
type input struct {
	b       []byte
	shape   shape
	badUTF8 bool
	value   any // decoded by encoding/json with UseNumber
}

func inputOf(b []byte) *input {
	v, _ := rttest.Decode(b)
	return &input{b: b, shape: shapeOf(b), badUTF8: !utf8.Valid(b), value: v}
}

// flaw names what the decoder must refuse in a document the reference
// accepts, or "".
func (in *input) flaw() outcome {
	switch {
	case in.shape.duplicateKey:
		return devDuplicate
	case in.badUTF8:
		return devUTF8
	case in.shape.depth > rt.DefaultMaxDepth:
		return devDepth
	}
	return ""
}

func checkAccepted(r *root, d doc, in *input, v verdict) error {
	if v.err != nil {
		return fmt.Errorf("decoder accepts, the reference refuses: %v", v.err)
	}
	if f := in.flaw(); f != "" {
		return fmt.Errorf("decoder accepts a document it must refuse (%s)", f)
	}
	if err := protect(d.Validate); err != nil {
		return fmt.Errorf("decoder accepts, Validate refuses: %v", err)
	}
	out, err := marshal(d)
	if err != nil {
		return fmt.Errorf("decoder accepts, MarshalJSON fails: %v", err)
	}
	d2 := r.new()
	if err := protect(func() error { return d2.UnmarshalJSON(out) }); err != nil {
		return fmt.Errorf("MarshalJSON wrote %s, which the decoder refuses: %v", clip(out), err)
	}
	same, err := rttest.SameJSON(in.b, out)
	if err != nil || !same {
		return fmt.Errorf("MarshalJSON wrote %s, not the value decoded (%v)", clip(out), err)
	}
	out2, err := marshal(d2)
	if err != nil || !bytes.Equal(out, out2) {
		return fmt.Errorf("encoding is not stable: %s, then %s (%v)", clip(out), clip(out2), err)
	}
	return checkHook(d, in)
}

// hookEncoder is the streaming encoder every generated root has.
type hookEncoder interface {
	EncodeJSON(e *rt.Encoder) error
}

// checkHook encodes d through EncodeJSON with an identity string hook (the
// path a redacting writer takes, which re-encodes raw values) after a
// prefix already in the buffer: the prefix must stay and the value must be
// the input's.
func checkHook(d doc, in *input) error {
	he, ok := d.(hookEncoder)
	if !ok {
		return nil
	}
	const prefix = "[0,"
	e := rt.Encoder{Buf: []byte(prefix), Hook: func(_, s string) string { return s }}
	if err := protect(func() error { return he.EncodeJSON(&e) }); err != nil {
		return fmt.Errorf("EncodeJSON with an identity hook fails: %v", err)
	}
	if !bytes.HasPrefix(e.Buf, []byte(prefix)) {
		return fmt.Errorf("EncodeJSON changed the bytes before its own: %s", clip(e.Buf))
	}
	out := e.Buf[len(prefix):]
	if same, err := rttest.SameJSON(in.b, out); err != nil || !same {
		return fmt.Errorf("EncodeJSON with an identity hook wrote %s, not the value decoded (%v)", clip(out), err)
	}
	return nil
}

// streamDecoder is the decoder every generated root has for a reused
// rt.Decoder.
type streamDecoder interface {
	DecodeJSON(d *rt.Decoder) error
}

// checkReuse decodes b again into a value that held the root's sample
// document, and with an rt.Decoder that read b and then the sample: the
// answer must be the same as a fresh decode's (derr, and d's encoding).
func checkReuse(r *root, ref *reference, b []byte, d doc, derr error) error {
	want := errText(derr)
	x := r.new()
	if err := protect(func() error { return x.UnmarshalJSON(ref.sample) }); err != nil {
		return fmt.Errorf("sample %s: %v", clip(ref.sample), err)
	}
	err := protect(func() error { return x.UnmarshalJSON(b) })
	if got := errText(err); got != want {
		return fmt.Errorf("decoding into a value that held the sample gives %q, a fresh value %q", got, want)
	}
	if err == nil {
		got, err1 := marshal(x)
		fresh, err2 := marshal(d)
		if err1 != nil || err2 != nil || !bytes.Equal(got, fresh) {
			return fmt.Errorf("a value that held the sample encodes as %s, a fresh one as %s (%v, %v)", clip(got), clip(fresh), err1, err2)
		}
	}
	if _, ok := r.new().(streamDecoder); !ok {
		return nil
	}
	var dec rt.Decoder
	for i, in := range [][]byte{b, ref.sample, b} {
		y := r.new().(streamDecoder)
		dec.Reset(in)
		err := protect(func() error { return y.DecodeJSON(&dec) })
		switch {
		case i == 1 && err != nil:
			return fmt.Errorf("a reused rt.Decoder refuses the sample after the input: %v", err)
		case i == 2 && errText(err) != want:
			return fmt.Errorf("a reused rt.Decoder gives %q, a fresh one %q", errText(err), want)
		}
	}
	return nil
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func marshal(d doc) ([]byte, error) {
	var out []byte
	err := protect(func() (err error) {
		out, err = d.MarshalJSON()
		return err
	})
	return out, err
}

// deviation names the documented deviation that explains the decoder's
// refusal e of a document the reference accepts, or returns "". Each is
// recognised from the error and confirmed on the input. A single-pass
// decoder may stop at an earlier error in a document with a duplicate key
// (the reference only sees the last value), invalid UTF-8 or deep nesting;
// those documents count as the deviation whatever the error.
func deviation(e *rt.Error, in *input) outcome {
	switch {
	case e.Keyword == "duplicate" && in.shape.duplicateKey:
		return devDuplicate
	case e.Keyword == "depth" && in.shape.depth > rt.DefaultMaxDepth:
		return devDepth
	case e.Keyword == "syntax" && strings.Contains(e.Msg, "invalid UTF-8") && in.badUTF8:
		return devUTF8
	}
	return in.flaw()
}

// rangeDeviation reports whether e refuses a number beyond what the decoder
// holds, and the number at e's pointer is indeed beyond it.
func rangeDeviation(e *rt.Error, in *input) bool {
	n, ok := at(in.value, e.Pointer).(json.Number)
	if !ok {
		return false
	}
	lit := string(n)
	switch {
	case strings.Contains(e.Msg, "does not fit in int64"):
		return beyondExponent(lit) || !fitsInt64(lit)
	case strings.Contains(e.Msg, "does not fit in float64"):
		return beyondExponent(lit) || !floatEncodesBack(lit)
	case strings.Contains(e.Msg, "outside the range"):
		return beyondExponent(lit)
	}
	return false
}

// beyondExponent reports whether lit is outside rt.MaxExponent as docs/zerogen.md
// states it: a decimal exponent, as written or of the value, beyond ±10000.
func beyondExponent(lit string) bool {
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		e, ok := new(big.Int).SetString(strings.TrimPrefix(lit[i+1:], "+"), 10)
		if ok && e.CmpAbs(big.NewInt(rt.MaxExponent)) > 0 {
			return true
		}
	}
	d := rttest.ParseDecimal(lit)
	if d.Coef == "" {
		return false
	}
	top := new(big.Int).Add(d.Exp, big.NewInt(int64(len(d.Coef))))
	return top.Cmp(big.NewInt(rt.MaxExponent)) > 0 || d.Exp.Cmp(big.NewInt(-rt.MaxExponent)) < 0
}

// floatEncodesBack reports whether lit survives a float64 as docs/zerogen.md
// states it: within float64's range, and encoding/json writes its float64 as
// a decimal of lit's value (compared exactly).
func floatEncodesBack(lit string) bool {
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(f, 0) {
		return false
	}
	back, err := json.Marshal(f)
	if err != nil {
		return false
	}
	x, ok1 := new(big.Rat).SetString(lit)
	y, ok2 := new(big.Rat).SetString(string(back))
	return ok1 && ok2 && x.Cmp(y) == 0
}

func fitsInt64(lit string) bool {
	r, ok := new(big.Rat).SetString(lit)
	return ok && r.IsInt() && r.Num().IsInt64()
}

// checkPosition checks where the refusal e of the json.Valid document in
// says the problem is: the offset is inside the input, and the pointer of a
// schema keyword names a value of the document (which encoding/json decodes
// alike when no key repeats and the UTF-8 is valid).
func checkPosition(e *rt.Error, in *input) error {
	if e.Offset < 0 || e.Offset > len(in.b) {
		return fmt.Errorf("refusal %v has offset %d, outside the %d-byte input", e, e.Offset, len(in.b))
	}
	switch e.Keyword {
	case "syntax", "depth", "duplicate":
		return nil
	}
	if in.shape.duplicateKey || in.badUTF8 {
		return nil
	}
	if _, ok := lookup(in.value, e.Pointer); !ok {
		return fmt.Errorf("refusal %v names %q, which is not a value of the input", e, e.Pointer)
	}
	return nil
}

// at resolves a JSON Pointer in a value decoded by encoding/json, or
// returns nil.
func at(v any, ptr string) any {
	v, _ = lookup(v, ptr)
	return v
}

func lookup(v any, ptr string) (any, bool) {
	if ptr == "" {
		return v, true
	}
	if !strings.HasPrefix(ptr, "/") {
		return nil, false
	}
	for _, seg := range strings.Split(ptr[1:], "/") {
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[seg]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(x) || seg != strconv.Itoa(i) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// panicError is a panic caught in generated code.
type panicError struct {
	value any
	stack []byte
}

func (p *panicError) Error() string { return fmt.Sprintf("panic: %v\n%s", p.value, p.stack) }

func protect(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &panicError{p, debug.Stack()}
		}
	}()
	return f()
}

// clip shortens a document for a message.
func clip(b []byte) string {
	const n = 300
	if len(b) > n {
		return strconv.Quote(string(b[:n])) + "..."
	}
	return strconv.Quote(string(b))
}
