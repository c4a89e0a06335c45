package redact

import "strings"

// MaxPEMBytes is the most key body a Stream or String drops after a
// private key header when no -----END line or non-key byte comes first.
const MaxPEMBytes = 64 << 10

// maxPEMLabel bounds the label between BEGIN/END and the dashes.
const maxPEMLabel = 48

// detectPEM finds a "-----BEGIN ... PRIVATE KEY-----" header (also
// "PRIVATE KEY BLOCK" for PGP). The header is replaced and pemSkipper
// drops the key body after it.
func detectPEM(v view) (hit, verdict) {
	if vd := v.prefix(0, "-----BEGIN "); vd != yes {
		return hit{}, vd
	}
	n, ok, vd := pemLine(v, len("-----BEGIN "))
	if vd != yes {
		return hit{}, vd
	}
	if !ok {
		return hit{}, no
	}
	return hit{n: n, repl: replacement(KindPrivateKey), tail: pemSkipper{}}, yes
}

// pemLine reads "LABEL-----" k bytes after i and returns the length of
// the whole line from i and whether LABEL names a private key.
func pemLine(v view, k int) (int, bool, verdict) {
	n, vd := v.run(k, pemLabel, maxPEMLabel)
	if vd == need {
		return 0, false, need
	}
	if vd := v.prefix(k+n, "-----"); vd != yes {
		return 0, false, vd
	}
	label := strings.TrimSpace(v.slice(k, n))
	private := strings.HasSuffix(label, "PRIVATE KEY") || strings.HasSuffix(label, "PRIVATE KEY BLOCK")
	return k + n + len("-----"), private, yes
}

// pemSkipper drops a key body: base64, PEM header lines, whitespace and
// escaped line breaks, through the -----END ...----- line.
type pemSkipper struct{}

func (pemSkipper) skip(v view, dropped int) (int, verdict) {
	room := MaxPEMBytes - dropped
	if room <= 0 {
		return 0, no
	}
	if v.s[v.i] == '-' {
		return pemDash(v)
	}
	n := 0
	for n < room && v.i+n < len(v.s) && pemBody[v.s[v.i+n]] {
		n++
	}
	if n == 0 {
		return 0, no
	}
	return n, yes
}

// pemDash handles a dash inside a key body: an END line ends the body
// (and is dropped with it); any other dash is body.
func pemDash(v view) (int, verdict) {
	vd := v.prefix(0, "-----END ")
	if vd == need {
		return 0, need
	}
	if vd == no {
		return 1, yes
	}
	n, _, vd := pemLine(v, len("-----END "))
	switch vd {
	case need:
		return 0, need
	case yes:
		return n, no
	}
	return 1, yes
}
