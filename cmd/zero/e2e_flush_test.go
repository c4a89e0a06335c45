package main

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	pt "github.com/zeroproject/zero/internal/provider/providertest"
)

// TestEventsReachStdoutBeforeTheNextDelta checks that buffering stdout
// adds no latency: the fake vendor sends one delta, then waits until the
// test has read that delta's event (stream-json) or text (text) from
// zero's stdout before it sends the next. A zero that held its output back
// until later would leave the vendor waiting, and the test fails.
func TestEventsReachStdoutBeforeTheNextDelta(t *testing.T) {
	const n = 5
	for _, d := range []*pt.Dialect{pt.OpenAI, pt.Anthropic} {
		for _, format := range []string{"stream-json", "text"} {
			t.Run(d.Name()+" "+format, func(t *testing.T) {
				z := newZeroEnv(t)
				var deltas []string
				for k := range n {
					deltas = append(deltas, fmt.Sprintf("part %d\n", k))
				}
				ack := make(chan struct{})
				var late atomic.Value
				resp := d.Stream(pt.Text(deltas...))
				chunks := resp.Chunks
				resp.Chunks, resp.Write = nil, func(w io.Writer) error {
					return writeAcked(w, chunks, n, ack, &late)
				}
				z.serve(d, resp)
				p := z.start(strings.NewReader(""), "exec", "--provider", d.Name(), "-o", format, "go")
				for k := range n {
					p.waitFor(fmt.Sprintf("part %d", k))
					select {
					case ack <- struct{}{}:
					case <-time.After(10 * time.Second):
						t.Fatalf("the server no longer waits: %v", late.Load())
					}
				}
				out, code := p.finish()
				if code != 0 || late.Load() != nil {
					t.Fatalf("exit %d, server: %v\nstdout:\n%s\nstderr: %s", code, late.Load(), out, p.err.String())
				}
			})
		}
	}
}

// writeAcked writes the chunks one at a time, and after each that carries
// one of the n deltas waits for ack, noting in late when it waited in vain.
func writeAcked(w io.Writer, chunks []string, n int, ack chan struct{}, late *atomic.Value) error {
	next := 0
	for _, c := range chunks {
		io.WriteString(w, c)
		w.(http.Flusher).Flush()
		if next == n || !strings.Contains(c, fmt.Sprintf("part %d", next)) {
			continue
		}
		select {
		case <-ack:
			next++
		case <-time.After(5 * time.Second):
			err := fmt.Errorf("delta %d did not reach zero's stdout within 5s", next)
			late.Store(err)
			return err
		}
	}
	return nil
}
