package redact

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/zeroproject/zero/internal/redact/redacttest"
)

// contexts place a sample at the start, middle and end of a text, on its
// own, inside JSON-ish text and JSON-escaped inside a JSON document.
var contexts = []struct {
	name string
	wrap func(string) string
}{
	{"alone", func(s string) string { return s }},
	{"start", func(s string) string { return s + " and then some words." }},
	{"middle", func(s string) string { return "Some words first: " + s + "\nand more after." }},
	{"end", func(s string) string { return "Output follows\n" + s }},
	{"json-ish", func(s string) string { return `{"type": "tool_result", "output": "` + s + `", "ok": true}` }},
	{"json-escaped", func(s string) string { return `{"output":` + jsonString(s) + `}` }},
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// checkRedacted fails if any secret of sample survives in got.
func checkRedacted(t *testing.T, sample redacttest.Sample, got string) {
	t.Helper()
	for _, secret := range sample.Secrets {
		if strings.Contains(got, secret) || strings.Contains(got, jsonString(secret)[1:len(jsonString(secret))-1]) {
			t.Errorf("%s: secret %.20q... survived in %q", sample.Name, secret, got)
		}
	}
	want := Redacted
	if sample.Kind != "" {
		want = replacement(sample.Kind)
	}
	if !strings.Contains(got, want) {
		t.Errorf("%s: %q lacks %s", sample.Name, got, want)
	}
}

func TestCorpusSecretsRemovedEverywhere(t *testing.T) {
	r := New(redacttest.ConfiguredSecret)
	for _, sample := range redacttest.Credentials() {
		for _, c := range contexts {
			checkRedacted(t, sample, r.String("", c.wrap(sample.Text)))
		}
	}
}

func TestCorpusProseUnchanged(t *testing.T) {
	r := New(redacttest.ConfiguredSecret)
	for _, sample := range redacttest.Prose() {
		for _, c := range contexts {
			in := c.wrap(sample.Text)
			if got := r.String("", in); got != in {
				t.Errorf("prose changed (%s):\n got %q\nwant %q", c.name, got, in)
			}
		}
	}
}

func TestCorpusAllAtOnce(t *testing.T) {
	r := New(redacttest.ConfiguredSecret)
	got := r.String("", corpusDocument())
	for _, sample := range redacttest.Credentials() {
		for _, secret := range sample.Secrets {
			if strings.Contains(got, secret) {
				t.Errorf("%s: secret survived in the whole-corpus document", sample.Name)
			}
		}
	}
	for _, sample := range redacttest.Prose() {
		if !strings.Contains(got, sample.Text) {
			t.Errorf("prose changed in the whole-corpus document: %q", sample.Text)
		}
	}
}

// corpusDocument joins every sample, prose between credentials.
func corpusDocument() string {
	var b strings.Builder
	prose := redacttest.Prose()
	for i, sample := range redacttest.Credentials() {
		b.WriteString(prose[i%len(prose)].Text)
		b.WriteString("\n")
		b.WriteString(sample.Text)
		b.WriteString("\n")
	}
	for _, p := range prose {
		b.WriteString(p.Text + "\n")
	}
	return b.String()
}
