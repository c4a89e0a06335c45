package cli

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/pflag"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/session"
	"github.com/zeroproject/zero/internal/textclip"
	"github.com/zeroproject/zero/rt"
)

// sessionsCmd runs `zero sessions list|show|delete|prune`.
func sessionsCmd(env Env, args []string) int {
	fs := pflag.NewFlagSet("zero sessions", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	asJSON := fs.Bool("json", false, "")
	var prune pruneFlags
	fs.StringVar(&prune.olderThan, "older-than", "", "")
	fs.BoolVar(&prune.all, "all", false, "")
	fs.BoolVar(&prune.dryRun, "dry-run", false, "")
	help := fs.BoolP("help", "h", false, "")
	if err := fs.Parse(args); err != nil {
		return usageFailure(env, err, "zero sessions --help")
	}
	if *help {
		fmt.Fprint(env.Stdout, sessionsUsage)
		return streamjsonv2.ExitCodeSuccess
	}
	st, err := openStore(env, nil, "zero sessions")
	if err != nil {
		fmt.Fprintf(env.Stderr, "zero: %v\n", err)
		return streamjsonv2.ExitCodeRuntime
	}
	rest := fs.Args()
	if err := checkSessionsArgs(rest, prune); err != nil {
		return usageFailure(env, err, "zero sessions --help")
	}
	switch rest[0] {
	case "list":
		return listSessions(env, st, *asJSON)
	case "show":
		return showSession(env, st, rest[1], *asJSON)
	case "delete":
		return deleteSessions(env, st, rest[1:])
	}
	return pruneSessions(env, st, prune)
}

// pruneFlags are the flags of zero sessions prune.
type pruneFlags struct {
	olderThan   string
	all, dryRun bool
}

// set reports whether any prune flag was given.
func (p pruneFlags) set() bool { return p.olderThan != "" || p.all || p.dryRun }

// checkSessionsArgs checks the subcommand and its arguments.
func checkSessionsArgs(rest []string, prune pruneFlags) error {
	if len(rest) == 0 {
		return errors.New("missing subcommand: list, show, delete or prune")
	}
	switch sub, n := rest[0], len(rest)-1; {
	case sub != "list" && sub != "show" && sub != "delete" && sub != "prune":
		return fmt.Errorf("unknown subcommand %q", sub)
	case sub == "show" && n != 1:
		return errors.New("zero sessions show takes one session id")
	case sub == "delete" && n == 0:
		return errors.New("missing session id: zero sessions delete takes one or more ids")
	case (sub == "list" || sub == "prune") && n > 0:
		return fmt.Errorf("unknown arguments %q", strings.Join(rest[1:], " "))
	case sub == "prune" && prune.olderThan == "" && !prune.all:
		return errors.New("zero sessions prune needs --older-than, e.g. --older-than 30d (or --all to delete every session)")
	case sub == "prune" && prune.olderThan != "" && prune.all:
		return errors.New("give --older-than or --all, not both")
	case sub != "prune" && prune.set():
		return errors.New("--older-than, --all and --dry-run are flags of zero sessions prune")
	}
	return nil
}

// listSessions prints every session, newest first, with a warning on
// stderr for each one that cannot be read.
func listSessions(env Env, st *session.Store, asJSON bool) int {
	metas, warns, err := st.List()
	if err != nil {
		fmt.Fprintf(env.Stderr, "zero: %v\n", err)
		return streamjsonv2.ExitCodeRuntime
	}
	printWarnings(env, warns)
	if asJSON {
		return writeJSONLines(env, metaValues(metas))
	}
	w := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tUPDATED\tRUNS\tPROVIDER\tMODEL\tWORKSPACE\tTITLE")
	for _, m := range metas {
		fmt.Fprintf(w, "%s\t%s\t%d\t%s\t%s\t%s\t%s\n", m.ID, shortTime(string(m.UpdatedAt)), m.Runs, m.Provider, m.Model, m.Cwd, textclip.Runes(m.Title.V, 60))
	}
	w.Flush()
	return streamjsonv2.ExitCodeSuccess
}

// printWarnings writes the store's warnings to stderr.
func printWarnings(env Env, warns []session.Warning) {
	for _, w := range warns {
		fmt.Fprintf(env.Stderr, "zero: warning: %s\n", w)
	}
}

// deleteSessions deletes the sessions refs name (ids, or unique prefixes
// or suffixes), printing each deleted id. Every ref is checked before
// anything is deleted, so a typo deletes nothing.
func deleteSessions(env Env, st *session.Store, refs []string) int {
	var ids []string
	for _, ref := range refs {
		id, err := st.Resolve(ref)
		if err != nil {
			fmt.Fprintf(env.Stderr, "zero: %v\n", err)
			return exitForSessionError(err)
		}
		ids = append(ids, id)
	}
	for _, id := range ids {
		if err := st.Delete(id); err != nil {
			fmt.Fprintf(env.Stderr, "zero: %v\n", err)
			return streamjsonv2.ExitCodeRuntime
		}
		fmt.Fprintf(env.Stdout, "deleted %s\n", id)
	}
	return streamjsonv2.ExitCodeSuccess
}

// pruneSessions deletes the sessions last updated longer ago than
// --older-than, or every session with --all, printing each deleted id on
// stdout as delete does ("would delete" with --dry-run) and a count on
// stderr, so that pruning nothing says so too.
func pruneSessions(env Env, st *session.Store, p pruneFlags) int {
	o := session.PruneOptions{All: p.all, DryRun: p.dryRun}
	if !p.all {
		d, err := parseAge(p.olderThan)
		if err != nil {
			return usageFailure(env, err, "zero sessions --help")
		}
		o.OlderThan = d
	}
	deleted, warns, err := st.Prune(o)
	printWarnings(env, warns)
	verb := "deleted"
	if p.dryRun {
		verb = "would delete"
	}
	for _, id := range deleted {
		fmt.Fprintf(env.Stdout, "%s %s\n", verb, id)
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "zero: %v\n", err)
		return streamjsonv2.ExitCodeRuntime
	}
	fmt.Fprintf(env.Stderr, "zero: %s\n", pruneSummary(p, len(deleted), len(warns) > 0))
	return streamjsonv2.ExitCodeSuccess
}

