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

// loadSeedEvents returns every line of the seed protocol text that is a
// JSON object, except the envelope illustration whose type is "...".
func loadSeedEvents(t *testing.T) []seedEvent {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(seedDir, "*.txt"))
	if len(paths) == 0 {
		t.Skipf("no seed protocol text in %s: it lives in the shared folder beside the repository", seedDir)
	}
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
