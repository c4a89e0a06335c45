package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// TestRedaction has the model echo the API key Zero was given, split across
// two text deltas and inside tool arguments; the key must not reach stdout,
// stderr or the session files in any output format. The slow runs send
// each event on its own, some time after the one before, so that zero
// flushes its output between the two halves of the key.
func TestRedaction(t *testing.T) {
	const key = "sk-proj-Zx81TqP0aLmN4bVc7RsYeWu2Ko9HdJf3GiAa"
	for _, format := range []string{"stream-json", "text", "json", "stream-json slow", "text slow"} {
		t.Run(format, func(t *testing.T) {
			var delay time.Duration
			if f, ok := strings.CutSuffix(format, " slow"); ok {
				format, delay = f, 20*time.Millisecond
			}
			z := newZeroEnv(t)
			z.serve(pt.OpenAI,
				pt.Slow(pt.OpenAI.Stream(pt.Turn{
					Text:  []string{"Your key is " + key[:14], key[14:] + ". Checking a file."},
					Calls: []pt.Call{{ID: "call_k", Name: "read_file", Args: []string{`{"path":"` + key + `.txt"}`}}},
				}), delay),
				pt.Slow(pt.OpenAI.Stream(pt.Text("Again: "+key[:20], key[20:])), delay),
			)
			z.vars["OPENAI_API_KEY"] = key
			res := z.exec("-o", format, "echo my key")
			if res.code != 0 {
				t.Fatalf("code %d, stderr %q", res.code, res.stderr)
			}
			for name, s := range map[string]string{"stdout": res.stdout, "stderr": res.stderr} {
				if strings.Contains(s, key[:14]) || strings.Contains(s, key[14:]) {
					t.Errorf("%s leaks the key:\n%s", name, s)
				}
			}
			if !strings.Contains(res.stdout, "Your key is ") || !strings.Contains(res.stdout, "REDACTED") {
				t.Errorf("stdout lost the text around the key:\n%s", res.stdout)
			}
			filepath.WalkDir(z.data, func(path string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					if b, _ := os.ReadFile(path); strings.Contains(string(b), key[14:]) {
						t.Errorf("session file %s holds the key", path)
					}
				}
				return nil
			})
		})
	}
}