// pruneSummary says how many sessions prune deleted, or would delete.
func pruneSummary(p pruneFlags, n int, warned bool) string {
	which := "last updated more than " + p.olderThan + " ago"
	if p.all {
		which = "in the store"
	}
	sessions := "sessions"
	if n == 1 {
		sessions = "session"
	}
	msg := fmt.Sprintf("deleted %d %s %s", n, sessions, which)
	if p.dryRun {
		msg = fmt.Sprintf("dry run: would delete %d %s %s; nothing was deleted", n, sessions, which)
	}
	if warned {
		msg += " (see the warnings above)"
	}
	return msg
}

// parseAge reads --older-than: a whole number of days ("30d") or a Go
// duration ("36h", "90m"), greater than zero. A bare number is refused,
// whatever it is, since its unit would be a guess; an age of zero would
// select every session, which takes --all.
func parseAge(s string) (time.Duration, error) {
	d, err := parseAgeValue(s)
	switch {
	case err != nil:
		return 0, err
	case d == 0:
		return 0, fmt.Errorf("--older-than %s would delete every session; to do that, give --all instead (--dry-run lists them first)", s)
	}
	return d, nil
}

// parseAgeValue reads an age with its unit.
func parseAgeValue(s string) (time.Duration, error) {
	bad := fmt.Errorf("--older-than %s: want a number of days (30d) or a duration (36h, 90m)", s)
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return 0, fmt.Errorf("--older-than %s has no unit: write %sd for days, or a duration such as %sh", s, s, s)
	}
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n < 0 || n > 100_000 {
			return 0, bad
		}
		return time.Duration(n) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, bad
	}
	return d, nil
}

// exitForSessionError is the exit code of a failure to find a session:
// 2 for an id that is invalid, unknown or ambiguous, 3 otherwise.
func exitForSessionError(err error) int {
	if errors.Is(err, session.ErrNotFound) || errors.Is(err, session.ErrAmbiguous) || errors.Is(err, session.ErrInvalidID) {
		return streamjsonv2.ExitCodeUsage
	}
	return streamjsonv2.ExitCodeRuntime
}

