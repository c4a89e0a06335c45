package providertest

import (
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/zeroproject/zero/internal/provider/sse"
)

func post(t *testing.T, url, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestServerScript(t *testing.T) {
	srv := NewServer(
		Response{Chunks: []string{"a", "b"}},
		Forever(JSONError(503, `{"error":{"message":"down"}}`)),
	)
	defer srv.Close()
	for i, want := range []struct {
		status int
		body   string
	}{{200, "ab"}, {503, `{"error":{"message":"down"}}`}, {503, `{"error":{"message":"down"}}`}} {
		status, body := post(t, srv.URL+"/v1/x", `{"n":1}`)
		if status != want.status || body != want.body {
			t.Errorf("request %d: %d %q, want %d %q", i, status, body, want.status, want.body)
		}
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests recorded, want 3", len(reqs))
	}
	r := reqs[0]
	if r.Method != "POST" || r.Path != "/v1/x" || string(r.Body) != `{"n":1}` || r.Header.Get("Content-Type") != "application/json" {
		t.Errorf("recorded %+v", r)
	}
	if diff := cmp.Diff(map[string]any{"n": 1.0}, r.JSON); diff != "" {
		t.Errorf("JSON (-want +got):\n%s", diff)
	}
}

func TestServerScriptRunsOut(t *testing.T) {
	srv := NewServer(Response{Chunks: []string{"ok"}})
	defer srv.Close()
	post(t, srv.URL, "not json")
	status, body := post(t, srv.URL, "")
	if status != 500 || !strings.Contains(body, "no response scripted for request 2") {
		t.Errorf("got %d %q, want a 500 naming request 2", status, body)
	}
	if srv.Requests()[0].JSON != nil {
		t.Errorf("JSON of a non-JSON body = %v, want nil", srv.Requests()[0].JSON)
	}
}

func TestCloseEndsHangingResponses(t *testing.T) {
	srv := NewServer(HangAfter(OpenAI.Stream(Text("hi")), 1))
	resp, err := http.Post(srv.URL, "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	closed := make(chan struct{})
	go func() {
		srv.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatal("Close blocked on a hanging response")
	}
}

func TestHelpers(t *testing.T) {
	c := SplitArgs("id", "f", `{"a":12}`, 3)
	if diff := cmp.Diff([]string{`{"a`, `":1`, `2}`}, c.Args); diff != "" {
		t.Errorf("SplitArgs (-want +got):\n%s", diff)
	}
	r := Rechunk(Response{Chunks: []string{"abc", "defg"}}, 3)
	if diff := cmp.Diff([]string{"abc", "def", "g"}, r.Chunks); diff != "" {
		t.Errorf("Rechunk (-want +got):\n%s", diff)
	}
	r = Insert(Response{Chunks: []string{"a", "c"}}, 1, "b")
	if diff := cmp.Diff([]string{"a", "b", "c"}, r.Chunks); diff != "" {
		t.Errorf("Insert (-want +got):\n%s", diff)
	}
	if r := CutAfter(Response{Chunks: []string{"a", "b"}}, 5); len(r.Chunks) != 2 || !r.Cut {
		t.Errorf("CutAfter past the end = %+v", r)
	}
	if ByName("openai") != OpenAI || ByName("anthropic") != Anthropic || ByName("x") != nil {
		t.Error("ByName")
	}
	if got := RateLimited(Anthropic, "0"); got.Status != 429 || got.Header.Get("Retry-After") != "0" {
		t.Errorf("RateLimited = %+v", got)
	}
}

// TestDialectEvents checks every chunk a dialect writes is one SSE event of valid JSON (or
// OpenAI's [DONE]), named after its type for Anthropic.
func TestDialectEvents(t *testing.T) {
	turn := Turn{Reasoning: []string{"r"}, Text: []string{"a", "b"}, Calls: []Call{SplitArgs("c1", "f", `{"x":1}`, 2)}, Usage: Usage{3, 4}}
	for _, d := range []*Dialect{OpenAI, Anthropic} {
		for _, chunk := range d.Events(turn) {
			rd := sse.NewReader(strings.NewReader(chunk))
			ev, err := rd.Next()
			if err != nil {
				t.Fatalf("%s: %q: %v", d.Name(), chunk, err)
			}
			data := string(ev.Data) // valid only until the next Next
			if _, err := rd.Next(); err != io.EOF {
				t.Errorf("%s: %q holds more than one event", d.Name(), chunk)
			}
			if data == "[DONE]" && d == OpenAI {
				continue
			}
			var v struct{ Type string }
			if err := json.Unmarshal([]byte(data), &v); err != nil {
				t.Errorf("%s: %q: %v", d.Name(), data, err)
			}
			if d == Anthropic && v.Type != ev.Type {
				t.Errorf("anthropic: event %q carries type %q", ev.Type, v.Type)
			}
		}
		if ct := d.Stream(turn).Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
			t.Errorf("%s: Content-Type %q", d.Name(), ct)
		}
	}
}

// TestBulk checks that Bulk streams the dialect's own events with the
// marked one repeated, for counts below, at and across its block size.
func TestBulk(t *testing.T) {
	for _, d := range []*Dialect{OpenAI, Anthropic} {
		turn := Text("a", "MARK", "b")
		events := d.Events(turn)
		at := slices.IndexFunc(events, func(ev string) bool { return strings.Contains(ev, "MARK") })
		for _, n := range []int{0, 1, 3, bulkBlock, 2*bulkBlock + 7} {
			want := strings.Join(events[:at], "") + strings.Repeat(events[at], n) + strings.Join(events[at+1:], "")
			srv := NewServer(d.Bulk(turn, "MARK", n))
			resp, err := http.Post(srv.URL, "application/json", strings.NewReader("{}"))
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			srv.Close()
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != want {
				t.Errorf("%s, n=%d: body of %d bytes, want %d", d.Name(), n, len(got), len(want))
			}
		}
	}
}
