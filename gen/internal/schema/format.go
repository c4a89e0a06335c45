package schema

import (
	"bytes"
	"strings"

	"github.com/zeroproject/zero/rt"
)

// WriteIndented writes n as JSON indented by two spaces, members in their
// order, scalars exactly as they were written; a value whose one-line form
// fits in 100 columns stays on one line.
func (n *Value) WriteIndented(buf *bytes.Buffer, indent string) {
	if c := n.Compact(); len(indent)+len(c) <= 100 {
		buf.WriteString(c)
		return
	}
	switch n.Kind {
	case rt.Object:
		if len(n.Members) == 0 {
			buf.WriteString("{}")
			return
		}
		buf.WriteString("{\n")
		for i, m := range n.Members {
			buf.WriteString(indent + "  ")
			buf.Write(rt.AppendString(nil, m.Key))
			buf.WriteString(": ")
			m.Val.WriteIndented(buf, indent+"  ")
			if i < len(n.Members)-1 {
				buf.WriteByte(',')
			}
			buf.WriteByte('\n')
		}
		buf.WriteString(indent + "}")
	case rt.Array:
		if len(n.Items) == 0 {
			buf.WriteString("[]")
			return
		}
		buf.WriteString("[\n")
		for i, it := range n.Items {
			buf.WriteString(indent + "  ")
			it.WriteIndented(buf, indent+"  ")
			if i < len(n.Items)-1 {
				buf.WriteByte(',')
			}
			buf.WriteByte('\n')
		}
		buf.WriteString(indent + "]")
	default:
		buf.WriteString(n.Text)
	}
}

// Compact is n on one line, with a space after each colon and comma, and
// scalars exactly as they were written.
func (n *Value) Compact() string {
	var b strings.Builder
	n.writeCompact(&b)
	return b.String()
}

func (n *Value) writeCompact(b *strings.Builder) {
	switch n.Kind {
	case rt.Object:
		b.WriteByte('{')
		for i, m := range n.Members {
			if i > 0 {
				b.WriteString(", ")
			}
			b.Write(rt.AppendString(nil, m.Key))
			b.WriteString(": ")
			m.Val.writeCompact(b)
		}
		b.WriteByte('}')
	case rt.Array:
		b.WriteByte('[')
		for i, it := range n.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			it.writeCompact(b)
		}
		b.WriteByte(']')
	default:
		b.WriteString(n.Text)
	}
}
