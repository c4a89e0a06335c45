package rt

// isSpecial reports whether c ends a plain run inside a JSON string: a
// quote, a backslash, a control byte, or the first byte of a non-ASCII
// sequence.
func isSpecial(c byte) bool { return c == '"' || c == '\\' || c < 0x20 || c >= 0x80 }

// vectorMin is the string length from which the vector loops decode and
// skip strings with escapes: below it, the word loops do, without a call.
const vectorMin = 128

// avx2Min is the input left from which the AVX2 loops take over from the
// SSE2 ones, where the processor has AVX2; a block that stops them costs a
// call to each.
const avx2Min = 64
