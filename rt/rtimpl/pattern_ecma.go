package rtimpl

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/dlclark/regexp2/v2"
)

// JSON Schema's regular expressions are ECMA-262's (with the "u" flag's
// code-point semantics). A pattern is matched by Go's RE2 (package regexp,
// linear time) when it can be written as an RE2 expression with the same
// verdicts on every string: ecmaToRE2 rewrites the few ECMA-262 constructs
// whose RE2 reading differs (\s, \S, ".", \cX, \uXXXX, [] and [^]) and
// gives up on those RE2 does not have (look-around, back-references) or
// may read differently (anything it does not know). Those patterns are
// matched by regexp2 in ECMAScript mode, a backtracking engine, bounded by
// PatternTimeout.

// Engine names the engine a pattern is matched by.
type Engine string

// The engines.
const (
	EngineRE2    Engine = "RE2"
	EngineECMA   Engine = "regexp2"
	engineSimple Engine = "simple"
)

// PatternTimeout bounds one match of a pattern that regexp2 matches. A
// match that runs out of time is no verdict: the value is refused with an
// error for which rt.IsRange holds, never judged.
var PatternTimeout = time.Second

// ecmaSpace is the class of ECMA-262's \s (WhiteSpace and LineTerminator),
// written for the inside of an RE2 character class.
const ecmaSpace = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// ecmaDot is ECMA-262's "." without the s flag: any code point but a line
// terminator.
const ecmaDot = `[^\n\r\x{2028}\x{2029}]`

// PatternPlan says how a pattern is matched: by which engine, the RE2
// expression when RE2 matches it, and why RE2 does not when it does not.
type PatternPlan struct {
	Engine Engine
	RE2    string // the RE2 expression (EngineRE2)
	Why    string // why regexp2 matches it (EngineECMA)
}

// PlanPattern decides how the ECMA-262 pattern src is matched, or says
// why it is not a pattern at all.
func PlanPattern(src string) (PatternPlan, error) {
	re2, why := ecmaToRE2(src)
	if bad, ok := strings.CutPrefix(why, notECMA); ok {
		return PatternPlan{}, fmt.Errorf("not an ECMA-262 regular expression: %s", bad)
	}
	if why == "" {
		if _, err := regexp.Compile(re2); err == nil {
			return PatternPlan{Engine: EngineRE2, RE2: re2}, nil
		} else {
			why = "RE2 cannot compile it: " + err.Error()
		}
	}
	if _, err := compileECMA(src); err != nil {
		return PatternPlan{}, fmt.Errorf("not an ECMA-262 regular expression: %v", strings.TrimPrefix(err.Error(), "error parsing regexp: "))
	}
	return PatternPlan{Engine: EngineECMA, Why: why}, nil
}

func compileECMA(src string) (*regexp2.Regexp, error) {
	re, err := regexp2.Compile(src, regexp2.ECMAScript|regexp2.Unicode)
	if err != nil {
		return nil, err
	}
	re.MatchTimeout = PatternTimeout
	return re, nil
}

// notECMA starts the reason ecmaToRE2 gives for a construct that
// ECMA-262 (with the u flag) refuses, although RE2 or regexp2 would read it
// ((?i), \A, \z, \Q): the pattern is refused rather than read in another
// dialect.
const notECMA = "not ECMA-262: "

// ecmaToRE2 rewrites src as an RE2 expression with the same verdicts, or
// says why it cannot.
func ecmaToRE2(src string) (string, string) {
	var b strings.Builder
	inClass := false
	rs := []rune(src)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '\\':
			if i+1 >= len(rs) {
				return "", "a trailing backslash"
			}
			n, out, why := ecmaEscape(rs[i+1:], inClass)
			if why != "" {
				return "", why
			}
			b.WriteString(out)
			i += n
		case inClass:
			if r == '[' && i+1 < len(rs) && (rs[i+1] == ':' || rs[i+1] == '=' || rs[i+1] == '.') {
				return "", "[" + string(rs[i+1]) + " inside a class reads differently in RE2"
			}
			if r == ']' {
				inClass = false
			}
			b.WriteRune(r)
		case r == '[':
			rest := string(rs[i:])
			switch {
			case strings.HasPrefix(rest, "[]"):
				b.WriteString(`[^\x00-\x{10FFFF}]`) // matches nothing
				i++
				continue
			case strings.HasPrefix(rest, "[^]"):
				b.WriteString(`[\x00-\x{10FFFF}]`) // matches any code point
				i += 2
				continue
			case strings.HasPrefix(rest, "[^"):
				b.WriteString("[^")
				i++
			default:
				b.WriteByte('[')
			}
			inClass = true
		case r == '.':
			b.WriteString(ecmaDot)
		case r == '(' && i+1 < len(rs) && rs[i+1] == '?':
			rest := string(rs[i:])
			switch {
			case strings.HasPrefix(rest, "(?:"):
			case strings.HasPrefix(rest, "(?<") && !strings.HasPrefix(rest, "(?<=") && !strings.HasPrefix(rest, "(?<!"):
			case strings.HasPrefix(rest, "(?=") || strings.HasPrefix(rest, "(?!") || strings.HasPrefix(rest, "(?<=") || strings.HasPrefix(rest, "(?<!"):
				return "", "look-around"
			default:
				return "", notECMA + "(? starts no ECMA-262 group (inline flags are RE2's and Perl's)"
			}
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String(), ""
}

