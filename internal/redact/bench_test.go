package redact

import (
	"strings"
	"testing"

	"github.com/zeroproject/zero/internal/redact/redacttest"
)

// Run with: go test -bench . -benchmem ./internal/redact

var (
	// fastText has none of the trigger bytes.
	fastText = strings.Repeat("plain words with no trigger bytes in them, over and over; ", 40)
	// slowText has trigger bytes but no credential.
	slowText = strings.Repeat("A note: max_tokens=1024, see https://example.com/x-y ", 20)
)

func TestFastPathDoesNotAllocate(t *testing.T) {
	r := New(redacttest.ConfiguredSecret)
	for name, s := range map[string]string{"fast": fastText, "slow path, nothing found": slowText} {
		if got := r.String("", s); got != s {
			t.Fatalf("%s: text changed", name)
		}
		if n := testing.AllocsPerRun(100, func() { r.String("content", s) }); n != 0 {
			t.Errorf("%s: String allocates %v times", name, n)
		}
	}
}

func BenchmarkStringFastPath(b *testing.B) {
	r := New(redacttest.ConfiguredSecret)
	b.SetBytes(int64(len(fastText)))
	b.ReportAllocs()
	for b.Loop() {
		r.String("", fastText)
	}
}

func BenchmarkStringNoSecret(b *testing.B) {
	r := New(redacttest.ConfiguredSecret)
	b.SetBytes(int64(len(slowText)))
	b.ReportAllocs()
	for b.Loop() {
		r.String("", slowText)
	}
}

func BenchmarkStringCorpus(b *testing.B) {
	r := New(redacttest.ConfiguredSecret)
	doc := corpusDocument()
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		r.String("", doc)
	}
}

func BenchmarkStreamCorpus(b *testing.B) {
	r := New(redacttest.ConfiguredSecret)
	doc := corpusDocument()
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		s := r.Stream()
		for i := 0; i < len(doc); i += 16 {
			s.Write(doc[i:min(i+16, len(doc))])
		}
		s.Flush()
	}
}
