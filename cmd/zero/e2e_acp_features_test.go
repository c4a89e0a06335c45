package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// TestACPFeaturesWithOfficialSDK drives `zero acp` with the official ACP
// SDK (clients/js/acp-features-e2e.mjs) through what an editor adds to a
// session: the MCP servers it passes in session/new (server-everything
// over stdio, which zero starts, and over Streamable HTTP, which this test
// starts), file tools going through the client's fs methods (answered
// from an in-memory map; the disk must not change), and allow_always /
// reject_always answers that hold after session/load in a new process.
// The env and header values the client gives the MCP servers reach
// neither the client nor the session files. After both processes end, no
// process of the stdio server is left.
//
//	(cd clients/js && npm ci) && go test ./cmd/zero -run TestACPFeaturesWithOfficialSDK
func TestACPFeaturesWithOfficialSDK(t *testing.T) {
	// Credentials the client gives the MCP servers in session/new: no
	// shape detector knows them, only the session's redactor.
	const envSecret, headerSecret = "zebraquartzviolin4711", "mangotulipheader9923"
	entry := npmServer(t, "server-everything")
	jsDir, _ := filepath.Abs(filepath.Join("..", "..", "clients", "js"))
	if _, err := os.Stat(filepath.Join(jsDir, "node_modules", "@agentclientprotocol", "sdk")); err != nil {
		t.Skip("SKIPPING the ACP features test: clients/js/node_modules lacks @agentclientprotocol/sdk; run 'npm ci' in clients/js")
	}
	z := newZeroEnv(t)
	url := startEverythingHTTP(t, entry)
	mark := "zero-acp-mcp-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	z.vars["ZERO_TEST_MARK"] = mark
	o := pt.OpenAI
	srv := z.serve(o,
		// 1: one tool of each MCP server, and the stdio server's env; an
		// answer quoting the credentials the client gave the servers.
		calls(pt.Call{ID: "m1", Name: "mcp__everything__echo", Args: []string{`{"message":"over stdio"}`}},
			pt.Call{ID: "m2", Name: "mcp__web__echo", Args: []string{`{"message":"over http"}`}},
			pt.Call{ID: "m3", Name: "mcp__everything__get-env", Args: []string{`{}`}}),
		o.Stream(pt.Text("Echoed. The env has "+envSecret[:9], envSecret[9:]+" and the header "+headerSecret[:5], headerSecret[5:]+".")),
		// 2: a write the client takes, allowed always.
		calls(pt.Call{ID: "w1", Name: "write_file", Args: []string{`{"path":"buffer.txt","content":"from the model\n"}`}}),
		o.Stream(pt.Text("Written.")),
		// 3: read and edit an unsaved buffer; a path outside the workspace.
		calls(pt.Call{ID: "r1", Name: "read_file", Args: []string{`{"path":"notes.md"}`}},
			pt.Call{ID: "e1", Name: "edit_file", Args: []string{`{"path":"notes.md","old_string":"unsaved buffer text","new_string":"edited buffer text"}`}},
			pt.Call{ID: "r2", Name: "read_file", Args: []string{`{"path":"../outside.txt"}`}}),
		o.Stream(pt.Text("Edited.")),
		// 4: bash, rejected always.
		calls(pt.Call{ID: "b1", Name: "bash", Args: []string{`{"command":"echo ran > bash-ran.txt"}`}}),
		o.Stream(pt.Text("Refused.")),
		// after session/load: both answers hold.
		calls(pt.Call{ID: "w2", Name: "write_file", Args: []string{`{"path":"disk.txt","content":"on disk\n"}`}},
			pt.Call{ID: "b2", Name: "bash", Args: []string{`{"command":"echo ran > bash-ran.txt"}`}}),
		o.Stream(pt.Text("Remembered.")),
	)
	mustWrite(t, filepath.Join(filepath.Dir(z.ws), "outside.txt"), "outside the workspace\n")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(jsDir, "acp-features-e2e.mjs"))
	cmd.Dir = jsDir
	cmd.Env = append(z.environ(), "ZERO_BIN="+zeroBin, "ZERO_ACP_WS="+z.ws, "ZERO_MCP_ENTRY="+entry, "ZERO_MCP_HTTP_URL="+url,
		"ZERO_ACP_ENV_SECRET="+envSecret, "ZERO_ACP_HEADER_SECRET="+headerSecret)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("acp-features-e2e.mjs: %v\n%s", err, out)
	}
	t.Logf("%s", strings.TrimSpace(string(out)))
	if n := len(srv.Requests()); n != 10 {
		t.Errorf("the fake server got %d requests, want 10", n)
	}
	z.noServerLeft()
	z.noSecretInSessions(envSecret)
	z.noSecretInSessions(headerSecret)
}

// startEverythingHTTP starts server-everything over Streamable HTTP on a
// free port, stopped (its whole process group) when the test ends, and
// returns its URL.
func startEverythingHTTP(t *testing.T, entry string) string {
	t.Helper()
	port := freePort(t)
	server := exec.Command("node", entry, "streamableHttp")
	server.Env = append(os.Environ(), "PORT="+strconv.Itoa(port))
	server.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		syscall.Kill(-server.Process.Pid, syscall.SIGKILL)
		server.Wait()
	})
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(port))
		if err == nil {
			c.Close()
			return fmt.Sprintf("http://127.0.0.1:%d/mcp", port)
		}
		if time.Now().After(deadline) {
			t.Fatalf("server-everything did not listen on port %d", port)
		}
	}
}
