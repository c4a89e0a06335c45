package cli

import (
	"fmt"
	"os"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/streamio"
	"github.com/zeroproject/zero/rt"
)

// lastMessageSink writes the final answer, redacted, to the file of
// --output-last-message when the final event passes. A failed write fails
// the event, so the run ends with an output error and says so.
type lastMessageSink struct {
	streamio.Sink
	path string
	hook rt.StringHook
}

func (s *lastMessageSink) Emit(ev streamjsonv2.OutputValue) error {
	if f, ok := ev.(*streamjsonv2.Final); ok {
		if err := os.WriteFile(s.path, []byte(s.hook("text", f.Text)), 0o644); err != nil {
			return fmt.Errorf("--output-last-message: %w", err)
		}
	}
	return s.Sink.Emit(ev)
}
