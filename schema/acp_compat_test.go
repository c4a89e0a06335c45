package schema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zeroproject/zero/gen"
)

// TestACPCompatOfficial runs zerogen's compatibility check between the
// official ACP v1 schema (old) and Zero's schema/acp/v1 (new), restricted
// to the messages zero acp uses (acp/official-reads.pairs and
// acp/official-writes.pairs, as 'zerogen compat --pairs' reads them):
//
//   - for the messages Zero reads, in the producer role: everything a
//     client writes under the official schema is valid under Zero's;
//   - for the messages Zero writes, in the consumer role: everything Zero's
//     schema allows is valid under the official one, so a client built on
//     the official schema reads it.
//
// The other role of each set breaks on purpose (Zero reads leniently and
// writes narrowly), and is not checked. It skips when the official schema
// is absent.
func TestACPCompatOfficial(t *testing.T) {
	path := officialACP()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("SKIPPING the ACP compat check: the official ACP schema is not at %s "+
			"(check out the shared reference data beside the repository, or set ZERO_ACP_SCHEMA)", path)
	}
	official := []gen.File{{Name: "schema.json", Data: data}}
	ours := acpFiles(t)
	for _, tc := range []struct {
		pairs string
		role  gen.Role
	}{{"official-reads.pairs", gen.Producer}, {"official-writes.pairs", gen.Consumer}} {
		pairs := readPairsFile(t, filepath.Join("acp", tc.pairs))
		report, err := gen.ComparePairs(official, ours, pairs)
		if err != nil {
			t.Fatalf("%s: %v", tc.pairs, err)
		}
		report.Old, report.New = "official ACP v1", "schema/acp/v1"
		if n := report.Breaking(tc.role); n > 0 {
			t.Errorf("%s: %d changes break a %s:\n%s", tc.pairs, n, tc.role, report.Text(tc.role))
			continue
		}
		t.Logf("%s (%d pairs): %s", tc.pairs, len(pairs), report.Summary(tc.role))
	}
}

func acpFiles(t *testing.T) []gen.File {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join("acp", "v1"))
	if err != nil {
		t.Fatal(err)
	}
	var files []gen.File
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		b, err := os.ReadFile(filepath.Join("acp", "v1", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, gen.File{Name: e.Name(), Data: b})
	}
	return files
}

// readPairsFile reads "OLD NEW" lines, skipping blanks and # comments.
func readPairsFile(t *testing.T, path string) []gen.CompatPair {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []gen.CompatPair
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != 2 {
			t.Fatalf("%s: bad line %q", path, line)
		}
		out = append(out, gen.CompatPair{Old: f[0], New: f[1]})
	}
	return out
}
