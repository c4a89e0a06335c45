package provider

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestRetryAfter(t *testing.T) {
	tests := []struct {
		value string
		want  time.Duration
	}{
		{"", -1},
		{"0", 0},
		{"2", 2 * time.Second},
		{"1.5", 1500 * time.Millisecond},
		{"-3", -1},
		{"soon", -1},
		{time.Now().Add(-time.Hour).UTC().Format(http.TimeFormat), 0},
	}
	for _, tc := range tests {
		got := retryAfter(http.Header{"Retry-After": {tc.value}})
		if got != tc.want {
			t.Errorf("Retry-After %q: %v, want %v", tc.value, got, tc.want)
		}
	}
	future := time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)
	if got := retryAfter(http.Header{"Retry-After": {future}}); got < 59*time.Minute || got > time.Hour {
		t.Errorf("Retry-After an hour ahead: %v", got)
	}
}

func TestDelay(t *testing.T) {
	tr := &Transport{Backoff: 100 * time.Millisecond, MaxBackoff: time.Second}
	tests := []struct {
		retry int
		asked time.Duration
		want  time.Duration
	}{
		{1, -1, 100 * time.Millisecond},
		{2, -1, 200 * time.Millisecond},
		{3, -1, 400 * time.Millisecond},
		{5, -1, time.Second},
		{1, 0, 0},
		{1, 300 * time.Millisecond, 300 * time.Millisecond},
		{1, time.Hour, time.Second},
	}
	for _, tc := range tests {
		if got := tr.delay(tc.retry, tc.asked); got != tc.want {
			t.Errorf("delay(%d, %v) = %v, want %v", tc.retry, tc.asked, got, tc.want)
		}
	}
	if got := (&Transport{}).delay(1, -1); got != DefaultBackoff {
		t.Errorf("default first delay %v, want %v", got, DefaultBackoff)
	}
}

func TestErrorMessage(t *testing.T) {
	tests := []struct {
		body, want string
	}{
		{`{"error":{"message":"bad key","type":"invalid_request_error"}}`, "bad key"},
		{`{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, "Overloaded"},
		{`upstream connect error`, "upstream connect error"},
		{``, "no error message"},
		{strings.Repeat("x", 300), strings.Repeat("x", 200) + "..."},
	}
	for _, tc := range tests {
		resp := &http.Response{Body: http.NoBody}
		if tc.body != "" {
			resp.Body = readCloser{strings.NewReader(tc.body)}
		}
		if got := errorMessage(resp); got != tc.want {
			t.Errorf("errorMessage(%q) = %q, want %q", tc.body, got, tc.want)
		}
	}
}

type readCloser struct{ *strings.Reader }

func (readCloser) Close() error { return nil }

func TestErrorfRedacts(t *testing.T) {
	tr := &Transport{Vendor: "openai", Secret: "sk-12345"}
	e := tr.Errorf(true, "key %s rejected", "sk-12345")
	if e.Message != "openai: key [REDACTED] rejected" || e.Code != CodeProviderError || !e.Recoverable {
		t.Errorf("Errorf = %+v", e)
	}
	if e.Error() != e.Message {
		t.Errorf("Error() = %q, want the message", e.Error())
	}
	if got := removeSecret("no secret here", ""); got != "no secret here" {
		t.Errorf("removeSecret with no secret = %q", got)
	}
	// Shorter than redact.MinSecretLen: never cut out of words.
	if got := removeSecret("syntax error: unexpected x", "x"); got != "syntax error: unexpected x" {
		t.Errorf("removeSecret with a one-letter secret = %q", got)
	}
	if got := removeSecret("key 1234567 and 12345678", "12345678"); got != "key 1234567 and [REDACTED]" {
		t.Errorf("removeSecret with a secret of the minimum length = %q", got)
	}
}

func TestEventKindString(t *testing.T) {
	for k, want := range map[EventKind]string{
		EventText: "text", EventReasoning: "reasoning", EventToolCall: "tool_call", EventUsage: "usage", 0: "EventKind(0)",
	} {
		if got := k.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", int(k), got, want)
		}
	}
}
