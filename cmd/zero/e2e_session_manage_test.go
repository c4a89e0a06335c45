package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// answers is a script of n plain text answers.
func answers(n int) []pt.Response {
	var rs []pt.Response
	for range n {
		rs = append(rs, pt.OpenAI.Stream(pt.Text("ok")))
	}
	return rs
}

// storedMeta reads a session's meta.json through `zero sessions show --json`.
func storedMeta(t *testing.T, z *zeroEnv, id string) sessionv1.SessionMeta {
	t.Helper()
	res := z.run("", "sessions", "show", id, "--json")
	var meta sessionv1.SessionMeta
	if err := meta.UnmarshalJSON([]byte(strings.SplitN(res.stdout, "\n", 2)[0])); err != nil {
		t.Fatalf("sessions show %s --json: %v\n%s%s", id, err, res.stdout, res.stderr)
	}
	return meta
}

// warnings returns the messages of a run's warning events.
func warnings(evs []event) string {
	var ms []string
	for _, w := range find[*streamjsonv2.Warning](evs) {
		ms = append(ms, w.Code+": "+string(w.Message))
	}
	return strings.Join(ms, "\n")
}

// TestResumeIsPerWorkspace: a bare --resume takes the newest session of the
// current directory, not a newer one from elsewhere; a directory without
// sessions is a usage error; an explicit id resumes a session from another
// directory without rewriting its recorded directory.
func TestResumeIsPerWorkspace(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, answers(4)...)
	other := filepath.Join(filepath.Dir(z.ws), "other")
	empty := filepath.Join(filepath.Dir(z.ws), "empty")
	mustWrite(t, filepath.Join(other, "x.txt"), "x")
	mustWrite(t, filepath.Join(empty, "y.txt"), "y")
	evs, _ := z.streamV2(0, "here")
	here := sessionID(evs)
	evs, _ = z.streamV2(0, "-C", other, "there")
	there := sessionID(evs)

	evs, _ = z.streamV2(0, "--resume", "again")
	if got := sessionID(evs); got != here {
		t.Errorf("--resume in the first workspace resumed %s, want %s", got, here)
	}
	res := z.exec("-C", empty, "--resume", "again")
	if res.code != 2 || !strings.Contains(res.stderr, "no session to resume in "+empty) {
		t.Errorf("--resume where no session was recorded: code %d, stderr %q", res.code, res.stderr)
	}
	evs, _ = z.streamV2(0, "-C", empty, "--resume", there, "from elsewhere")
	if got := sessionID(evs); got != there || !strings.Contains(warnings(evs), "was recorded in "+other) {
		t.Errorf("explicit resume elsewhere: session %s, warnings %q", got, warnings(evs))
	}
	if meta := storedMeta(t, z, there); meta.Cwd != other || meta.Runs != 2 {
		t.Errorf("the resumed session's meta = %+v, want cwd %s kept", meta, other)
	}
	list := z.run("", "sessions", "list")
	if !strings.Contains(list.stdout, "WORKSPACE") || !strings.Contains(list.stdout, other) || !strings.Contains(list.stdout, z.ws) {
		t.Errorf("sessions list does not show workspaces:\n%s", list.stdout)
	}
}

// TestResumeAbbreviatedID: --resume takes a unique suffix or prefix of an
// id, as a flag value or as the first word; a first word shaped like an id
// that names no session is a usage error, not the prompt.
func TestResumeAbbreviatedID(t *testing.T) {
	z := newZeroEnv(t)
	srv := z.serve(pt.OpenAI, answers(4)...)
	evs, _ := z.streamV2(0, "first")
	id := sessionID(evs)
	suffix := id[len(id)-6:]
	for _, args := range [][]string{{"--resume", suffix, "hi"}, {"--resume=" + id[:len(id)-3], "hi"}, {"--resume", suffix}} {
		if len(args) == 2 && args[1] == suffix {
			args = append(args, "more")
		}
		evs, _ := z.streamV2(0, args...)
		if got := sessionID(evs); got != id {
			t.Errorf("%v resumed %s, want %s", args, got, id)
		}
	}
	last := string(srv.Requests()[len(srv.Requests())-1].Body)
	if strings.Contains(last, suffix+" ") {
		t.Errorf("the id became part of the prompt:\n%s", last)
	}
	for _, word := range []string{"rpx9u3", "zero_20990101000000_nope00"} {
		res := z.exec("--resume", word, "hi")
		if res.code != 2 || !strings.Contains(res.stderr, "no session "+word+" to resume") {
			t.Errorf("--resume %s hi: code %d, stderr %q", word, res.code, res.stderr)
		}
	}
}

