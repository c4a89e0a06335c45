package provider_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/zeroproject/zero/internal/provider"
	"github.com/zeroproject/zero/internal/provider/providertest"
	"github.com/zeroproject/zero/internal/provider/sse"
)

// stream posts to srv and reads until a "[DONE]" event.
func stream(ctx context.Context, tr *provider.Transport, srv *providertest.Server) error {
	newRequest := func(ctx context.Context) (*http.Request, error) {
		return http.NewRequestWithContext(ctx, http.MethodPost, srv.URL, nil)
	}
	return tr.Stream(ctx, newRequest, func(ev sse.Event) (bool, error) { return string(ev.Data) == "[DONE]", nil })
}

func TestRetryAfterIsCapped(t *testing.T) {
	srv := providertest.NewServer(providertest.RateLimited(providertest.OpenAI, "3600"), providertest.OpenAI.Stream(providertest.Text("hi")))
	defer srv.Close()
	tr := &provider.Transport{Vendor: "test", MaxBackoff: 10 * time.Millisecond}
	start := time.Now()
	if err := stream(context.Background(), tr, srv); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v; Retry-After was not capped", d)
	}
}

func TestTries(t *testing.T) {
	srv := providertest.NewServer(providertest.ServerErrorForever(providertest.OpenAI))
	defer srv.Close()
	tr := &provider.Transport{Vendor: "test", Tries: 1}
	err := stream(context.Background(), tr, srv)
	var perr *provider.Error
	if !errors.As(err, &perr) || perr.Retries != 0 || perr.Status != 500 {
		t.Errorf("error %#v, want a 500 *provider.Error without retries", err)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("server got %d requests, want 1", n)
	}
}

func TestRetriedThenStreamError(t *testing.T) {
	turn := providertest.Text("hi")
	srv := providertest.NewServer(
		providertest.RateLimited(providertest.OpenAI, "0"),
		providertest.Truncate(providertest.OpenAI.Stream(turn), 1),
	)
	defer srv.Close()
	err := stream(context.Background(), &provider.Transport{Vendor: "test"}, srv)
	var perr *provider.Error
	if !errors.As(err, &perr) || perr.Retries != 1 || !perr.Recoverable {
		t.Errorf("error %#v, want a recoverable *provider.Error after 1 retry", err)
	}
}

func TestBuildRequestError(t *testing.T) {
	tr := &provider.Transport{Vendor: "test"}
	boom := errors.New("bad url")
	err := tr.Stream(context.Background(),
		func(context.Context) (*http.Request, error) { return nil, boom },
		func(sse.Event) (bool, error) { return true, nil })
	var perr *provider.Error
	if !errors.As(err, &perr) || perr.Recoverable || perr.Message != "test: build request: bad url" {
		t.Errorf("error %#v, want a non-recoverable build error", err)
	}
}

func TestIdle(t *testing.T) {
	ok := providertest.OpenAI.Stream(providertest.Text("hi"))
	slowHeaders := ok
	slowHeaders.Wait = 10 * time.Second
	tests := []struct {
		name    string
		script  []providertest.Response
		message string
		tries   int
	}{
		{"before the headers, retried", []providertest.Response{slowHeaders, ok}, "", 2},
		{"before the headers, out of tries", []providertest.Response{slowHeaders, slowHeaders}, "test: no response within 50ms (after 2 tries)", 2},
		{"before the first event", []providertest.Response{providertest.Slow(ok, 10*time.Second)}, "test: stream idle for more than 50ms", 1},
		{"slow but never idle", []providertest.Response{providertest.Slow(ok, 10*time.Millisecond)}, "", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := providertest.NewServer(tc.script...)
			defer srv.Close()
			tr := &provider.Transport{Vendor: "test", IdleTimeout: 50 * time.Millisecond, Tries: 2, Backoff: time.Millisecond}
			err := stream(context.Background(), tr, srv)
			var perr *provider.Error
			switch {
			case tc.message == "" && err != nil:
				t.Errorf("error %v", err)
			case tc.message != "" && (!errors.As(err, &perr) || perr.Message != tc.message || !perr.Recoverable):
				t.Errorf("error %#v, want a recoverable *provider.Error %q", err, tc.message)
			}
			if n := len(srv.Requests()); n != tc.tries {
				t.Errorf("server got %d requests, want %d", n, tc.tries)
			}
		})
	}
}

func TestJSONInsteadOfStream(t *testing.T) {
	srv := providertest.NewServer(
		providertest.JSONError(200, `{"error":{"message":"model not loaded"}}`),
		providertest.JSONError(200, `{"id":"chatcmpl-1","object":"chat.completion","choices":[]}`),
	)
	defer srv.Close()
	for _, want := range []string{
		"test: expected an event stream, got JSON: model not loaded",
		`test: expected an event stream, got JSON: {"id":"chatcmpl-1","object":"chat.completion","choices":[]}`,
	} {
		err := stream(context.Background(), &provider.Transport{Vendor: "test"}, srv)
		var perr *provider.Error
		if !errors.As(err, &perr) || perr.Message != want || perr.Recoverable || perr.Status != 200 {
			t.Errorf("error %#v, want a non-recoverable *provider.Error %q", err, want)
		}
	}
}
