package compat

import (
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/zeroproject/zero/gen/internal/schema"
)

// loaded is one version's schemas, with the comparison's questions about
// them as methods.
type loaded struct{ *schema.Loaded }

func load(files []schema.File) (*loaded, error) {
	l, err := schema.Load(schema.Options{Files: files})
	if err != nil {
		return nil, err
	}
	return &loaded{l}, nil
}

// at compiles the schema "FILE" or "FILE#POINTER" names.
func (l *loaded) at(ref string) (*jsonschema.Schema, *schema.Doc, error) {
	name, ptr, _ := strings.Cut(ref, "#")
	return l.At(name, ptr)
}
