package streamio

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a writer safe for the spinner's goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestSpinner(t *testing.T) {
	var w lockedBuffer
	s := NewSpinner(&w, false)
	s.Stop() // stopping a stopped spinner does nothing
	if w.String() != "" {
		t.Fatalf("a stopped spinner wrote %q", w.String())
	}
	s.Start()
	s.Start()
	s.Note("retry 2/3 in 1s: HTTP 429")
	time.Sleep(3 * spinnerTick)
	s.Stop()
	s.Stop()
	out := w.String()
	if !strings.Contains(out, "waiting for the model… (retry 2/3 in 1s: HTTP 429)") || !strings.HasSuffix(out, "\r\x1b[2K") {
		t.Errorf("spinner wrote %q", out)
	}
	if strings.Contains(out, "\x1b[2m") {
		t.Errorf("colours without color: %q", out)
	}
	n := len(w.String())
	time.Sleep(2 * spinnerTick)
	if len(w.String()) != n {
		t.Errorf("the spinner drew after Stop")
	}
	s.Start() // a restarted spinner has no note
	s.Stop()
	if last := w.String()[n:]; strings.Contains(last, "retry") {
		t.Errorf("the note survived a restart: %q", last)
	}
}
