package redact

// class is a set of bytes.
type class [256]bool

// classOf returns the set of the given characters; "a-z" inside chars is
// a range.
func classOf(chars string) *class {
	var c class
	for i := 0; i < len(chars); i++ {
		if i+2 < len(chars) && chars[i+1] == '-' {
			for b := int(chars[i]); b <= int(chars[i+2]); b++ {
				c[b] = true
			}
			i += 2
			continue
		}
		c[chars[i]] = true
	}
	return &c
}

// classExcept returns the set of every byte not in chars.
func classExcept(chars string) *class {
	c := classOf(chars)
	for i := range c {
		c[i] = !c[i]
	}
	return c
}

// Byte classes used by the detectors.
var (
	tokenChars    = classOf("A-Za-z0-9_-")
	alnumChars    = classOf("A-Za-z0-9")
	upperNumChars = classOf("A-Z0-9")
	githubPAT     = classOf("A-Za-z0-9_")
	slackChars    = classOf("A-Za-z0-9-")
	letters       = classOf("A-Za-z")
	digits        = classOf("0-9")
	keyChars      = classOf("A-Za-z0-9_.-")
	schemeChars   = classOf("A-Za-z0-9+.-")
	token68       = classOf("A-Za-z0-9._~+/=-")
	pemLabel      = classOf("A-Z0-9 ")
	pemBody       = classOf("A-Za-z0-9+/= \t\r\n\\:,._")
	blanks        = classOf(" \t")
	// unquotedValue ends a bare value: whitespace, quotes and separators.
	unquotedValue = classExcept(" \t\r\n\f\v\"'`,;&<>\\)]}")
	// headerValue runs to the end of a header line or its quoting.
	headerValue = classExcept("\r\n\"'`\\")
	// urlUser and urlPass are the bytes of URL userinfo parts.
	urlUser = classExcept(" \t\r\n\"'`<>\\:/@?#[]")
	urlPass = classExcept(" \t\r\n\"'`<>\\:/@?#")
)

// quotedValue returns the class of bytes inside a value quoted with q; an
// escaped quote (\") also ends at a backslash.
func quotedValue(q byte, escaped bool) *class {
	switch {
	case escaped:
		return escapedQuoted
	case q == '\'':
		return singleQuoted
	case q == '`':
		return backQuoted
	}
	return doubleQuoted
}

var (
	doubleQuoted  = classExcept("\"\r\n")
	singleQuoted  = classExcept("'\r\n")
	backQuoted    = classExcept("`\r\n")
	escapedQuoted = classExcept("\"\\\r\n")
)

// has reports whether s contains a byte of c.
func (c *class) has(s string) bool {
	for i := 0; i < len(s); i++ {
		if c[s[i]] {
			return true
		}
	}
	return false
}
