package cli

import (
	"io"
	"os"
)

// terminal reports whether v is an *os.File open on a terminal.
func terminal(v any) bool {
	f, ok := v.(*os.File)
	return ok && f != nil && isTerminal(f.Fd())
}

// stdinOrEmpty is env's stdin, or an empty reader when there is none.
func stdinOrEmpty(env Env) io.Reader {
	if env.Stdin == nil {
		return eofReader{}
	}
	return env.Stdin
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }
