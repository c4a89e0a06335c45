package main

// A misbehaving MCP server for the fault tests: the test binary itself,
// started by zero with ZERO_FAKE_MCP=MODE in the server's env. It speaks
// just enough of MCP (initialize, tools/list with two pages, tools/call)
// and misbehaves as MODE says:
//
//	garbage  answers every line with text that is not JSON-RPC
//	hang     reads and never answers
//	die      exits with status 3 on the first tools/call
//	slow     never answers tools/call; appends every notifications/cancelled
//	         it gets to the file ZERO_FAKE_MCP_LOG
//	orphan   like slow, after starting a grandchild that sleeps; it writes
//	         the grandchild's pid and the ZERO_TEST_MARK both inherit to
//	         ZERO_FAKE_MCP_LOG.child
//	ok       answers tools/call with the text "fake ok" and a secret
//	env      answers tools/call with NAME=VALUE, or NAME unset, for the
//	         proxy and certificate variables and OPENAI_API_KEY
//	twins    lists the tool "work" twice
//
// ZERO_FAKE_MCP_VERSION, or an argument --version=V, picks the protocol
// version the server speaks (default 2025-06-18). With 2026-07-28 it answers server/discover,
// refuses initialize, and refuses every request whose _meta lacks that
// version or the client's capabilities; with an earlier version it does
// not know server/discover, answers initialize with its version, and
// refuses tools/list before notifications/initialized. ZERO_FAKE_MCP_TRACE,
// when set, is a file to which it appends the method and the _meta
// protocol version of every message it gets, one line each.

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

func fakeMCPServer() bool {
	mode := os.Getenv("ZERO_FAKE_MCP")
	if mode == "" {
		return false
	}
	if mode == "sleep" {
		select {}
	}
	if mode == "orphan" {
		child := exec.Command(os.Args[0])
		child.Env = append(os.Environ(), "ZERO_FAKE_MCP=sleep")
		if err := child.Start(); err == nil {
			os.WriteFile(os.Getenv("ZERO_FAKE_MCP_LOG")+".child", []byte(strconv.Itoa(child.Process.Pid)+" "+os.Getenv("ZERO_TEST_MARK")), 0o644)
		}
	}
	fmt.Fprintln(os.Stderr, "fake MCP server in mode", mode)
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fakeAnswer(mode, sc.Bytes())
	}
	os.Exit(0)
	return true
}

// fakeMessage is what the fake server reads of a message.
type fakeMessage struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		Cursor string `json:"cursor"`
		Meta   *struct {
			Version      string          `json:"io.modelcontextprotocol/protocolVersion"`
			Capabilities json.RawMessage `json:"io.modelcontextprotocol/clientCapabilities"`
		} `json:"_meta"`
	} `json:"params"`
}

// fakeState is what the fake server remembers between messages.
var fakeState struct{ initialized bool }

func fakeAnswer(mode string, line []byte) {
	var m fakeMessage
	switch mode {
	case "garbage":
		fmt.Println("this is not JSON-RPC at all")
		return
	case "hang":
		return
	}
	err := json.Unmarshal(line, &m)
	fakeTrace(m)
	if err != nil || m.ID == nil {
		switch m.Method {
		case "notifications/cancelled":
			fakeAppend(os.Getenv("ZERO_FAKE_MCP_LOG"), string(line))
		case "notifications/initialized":
			fakeState.initialized = true
		}
		return
	}
	version := cmp.Or(fakeVersionArg(), os.Getenv("ZERO_FAKE_MCP_VERSION"), "2025-06-18")
	modern := version == "2026-07-28"
	reply := func(result string) { fmt.Printf(`{"jsonrpc":"2.0","id":%s,"result":%s}`+"\n", m.ID, result) }
	fail := func(code int, msg string) {
		fmt.Printf(`{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%q}}`+"\n", m.ID, code, msg)
	}
	complete := ""
	if modern {
		complete = `"resultType":"complete",`
	}
	switch {
	case modern && m.Method == "server/discover":
		reply(`{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"ttlMs":0,"cacheScope":"private"}`)
		return
	case modern && m.Method == "initialize":
		fail(-32601, "Method not found: this server speaks 2026-07-28 only")
		return
	case modern && (m.Params.Meta == nil || m.Params.Meta.Version != version || len(m.Params.Meta.Capabilities) == 0):
		fail(-32602, "_meta lacks the protocol version 2026-07-28 or the client capabilities")
		return
	case !modern && m.Method == "initialize":
		reply(`{"protocolVersion":"` + version + `","capabilities":{"tools":{}},"serverInfo":{"name":"fake","version":"1"}}`)
		return
	case !modern && m.Method != "server/discover" && !fakeState.initialized:
		fail(-32600, "request before notifications/initialized")
		return
	}
	switch m.Method {
	case "tools/list":
		ttl := ""
		if modern {
			ttl = `"ttlMs":0,"cacheScope":"private",`
		}
		switch {
		case mode == "twins":
			reply(`{` + complete + ttl + `"tools":[{"name":"work","inputSchema":{"type":"object"}},{"name":"work","inputSchema":{"type":"object"}}]}`)
		case m.Params.Cursor == "":
			reply(`{` + complete + ttl + `"tools":[{"name":"first","inputSchema":{"type":"object"}}],"nextCursor":"p2"}`)
		default:
			reply(`{` + complete + ttl + `"tools":[{"name":"work","description":"Does work.","inputSchema":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}}]}`)
		}
	case "tools/call":
		switch mode {
		case "die":
			os.Exit(3)
		case "ok":
			reply(`{` + complete + `"content":[{"type":"text","text":"fake ok, key sk-proj-FAKEsecretFAKEsecretFAKEsecret0123456789"}]}`)
		case "env":
			text, _ := json.Marshal(fakeEnv("HTTPS_PROXY", "NO_PROXY", "SSL_CERT_FILE", "NODE_EXTRA_CA_CERTS", "OPENAI_API_KEY"))
			reply(`{` + complete + `"content":[{"type":"text","text":` + string(text) + `}]}`)
		}
	default:
		fail(-32601, "Method not found")
	}
}

// fakeEnv says, one line each, what the server's environment holds of
// names.
func fakeEnv(names ...string) string {
	var lines []string
	for _, n := range names {
		if v, ok := os.LookupEnv(n); ok {
			lines = append(lines, n+"="+v)
		} else {
			lines = append(lines, n+" unset")
		}
	}
	return strings.Join(lines, "\n")
}

// fakeTrace appends the method and _meta version of m to ZERO_FAKE_MCP_TRACE.
func fakeTrace(m fakeMessage) {
	version := "-"
	if m.Params.Meta != nil && m.Params.Meta.Version != "" {
		version = m.Params.Meta.Version
	}
	fakeAppend(os.Getenv("ZERO_FAKE_MCP_TRACE"), m.Method+" "+version)
}

// fakeAppend appends a line to the file at path, if path is set.
func fakeAppend(path, line string) {
	if path == "" {
		return
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err == nil {
		f.Write([]byte(line + "\n"))
		f.Close()
	}
}

// fakeVersionArg returns V of an argument --version=V, or "". (A version
// given in env would be redacted from Zero's messages: Zero takes the env
// values of MCP servers to be secrets.)
func fakeVersionArg() string {
	for _, a := range os.Args[1:] {
		if v, ok := strings.CutPrefix(a, "--version="); ok {
			return v
		}
	}
	return ""
}
