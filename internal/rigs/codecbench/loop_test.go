package codecbench

import (
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"github.com/go-faster/jx"

	"github.com/zeroproject/zero/rt"
)

// TestLoop runs one codec over one mix ZERO_LOOP_N times (default 1000),
// for counting instructions under valgrind, which is repeatable where
// timings on a shared machine are not:
//
//	go test -c -o /tmp/cb.test ./internal/rigs/codecbench
//	ZERO_MIX=acp ZERO_LOOP=gen valgrind --tool=callgrind /tmp/cb.test -test.run TestLoop
//
// ZERO_MIX names the mix (house, acp, acp-ja, mcp, openai or anthropic;
// house when unset).
// ZERO_LOOP=none measures the fixed cost of starting the test binary and
// preparing the mix.
func TestLoop(t *testing.T) {
	which := os.Getenv("ZERO_LOOP")
	if which == "" {
		t.Skip("set ZERO_LOOP=gen|std|jx|enc|stdenc|none to run one codec in a loop")
	}
	n, _ := strconv.Atoi(os.Getenv("ZERO_LOOP_N"))
	if n == 0 {
		n = 1000
	}
	m := mixNamed(t, os.Getenv("ZERO_MIX"))
	docs := m.docs
	values := m.decoded(t)
	targets := m.plain()
	for j, doc := range docs {
		_ = json.Unmarshal(doc, targets[j])
	}
	var d rt.Decoder
	out := m.targets()
	jd := jx.DecodeBytes(nil)
	buf := make([]byte, 0, 16<<10)
	for i := 0; i < n; i++ {
		switch which {
		case "gen":
			for j, doc := range docs {
				d.Reset(doc)
				if err := out[j].DecodeJSON(&d); err != nil {
					t.Fatal(err)
				}
			}
		case "std":
			targets := m.plain()
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
			for _, v := range values {
				buf, _ = v.AppendJSON(buf[:0])
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
