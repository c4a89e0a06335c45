package rtimpl

import "github.com/zeroproject/zero/rt"

// A generated type whose schema says more than its Go shape holds (an
// object with an if/then, a string with a not) carries a Rest node: the
// keywords the shape leaves out. These check it.

// CheckAhead validates the value at the cursor of d against the Rest node
// n without consuming it: the generated decoder then decodes the same
// bytes into its Go type. The interpreter reads strings without writing
// into the input, so the bytes are intact for the decoder.
func CheckAhead(d *rt.Decoder, n *Node) error {
	m := d.Mark()
	err := n.Validate(d)
	d.Rewind(m)
	return err
}

// CheckEncoded validates b, the encoding of a value built in Go, against
// the Rest node n. Errors carry no offset: the text is not the caller's.
func CheckEncoded(b []byte, n *Node) error {
	err := n.ValidateRaw(b)
	if e, ok := err.(*rt.Error); ok {
		e.Offset = -1
	}
	return err
}

// CheckWritten validates what an encoder with a string hook wrote from
// offset start against the Rest node n: the hook may have rewritten a
// string so that the value breaks a rule its Go type does not hold.
// Without a hook the value was validated before it was written.
func CheckWritten(e *rt.Encoder, start int, n *Node) error {
	if e.Hook == nil {
		return nil
	}
	return CheckEncoded(e.Buf[start:], n)
}