// TestBadSessionsAreSkipped: a corrupt meta.json and a directory without
// one are skipped with warnings naming them; list and --resume work for
// the other sessions.
func TestBadSessionsAreSkipped(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, answers(3)...)
	evs, _ := z.streamV2(0, "good one")
	good := sessionID(evs)
	evs, _ = z.streamV2(0, "bad one")
	bad := sessionID(evs)
	badDir := filepath.Join(z.sessionsDir(), bad)
	mustWrite(t, filepath.Join(badDir, "meta.json"), "{not json")
	unfinished := filepath.Join(z.sessionsDir(), "zero_20260101000000_unfini")
	if err := os.MkdirAll(unfinished, 0o700); err != nil {
		t.Fatal(err)
	}
	hourAgo := time.Now().Add(-time.Hour) // older than a creation under way
	if err := os.Chtimes(unfinished, hourAgo, hourAgo); err != nil {
		t.Fatal(err)
	}
	list := z.run("", "sessions", "list")
	if list.code != 0 || !strings.Contains(list.stdout, good) || strings.Contains(list.stdout, bad) ||
		!strings.Contains(list.stderr, "zero: warning: skipped "+badDir+": ") ||
		!strings.Contains(list.stderr, "zero: warning: skipped "+unfinished+": it has no meta.json") {
		t.Errorf("sessions list: code %d\nstdout:\n%s\nstderr:\n%s", list.code, list.stdout, list.stderr)
	}
	evs, _ = z.streamV2(0, "--resume", "again")
	if got := sessionID(evs); got != good || !strings.Contains(warnings(evs), "skipped "+badDir) {
		t.Errorf("--resume: session %s, warnings %q", got, warnings(evs))
	}
}

// TestSessionsDeleteAndPrune: delete takes ids and abbreviations, refuses
// a directory holding a file zero did not write, and prune deletes only
// sessions older than the age, leaving everything else in the directory.
func TestSessionsDeleteAndPrune(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, answers(4)...)
	var ids []string
	for range 4 {
		evs, _ := z.streamV2(0, "hi")
		ids = append(ids, sessionID(evs))
	}
	res := z.run("", "sessions", "delete", ids[0][len(ids[0])-6:])
	if res.code != 0 || res.stdout != "deleted "+ids[0]+"\n" {
		t.Errorf("delete: code %d, %q %q", res.code, res.stdout, res.stderr)
	}
	if _, err := os.Stat(filepath.Join(z.sessionsDir(), ids[0])); !os.IsNotExist(err) {
		t.Errorf("deleted session still there: %v", err)
	}
	mine := filepath.Join(z.sessionsDir(), ids[1], "mine.txt")
	mustWrite(t, mine, "not zero's")
	res = z.run("", "sessions", "delete", ids[1])
	if res.code != 3 || !strings.Contains(res.stderr, "files zero did not write (mine.txt)") {
		t.Errorf("delete with a foreign file: code %d, %q", res.code, res.stderr)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("the foreign file is gone: %v", err)
	}
	if res := z.run("", "sessions", "delete", "zero_20990101000000_nope00"); res.code != 2 {
		t.Errorf("delete of an unknown id: code %d", res.code)
	}

	// Age one session by rewriting its updatedAt, as an old one would be.
	metaPath := filepath.Join(z.sessionsDir(), ids[2], "meta.json")
	b, err := os.ReadFile(metaPath)
	if err != nil {
		t.Fatal(err)
	}
	meta := storedMeta(t, z, ids[2])
	old := strings.Replace(string(b), `"updatedAt":"`+string(meta.UpdatedAt)+`"`, `"updatedAt":"2020-01-01T00:00:00Z"`, 1)
	mustWrite(t, metaPath, old)
	stray := filepath.Join(z.sessionsDir(), "notes.txt")
	mustWrite(t, stray, "a file beside the sessions")
	res = z.run("", "sessions", "prune", "--older-than", "30d")
	if res.code != 0 || res.stdout != "deleted "+ids[2]+"\n" {
		t.Errorf("prune: code %d, %q %q", res.code, res.stdout, res.stderr)
	}
	list := z.run("", "sessions", "list")
	if !strings.Contains(list.stdout, ids[1]) || !strings.Contains(list.stdout, ids[3]) || strings.Contains(list.stdout, ids[2]) {
		t.Errorf("after prune:\n%s", list.stdout)
	}
	if _, err := os.Stat(stray); err != nil {
		t.Errorf("prune removed a file beside the sessions: %v", err)
	}
	for _, args := range [][]string{{"prune"}, {"prune", "--older-than", "soon"}, {"delete"}, {"list", "--older-than", "1d"}} {
		if res := z.run("", append([]string{"sessions"}, args...)...); res.code != 2 {
			t.Errorf("sessions %v: code %d", args, res.code)
		}
	}
}