// showSession prints one session's metadata and records.
func showSession(env Env, st *session.Store, ref string, asJSON bool) int {
	id, err := st.Resolve(ref)
	if err != nil {
		fmt.Fprintf(env.Stderr, "zero: %v\n", err)
		return exitForSessionError(err)
	}
	meta, recs, warns, err := st.Show(id)
	if err != nil {
		fmt.Fprintf(env.Stderr, "zero: %v\n", err)
		return exitForSessionError(err)
	}
	for _, w := range warns {
		fmt.Fprintf(env.Stderr, "zero: warning: %s\n", w)
	}
	if asJSON {
		vals := []encodable{&meta}
		for i := range recs {
			vals = append(vals, &recs[i])
		}
		return writeJSONLines(env, vals)
	}
	printMeta(env.Stdout, meta)
	printRecords(env.Stdout, recs)
	return streamjsonv2.ExitCodeSuccess
}

// encodable is a generated document type.
type encodable interface{ EncodeJSON(e *rt.Encoder) error }

func metaValues(metas []sessionv1.SessionMeta) []encodable {
	vals := make([]encodable, len(metas))
	for i := range metas {
		vals[i] = &metas[i]
	}
	return vals
}

// writeJSONLines writes each value as one line with the generated encoder.
func writeJSONLines(env Env, vals []encodable) int {
	var e rt.Encoder
	for _, v := range vals {
		e.Reset()
		if err := v.EncodeJSON(&e); err != nil {
			fmt.Fprintf(env.Stderr, "zero: encode: %v\n", err)
			return streamjsonv2.ExitCodeRuntime
		}
		e.Buf = append(e.Buf, '\n')
		if _, err := env.Stdout.Write(e.Buf); err != nil {
			return streamjsonv2.ExitCodeRuntime
		}
	}
	return streamjsonv2.ExitCodeSuccess
}

func printMeta(w io.Writer, m sessionv1.SessionMeta) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "session\t%s\n", m.ID)
	if m.Title.Set {
		fmt.Fprintf(tw, "title\t%s\n", m.Title.V)
	}
	fmt.Fprintf(tw, "cwd\t%s\n", m.Cwd)
	fmt.Fprintf(tw, "model\t%s (%s)\n", m.Model, m.Provider)
	fmt.Fprintf(tw, "created\t%s\n", m.CreatedAt)
	fmt.Fprintf(tw, "updated\t%s\n", m.UpdatedAt)
	fmt.Fprintf(tw, "runs\t%d\n", m.Runs)
	if m.ParentID.Set {
		fmt.Fprintf(tw, "forked from\t%s at %s\n", m.ParentID.V, m.ForkedAt.V)
	}
	tw.Flush()
}

func printRecords(w io.Writer, recs []sessionv1.SessionRecord) {
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TIME\tRUN\tRECORD\tDETAIL")
	for _, r := range recs {
		t, runID, kind, detail := describeRecord(r.Value)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", shortTime(t), runID, kind, textclip.Runes(oneLine(detail), 80))
	}
	tw.Flush()
}

// describeRecord returns a record's time, run, type and a short detail.
func describeRecord(v sessionv1.SessionRecordValue) (string, string, string, string) {
	switch r := v.(type) {
	case *sessionv1.RunStartRecord:
		return string(r.Time), string(r.RunID), "run_start", string(r.Provider + " " + r.Model)
	case *sessionv1.UserRecord:
		return string(r.Time), string(r.RunID), "user", string(r.Content)
	case *sessionv1.AssistantRecord:
		return string(r.Time), string(r.RunID), "assistant", assistantDetail(r)
	case *sessionv1.ToolResultRecord:
		return string(r.Time), string(r.RunID), "tool_result", fmt.Sprintf("%s %s %s: %s", r.ID, r.Name, r.Status, r.Output)
	case *sessionv1.UsageRecord:
		return string(r.Time), string(r.RunID), "usage", fmt.Sprintf("%d prompt + %d completion = %d tokens", r.PromptTokens, r.CompletionTokens, r.TotalTokens)
	case *sessionv1.RunEndRecord:
		return string(r.Time), string(r.RunID), "run_end", fmt.Sprintf("%s, exit code %d", r.Status, r.ExitCode)
	}
	return "", "", fmt.Sprintf("%T", v), ""
}

func assistantDetail(r *sessionv1.AssistantRecord) string {
	parts := []string{}
	if r.Text != "" {
		parts = append(parts, r.Text)
	}
	for _, c := range r.ToolCalls {
		parts = append(parts, "→ "+string(c.Name)+" "+string(c.Args))
	}
	return strings.Join(parts, " ")
}

// shortTime drops the fraction and zone of an RFC 3339 time for tables.
func shortTime(t string) string {
	if len(t) >= 19 {
		return strings.Replace(t[:19], "T", " ", 1)
	}
	return t
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
