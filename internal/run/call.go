package run

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/redact"
	"github.com/zeroproject/zero/internal/tools"
	"github.com/zeroproject/zero/rt"
)

// call is one tool call of the model.
type call struct {
	orig  provider.ToolCall // as the provider sent it; the provider gets its id back
	id    string            // the id in events and records
	name  string            // the name in events and records
	args  rt.Raw            // the arguments as a valid JSON value
	spec  tools.Spec
	known bool
	cut   bool // the output-token limit cut the arguments: the call does not run
	// protected is the protected place the call would write, found when
	// its permission was decided; nil for any other call.
	protected *tools.Protection
	// images are the images an MCP tool returned, for the provider.
	images []provider.Image
}

func (r *runner) newCall(pc provider.ToolCall, n int) *call {
	c := &call{orig: pc, id: callID(pc.ID, n), name: pc.Name, args: jsonArgs(pc.Args)}
	if c.name == "" {
		c.name = "unknown"
	}
	// Ids and object keys are written without redaction (an id has a
	// pattern, keys are no free text), so one that holds a secret is
	// replaced: the id by call_N, the arguments by their text as a JSON
	// string, which is redacted like any text.
	if r.red.String("", c.id) != c.id {
		c.id = fmt.Sprintf("call_%d", n)
	}
	if keysHoldSecret(c.args, r.red) {
		c.args = rt.Raw(rt.AppendString(nil, string(c.args)))
	}
	c.spec, c.known = r.cfg.Tools.spec(pc.Name)
	return c
}

// keysHoldSecret reports whether an object key anywhere in the JSON value
// args holds something red would redact.
func keysHoldSecret(args rt.Raw, red *redact.Redactor) bool {
	if s := string(args); red.String("", s) == s {
		return false
	}
	type frame struct{ object, key bool } // key: a key comes next
	var open []frame
	valueDone := func() {
		if n := len(open); n > 0 && open[n-1].object {
			open[n-1].key = true
		}
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		n := len(open)
		if k, ok := tok.(string); ok && n > 0 && open[n-1].key {
			if red.String("", k) != k {
				return true
			}
			open[n-1].key = false
			continue
		}
		switch tok {
		case json.Delim('{'):
			open = append(open, frame{object: true, key: true})
		case json.Delim('['):
			open = append(open, frame{})
		case json.Delim('}'), json.Delim(']'):
			open = open[:n-1]
			valueDone()
		default:
			valueDone()
		}
	}
}

func (c *call) sideEffect() streamjsonv2.SideEffect {
	if !c.known {
		return streamjsonv2.SideEffectUnknown
	}
	return streamjsonv2.SideEffect(c.spec.SideEffect)
}

// validJSON reports whether b is one complete JSON value.
func validJSON(b []byte) bool {
	d := rt.NewDecoder(b)
	return d.Skip() == nil && d.End() == nil
}

// jsonArgs returns the arguments as a JSON value: {} when empty, the raw
// text as a JSON string when it is not JSON (so events can still report
// what the model sent).
func jsonArgs(b []byte) rt.Raw {
	if len(strings.TrimSpace(string(b))) == 0 {
		return rt.Raw("{}")
	}
	if validJSON(b) {
		return rt.Raw(b)
	}
	return rt.Raw(rt.AppendString(nil, string(b)))
}

