package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	sessionv1 "github.com/zeroproject/zero/generated/session/v1"
	"github.com/zeroproject/zero/rt"
)

const (
	metaName   = "meta.json"
	eventsName = "events.jsonl"
)

// readMeta reads and strictly decodes DIR/<id>/meta.json. A missing file is
// ErrNotFound: the session does not exist, or its creation never finished.
func readMeta(dir, id string) (sessionv1.SessionMeta, error) {
	var m sessionv1.SessionMeta
	path := filepath.Join(dir, metaName)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return m, notFound(id)
	}
	if err != nil {
		return m, fmt.Errorf("read session meta: %w", err)
	}
	if err := m.UnmarshalJSON(b); err != nil {
		return m, fmt.Errorf("%s: %w", path, err)
	}
	if string(m.ID) != id {
		return m, fmt.Errorf("%s: names session %s, want %s", path, m.ID, id)
	}
	return m, nil
}

// writeMeta replaces DIR/<id>/meta.json atomically: it writes a temporary
// file in the same directory, syncs it, renames it over meta.json and syncs
// the directory.
func (s *Store) writeMeta(dir string, m *sessionv1.SessionMeta) error {
	e := rt.Encoder{Hook: s.Hook}
	if err := m.EncodeJSON(&e); err != nil {
		return fmt.Errorf("encode session meta: %w", err)
	}
	e.Buf = append(e.Buf, '\n')
	if err := s.writeAtomic(dir, metaName, e.Buf); err != nil {
		return fmt.Errorf("write session meta: %w", err)
	}
	return nil
}

// writeAtomic replaces dir/name with b: temporary file, sync, rename, sync
// of the directory. The temporary file is removed on failure.
func (s *Store) writeAtomic(dir, name string, b []byte) (err error) {
	f, err := os.CreateTemp(dir, "."+name+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err := s.writeAll(f, b); err != nil {
		return err
	}
	if err := s.sync(f); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), filepath.Join(dir, name)); err != nil {
		return err
	}
	return syncDir(dir)
}

// writeAll writes b with one call of the store's write function, which
// writes it all or fails.
func (s *Store) writeAll(f *os.File, b []byte) error {
	write := s.writeFile
	if write == nil {
		write = (*os.File).Write
	}
	n, err := write(f, b)
	if err == nil && n < len(b) {
		err = fmt.Errorf("short write: %d of %d bytes", n, len(b))
	}
	return err
}

// sync flushes f to stable storage.
func (s *Store) sync(f *os.File) error {
	if s.syncFile != nil {
		return s.syncFile(f)
	}
	return f.Sync()
}

// syncDir makes the entries of dir (a new file, a rename) durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
