package redact

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/zeroproject/zero/internal/redact/redacttest"
)

// streamed feeds parts to a new Stream and returns the joined output. It
// fails the test if the Stream ever holds back more than its bound.
func streamed(t testing.TB, r *Redactor, parts []string) string {
	t.Helper()
	s := r.Stream()
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(s.Write(p))
		if s.Held() >= r.use().holdLimit() {
			t.Fatalf("Stream holds %d bytes, bound %d", s.Held(), r.use().holdLimit())
		}
	}
	b.WriteString(s.Flush())
	return b.String()
}

// splitAt splits s at the given increasing offsets.
func splitAt(s string, cuts ...int) []string {
	var parts []string
	prev := 0
	for _, c := range cuts {
		parts = append(parts, s[prev:c])
		prev = c
	}
	return append(parts, s[prev:])
}

// randomSplit splits s into n parts at random offsets (parts may be empty).
func randomSplit(rng *rand.Rand, s string, n int) []string {
	cuts := make([]int, n-1)
	for i := range cuts {
		cuts[i] = rng.IntN(len(s) + 1)
	}
	for i := 1; i < len(cuts); i++ {
		for j := i; j > 0 && cuts[j] < cuts[j-1]; j-- {
			cuts[j], cuts[j-1] = cuts[j-1], cuts[j]
		}
	}
	return splitAt(s, cuts...)
}

// corpusTexts is every sample in every context.
func corpusTexts() []string {
	var texts []string
	for _, sample := range redacttest.Corpus() {
		for _, c := range contexts {
			texts = append(texts, c.wrap(sample.Text))
		}
	}
	return texts
}

func TestStreamEverySplitPoint(t *testing.T) {
	r := New(redacttest.ConfiguredSecret)
	for _, text := range corpusTexts() {
		want := r.String("", text)
		for cut := 0; cut <= len(text); cut++ {
			if got := streamed(t, r, splitAt(text, cut)); got != want {
				t.Fatalf("split at %d of %q:\n got %q\nwant %q", cut, text, got, want)
			}
		}
	}
}

func TestStreamEverySplitPointOfWholeCorpus(t *testing.T) {
	r := New(redacttest.ConfiguredSecret)
	doc := corpusDocument()
	want := r.String("", doc)
	for cut := 0; cut <= len(doc); cut++ {
		if got := streamed(t, r, splitAt(doc, cut)); got != want {
			t.Fatalf("split at %d: outputs differ", cut)
		}
	}
}

func TestStreamRandomSplits(t *testing.T) {
	r := New(redacttest.ConfiguredSecret)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, text := range corpusTexts() {
		want := r.String("", text)
		for range 20 {
			parts := randomSplit(rng, text, 2+rng.IntN(4))
			if got := streamed(t, r, parts); got != want {
				t.Fatalf("split %q:\n got %q\nwant %q", parts, got, want)
			}
		}
	}
}

func TestStreamByteAtATime(t *testing.T) {
	r := New(redacttest.ConfiguredSecret)
	doc := corpusDocument()
	if got, want := streamed(t, r, strings.Split(doc, "")), r.String("", doc); got != want {
		t.Fatal("byte-at-a-time output differs from String")
	}
}

func TestStreamSecretsSplitAcrossDeltas(t *testing.T) {
	r := New(redacttest.ConfiguredSecret)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, sample := range redacttest.Credentials() {
		for _, c := range contexts {
			text := c.wrap(sample.Text)
			for n := 2; n <= 5; n++ {
				checkRedacted(t, sample, streamed(t, r, randomSplit(rng, text, n)))
			}
		}
	}
}

func TestStreamEmitsEarly(t *testing.T) {
	r := New()
	s := r.Stream()
	prose := strings.Repeat("plain words without any trigger bytes ", 20)
	if got := s.Write(prose); got != prose {
		t.Errorf("trigger-free text was held back: %d of %d bytes emitted", len(got), len(prose))
	}
	if got := s.Write("key sk-"); got != "key " {
		t.Errorf("Write = %q, want the text before the possible key", got)
	}
	if got := s.Write("proj-FAKEfake0123456789abcdefFAKE and"); got != "[REDACTED:openai] and" {
		t.Errorf("Write = %q", got)
	}
	if got := s.Flush(); got != "" {
		t.Errorf("Flush = %q", got)
	}
	if got := s.Write("again sk-"); got != "again " {
		t.Errorf("reuse after Flush: %q", got)
	}
	if got := s.Flush(); got != "sk-" {
		t.Errorf("Flush = %q", got)
	}
}

func TestStreamPEMIsNotHeld(t *testing.T) {
	r := New()
	s := r.Stream()
	out := s.Write("-----BEGIN PRIVATE KEY-----\n")
	for range 1000 {
		out += s.Write("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=\n")
		if s.Held() > 64 {
			t.Fatalf("holding %d bytes inside a key body", s.Held())
		}
	}
	out += s.Write("-----END PRIVATE KEY-----\nbye") + s.Flush()
	if out != "[REDACTED:private_key]\nbye" {
		t.Errorf("got %.100q", out)
	}
}

func TestStreamHoldsLongSecrets(t *testing.T) {
	long := strings.Repeat("L0ngSecret", 40)
	r := New(long)
	text := "a " + long + " b"
	for cut := 0; cut <= len(text); cut += 7 {
		if got := streamed(t, r, splitAt(text, cut)); got != "a [REDACTED:secret] b" {
			t.Fatalf("cut %d: %q", cut, got)
		}
	}
}

// FuzzStream checks the streaming guarantee on arbitrary text and splits.
func FuzzStream(f *testing.F) {
	for _, text := range corpusTexts()[:40] {
		f.Add(text, uint64(len(text)/3), uint64(7))
	}
	r := New(redacttest.ConfiguredSecret)
	f.Fuzz(func(t *testing.T, text string, seed, seed2 uint64) {
		rng := rand.New(rand.NewPCG(seed, seed2))
		parts := randomSplit(rng, text, 1+rng.IntN(6))
		if got, want := streamed(t, r, parts), r.String("", text); got != want {
			t.Fatalf("split %q:\n got %q\nwant %q", parts, got, want)
		}
	})
}

// TestStreamOutputStaysAsItWas keeps every string Write returned while
// many more deltas go through the Stream (filling several of its blocks,
// with deltas of every length up to beyond a block) and checks that none
// of them changed: the Stream never writes again where they point.
func TestStreamOutputStaysAsItWas(t *testing.T) {
	s := New(redacttest.ConfiguredSecret).Stream()
	var got, want []string
	for i := range 3000 {
		delta := strings.Repeat(string(rune('a'+i%26)), i%97) + " "
		if i%500 == 0 {
			delta = strings.Repeat("x", 3*blockSize)
		}
		out := s.Write(delta)
		got, want = append(got, out), append(want, strings.Clone(out))
	}
	got, want = append(got, s.Flush()), append(want, "")
	for i := range got[:len(got)-1] {
		if got[i] != want[i] {
			t.Fatalf("output %d changed after later writes: %.40q, was %.40q", i, got[i], want[i])
		}
	}
}
