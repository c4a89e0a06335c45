package compat

import "github.com/zeroproject/zero/gen/internal/schema"

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
