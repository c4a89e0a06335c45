package redact

// verdict is a detector's answer at one position.
type verdict uint8

const (
	// no: no secret starts here, whatever input follows.
	no verdict = iota
	// yes: a secret starts here, whatever input follows.
	yes
	// need: the answer depends on input that has not arrived yet.
	need
)

// view is the text a detector may look at: s[lo:], with the position
// being decided at i. lo is at most lookBehind bytes before i, so String
// and Stream show detectors exactly the same bytes. eof reports that s
// ends the input; without it, a detector that runs off the end of s must
// answer need rather than guess.
type view struct {
	s   string
	i   int
	lo  int
	eof bool
}

// at returns the byte k positions after i, and whether it has arrived.
func (v view) at(k int) (byte, bool) {
	if j := v.i + k; j < len(v.s) {
		return v.s[j], true
	}
	return 0, false
}

// atEnd answers for a byte that has not arrived: no at the end of the
// input, need otherwise.
func (v view) atEnd() verdict {
	if v.eof {
		return no
	}
	return need
}

// back returns the byte k positions before i, if it is inside the view.
func (v view) back(k int) (byte, bool) {
	if j := v.i - k; j >= v.lo && j >= 0 {
		return v.s[j], true
	}
	return 0, false
}

// prefix reports whether the text k bytes after i starts with p.
func (v view) prefix(k int, p string) verdict {
	rest := v.s[min(v.i+k, len(v.s)):]
	if len(rest) >= len(p) {
		return boolVerdict(rest[:len(p)] == p)
	}
	if rest != p[:len(rest)] {
		return no
	}
	return v.atEnd()
}

// run counts the bytes of class c from k bytes after i, up to limit. The
// count is final (yes) when a byte outside c follows, when it reaches
// limit, or at the end of the input; otherwise the verdict is need.
func (v view) run(k int, c *class, limit int) (int, verdict) {
	j := v.i + k
	n := 0
	for n < limit && j+n < len(v.s) && c[v.s[j+n]] {
		n++
	}
	if n == limit || j+n < len(v.s) || v.eof {
		return n, yes
	}
	return n, need
}

// backRun counts the bytes of class c ending k bytes before i, up to
// limit. whole reports that the run is maximal: it is preceded by a byte
// outside c or by the start of the input, not cut by the view or limit.
func (v view) backRun(k int, c *class, limit int) (n int, whole bool) {
	for n < limit {
		b, ok := v.back(k + n)
		if !ok {
			return n, v.i-k-n < 0
		}
		if !c[b] {
			return n, true
		}
		n++
	}
	b, ok := v.back(k + n)
	return n, (!ok && v.i-k-n < 0) || (ok && !c[b])
}

// boundary reports whether the byte before i is not in c (or i starts the
// input), so a token of class c may start at i.
func (v view) boundary(c *class) bool {
	b, ok := v.back(1)
	return !ok || !c[b]
}

// slice returns the text from k to k+n bytes after i.
func (v view) slice(k, n int) string {
	return v.s[v.i+k : v.i+k+n]
}

func boolVerdict(b bool) verdict {
	if b {
		return yes
	}
	return no
}
