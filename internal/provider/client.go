package provider

import (
	"net/http"
	"sync"
)

// streamReadBuffer is the read buffer of the connections defaultClient opens. net/http's
// default is 4 KiB, which makes a fast stream cost one read system call per 4 KiB: at 64
// KiB, one read takes what the socket holds, up to that much. A stream that trickles in is
// read as it arrives either way; only the number of calls under load changes.
const streamReadBuffer = 64 << 10

// defaultClient is the client a Transport without one uses: http.DefaultTransport's settings
// (proxy from the environment, timeouts, HTTP/2) with a read buffer sized for streams.
var defaultClient = sync.OnceValue(func() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.ReadBufferSize = streamReadBuffer
	return &http.Client{Transport: tr}
})
