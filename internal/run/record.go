package run

import (
	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/rt"
)

// record appends one record to the session. A record that cannot be saved
// produces one session_not_saved warning for the whole run; the run goes
// on. Only a failure to write that warning is returned.
func (r *runner) record(v sessionv1.SessionRecordValue) error {
	if r.cfg.Recorder == nil {
		return nil
	}
	err := r.cfg.Recorder.Append(&sessionv1.SessionRecord{Value: v})
	if err == nil || r.saveErr {
		return nil
	}
	r.saveErr = true
	return r.warn(streamjsonv2.WarningCodeSessionNotSaved, "the session was not saved completely: "+err.Error())
}

// recordAssistant records one model turn: its text, reasoning and calls.
func (r *runner) recordAssistant(t *turnState, withCalls bool) error {
	rec := &sessionv1.AssistantRecord{RunID: sessionv1.ID(r.runID), Text: t.text.String()}
	if t.reasoning.Len() > 0 {
		rec.Reasoning = rt.Some(t.reasoning.String())
	}
	if withCalls {
		for _, c := range t.calls {
			rec.ToolCalls = append(rec.ToolCalls, sessionv1.ToolCallRecord{ID: sessionv1.ID(c.id), Name: sessionv1.NonEmptyString(c.name), Args: c.args})
		}
	}
	return r.record(rec)
}
