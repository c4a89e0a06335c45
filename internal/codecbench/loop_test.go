package codecbench

import (
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"github.com/go-faster/jx"

	v2 "github.com/zeroproject/zero/generated/streamjson/v2"
	"github.com/zeroproject/zero/rt"
)

// TestLoop runs one codec over the mix ZERO_LOOP_N times (default 1000),
// for counting instructions under valgrind, which is repeatable where
// timings on a shared machine are not:
//
//	go test -c -o /tmp/cb.test ./internal/codecbench
//	ZERO_LOOP=gen valgrind --tool=callgrind /tmp/cb.test -test.run TestLoop
//
// ZERO_LOOP=none measures the fixed cost of starting the test binary.
func TestLoop(t *testing.T) {
	which := os.Getenv("ZERO_LOOP")
	if which == "" {
		t.Skip("set ZERO_LOOP=gen|std|jx|enc|stdenc|none to run one codec in a loop")
	}
	n, _ := strconv.Atoi(os.Getenv("ZERO_LOOP_N"))
	if n == 0 {
		n = 1000
	}
	docs := mix()
	events := decodedMix(t)
	targets := plainTargets()
	for j, doc := range docs {
		_ = json.Unmarshal(doc, targets[j])
	}
	var d rt.Decoder
	var out v2.Output
	jd := jx.DecodeBytes(nil)
	buf := make([]byte, 0, 16<<10)
	for i := 0; i < n; i++ {
		switch which {
		case "gen":
			for _, doc := range docs {
				d.Reset(doc)
				if err := out.DecodeJSON(&d); err != nil {
					t.Fatal(err)
				}
			}
		case "std":
			targets := plainTargets()
			for j, doc := range docs {
				if err := json.Unmarshal(doc, targets[j]); err != nil {
					t.Fatal(err)
				}
			}
		case "jx":
			for _, doc := range docs {
				jd.ResetBytes(doc)
				if err := jd.Skip(); err != nil {
					t.Fatal(err)
				}
			}
		case "enc":
			for j := range events {
				buf, _ = events[j].AppendJSON(buf[:0])
			}
		case "stdenc":
			for _, x := range targets {
				if _, err := json.Marshal(x); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
