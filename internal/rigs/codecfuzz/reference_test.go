package codecfuzz

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/schema"
)

// reference validates documents for one root with jsonschema/v5.
type reference struct {
	schema *jsonschema.Schema
	sample []byte // the root's first valid fixture
}

var (
	refMu    sync.Mutex
	refCache = map[*root]*reference{}
)

// referenceFor compiles, once, the reference for r: a draft 2020-12
// compiler that knows every file of r's schema directory by its $id, and
// nothing else.
func referenceFor(r *root) (*reference, error) {
	refMu.Lock()
	defer refMu.Unlock()
	if ref := refCache[r]; ref != nil {
		return ref, nil
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.LoadURL = func(u string) (io.ReadCloser, error) {
		return nil, fmt.Errorf("reference: %s is not a file of the schema directory", u)
	}
	entries, err := fs.ReadDir(schema.FS, r.family)
	if err != nil {
		return nil, err
	}
	rootID := ""
	for _, e := range entries {
		name := path.Join(r.family, e.Name())
		data, err := fs.ReadFile(schema.FS, name)
		if err != nil {
			return nil, err
		}
		var head struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal(data, &head); err != nil || head.ID == "" {
			return nil, fmt.Errorf("reference: %s has no $id (%v)", name, err)
		}
		if err := c.AddResource(head.ID, bytes.NewReader(data)); err != nil {
			return nil, fmt.Errorf("reference: add %s: %w", name, err)
		}
		if e.Name() == r.schema {
			rootID = head.ID
		}
	}
	if rootID == "" {
		return nil, fmt.Errorf("reference: no %s in schema/%s", r.schema, r.family)
	}
	s, err := c.Compile(rootID)
	if err != nil {
		return nil, fmt.Errorf("reference: compile %s: %w", rootID, err)
	}
	valid, _, err := loadFixtures(r)
	if err != nil || len(valid) == 0 {
		return nil, fmt.Errorf("reference: %s has no valid fixture (%v)", r.id(), err)
	}
	ref := &reference{schema: s, sample: valid[0]}
	refCache[r] = ref
	return ref, nil
}

// verdict is the reference's answer for one document.
type verdict struct {
	err      error // nil: valid
	panicked any   // jsonschema/v5 panicked (numbers big.Rat cannot hold)
}

// validate decodes b with encoding/json and UseNumber, as the reference's
// users do, and validates the value. b must be json.Valid.
func (ref *reference) validate(b []byte) (v verdict) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var val any
	if err := d.Decode(&val); err != nil {
		return verdict{err: fmt.Errorf("encoding/json: %w", err)}
	}
	defer func() {
		if p := recover(); p != nil {
			v = verdict{err: fmt.Errorf("reference panicked: %v", p), panicked: p}
		}
	}()
	return verdict{err: ref.schema.Validate(val)}
}
