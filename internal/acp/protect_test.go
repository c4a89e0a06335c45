package acp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	acpv1 "github.com/zeroproject/zero/generated/acp/v1"
)

const protectedScript = `{"schemaVersion":1,"turns":[
 {"steps":[{"type":"tool_call","id":"c1","name":"write_file","args":{"path":"a.txt","content":"A"}}]},
 {"steps":[{"type":"text","delta":"one"}]},
 {"steps":[{"type":"tool_call","id":"c2","name":"edit_file","args":{"path":"sub/../.git/config","old_string":"[core]","new_string":"[core]\n\tfsmonitor = touch pwned"}}]},
 {"steps":[{"type":"text","delta":"two"}]},
 {"steps":[{"type":"tool_call","id":"c3","name":"write_file","args":{"path":".git/hooks/pre-commit","content":"#!/bin/sh\necho hook\n"}}]},
 {"steps":[{"type":"text","delta":"three"}]},
 {"steps":[{"type":"tool_call","id":"c4","name":"write_file","args":{"path":".git/config","content":"[core]\n"}}]},
 {"steps":[{"type":"text","delta":"four"}]}
]}`

// TestProtectedPlaceIsAskedEveryTime checks that an "always allow" given
// for write_file does not cover a protected place: the editor is asked,
// offered only this-once options, told in the title where and why; an
// approval writes the file (a replaced hook loses its execute bits), and
// an option not offered leaves it alone. In accept-edits mode a protected
// write is asked too.
func TestProtectedPlaceIsAskedEveryTime(t *testing.T) {
	p := serve(t, protectedScript)
	writeTree(t, p.ws, map[string]string{".git/config": "[core]\n\tbare = false\n", ".git/hooks/pre-commit": "#!/bin/sh\n"})
	hook := filepath.Join(p.ws, ".git", "hooks", "pre-commit")
	if err := os.Chmod(hook, 0o755); err != nil {
		t.Fatal(err)
	}
	sid := p.newSession()

	p.prompt("p1", sid, "write a")
	_, req := p.request("session/request_permission")
	p.answer(req, `{"outcome":"selected","optionId":"allow_always"}`)
	p.stopReason("p1")

	p.prompt("p2", sid, "edit the git config")
	line, req := p.request("session/request_permission")
	q := permissionRequest(t, line)
	if got := optionIDs(q); got != "allow_once,reject_once" {
		t.Errorf("options for a protected place: %s, want allow_once,reject_once", got)
	}
	if title := q.ToolCall.Title.V.V; !strings.Contains(title, ".git/config") || !strings.Contains(title, "in .git, a protected place") {
		t.Errorf("title %q does not say which protected place", title)
	}
	p.answer(req, `{"outcome":"selected","optionId":"allow_always"}`)
	p.stopReason("p2")
	if b, _ := os.ReadFile(filepath.Join(p.ws, ".git", "config")); strings.Contains(string(b), "fsmonitor") {
		t.Errorf(".git/config was edited after an option Zero did not offer: %q", b)
	}

	p.prompt("p3", sid, "replace the hook")
	_, req = p.request("session/request_permission")
	p.answer(req, `{"outcome":"selected","optionId":"allow_once"}`)
	p.stopReason("p3")
	if b, err := os.ReadFile(hook); err != nil || string(b) != "#!/bin/sh\necho hook\n" {
		t.Errorf("the approved hook write: %q, %v", b, err)
	}
	if info, err := os.Stat(hook); err != nil || info.Mode().Perm()&0o111 != 0 {
		t.Errorf("the replaced hook is still executable: %v, %v", info.Mode(), err)
	}

	p.send(`{"jsonrpc":"2.0","id":"mode","method":"session/set_mode","params":{"sessionId":"` + sid + `","modeId":"accept-edits"}}`)
	p.response(`"mode"`)
	p.prompt("p4", sid, "write the config")
	_, req = p.request("session/request_permission")
	p.answer(req, `{"outcome":"selected","optionId":"reject_once"}`)
	p.stopReason("p4")
	if b, _ := os.ReadFile(filepath.Join(p.ws, ".git", "config")); string(b) != "[core]\n\tbare = false\n" {
		t.Errorf(".git/config after a rejection: %q", b)
	}
	if code := p.close(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

func permissionRequest(t *testing.T, line string) acpv1.RequestPermissionRequest {
	t.Helper()
	var pm acpv1.PermissionRequestMessage
	if err := pm.UnmarshalJSON([]byte(line)); err != nil {
		t.Fatalf("the permission request does not decode: %v\n%s", err, line)
	}
	return pm.Params
}

func optionIDs(q acpv1.RequestPermissionRequest) string {
	var ids []string
	for _, o := range q.Options {
		ids = append(ids, o.OptionID)
	}
	return strings.Join(ids, ",")
}

// writeTree writes files (slash path → content) under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
