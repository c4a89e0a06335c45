package main

// Every code the binary writes during the end-to-end and hardening tests
// is collected here, and TestMain fails the run when one of them is not
// declared in schema/streamjson/v2/defs.json (x-known-values): a client
// author reading the schema must find every code Zero can send.

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/zeroproject/zero/schema"
)

// Kinds of codes, named after the schema definition that declares them.
const (
	kindError   = "errorCode"
	kindWarning = "warningCode"
	kindBlock   = "blockCode"
	kindRisk    = "riskCategory"
	kindExit    = "exitCode"
)

// emitted is every code seen on the binary's stdout: kind → code → the
// first test that saw it.
var emitted = struct {
	sync.Mutex
	m map[string]map[string]string
}{m: map[string]map[string]string{}}

// codeLine holds the members of one stdout line that carry codes: a
// stream-json event of either version, or the ExecResult of -o json.
type codeLine struct {
	Type     string `json:"type"`
	Code     string `json:"code"`
	ExitCode *int64 `json:"exitCode"`
	Block    *struct {
		Code string `json:"code"`
	} `json:"block"`
	Risk *struct {
		Categories []string `json:"categories"`
	} `json:"risk"`
	Error *struct {
		Code string `json:"code"`
	} `json:"error"`
}

// observe records the codes on stdout, a run's complete standard output.
// Lines that are not JSON objects (text mode) carry no codes.
func observe(t *testing.T, stdout string) {
	for line := range strings.SplitSeq(stdout, "\n") {
		var l codeLine
		if !strings.HasPrefix(line, "{") || json.Unmarshal([]byte(line), &l) != nil {
			continue
		}
		for kind, codes := range l.codes() {
			for _, c := range codes {
				record(t, kind, c)
			}
		}
	}
}

// codes returns the codes of the line by kind.
func (l codeLine) codes() map[string][]string {
	out := map[string][]string{}
	switch {
	case l.Type == "error":
		out[kindError] = append(out[kindError], l.Code)
	case l.Type == "warning":
		out[kindWarning] = append(out[kindWarning], l.Code)
	case l.Type == "" && l.Error != nil:
		out[kindError] = append(out[kindError], l.Error.Code)
	}
	if l.ExitCode != nil {
		out[kindExit] = append(out[kindExit], strconv.FormatInt(*l.ExitCode, 10))
	}
	if l.Block != nil {
		out[kindBlock] = append(out[kindBlock], l.Block.Code)
	}
	if l.Risk != nil {
		out[kindRisk] = append(out[kindRisk], l.Risk.Categories...)
	}
	return out
}

func record(t *testing.T, kind, code string) {
	emitted.Lock()
	defer emitted.Unlock()
	if emitted.m[kind] == nil {
		emitted.m[kind] = map[string]string{}
	}
	if _, ok := emitted.m[kind][code]; !ok {
		emitted.m[kind][code] = t.Name()
	}
}

// undeclaredCodes compares what the tests saw with the schema's
// declarations and describes each code that is not declared, plus a
// summary of what was seen.
func undeclaredCodes() (problems []string, summary string) {
	emitted.Lock()
	defer emitted.Unlock()
	var seen []string
	for _, kind := range []string{kindError, kindWarning, kindBlock, kindRisk, kindExit} {
		declared, err := declaredCodes(kind)
		if err != nil {
			return []string{err.Error()}, ""
		}
		codes := make([]string, 0, len(emitted.m[kind]))
		for c := range emitted.m[kind] {
			codes = append(codes, c)
		}
		sort.Strings(codes)
		for _, c := range codes {
			if !slices.Contains(declared, c) {
				problems = append(problems, fmt.Sprintf("the binary wrote %s %q (first in %s), which schema/streamjson/v2/defs.json does not declare in $defs/%s/x-known-values",
					kind, c, emitted.m[kind][c], kind))
			}
		}
		seen = append(seen, fmt.Sprintf("%s %s", kind, strings.Join(codes, ",")))
	}
	return problems, strings.Join(seen, "; ")
}

// declaredCodes reads the declared values of kind, as strings.
func declaredCodes(kind string) ([]string, error) {
	known, err := schema.KnownValues("streamjson/v2/defs.json", kind)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(known))
	for i, k := range known {
		var v any
		if err := json.Unmarshal(k.Value, &v); err != nil {
			return nil, err
		}
		out[i] = fmt.Sprint(v)
	}
	return out, nil
}

// TestObserveCodes checks the collector itself on lines of each kind.
func TestObserveCodes(t *testing.T) {
	var l codeLine
	for _, tc := range []struct {
		line string
		want string
	}{
		{`{"schemaVersion":2,"type":"error","runId":"r","code":"provider_error","message":"m","recoverable":false}`, "errorCode:provider_error"},
		{`{"schemaVersion":1,"type":"warning","runId":"r","code":"session_not_saved","message":"m"}`, "warningCode:session_not_saved"},
		{`{"schemaVersion":2,"type":"run_end","runId":"r","status":"error","exitCode":130}`, "exitCode:130"},
		{`{"schemaVersion":1,"runId":"r","status":"error","exitCode":3,"error":{"code":"config_error","message":"m"}}`, "errorCode:config_error exitCode:3"},
		{`{"type":"permission_request","block":{"code":"permission_denied"},"risk":{"categories":["network","code_execution"]}}`, "blockCode:permission_denied riskCategory:network riskCategory:code_execution"},
	} {
		l = codeLine{}
		if err := json.Unmarshal([]byte(tc.line), &l); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, kind := range []string{kindError, kindWarning, kindBlock, kindRisk, kindExit} {
			for _, c := range l.codes()[kind] {
				got = append(got, kind+":"+c)
			}
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%s: codes %q, want %q", tc.line, g, tc.want)
		}
	}
	if _, err := declaredCodes(kindExit); err != nil {
		t.Fatal(err)
	}
}