// runCalls runs the calls of a turn in order. It stops early when the run
// is interrupted; calls left without a result are answered on resume by
// session.ToMessages.
func (r *runner) runCalls(ctx context.Context, calls []*call) error {
	for _, c := range calls {
		if err := ctx.Err(); err != nil {
			return err
		}
		r.flush() // the tool may take a while: what came before it goes out first
		res, err := r.execute(ctx, c)
		if err != nil {
			return err
		}
		if err := r.result(c, res); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// execute checks the permission of c and runs it.
func (r *runner) execute(ctx context.Context, c *call) (tools.Result, error) {
	if c.cut {
		return errorResult("the arguments of this %s call were cut off at the output-token limit before they were complete, "+
			"so it did not run; make the call again with less content (for example, write a large file in several smaller edits)", c.name), nil
	}
	if !c.known {
		return errorResult("unknown tool %q; the tools of this run are: %s", c.orig.Name, r.visibleNames()), nil
	}
	granted, reason, err := r.permit(ctx, c)
	if err != nil || !granted {
		return errorResult("permission denied: %s", reason), err
	}
	if r.cfg.OnToolStart != nil {
		r.cfg.OnToolStart(c.id)
	}
	if _, isMCP := r.cfg.Tools.mcpParams[c.spec.Name]; isMCP {
		return r.callMCP(ctx, c)
	}
	fn := toolFuncs[c.spec.Name]
	if fn == nil {
		return errorResult("tool %s is not implemented", c.spec.Name), nil
	}
	if c.protected != nil {
		ctx = tools.ApproveProtected(ctx, *c.protected)
	}
	res, err := fn(ctx, r.cfg.Tools, c.orig.Args)
	switch {
	case err != nil && ctx.Err() != nil:
		return errorResult("%s was interrupted", c.spec.Name), nil
	case err != nil:
		return errorResult("%s failed: %v", c.spec.Name, err), nil
	}
	return res, nil
}

// result writes, records and remembers the result of c.
func (r *runner) result(c *call, res tools.Result) error {
	// Tool output is bytes from outside (a binary file, a program's
	// output, a path): the stream, the session and the model take text,
	// and the generated encoders refuse a string that is not UTF-8, so
	// the invalid bytes become U+FFFD here, where it is deliberate.
	res.Output = strings.ToValidUTF8(res.Output, "\uFFFD")
	status := streamjsonv2.ToolStatusOk
	if res.IsError {
		status = streamjsonv2.ToolStatusError
	}
	block, risk := sandboxBlock(c, res)
	if err := r.emit(&streamjsonv2.ToolResult{RunID: streamjsonv2.ID(r.runID), ID: streamjsonv2.ID(c.id), Status: status,
		Output: res.Output, Truncated: res.Truncated, Block: block, Risk: risk}); err != nil {
		return err
	}
	r.msgs = append(r.msgs, provider.Message{Role: provider.RoleTool, Text: r.forModel(res.Output),
		ToolCallID: c.orig.ID, ToolName: c.orig.Name, IsError: res.IsError, Images: c.images})
	return r.record(&sessionv1.ToolResultRecord{RunID: sessionv1.ID(r.runID), ID: sessionv1.ID(c.id), Name: sessionv1.NonEmptyString(c.name),
		Status: sessionv1.ToolStatus(status), Output: res.Output, Truncated: res.Truncated})
}

// ModelRedactedNote ends a tool result that Config.ModelRedactor changed
// before the model saw it: the source still holds the secrets, so the
// model must not copy a marker into a file.
const ModelRedactedNote = "[zero: secrets Zero holds were replaced by " + redact.MarkerPrefix +
	":secret] in this output before it was sent to you; the files still hold them. " +
	"Leave those spans as they are: edit around them, and never write a marker into a file.]"

// forModel returns a tool's output as the model gets it: redacted by
// Config.ModelRedactor, when set.
func (r *runner) forModel(out string) string {
	if r.cfg.ModelRedactor == nil {
		return out
	}
	if red := r.cfg.ModelRedactor.String("", out); red != out {
		return red + "\n\n" + ModelRedactedNote
	}
	return out
}

func (r *runner) visibleNames() string {
	var names []string
	for _, s := range r.cfg.Tools.Visible() {
		names = append(names, s.Name)
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// maxErrorOutput bounds the error results Zero writes itself (refusals,
// argument errors): they quote what the model sent, which may be huge.
const maxErrorOutput = 2 << 10

// errorResult returns an error result with a formatted message of at most
// maxErrorOutput bytes (cut on a UTF-8 boundary and marked truncated).
func errorResult(format string, args ...any) tools.Result {
	msg := fmt.Sprintf(format, args...)
	if len(msg) <= maxErrorOutput {
		return tools.Result{Output: msg, IsError: true}
	}
	n := maxErrorOutput
	for n > 0 && !utf8.RuneStart(msg[n]) {
		n--
	}
	return tools.Result{Output: msg[:n] + "…", IsError: true, Truncated: true}
}
