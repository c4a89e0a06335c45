package session

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/internal/rigs/soak"
)

// TestMetaReadersNeverSeeAPartialFile extends TestMetaWriteFaultKeepsOldMeta
// (a failed write keeps the old meta.json and leaves no temporary file):
// while one goroutine resumes a session 50 times, each time appending a
// run and writing meta.json on Close, another reads meta.json as fast as
// it can. Every read must be a complete document that the generated
// SessionMeta decoder accepts, and List must never fail.
func TestMetaReadersNeverSeeAPartialFile(t *testing.T) {
	st := newStore(t)
	id := newSessionWith(t, st, run("run_0", "hi"))
	path := metaPath(st, id)
	var stop atomic.Bool
	var reads, bad atomic.Int64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for n := 0; !stop.Load(); n++ {
			b, err := os.ReadFile(path)
			var m sessionv1.SessionMeta
			if err != nil || m.UnmarshalJSON(b) != nil || string(m.ID) != id {
				bad.Add(1)
			}
			if n%16 == 0 {
				if _, warns, err := st.List(); err != nil || len(warns) > 0 {
					bad.Add(1)
				}
			}
			reads.Add(1)
		}
	}()
	for i := range 50 {
		s, _, err := st.Open(id)
		if err != nil {
			t.Fatal(err)
		}
		s.Meta.Title.V = "title" + strings.Repeat(" longer", i%20)
		appendAll(t, s, run("run_x", "again"))
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	stop.Store(true)
	wg.Wait()
	t.Logf("%d reads while meta.json was replaced 50 times", reads.Load())
	if bad.Load() != 0 || reads.Load() == 0 {
		t.Errorf("%d of %d reads saw a missing, partial or invalid meta.json", bad.Load(), reads.Load())
	}
	s, _, _ := st.Open(id)
	if s.Meta.Runs != 51 {
		t.Errorf("runs = %d, want 51", s.Meta.Runs)
	}
	s.Close()
	noTempFiles(t, filepath.Dir(path))
	soak.Record(t, "fault", "session: meta.json replaced atomically while read concurrently", map[string]any{"reads": reads.Load()})
}

// TestMetaSyncFaultKeepsOldMeta is TestMetaWriteFaultKeepsOldMeta with the
// fault in the sync before the rename: the old meta.json stays.
func TestMetaSyncFaultKeepsOldMeta(t *testing.T) {
	st := newStore(t)
	id := newSessionWith(t, st, run("run_1", "hi"))
	before := readFile(t, metaPath(st, id))
	s, _, err := st.Open(id)
	if err != nil {
		t.Fatal(err)
	}
	appendAll(t, s, run("run_2", "again"))
	st.syncFile = func(f *os.File) error {
		if strings.Contains(f.Name(), ".meta.json.") {
			return syscall.EIO
		}
		return f.Sync()
	}
	if err := s.Close(); err == nil || !strings.Contains(err.Error(), "input/output error") {
		t.Errorf("Close with a failing sync: %v", err)
	}
	if got := readFile(t, metaPath(st, id)); got != before {
		t.Errorf("meta after a failed Close:\n%s\nwant the old one:\n%s", got, before)
	}
	noTempFiles(t, filepath.Join(st.Dir, id))
	st.syncFile = nil
	s, _, err = st.Open(id)
	if err != nil || len(s.History()) != 14 {
		t.Fatalf("Open after the fault: %v", err)
	}
	s.Close()
	soak.Record(t, "fault", "session: a failed sync of meta.json keeps the old one", nil)
}

func noTempFiles(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("left temporary file %s", e.Name())
		}
	}
}
