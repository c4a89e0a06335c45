package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	streamjsonv2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/internal/streamio"
)

// readPrompt reads the prompt, giving up when ctx is cancelled (a signal
// while zero waits on stdin).
func (x *execution) readPrompt(ctx context.Context) (string, error) {
	type result struct {
		prompt string
		err    error
	}
	done := make(chan result, 1)
	go func() {
		p, err := x.prompt()
		done <- result{p, err}
	}()
	select {
	case r := <-done:
		return r.prompt, r.err
	case <-ctx.Done():
		return "", &exitError{exit: streamjsonv2.ExitCodeInterrupted, code: streamjsonv2.ErrorCodeInterrupted, msg: context.Cause(ctx).Error()}
	}
}

// prompt reads the prompt in the input format.
func (x *execution) prompt() (string, error) {
	limit, err := x.maxLine()
	if err != nil {
		return "", err
	}
	var p string
	if x.f.inputFormat == "stream-json" {
		p, err = x.streamPrompt(limit)
	} else {
		p, err = x.textPrompt(limit)
	}
	switch {
	case err != nil || strings.TrimSpace(p) != "":
	case x.f.inputFormat == "text" && x.f.file == "" && !x.f.hasWords():
		err = usageErrorf("%s", noPrompt)
	default:
		err = usageErrorf("the prompt is empty")
	}
	return p, err
}

// maxLine is the input limit from ZERO_MAX_INPUT_LINE_BYTES.
func (x *execution) maxLine() (int, error) {
	v := x.env.Getenv(streamio.MaxLineEnv)
	if v == "" {
		return streamio.DefaultMaxLineBytes, nil
	}
	n, err := streamio.ParseSize(v)
	if err != nil {
		return 0, configErrorf("%s: %v", streamio.MaxLineEnv, err)
	}
	return n, nil
}

// streamPrompt joins the contents of the stream-json input events.
func (x *execution) streamPrompt(limit int) (string, error) {
	r, closeFn, err := x.source()
	if err != nil {
		return "", err
	}
	defer closeFn()
	p, err := streamio.ReadPrompt(r, x.f.schemaVersion, limit)
	var ie *streamio.InputError
	switch {
	case errors.As(err, &ie):
		return "", inputErrorf("%v", err)
	case err != nil:
		return "", configErrorf("%v", err)
	}
	return p, nil
}

// textPrompt joins the positional words and the contents of --file, or of
// stdin when it is no terminal and no --file is given, with a blank line,
// as `claude -p` and `gemini -p` do with piped input.
func (x *execution) textPrompt(limit int) (string, error) {
	var parts []string
	if words := strings.TrimSpace(strings.Join(x.f.words, " ")); words != "" {
		parts = append(parts, words)
	}
	if x.f.file != "" || !x.env.StdinTerminal {
		text, err := x.readFile(limit)
		if err != nil {
			return "", err
		}
		if text = strings.TrimRight(text, "\r\n"); strings.TrimSpace(text) != "" {
			parts = append(parts, text)
		}
	}
	return strings.Join(parts, "\n\n"), nil
}

// readFile reads --file, or stdin without it, at most limit bytes.
func (x *execution) readFile(limit int) (string, error) {
	r, closeFn, err := x.source()
	if err != nil {
		return "", err
	}
	defer closeFn()
	name := x.f.file
	if name == "" || name == "-" {
		name = "stdin"
	}
	if x.f.file == "" {
		var stop func()
		r, stop = watchStdin(r, x.env.Stderr, x.f.hasWords())
		defer stop()
	}
	b, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	switch {
	case err != nil:
		return "", configErrorf("read %s: %v", name, err)
	case len(b) > limit:
		return "", inputErrorf("the prompt on %s is longer than %d bytes (raise the limit with %s)", name, limit, streamio.MaxLineEnv)
	}
	return string(b), nil
}

// source opens --file, or stdin for "-" or no --file.
func (x *execution) source() (io.Reader, func(), error) {
	if x.f.file == "" || x.f.file == "-" {
		return stdinOrEmpty(x.env), func() {}, nil
	}
	fh, err := os.Open(x.f.file)
	if err != nil {
		return nil, nil, usageErrorf("--file %s: %v", x.f.file, pathError(err))
	}
	if info, err := fh.Stat(); err == nil && info.IsDir() {
		fh.Close()
		return nil, nil, usageErrorf("--file %s is a directory; give a file, or - for standard input", x.f.file)
	}
	return fh, func() { fh.Close() }, nil
}

// stdinQuietFor is how long a stdin that zero reads without being asked
// (no --file) may stay silent before zero says on stderr that it waits.
const stdinQuietFor = 2 * time.Second

// Notes on stderr about a stdin that stays silent: a parent that starts
// zero with a pipe on stdin and never closes it (Node's spawn does so by
// default) would otherwise wait for ever without a word. With words, the
// note names </dev/null; the run starts once stdin ends.
const (
	stdinNoteWords = "zero: waiting for stdin to close: it is not a terminal, so what it holds follows the prompt words, and nothing has arrived in %s\n" +
		"zero: to run on the words alone, give zero </dev/null (or start it with stdin closed or ignored)\n"
	stdinNoteAlone = "zero: waiting for the prompt on stdin: nothing has arrived in %s; it is read until stdin closes\n"
)

// watchStdin returns r to read stdin through, and writes the note about
// a silent stdin (the one for words given, or for none) to stderr if the
// first read does not return within stdinQuietFor. The function returned
// ends the watch.
func watchStdin(r io.Reader, stderr io.Writer, words bool) (io.Reader, func()) {
	fr := &firstRead{r: r, got: make(chan struct{})}
	stop, stopped := make(chan struct{}), make(chan struct{})
	note := fmt.Sprintf(stdinNoteAlone, stdinQuietFor)
	if words {
		note = fmt.Sprintf(stdinNoteWords, stdinQuietFor)
	}
	go func() {
		defer close(stopped)
		timer := time.NewTimer(stdinQuietFor)
		defer timer.Stop()
		select {
		case <-timer.C:
			fmt.Fprint(stderr, note)
		case <-fr.got:
		case <-stop:
		}
	}()
	return fr, func() {
		close(stop)
		<-stopped
	}
}

// firstRead closes got when the first Read of r returns, with bytes or
// with the end of the input.
type firstRead struct {
	r    io.Reader
	once sync.Once
	got  chan struct{}
}

func (f *firstRead) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	f.once.Do(func() { close(f.got) })
	return n, err
}