// ecmaEscape rewrites the escape whose letters (after the backslash) start
// rs, returning how many runes it takes and its RE2 form.
func ecmaEscape(rs []rune, inClass bool) (int, string, string) {
	c := rs[0]
	switch {
	case c == 's':
		if inClass {
			return 1, ecmaSpace, ""
		}
		return 1, "[" + ecmaSpace + "]", ""
	case c == 'S':
		if inClass {
			return 0, "", `\S inside a class`
		}
		return 1, "[^" + ecmaSpace + "]", ""
	case c == 'b' && inClass:
		return 1, `\x08`, ""
	case strings.ContainsRune("dDwWbBtnrfv", c):
		return 1, `\` + string(c), ""
	case c == 'c':
		if len(rs) > 1 && (rs[1] >= 'a' && rs[1] <= 'z' || rs[1] >= 'A' && rs[1] <= 'Z') {
			return 2, fmt.Sprintf(`\x{%x}`, rs[1]%32), ""
		}
		return 0, "", `\c without a letter`
	case c == '0':
		if len(rs) > 1 && rs[1] >= '0' && rs[1] <= '9' {
			return 0, "", "an octal escape"
		}
		return 1, `\x00`, ""
	case c >= '1' && c <= '9':
		return 0, "", "a back-reference"
	case c == 'k':
		return 0, "", "a named back-reference"
	case c == 'x':
		if len(rs) > 2 && isHex(rs[1]) && isHex(rs[2]) {
			return 3, `\x` + string(rs[1:3]), ""
		}
		return 0, "", `\x without two hex digits`
	case c == 'u':
		return unicodeEscape(rs)
	case c == 'p' || c == 'P':
		end := strings.IndexRune(string(rs), '}')
		if len(rs) < 3 || rs[1] != '{' || end < 0 {
			return 0, "", `\` + string(c) + " without {name}"
		}
		n := len([]rune(string(rs)[:end])) + 1
		return n, `\` + string(rs[:n]), "" // RE2 refuses a name it does not know
	case strings.ContainsRune(`^$\.*+?()[]{}|/-`, c):
		return 1, `\` + string(c), ""
	}
	if c < 0x80 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
		return 0, "", fmt.Sprintf(notECMA+`\%c is no escape of ECMA-262 with the u flag`, c)
	}
	return 0, "", fmt.Sprintf(`\%c, an identity escape RE2 may read differently`, c)
}

// unicodeEscape reads \uXXXX (a surrogate pair written as two such
// escapes is one code point) or \u{X...}.
func unicodeEscape(rs []rune) (int, string, string) {
	if len(rs) > 2 && rs[1] == '{' {
		end := strings.IndexRune(string(rs), '}')
		if end < 0 {
			return 0, "", `\u{ without }`
		}
		hex := string(rs[2:len([]rune(string(rs)[:end]))])
		v, err := strconv.ParseUint(hex, 16, 32)
		if err != nil || v > 0x10FFFF {
			return 0, "", `\u{` + hex + `} is not a code point`
		}
		return len([]rune(string(rs)[:end])) + 1, fmt.Sprintf(`\x{%x}`, v), ""
	}
	v, ok := hex4(rs[1:])
	if !ok {
		return 0, "", `\u without four hex digits`
	}
	if v >= 0xD800 && v <= 0xDBFF && len(rs) >= 11 && rs[5] == '\\' && rs[6] == 'u' {
		if lo, ok := hex4(rs[7:]); ok && lo >= 0xDC00 && lo <= 0xDFFF {
			return 11, fmt.Sprintf(`\x{%x}`, 0x10000+(v-0xD800)<<10+(lo-0xDC00)), ""
		}
	}
	if v >= 0xD800 && v <= 0xDFFF {
		return 0, "", "a lone surrogate"
	}
	return 5, fmt.Sprintf(`\x{%x}`, v), ""
}

func hex4(rs []rune) (rune, bool) {
	if len(rs) < 4 {
		return 0, false
	}
	var v rune
	for _, r := range rs[:4] {
		if !isHex(r) {
			return 0, false
		}
		d, _ := strconv.ParseUint(string(r), 16, 8)
		v = v<<4 | rune(d)
	}
	return v, true
}

func isHex(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F'
}
