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
//	orphan   like slow, after starting a grandchild that sleeps (and
//	         writes its pid to ZERO_FAKE_MCP_LOG.child)
//	ok       answers tools/call with the text "fake ok" and a secret

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
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
			os.WriteFile(os.Getenv("ZERO_FAKE_MCP_LOG")+".child", []byte(strconv.Itoa(child.Process.Pid)), 0o644)
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

func fakeAnswer(mode string, line []byte) {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Cursor string `json:"cursor"`
		} `json:"params"`
	}
	switch mode {
	case "garbage":
		fmt.Println("this is not JSON-RPC at all")
		return
	case "hang":
		return
	}
	if json.Unmarshal(line, &m) != nil || m.ID == nil {
		if m.Method == "notifications/cancelled" {
			f, err := os.OpenFile(os.Getenv("ZERO_FAKE_MCP_LOG"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
			if err == nil {
				f.Write(append(line, '\n'))
				f.Close()
			}
		}
		return
	}
	reply := func(result string) { fmt.Printf(`{"jsonrpc":"2.0","id":%s,"result":%s}`+"\n", m.ID, result) }
	switch m.Method {
	case "initialize":
		reply(`{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"fake","version":"1"}}`)
	case "tools/list":
		if m.Params.Cursor == "" {
			reply(`{"tools":[{"name":"first","inputSchema":{"type":"object"}}],"nextCursor":"p2"}`)
		} else {
			reply(`{"tools":[{"name":"work","description":"Does work.","inputSchema":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}}]}`)
		}
	case "tools/call":
		switch mode {
		case "die":
			os.Exit(3)
		case "ok":
			reply(`{"content":[{"type":"text","text":"fake ok, key sk-proj-FAKEsecretFAKEsecretFAKEsecret0123456789"}]}`)
		}
	default:
		fmt.Printf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}`+"\n", m.ID)
	}
}
