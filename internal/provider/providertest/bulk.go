package providertest

import (
	"fmt"
	"io"
	"net/http"
	"strings"
)

// bulkBlock is how many copies of the repeated event Bulk renders once and
// writes as one piece, so that the server spends almost nothing per event.
const bulkBlock = 512

// Bulk returns a 200 response streaming turn t with the one event that
// carries mark (a text or reasoning delta, or an argument fragment, of t)
// written n times in its place. The stream is the dialect's own rendering
// of t, so its bytes are those the vendor sends; only its length grows.
// Bulk panics when no event or more than one carries mark.
func (d *Dialect) Bulk(t Turn, mark string, n int) Response {
	events := d.events(t)
	at := -1
	for i, ev := range events {
		if strings.Contains(ev, mark) {
			if at >= 0 {
				panic(fmt.Sprintf("providertest: Bulk: %q is in events %d and %d", mark, at, i))
			}
			at = i
		}
	}
	if at < 0 {
		panic(fmt.Sprintf("providertest: Bulk: no event carries %q", mark))
	}
	head, ev, tail := strings.Join(events[:at], ""), events[at], strings.Join(events[at+1:], "")
	write := func(w io.Writer) error { return writeBulk(w, head, ev, tail, n) }
	return Response{Status: http.StatusOK, Header: d.header(), Write: write}
}

// writeBulk writes head, n copies of ev, and tail.
func writeBulk(w io.Writer, head, ev, tail string, n int) error {
	block := strings.Repeat(ev, min(n, bulkBlock))
	if _, err := io.WriteString(w, head); err != nil {
		return err
	}
	for ; n >= bulkBlock; n -= bulkBlock {
		if _, err := io.WriteString(w, block); err != nil {
			return err
		}
	}
	if _, err := io.WriteString(w, block[:n*len(ev)]); err != nil {
		return err
	}
	_, err := io.WriteString(w, tail)
	return err
}
