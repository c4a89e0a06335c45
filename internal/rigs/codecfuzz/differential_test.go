package codecfuzz

import (
	"flag"
	"fmt"
	"hash/fnv"
	"sort"
	"strings"
	"testing"
)

var (
	diffSeed    = flag.Int64("seed", 1, "seed of TestDifferential's mutations")
	diffMutants = flag.Int("mutants", 4000, "mutants per root in TestDifferential")
)

// TestDifferential checks the invariants of check on mutants of every root's
// valid fixtures and valid documents of schema/testdata/documents.json: each
// mutant is one random change (see mutations) to one of those or to an
// earlier mutant the decoder accepted. The random source is seeded (-seed),
// so a failure reproduces; it names the mutant.
func TestDifferential(t *testing.T) {
	n := *diffMutants
	if testing.Short() {
		n /= 10
	}
	var total stats
	perPkg := map[string]int{}
	for _, r := range roots {
		perPkg[r.pkg]++
	}
	for _, r := range roots {
		t.Run(r.id(), func(t *testing.T) {
			if why := differentialGaps[r.pkg]; why != "" {
				t.Skip("SKIPPED: " + why)
			}
			s := differential(t, r, mutantsFor(n, perPkg[r.pkg]))
			t.Logf("%s: %s", r.id(), s)
			total.add(s)
		})
	}
	t.Logf("all roots: %s", &total)
}

// mutantsFor is the number of mutants for one root of a package with
// roots roots, given n per root: a package of many roots (the protocol
// messages of ACP and MCP, which share most of their types) shares the
// budget of packageRoots roots among them, with at least n/4 each, so
// that make test stays within its time.
func mutantsFor(n, roots int) int {
	const packageRoots = 4
	if roots <= packageRoots {
		return n
	}
	return max(n*packageRoots/roots, n/4)
}

// differentialGaps are the packages whose roots TestDifferential skips,
// and why. Each entry is a generator bug the test found and that is not
// fixed yet; remove the entry with the fix.
var differentialGaps = map[string]string{}

func differential(t *testing.T, r *root, n int) *stats {
	valid, _ := fixtures(t, r)
	docValid, _ := documents(t, r)
	valid = append(valid, docValid...)
	var trees []*node
	for _, b := range valid {
		tr, err := parseTree(b)
		if err != nil {
			t.Fatalf("valid fixture %s: %v", b, err)
		}
		trees = append(trees, tr)
	}
	h := fnv.New64a()
	h.Write([]byte(r.id()))
	m := newMutator(*diffSeed+int64(h.Sum64()>>1), r, trees)
	var good []*node // accepted mutants, parents of later ones
	s := &stats{outcomes: map[outcome]int{}}
	for i := range n {
		parent := trees[m.rng.Intn(len(trees))]
		if len(good) > 0 && m.rng.Intn(2) == 0 {
			parent = good[m.rng.Intn(len(good))]
		}
		mu := mutations[m.rng.Intn(len(mutations))]
		tree := mu.fn(m, parent.clone())
		b := tree.appendJSON(nil)
		out, err := check(r, b)
		s.tried++
		if err != nil {
			s.failed++
			if s.failed <= 10 {
				t.Errorf("mutant %d (%s): %v\ninput: %s", i, mu.name, err, clip(b))
			}
			continue
		}
		s.outcomes[out]++
		if out == accepted {
			if len(good) < 256 {
				good = append(good, tree)
			} else {
				good[m.rng.Intn(len(good))] = tree
			}
		}
	}
	return s
}

// stats counts the outcomes of the mutants of one root, or of all.
type stats struct {
	tried, failed int
	outcomes      map[outcome]int
}

func (s *stats) add(o *stats) {
	if s.outcomes == nil {
		s.outcomes = map[outcome]int{}
	}
	s.tried += o.tried
	s.failed += o.failed
	for k, v := range o.outcomes {
		s.outcomes[k] += v
	}
}

func (s *stats) String() string {
	var parts []string
	for k, v := range s.outcomes {
		parts = append(parts, fmt.Sprintf("%s %d", k, v))
	}
	sort.Strings(parts)
	return fmt.Sprintf("%d mutants, %d failed: %s", s.tried, s.failed, strings.Join(parts, ", "))
}
