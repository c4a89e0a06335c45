package streamio

import (
	"fmt"
	"io"
	"strings"

	execresultv2 "github.com/zeroproject/zero/generated/execresult/v2"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/rt"
)

// NoSession is the sessionId reported by runs that have no session: the
// tool listing and runs that failed before their session was opened.
const NoSession = "none"

// JSON is the json Sink: it gathers the run's events and writes one
// ExecResult object, followed by a newline, when run_end arrives: version
// 2 (generated/execresult/v2), or version 1 for clients that ask for it,
// which lacks only the stop reason.
type JSON struct {
	w        io.Writer
	version  int
	enc      rt.Encoder
	res      execresultv2.ExecResult
	streamed strings.Builder // the text deltas, the answer of a run that ends without final
	final    bool
}

// NewJSON returns a JSON sink writing results of the given version (1 or
// 2) to w; hook redacts every free-text string of the result.
func NewJSON(w io.Writer, version int, hook rt.StringHook) *JSON {
	return &JSON{w: w, version: version, enc: rt.Encoder{Hook: hook},
		res: execresultv2.ExecResult{SessionID: NoSession, ToolCalls: []execresultv2.ToolCallSummary{}}}
}

// Emit folds ev into the result and writes the result at run_end.
func (j *JSON) Emit(ev streamjsonv2.OutputValue) error {
	switch e := ev.(type) {
	case *streamjsonv2.RunStart:
		j.res.RunID, j.res.SessionID = execresultv2.ID(e.RunID), execresultv2.ID(e.SessionID)
	case *streamjsonv2.Text:
		j.streamed.WriteString(e.Delta)
	case *streamjsonv2.Final:
		j.res.Text, j.final = e.Text, true
	case *streamjsonv2.Usage:
		j.addUsage(e)
	case *streamjsonv2.ToolCall:
		j.res.ToolCalls = append(j.res.ToolCalls, execresultv2.ToolCallSummary{ID: execresultv2.ID(e.ID), Name: string(e.Name), Status: execresultv2.ToolStatusOk})
	case *streamjsonv2.ToolResult:
		j.setToolStatus(execresultv2.ID(e.ID), execresultv2.ToolStatus(e.Status))
	case *streamjsonv2.Error:
		j.res.Error = &execresultv2.ExecError{Code: e.Code, Message: string(e.Message)}
	case *streamjsonv2.RunEnd:
		return j.write(e)
	}
	return nil
}

func (j *JSON) addUsage(u *streamjsonv2.Usage) {
	j.res.Usage.PromptTokens += execresultv2.NonNegativeInteger(u.PromptTokens)
	j.res.Usage.CompletionTokens += execresultv2.NonNegativeInteger(u.CompletionTokens)
	j.res.Usage.TotalTokens += execresultv2.NonNegativeInteger(u.TotalTokens)
}

// setToolStatus records the status of the last call with this id.
func (j *JSON) setToolStatus(id execresultv2.ID, st execresultv2.ToolStatus) {
	for i := len(j.res.ToolCalls) - 1; i >= 0; i-- {
		if j.res.ToolCalls[i].ID == id {
			j.res.ToolCalls[i].Status = st
			return
		}
	}
}

// SetStopReason records the vendor's reason for the end of the latest
// model call.
func (j *JSON) SetStopReason(reason string) {
	if reason != "" {
		j.res.StopReason = rt.Some(reason)
	}
}

// write encodes the finished result as one line. A run that ended
// without a final answer reports the text it streamed.
func (j *JSON) write(end *streamjsonv2.RunEnd) error {
	if !j.final {
		j.res.Text = j.streamed.String()
	}
	j.res.RunID = execresultv2.ID(end.RunID)
	j.res.ExitCode = end.ExitCode
	j.res.Status = ExecStatus(int(end.ExitCode))
	if j.res.Status == execresultv2.ExecStatusSuccess {
		j.res.Error = nil
	}
	j.enc.Reset()
	if err := j.encode(); err != nil {
		return fmt.Errorf("encode result: %w", err)
	}
	j.enc.Buf = append(j.enc.Buf, '\n')
	_, err := j.w.Write(j.enc.Buf)
	return err
}

// encode appends the result in the sink's version to the encoder.
func (j *JSON) encode() error {
	if j.version != 1 {
		return j.res.EncodeJSON(&j.enc)
	}
	v1, err := execresultv2.DowngradeExecResult(&j.res)
	if err != nil {
		return err
	}
	return v1.EncodeJSON(&j.enc)
}

// ExecStatus maps an exit code of `zero exec` to the status of its result.
func ExecStatus(exitCode int) execresultv2.ExecStatus {
	switch exitCode {
	case 0:
		return execresultv2.ExecStatusSuccess
	case 4:
		return execresultv2.ExecStatusIncomplete
	case 130:
		return execresultv2.ExecStatusInterrupted
	}
	return execresultv2.ExecStatusError
}