// TestSessionsPruneRefusesBareAndZeroAges: an age without a unit is refused
// whatever the number, 0 included; an age of zero is refused with a pointer
// to --all; --dry-run lists what would go and removes nothing; every prune
// says on stderr how many sessions it removed, none included; --all removes
// every session.
func TestSessionsPruneRefusesBareAndZeroAges(t *testing.T) {
	z := newZeroEnv(t)
	z.serve(pt.OpenAI, answers(2)...)
	var ids []string
	for range 2 {
		evs, _ := z.streamV2(0, "hi")
		ids = append(ids, sessionID(evs))
	}
	stored := func() int {
		entries, err := os.ReadDir(z.sessionsDir())
		if err != nil {
			t.Fatal(err)
		}
		return len(entries)
	}
	refused := []struct {
		args []string
		says string
	}{
		{[]string{"--older-than", "0"}, "--older-than 0 has no unit: write 0d for days"},
		{[]string{"--older-than", "30"}, "--older-than 30 has no unit: write 30d for days"},
		{[]string{"--older-than", "0d"}, "--older-than 0d would delete every session; to do that, give --all"},
		{[]string{"--older-than", "0s"}, "--older-than 0s would delete every session"},
		{[]string{"--all", "--older-than", "1d"}, "give --older-than or --all, not both"},
		{[]string{"--dry-run"}, "needs --older-than"},
	}
	for _, tc := range refused {
		res := z.run("", append([]string{"sessions", "prune"}, tc.args...)...)
		if res.code != 2 || res.stdout != "" || !strings.Contains(res.stderr, tc.says) {
			t.Errorf("prune %v: code %d, stdout %q, stderr %q; want 2 and %q", tc.args, res.code, res.stdout, res.stderr, tc.says)
		}
	}
	if res := z.run("", "sessions", "list", "--all"); res.code != 2 || !strings.Contains(res.stderr, "flags of zero sessions prune") {
		t.Errorf("list --all: code %d, stderr %q", res.code, res.stderr)
	}
	if n := stored(); n != 2 {
		t.Fatalf("a refused prune removed sessions: %d left", n)
	}

	newestFirst := []string{ids[1], ids[0]}
	res := z.run("", "sessions", "prune", "--all", "--dry-run")
	if want := "would delete " + newestFirst[0] + "\nwould delete " + newestFirst[1] + "\n"; res.code != 0 || res.stdout != want ||
		res.stderr != "zero: dry run: would delete 2 sessions in the store; nothing was deleted\n" {
		t.Errorf("prune --all --dry-run: code %d, stdout %q, stderr %q; want stdout %q", res.code, res.stdout, res.stderr, want)
	}
	if n := stored(); n != 2 {
		t.Fatalf("the dry run removed sessions: %d left", n)
	}
	res = z.run("", "sessions", "prune", "--older-than", "30d")
	if res.code != 0 || res.stdout != "" || res.stderr != "zero: deleted 0 sessions last updated more than 30d ago\n" {
		t.Errorf("prune --older-than 30d with nothing that old: code %d, stdout %q, stderr %q", res.code, res.stdout, res.stderr)
	}
	res = z.run("", "sessions", "prune", "--all")
	if want := "deleted " + newestFirst[0] + "\ndeleted " + newestFirst[1] + "\n"; res.code != 0 || res.stdout != want ||
		res.stderr != "zero: deleted 2 sessions in the store\n" {
		t.Errorf("prune --all: code %d, stdout %q, stderr %q; want stdout %q", res.code, res.stdout, res.stderr, want)
	}
	if n := stored(); n != 0 {
		t.Errorf("prune --all left %d sessions", n)
	}
}
