package rtimpl

import (
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/zeroproject/zero/rt"
)

// TestPatternECMASemantics holds patterns to ECMA-262's verdicts where
// RE2's reading of the same text differs, whichever engine matches them.
func TestPatternECMASemantics(t *testing.T) {
	for _, c := range []struct {
		src    string
		engine Engine
		match  []string
		miss   []string
	}{
		{`^\s$`, engineSimple, []string{" ", "\t", "\v", "\u00a0", "\ufeff", "\u2029", "\u2003", "\u3000"}, []string{"a", "\u200b", ""}},
		{`^\S$`, engineSimple, []string{"a", "\u200b"}, []string{"\v", "\u00a0", "\ufeff", "\u2029", "\u2003"}},
		{`^[\s,]+$`, engineSimple, []string{" ,\u00a0"}, []string{"a"}},
		{`^.$`, engineSimple, []string{"a", "é", "😀"}, []string{"\n", "\r", "\u2028", "\u2029"}},
		{`^\cC$`, engineSimple, []string{"\x03"}, []string{"C", "cC"}},
		{`^\cc$`, engineSimple, []string{"\x03"}, []string{"c"}},
		{`^\u0041\u{1F432}$`, engineSimple, []string{"A🐲"}, []string{"A"}},
		{`^\ud83d\udc32$`, engineSimple, []string{"🐲"}, []string{"\ufffd"}},
		{`^[]$`, engineSimple, nil, []string{"", "a", "]"}},
		{`^[^]$`, engineSimple, []string{"a", "\n"}, []string{"", "ab"}},
		{`^\d+$`, engineSimple, []string{"123"}, []string{"١٢٣"}},
		{`^\w+$`, engineSimple, []string{"a_1"}, []string{"é"}},
		{`abc$`, EngineRE2, []string{"xabc"}, []string{"abc\n"}},
		{`^(?!foo)[a-z]+$`, EngineECMA, []string{"bar", "fo"}, []string{"foo", "foobar", "Bar"}},
		{`^(?<=x)`, EngineECMA, nil, []string{"x"}},
		{`^(a)\1$`, EngineECMA, []string{"aa"}, []string{"ab"}},
		{`^\p{Letter}cole$`, engineSimple, []string{"école"}, []string{"1cole"}},
		{`^a{1001}$`, EngineECMA, []string{strings.Repeat("a", 1001)}, []string{strings.Repeat("a", 1000)}},
	} {
		p := MustPattern(c.src)
		if p.Engine() != c.engine {
			t.Errorf("%s: engine %s, want %s", c.src, p.Engine(), c.engine)
		}
		for _, s := range c.match {
			if ok, err := p.Match(s); !ok || err != nil {
				t.Errorf("%s on %q: got %v, %v; want a match", c.src, s, ok, err)
			}
		}
		for _, s := range c.miss {
			if ok, err := p.Match(s); ok || err != nil {
				t.Errorf("%s on %q: got %v, %v; want no match", c.src, s, ok, err)
			}
		}
	}
}

// TestPatternRE2AgreesWithECMA checks every pattern RE2 matches after
// rewriting against regexp2's ECMAScript mode, on random strings drawn from
// the characters where the two dialects differ.
func TestPatternRE2AgreesWithECMA(t *testing.T) {
	patterns := []string{
		`^\s*$`, `\S`, `^.+$`, `a.c`, `^[\s\d]+$`, `^[^\s]+$`, `\cJ`, `^[a-z]*\.json$`, `x\u00e9`,
		`^[]$`, `^[^]*$`, `\bab\b`, `^\W+$`, `^(?:a|\s)+$`, `^(?<n>a).$`, `[\b]`, `^\x41\0$`, `\/`,
		`^\p{L}+$`, `^\P{Lu}$`, `^[^\d\s]$`,
	}
	alphabet := []rune("aAbcJ09_é\u0660 \t\n\r\v\f\u00a0\u2028\u2029\u2003\ufeff\u200b\x08\x00\n/.😀")
	r := rand.New(rand.NewSource(7))
	for _, src := range patterns {
		p := MustPattern(src)
		if p.Engine() == EngineECMA {
			t.Errorf("%s: want RE2", src)
			continue
		}
		ref, err := compileECMA(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		for k := 0; k < 3000; k++ {
			rs := make([]rune, r.Intn(6))
			for i := range rs {
				rs[i] = alphabet[r.Intn(len(alphabet))]
			}
			s := string(rs)
			want, err := ref.MatchString(s)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.MatchString(s); got != want {
				t.Fatalf("%s on %q: RE2 says %v, regexp2 (ECMAScript) %v", src, s, got, want)
			}
		}
	}
}

// TestPatternNotECMA refuses what ECMA-262 (with the u flag) does not read
// as a regular expression, even where RE2 would.
func TestPatternNotECMA(t *testing.T) {
	for _, src := range []string{`(?i)a`, `\z`, `\A`, `a(`, `\c`, `\Qa\E`, `(?P<x>a)`} {
		if _, err := PlanPattern(src); err == nil {
			t.Errorf("%s: accepted, want refused", src)
		}
	}
}

// TestPatternTimeoutIsNoVerdict holds a regexp2 match that runs out of time
// to an error that says so and that IsRange recognises, never a mismatch.
func TestPatternTimeoutIsNoVerdict(t *testing.T) {
	defer func(d time.Duration) { PatternTimeout = d }(PatternTimeout)
	PatternTimeout = time.Millisecond
	p := MustPattern(`^(?=a)(a|aa)+$`)
	if p.Engine() != EngineECMA {
		t.Fatal("want regexp2")
	}
	r := &StrRule{MaxLen: -1, Pattern: p}
	err := r.Check(strings.Repeat("a", 60)+"b", 3)
	if err == nil || !rt.IsRange(err) || !strings.Contains(err.Error(), "no verdict") {
		t.Fatalf("got %v, want a no-verdict error", err)
	}
	t.Log(err)
}
