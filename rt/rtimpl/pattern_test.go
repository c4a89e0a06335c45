package rtimpl

import (
	"math/rand"
	"regexp"
	"testing"
)

// TestSimplePatternAgreesWithRegexp checks the table-driven matcher against
// the regexp engine on random strings.
func TestSimplePatternAgreesWithRegexp(t *testing.T) {
	patterns := []string{
		`^[A-Za-z0-9][A-Za-z0-9_.:-]*$`, `^[a-z][a-z0-9_]*$`, `^a*$`, `^[0-9]{2,4}$`, `^ab?c$`,
		`^x[éa-c]+$`, `^.$`, `^[^/]*$`, `^$`, `^\d\d$`,
	}
	alphabet := []rune("aAbcxz09_.:-/é😀 \n")
	r := rand.New(rand.NewSource(3))
	for _, src := range patterns {
		p := MustPattern(src)
		if p.simple == nil {
			t.Errorf("%s: expected the simple matcher", src)
			continue
		}
		re := regexp.MustCompile(src)
		for k := 0; k < 5000; k++ {
			rs := make([]rune, r.Intn(8))
			for i := range rs {
				rs[i] = alphabet[r.Intn(len(alphabet))]
			}
			s := string(rs)
			if got, want := p.MatchString(s), re.MatchString(s); got != want {
				t.Fatalf("%s on %q: got %v, want %v", src, s, got, want)
			}
		}
	}
	if MustPattern(`a|b`).simple != nil || MustPattern(`^(ab)+$`).simple != nil {
		t.Error("alternations and groups must use the regexp engine")
	}
}
