package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
	"github.com/zeroproject/zero/internal/redact/redacttest"
	"github.com/zeroproject/zero/internal/tools"
)

// fragments returns the pieces of secret at least n bytes long that start
// after its first 3 bytes (a prefix such as "sk-" says nothing).
func fragments(secret string, n int) []string {
	var out []string
	for i := 3; i+n <= len(secret); i++ {
		out = append(out, secret[i:i+n])
	}
	return out
}

// leaksPiece reports the first piece of secret, of 12 bytes or more, in s.
func leaksPiece(s, secret string) string {
	for _, f := range fragments(secret, 12) {
		if strings.Contains(s, f) {
			return f
		}
	}
	return ""
}

// cutCase is a file and a tool call whose output is cut inside a secret.
type cutCase struct {
	name    string
	files   map[string]string
	call    pt.Call
	secrets []string
}

func cutCases() []cutCase {
	key := redacttest.OpenAIKey
	half := (tools.MaxOutputBytes - 256) / 2 // what bash keeps of each end
	filler := func(n int) string { return strings.Repeat("x", n-1) + " " }
	// Each cut leaves 21 bytes of the key: "sk-" and 18 more, too short
	// for the openai shape (20 after "sk-"), too long to be harmless.
	long := filler(1979) + key + " and more\n"
	grepLine := "match " + filler(373) + key + " end\n"
	var bashOut strings.Builder
	bashOut.WriteString(filler(half-21) + key + " ")                          // cut at the head's end
	bashOut.WriteString(strings.Repeat("y", 40000) + "\n")                    // omitted
	tail := "z" + redacttest.GitHubToken + " " + strings.Repeat("w", half-20) // the tail starts inside the token
	bashOut.WriteString(tail)
	var names []string
	for i := 0; len(strings.Join(names, "\n")) < tools.MaxOutputBytes+200; i++ {
		names = append(names, fmt.Sprintf("%03d %s %s.txt", i, strings.Repeat("n", 150), redacttest.GitLabToken))
	}
	globFiles := map[string]string{}
	for _, n := range names {
		globFiles[filepath.Join("many", n)] = ""
	}
	pem := "config line 1\nconfig line 2\n-----BEGIN RSA PRIVATE KEY-----\n" +
		"MIIEowIBAAKCAQEAFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE\n" +
		"fakefakefakefakefakefakefakefakefakefakefakefakefakefakefake0000\n" +
		"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/\n" +
		"FAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE\n" +
		"-----END RSA PRIVATE KEY-----\nconfig line 9\n"
	pemSecrets := []string{"MIIEowIBAAKCAQEAFAKEFAKE", "fakefakefakefake", "0123456789abcdefghij", "FAKEFAKEFAKEFAKEFAKE"}
	return []cutCase{
		{"read_file cuts a 2000-byte line inside a key", map[string]string{"long.txt": long},
			pt.Call{ID: "c", Name: "read_file", Args: []string{`{"path":"long.txt"}`}}, []string{key}},
		{"grep cuts a matching line inside a key", map[string]string{"grep.txt": grepLine},
			pt.Call{ID: "c", Name: "grep", Args: []string{`{"pattern":"match","path":"grep.txt"}`}}, []string{key}},
		{"bash keeps the head and the tail of its output, each cut inside a key", map[string]string{"out.txt": bashOut.String()},
			pt.Call{ID: "c", Name: "bash", Args: []string{`{"command":"cat out.txt"}`}}, []string{key, redacttest.GitHubToken}},
		{"glob cuts its list at 32 KiB inside a token", globFiles,
			pt.Call{ID: "c", Name: "glob", Args: []string{`{"pattern":"many/*"}`}}, []string{redacttest.GitLabToken}},
		{"read_file window starts inside a private key", map[string]string{"key.pem": pem},
			pt.Call{ID: "c", Name: "read_file", Args: []string{`{"path":"key.pem","offset":5,"limit":3}`}}, pemSecrets},
		{"read_file window ends inside a private key", map[string]string{"key.pem": pem},
			pt.Call{ID: "c", Name: "read_file", Args: []string{`{"path":"key.pem","limit":5}`}}, pemSecrets},
	}
}

// TestSecretsAtOutputCuts: tools cut long output (a line at 2000 bytes, a
// grep row at 400, bash's head and tail, every output at 32 KiB, a
// read_file window). A cut inside a secret leaves a piece that no longer
// looks like one, so redaction cannot find it: no piece of 12 bytes or
// more of a secret may come out.
func TestSecretsAtOutputCuts(t *testing.T) {
	for _, c := range cutCases() {
		t.Run(c.name, func(t *testing.T) {
			z := newZeroEnv(t)
			for name, content := range c.files {
				mustWrite(t, filepath.Join(z.ws, name), content)
			}
			z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.ToolCalls(c.call)), pt.OpenAI.Stream(pt.Text("ok")))
			evs, res := z.streamV2(0, "--skip-permissions-unsafe", "read it")
			out := find[*streamjsonv2.ToolResult](evs)[0]
			if !strings.Contains(out.Output, "truncated") && !strings.Contains(out.Output, "omitted") && !strings.Contains(out.Output, "…") && !out.Truncated {
				t.Errorf("the output was not cut: %.300q", out.Output)
			}
			places := map[string]string{"stdout": res.stdout, "stderr": res.stderr}
			for path, content := range dataFiles(t, z) {
				places[filepath.Base(path)] = content
			}
			leaks := 0
			for place, content := range places {
				for _, secret := range c.secrets {
					if piece := leaksPiece(content, secret); piece != "" {
						leaks++
						t.Errorf("%s holds %q, a piece of %q", place, piece, clipString(secret, 24))
					}
				}
			}
			reportCase(t, "leak", "cut: "+c.name, map[string]any{"leaks": leaks})
		})
	}
}
