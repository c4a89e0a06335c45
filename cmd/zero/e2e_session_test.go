package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// sessionID returns the session id of a run.
func sessionID(evs []event) string { return string(evs[0].v.(*streamjsonv2.RunStart).SessionID) }

// firstRun makes a session whose run read README.md with a tool.
func firstRun(t *testing.T, z *zeroEnv) string {
	t.Helper()
	evs, _ := z.streamV2(0, "read the readme")
	return sessionID(evs)
}

// toolTurns is a run that reads README.md, then answers.
func toolTurns(d *pt.Dialect, answer string) []pt.Response {
	return []pt.Response{
		d.Stream(pt.ToolCalls(pt.Call{ID: "call_r1", Name: "read_file", Args: []string{`{"path":"README.md"}`}})),
		d.Stream(pt.Text(answer)),
	}
}

func TestResume(t *testing.T) {
	for _, resume := range []string{"--resume=ID", "--resume ID", "--resume"} {
		t.Run(resume, func(t *testing.T) {
			z := newZeroEnv(t)
			srv := z.serve(pt.OpenAI, append(toolTurns(pt.OpenAI, "It is a test workspace."), pt.OpenAI.Stream(pt.Text("Still a test workspace.")))...)
			id := firstRun(t, z)
			args := strings.Fields(strings.ReplaceAll(resume, "ID", id))
			evs, _ := z.streamV2(0, append(args, "and now?")...)
			if got := sessionID(evs); got != id {
				t.Errorf("resumed run has session %s, want %s", got, id)
			}
			body := string(srv.Requests()[2].Body)
			for _, want := range []string{"read the readme", "call_r1", "# Zero test workspace", "It is a test workspace.", "and now?"} {
				if !strings.Contains(body, want) {
					t.Errorf("the resumed request lacks %q:\n%s", want, body)
				}
			}
			if strings.Contains(body, id) {
				t.Errorf("the session id became part of the prompt")
			}
		})
	}
}

func TestFork(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, append(toolTurns(pt.OpenAI, "It is a test workspace."), pt.OpenAI.Stream(pt.Text("Forked.")))...)
	parent := firstRun(t, z)
	log := filepath.Join(z.data, "zero", "sessions", parent, "events.jsonl")
	before, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	evs, _ := z.streamV2(0, "--fork", parent, "try again")
	child := sessionID(evs)
	if child == parent {
		t.Fatal("the fork has the parent's id")
	}
	if after, _ := os.ReadFile(log); !bytes.Equal(before, after) {
		t.Error("forking changed the parent's log")
	}
	if body := string(srv.Requests()[2].Body); !strings.Contains(body, "# Zero test workspace") || !strings.Contains(body, "try again") {
		t.Errorf("the fork's request lacks the parent's conversation:\n%s", body)
	}
	res := z.run("", "sessions", "show", child, "--json")
	var meta sessionv1.SessionMeta
	if err := meta.UnmarshalJSON([]byte(strings.SplitN(res.stdout, "\n", 2)[0])); err != nil {
		t.Fatalf("sessions show --json: %v\n%s", err, res.stdout)
	}
	if string(meta.ParentID.V) != parent || meta.Runs != 2 {
		t.Errorf("fork meta = %+v", meta)
	}
}

func TestUnknownSession(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI)
	for _, args := range [][]string{
		{"--resume=zero_20990101000000_nope00", "hi"},
		{"--resume", "zero_20990101000000_nope00", "hi"},
		{"--fork", "zero_20990101000000_nope00", "hi"},
		{"--resume", "hi"}, // no session at all
	} {
		res := z.exec(args...)
		if res.code != 2 || res.stdout != "" || !strings.HasPrefix(res.stderr, "zero: ") {
			t.Errorf("%v: code %d, stdout %q, stderr %q", args, res.code, res.stdout, res.stderr)
		}
	}
}

func TestSessionRecordsAndListing(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, toolTurns(pt.OpenAI, "done")...)
	id := firstRun(t, z)
	res := z.run("", "sessions", "show", id, "--json")
	ls := lines(t, res.stdout)
	var typesSeen []string
	for _, line := range ls[1:] {
		var rec sessionv1.SessionRecord
		if err := rec.UnmarshalJSON([]byte(line)); err != nil {
			t.Fatalf("record %s: %v", line, err)
		}
		typesSeen = append(typesSeen, rec.Value.(interface{ Type() string }).Type())
	}
	want := "run_start,user,assistant,tool_result,usage,assistant,usage,run_end"
	if got := strings.Join(typesSeen, ","); got != want {
		t.Errorf("records = %s, want %s", got, want)
	}
	list := z.run("", "sessions", "list")
	if list.code != 0 || !strings.Contains(list.stdout, id) || !strings.Contains(list.stdout, "read the readme") {
		t.Errorf("sessions list:\n%s", list.stdout)
	}
	listJSON := z.run("", "sessions", "list", "--json")
	var meta sessionv1.SessionMeta
	if err := meta.UnmarshalJSON([]byte(strings.TrimSpace(listJSON.stdout))); err != nil || string(meta.ID) != id {
		t.Errorf("sessions list --json: %v\n%s", err, listJSON.stdout)
	}
	if show := z.run("", "sessions", "show", id); !strings.Contains(show.stdout, "tool_result") {
		t.Errorf("sessions show:\n%s", show.stdout)
	}
	if res := z.run("", "sessions", "show", "zero_20990101000000_nope00"); res.code != 2 {
		t.Errorf("show of an unknown session: code %d", res.code)
	}
}

func TestUnsavedSessionDoesNotStopTheRun(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, pt.OpenAI.Stream(pt.Text("ok")))
	z.vars["XDG_DATA_HOME"] = filepath.Join(z.ws, "README.md") // a file: no session can be created under it
	evs, _ := z.streamV2(0, "hi")
	if sessionID(evs) != "none" || evs[1].typ != "warning" || evs[1].v.(*streamjsonv2.Warning).Code != "session_not_saved" {
		t.Errorf("events = %s, run_start = %+v", types(evs), evs[0].v)
	}
}
