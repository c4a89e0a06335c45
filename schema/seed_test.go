package schema

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// seedEvent is one JSON object quoted in the original protocol text.
type seedEvent struct {
	where string // file:line
	typ   string
	doc   any
}

// upstreamV2Text is upstream Zero's published text of protocol version 2,
// in the shared folder beside the repository.
var upstreamV2Text = filepath.Join("..", "..", "shared", "thirdparty", "zero-upstream", "STREAM_JSON_PROTOCOL.v2.md")

// loadSeedEvents returns every line of the seed protocol text that is a
// JSON object, except the envelope illustration whose type is "...".
func loadSeedEvents(t *testing.T) []seedEvent {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(seedDir, "*.txt"))
	if len(paths) == 0 {
		t.Skipf("SKIPPED: no seed protocol text in %s: it lives in the shared folder beside the repository; "+
			"check out ../shared to run this test", seedDir)
	}
	return loadQuotedEvents(t, paths)
}

// loadQuotedEvents returns every line of the files at paths that is a JSON
// object, except the envelope illustration whose type is "...".
func loadQuotedEvents(t *testing.T, paths []string) []seedEvent {
	t.Helper()
	var events []seedEvent
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<20)
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if !strings.HasPrefix(line, "{") {
				continue
			}
			v, err := decodeJSON([]byte(line))
			obj, ok := v.(map[string]any)
			if err != nil || !ok {
				continue
			}
			typ, _ := obj["type"].(string)
			if typ == "..." {
				continue // the envelope every event shares, not an event
			}
			events = append(events, seedEvent{where: filepath.Base(p) + ":" + strconv.Itoa(n), typ: typ, doc: v})
		}
	}
	if len(events) == 0 {
		t.Fatalf("no JSON examples found in %v", paths)
	}
	return events
}

// TestSeedExamples validates every event quoted in the original protocol
// text against the version 1 schemas: input events (prompt, message)
// against input.json, everything else against output.json.
func TestSeedExamples(t *testing.T) {
	events := loadSeedEvents(t)
	schemas := compileAll(t)
	for _, e := range events {
		root := "streamjson/v1/output.json"
		if e.typ == "prompt" || e.typ == "message" {
			root = "streamjson/v1/input.json"
		}
		if err := schemas[root].Validate(e.doc); err != nil {
			t.Errorf("%s: %s rejects the seed example: %v", e.where, root, err)
		}
	}
	t.Logf("%d seed examples valid", len(events))
}

// TestUpstreamV2Examples validates every event quoted in upstream Zero's
// published version 2 text against Zero's version 2 schemas: Zero's v2 is
// upstream's v2 on the wire, so each must be valid, permission events
// included. It also checks that the text still quotes the permission
// events, so an edit upstream that dropped them cannot pass unnoticed.
func TestUpstreamV2Examples(t *testing.T) {
	if _, err := os.Stat(upstreamV2Text); err != nil {
		t.Skipf("SKIPPED: upstream's v2 protocol text is not at %s (%v): it lives in the shared folder beside the "+
			"repository; check out ../shared to run this test", upstreamV2Text, err)
	}
	events := loadQuotedEvents(t, []string{upstreamV2Text})
	schemas := compileAll(t)
	seen := map[string]int{}
	for _, e := range events {
		root := "streamjson/v2/output.json"
		if e.typ == "prompt" || e.typ == "message" {
			root = "streamjson/v2/input.json"
		}
		if err := schemas[root].Validate(e.doc); err != nil {
			t.Errorf("%s: %s rejects upstream's example: %v", e.where, root, err)
		}
		seen[e.typ]++
	}
	if seen["permission_request"] < 2 || seen["permission_decision"] < 1 {
		t.Errorf("upstream's text quotes %d permission_request and %d permission_decision events, want at least 2 and 1",
			seen["permission_request"], seen["permission_decision"])
	}
	t.Logf("%d upstream v2 examples valid", len(events))
}
