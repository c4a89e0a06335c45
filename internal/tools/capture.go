package tools

import "fmt"

// capture is an io.Writer that keeps the first and the last half bytes
// of everything written to it and counts what it dropped in between.
type capture struct {
	half  int
	head  []byte
	tail  []byte
	total int
}

func newCapture(half int) *capture { return &capture{half: half} }

// Write keeps p in the head until it is full, then in a sliding tail.
func (c *capture) Write(p []byte) (int, error) {
	n := len(p)
	c.total += n
	if room := c.half - len(c.head); room > 0 {
		k := min(room, len(p))
		c.head = append(c.head, p[:k]...)
		p = p[k:]
	}
	c.tail = append(c.tail, p...)
	if len(c.tail) > 2*c.half {
		c.tail = append(c.tail[:0], c.tail[len(c.tail)-c.half:]...)
	}
	return n, nil
}

// String returns the captured text and whether anything was dropped. When
// output was dropped, head and tail are cut on UTF-8 boundaries and outside
// tokens (see openEnd) and joined by a line saying how much is missing.
func (c *capture) String() (string, bool) {
	tail := c.tail
	if len(tail) > c.half {
		tail = tail[len(tail)-c.half:]
	}
	dropped := c.total - len(c.head) - len(tail)
	if dropped == 0 {
		return string(c.head) + string(tail), false
	}
	head := openEnd(string(c.head))
	rest := openStart(string(tail))
	omitted := c.total - len(head) - len(rest)
	return fmt.Sprintf("%s\n[... %d bytes of output omitted ...]\n%s", head, omitted, rest), true
}
