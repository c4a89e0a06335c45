//go:build tools

// Package tools pins the modules that code generation needs, so that
// `go generate ./...` works from a fresh clone without extra installs.
package tools

import (
	_ "github.com/dave/jennifer/jen"
	_ "github.com/santhosh-tekuri/jsonschema/v5"
	_ "github.com/spf13/pflag"
)
