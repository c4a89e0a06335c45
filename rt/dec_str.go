package rt

import "unsafe"

// Str reads a string value.
func (d *Decoder) Str() (string, error) {
	if d.Next() != String {
		return "", d.TypeError("string")
	}
	return d.readString()
}

// StrShared reads a string value like Str, but a string with escapes is
// decoded in place inside the decoder's own copy of the input, without
// allocating. The input bytes of that string are overwritten, so callers
// must never read them again (generated decoders read each value once).
func (d *Decoder) StrShared() (string, error) {
	if d.Next() != String {
		return "", d.TypeError("string")
	}
	if d.own == nil {
		return d.readString()
	}
	start := d.pos + 1
	i, found := quickRun(d.str, start)
	if !found {
		i = plainRun(d.str, i)
	}
	if i < len(d.str) && d.str[i] == '"' {
		d.pos = i + 1
		return d.str[start:i], nil
	}
	if i < len(d.str) && d.str[i] == '\\' {
		// Decoding in place finds the closing quote as it goes: no pass
		// ahead for it.
		n, end, err := d.decodeEscaped(d.own[i:], i, -1)
		if err != nil {
			return "", err
		}
		d.pos = end + 1
		return d.str[start : i+n], nil
	}
	return d.readString()
}

// readString reads the string at the cursor (which is at its opening quote).
func (d *Decoder) readString() (string, error) {
	s := d.str
	start := d.pos + 1
	i, found := quickRun(s, start)
	if found && s[i] == '"' {
		d.pos = i + 1
		return s[start:i], nil
	}
	for {
		i = plainRun(s, i)
		if i >= len(s) {
			d.pos = i
			return "", d.unexpected("'\"' closing the string")
		}
		c := s[i]
		switch {
		case c == '"':
			d.pos = i + 1
			return s[start:i], nil
		case c == '\\':
			return d.readEscaped(start, i)
		case c < 0x20:
			d.pos = i
			return "", d.syntaxErr("control character in string")
		case twoByteRune(s, i):
			i += 2
		default:
			var err error
			if i, err = d.letterRun(s, i); err != nil {
				return "", err
			}
		}
	}
}

// readEscaped finishes a string that contains escapes, starting over from
// start with the first backslash at i. It finds the closing quote first so
// that the output is allocated once at its final size.
func (d *Decoder) readEscaped(start, i int) (string, error) {
	end, err := d.stringEnd(i)
	if err != nil {
		return "", err
	}
	out := make([]byte, end-start)
	copy(out, d.str[start:i])
	n, _, err := d.decodeEscaped(out[i-start:], i, end)
	if err != nil {
		return "", err
	}
	d.pos = end + 1
	if i-start+n == 0 {
		return "", nil
	}
	// out is never written again, so the string may share its memory.
	return unsafe.String(&out[0], i-start+n), nil
}

// skipString checks the string at the cursor without decoding it.
func (d *Decoder) skipString() error {
	s := d.str
	i, found := quickRun(s, d.pos+1)
	if found && s[i] == '"' {
		d.pos = i + 1
		return nil
	}
	for {
		// Plain bytes, a word at a time: between escapes the run is often
		// shorter than a word, and a call per run would cost more than it.
		for len(s)-i >= 8 {
			m := specials(load64(s, i))
			if m != 0 {
				i += firstFlagged(m)
				break
			}
			i += 8
		}
		if len(s)-i < 8 {
			i = plainTail(s, i)
		}
		if i >= len(s) {
			d.pos = i
			return d.unexpected("'\"' closing the string")
		}
		switch c := s[i]; {
		case c == '"':
			d.pos = i + 1
			return nil
		case c == '\\' && i+1 < len(s) && simpleEscape[s[i+1]] != 0:
			// This two-byte escape and those that follow it.
			for i += 2; i+1 < len(s) && s[i] == '\\' && simpleEscape[s[i+1]] != 0; i += 2 {
			}
		case c == '\\':
			n, ok := escapeLen(s, i)
			if !ok {
				return d.badEscape(i)
			}
			i += n
		case c < 0x20:
			d.pos = i
			return d.syntaxErr("control character in string")
		case twoByteRune(s, i):
			i += 2
		default:
			var err error
			if i, err = d.letterRun(s, i); err != nil {
				return err
			}
		}
	}
}

// badEscape returns the error for the escape at offset i that escapeLen
// refused: the one unescape gives, so that skipping a string and decoding
// it fail alike.
func (d *Decoder) badEscape(i int) error {
	_, _, err := d.unescape(nil, i)
	return err
}
