package soak

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// DirEnv names the directory Record writes to.
const DirEnv = "ZERO_HARDENING_DIR"

var mu sync.Mutex

// Record notes, when the test t ends, whether the case name of kind held
// (t did not fail) or was skipped, with fields as figures: one JSON line appended to
// $ZERO_HARDENING_DIR/<kind>.jsonl. It does nothing when the variable is
// unset. Kinds: bad_input, tool_args, fault, leak, confine, soak.
func Record(t testing.TB, kind, name string, fields map[string]any) {
	dir := os.Getenv(DirEnv)
	if dir == "" {
		return
	}
	t.Cleanup(func() {
		line := map[string]any{"kind": kind, "name": name, "pass": !t.Failed(), "skipped": t.Skipped(), "test": t.Name()}
		for k, v := range fields {
			line[k] = v
		}
		b, err := json.Marshal(line)
		if err != nil {
			t.Errorf("record %s: %v", name, err)
			return
		}
		mu.Lock()
		defer mu.Unlock()
		f, err := os.OpenFile(filepath.Join(dir, kind+".jsonl"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			t.Errorf("record %s: %v", name, err)
			return
		}
		defer f.Close()
		if _, err := f.Write(append(b, '\n')); err != nil {
			t.Errorf("record %s: %v", name, err)
		}
	})
}
