package streamio

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// spinnerFrames are the frames of the waiting line.
var spinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// spinnerTick is how often the waiting line is redrawn.
const spinnerTick = 100 * time.Millisecond

// Spinner draws one self-erasing line on a terminal while Zero waits on
// the model: "⠋ waiting for the model… 3s", with a note such as
// "retry 2/3 in 4s" when there is one. It is for terminals only: it
// redraws with a carriage return and erases with an ANSI sequence.
type Spinner struct {
	w     io.Writer
	color bool

	mu    sync.Mutex
	on    bool
	start time.Time
	note  string
	frame int
	stop  chan struct{}
	done  chan struct{}
}

// NewSpinner returns a stopped Spinner drawing on w, dim when color.
func NewSpinner(w io.Writer, color bool) *Spinner { return &Spinner{w: w, color: color} }

// Start shows the line until Stop; a running Spinner keeps going.
func (s *Spinner) Start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.on {
		return
	}
	s.on, s.start, s.note, s.frame = true, time.Now(), "", 0
	s.stop, s.done = make(chan struct{}), make(chan struct{})
	s.draw()
	go s.loop(s.stop, s.done)
}

// Note sets the text shown after the waiting time ("" for none).
func (s *Spinner) Note(note string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.note = note
	if s.on {
		s.draw()
	}
}

// Stop erases the line. It returns once the line is gone, so that what is
// written next starts on a clean line. Stopping a stopped Spinner does
// nothing.
func (s *Spinner) Stop() {
	s.mu.Lock()
	if !s.on {
		s.mu.Unlock()
		return
	}
	s.on = false
	close(s.stop)
	done := s.done
	fmt.Fprint(s.w, "\r\x1b[2K")
	s.mu.Unlock()
	<-done
}

func (s *Spinner) loop(stop, done chan struct{}) {
	defer close(done)
	t := time.NewTicker(spinnerTick)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			s.mu.Lock()
			if s.on {
				s.frame++
				s.draw()
			}
			s.mu.Unlock()
		}
	}
}

// draw writes the line; s.mu is held.
func (s *Spinner) draw() {
	line := spinnerFrames[s.frame%len(spinnerFrames)] + " waiting for the model…"
	if secs := int(time.Since(s.start).Seconds()); secs > 0 {
		line += fmt.Sprintf(" %ds", secs)
	}
	if s.note != "" {
		line += " (" + s.note + ")"
	}
	if s.color {
		line = sgrDim + line + sgrReset
	}
	fmt.Fprint(s.w, "\r\x1b[2K"+line)
}
