package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/pflag"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/internal/session"
	"github.com/zeroproject/zero/internal/vocab"
	"github.com/zeroproject/zero/rt"
)

// sessionsCmd runs `zero sessions list|show`.
func sessionsCmd(env Env, args []string) int {
	fs := pflag.NewFlagSet("zero sessions", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	asJSON := fs.Bool("json", false, "")
	help := fs.BoolP("help", "h", false, "")
	if err := fs.Parse(args); err != nil {
		return usageFailure(env, err, "zero sessions --help")
	}
	if *help {
		fmt.Fprint(env.Stdout, sessionsUsage)
		return vocab.ExitCodeSuccess
	}
	st, err := openStore(env, nil)
	if err != nil {
		fmt.Fprintf(env.Stderr, "zero: %v\n", err)
		return vocab.ExitCodeRuntime
	}
	switch rest := fs.Args(); {
	case len(rest) == 1 && rest[0] == "list":
		return listSessions(env, st, *asJSON)
	case len(rest) == 2 && rest[0] == "show":
		return showSession(env, st, rest[1], *asJSON)
	case len(rest) == 0:
		return usageFailure(env, errors.New("missing subcommand: list or show"), "zero sessions --help")
	case len(rest) == 1 && rest[0] == "show":
		return usageFailure(env, errors.New("missing session id: zero sessions show ID"), "zero sessions --help")
	}
	return usageFailure(env, fmt.Errorf("unknown arguments %q", strings.Join(fs.Args(), " ")), "zero sessions --help")
}

// listSessions prints every session, newest first.
func listSessions(env Env, st *session.Store, asJSON bool) int {
	metas, err := st.List()
	if err != nil {
		fmt.Fprintf(env.Stderr, "zero: %v\n", err)
		return vocab.ExitCodeRuntime
	}
	if asJSON {
		return writeJSONLines(env, metaValues(metas))
	}
	w := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tUPDATED\tRUNS\tPROVIDER\tMODEL\tTITLE")
	for _, m := range metas {
		fmt.Fprintf(w, "%s\t%s\t%d\t%s\t%s\t%s\n", m.ID, shortTime(m.UpdatedAt), m.Runs, m.Provider, m.Model, clip(m.Title.V, 60))
	}
	w.Flush()
	return vocab.ExitCodeSuccess
}

// showSession prints one session's metadata and records.
func showSession(env Env, st *session.Store, id string, asJSON bool) int {
	meta, recs, warns, err := st.Show(id)
	if err != nil {
		fmt.Fprintf(env.Stderr, "zero: %v\n", err)
		if errors.Is(err, session.ErrNotFound) || !session.ValidID(id) {
			return vocab.ExitCodeUsage
		}
		return vocab.ExitCodeRuntime
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
	return vocab.ExitCodeSuccess
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
			return vocab.ExitCodeRuntime
		}
		e.Buf = append(e.Buf, '\n')
		if _, err := env.Stdout.Write(e.Buf); err != nil {
			return vocab.ExitCodeRuntime
		}
	}
	return vocab.ExitCodeSuccess
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
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", shortTime(t), runID, kind, clip(oneLine(detail), 80))
	}
	tw.Flush()
}

// describeRecord returns a record's time, run, type and a short detail.
func describeRecord(v sessionv1.SessionRecordValue) (string, string, string, string) {
	switch r := v.(type) {
	case *sessionv1.RunStartRecord:
		return r.Time, r.RunID, "run_start", r.Provider + " " + r.Model
	case *sessionv1.UserRecord:
		return r.Time, r.RunID, "user", r.Content
	case *sessionv1.AssistantRecord:
		return r.Time, r.RunID, "assistant", assistantDetail(r)
	case *sessionv1.ToolResultRecord:
		return r.Time, r.RunID, "tool_result", fmt.Sprintf("%s %s %s: %s", r.ID, r.Name, r.Status, r.Output)
	case *sessionv1.UsageRecord:
		return r.Time, r.RunID, "usage", fmt.Sprintf("%d prompt + %d completion = %d tokens", r.PromptTokens, r.CompletionTokens, r.TotalTokens)
	case *sessionv1.RunEndRecord:
		return r.Time, r.RunID, "run_end", fmt.Sprintf("%s, exit code %d", r.Status, r.ExitCode)
	}
	return "", "", fmt.Sprintf("%T", v), ""
}

func assistantDetail(r *sessionv1.AssistantRecord) string {
	parts := []string{}
	if r.Text != "" {
		parts = append(parts, r.Text)
	}
	for _, c := range r.ToolCalls {
		parts = append(parts, "→ "+c.Name+" "+string(c.Args))
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

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
