package bundle

import "github.com/zeroproject/zero/gen/internal/schema"

// loaded is the schemas of one set, with bundling as a method.
type loaded struct{ *schema.Loaded }

func load(files []schema.File) (*loaded, error) {
	l, err := schema.Load(schema.Options{Files: files})
	if err != nil {
		return nil, err
	}
	return &loaded{l}, nil
}
