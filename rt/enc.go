package rt

import (
	"math"
	"strconv"
	"unsafe"
)

// StringHook transforms a free-text string value while it is encoded. key is
// the nearest enclosing object key ("" at the top or directly in an array).
// Strings constrained by pattern, enum, const or format are not passed to the
// hook: changing them could make the output invalid.
type StringHook func(key, s string) string

// Encoder appends JSON to Buf. Reuse one Encoder (and its Buf) across values
// to encode without allocating.
//
// Key, Str and Text write invalid UTF-8 as U+FFFD and count the strings
// that held some (see InvalidStrings), in the same pass over their bytes.
type Encoder struct {
	Buf  []byte
	Hook StringHook

	invalid int // strings with invalid UTF-8 given to Key, Str and Text
}

// InvalidStrings returns how many strings with invalid UTF-8 Key, Str and
// Text have been given since the encoder was made (for Text with a hook,
// the string before the hook). Each was written with U+FFFD for the bytes
// at fault. A generated EncodeJSON compares the count before and after
// writing a value: it leaves the UTF-8 check of the value's strings to
// the pass that escapes them, and refuses the value when the count moved.
func (e *Encoder) InvalidStrings() int { return e.invalid }

// str appends s as a JSON string, counting it when it holds invalid UTF-8.
func (e *Encoder) str(s string) {
	var invalid bool
	e.Buf, invalid = appendString(e.Buf, s)
	if invalid {
		e.invalid++
	}
}

// Hooked returns what the hook makes of the free-text string s (s itself
// without a hook), for a caller that checks it before writing it. With a
// hook, s is counted by InvalidStrings when it holds invalid UTF-8, as
// Text counts it; what the hook returns is not counted, and AppendString
// writes its invalid UTF-8 as U+FFFD.
func (e *Encoder) Hooked(key, s string) string {
	if e.Hook == nil {
		return s
	}
	if InvalidUTF8(s) >= 0 {
		e.invalid++
	}
	return e.Hook(key, s)
}

// Reset empties the buffer, keeping its capacity.
func (e *Encoder) Reset() { e.Buf = e.Buf[:0] }

// Byte appends one byte of JSON punctuation.
func (e *Encoder) Byte(c byte) { e.Buf = append(e.Buf, c) }

// Lit appends text that is already JSON (keys with their quotes and colon,
// constants).
func (e *Encoder) Lit(s string) { e.Buf = append(e.Buf, s...) }

// Key appends a quoted object key and a colon, preceded by a comma unless
// first is true.
func (e *Encoder) Key(first bool, k string) {
	if !first {
		e.Buf = append(e.Buf, ',')
	}
	e.str(k)
	e.Buf = append(e.Buf, ':')
}

// Text appends a free-text string, passing it through the hook (see
// Hooked).
func (e *Encoder) Text(key, s string) {
	if e.Hook != nil {
		e.Buf = AppendString(e.Buf, e.Hooked(key, s))
		return
	}
	e.str(s)
}

// Str appends a string without the hook.
func (e *Encoder) Str(s string) { e.str(s) }

// Int appends an integer.
func (e *Encoder) Int(v int64) { e.Buf = strconv.AppendInt(e.Buf, v, 10) }

// Float appends a float the way encoding/json does (shortest form that
// reads back to the same float64).
func (e *Encoder) Float(v float64) { e.Buf = AppendFloat(e.Buf, v) }

// Bool appends true or false.
func (e *Encoder) Bool(v bool) { e.Buf = strconv.AppendBool(e.Buf, v) }

// Null appends null.
func (e *Encoder) Null() { e.Buf = append(e.Buf, "null"...) }

// Raw appends a raw JSON value. With a hook, every string inside it passes
// through the hook (object keys do not), which needs one scan of the value.
func (e *Encoder) Raw(key string, r Raw) error {
	if len(r) == 0 {
		return newError(-1, "type", "empty raw value")
	}
	if e.Hook == nil {
		e.Buf = append(e.Buf, r...)
		return nil
	}
	var d Decoder
	d.resetShared(view(r), DefaultMaxDepth)
	if err := e.rawValue(&d, key); err != nil {
		return err
	}
	return d.End()
}

func (e *Encoder) rawValue(d *Decoder, key string) error {
	switch d.Next() {
	case String:
		s, err := d.readString()
		if err != nil {
			return err
		}
		e.Text(key, s)
		return nil
	case Object:
		return e.rawObject(d)
	case Array:
		if err := d.push(); err != nil {
			return err
		}
		e.Byte('[')
		for n := 0; ; n++ {
			ok, err := d.ArrNext(n)
			if err != nil {
				return err
			}
			if !ok {
				e.Byte(']')
				return nil
			}
			if n > 0 {
				e.Byte(',')
			}
			if err := e.rawValue(d, key); err != nil {
				return err
			}
		}
	}
	s, err := d.RawString()
	e.Buf = append(e.Buf, s...)
	return err
}

func (e *Encoder) rawObject(d *Decoder) error {
	if err := d.push(); err != nil {
		return err
	}
	e.Byte('{')
	for n := 0; ; n++ {
		k, ok, err := d.ObjKey(n)
		if err != nil {
			return err
		}
		if !ok {
			e.Byte('}')
			return nil
		}
		e.Key(n == 0, k)
		if err := e.rawValue(d, k); err != nil {
			return err
		}
	}
}

// AppendFloat appends f as encoding/json formats float64 values.
func AppendFloat(b []byte, f float64) []byte {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return append(b, "null"...)
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// view returns r as a string without copying. Callers only read it for
// the duration of one call and never let it outlive r or see r change.
func view(r Raw) string {
	if len(r) == 0 {
		return ""
	}
	return unsafe.String(&r[0], len(r))
}
