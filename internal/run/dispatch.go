package run

import (
	"context"
	"time"

	toolsv1 "github.com/zeroproject/zero/generated/tools/v1"
	"github.com/zeroproject/zero/internal/tools"
)

// toolFunc decodes a call's arguments with the generated tools/v1 codec and
// runs the tool. A decode error is an error Result for the model, never a
// Go error.
type toolFunc func(ctx context.Context, tb *Toolbox, args []byte) (tools.Result, error)

var toolFuncs = map[string]toolFunc{
	tools.NameReadFile:      readFile,
	tools.NameListDirectory: listDirectory,
	tools.NameGlob:          glob,
	tools.NameGrep:          grep,
	tools.NameWriteFile:     writeFile,
	tools.NameEditFile:      editFile,
	tools.NameBash:          bash,
}

// decoder is what every generated argument type implements.
type decoder interface{ UnmarshalJSON([]byte) error }

// decodeArgs decodes args into v; empty arguments count as {}.
func decodeArgs(name string, args []byte, v decoder) (tools.Result, bool) {
	if len(args) == 0 {
		args = []byte("{}")
	}
	if err := v.UnmarshalJSON(args); err != nil {
		return errorResult("invalid arguments for %s: %v", name, err), false
	}
	return tools.Result{}, true
}

func readFile(ctx context.Context, tb *Toolbox, args []byte) (tools.Result, error) {
	var a toolsv1.ReadFileArgs
	if res, ok := decodeArgs(tools.NameReadFile, args, &a); !ok {
		return res, nil
	}
	return tools.ReadFile(ctx, tb.ws, a.Path, int(a.Offset.V), int(a.Limit.V))
}

func listDirectory(ctx context.Context, tb *Toolbox, args []byte) (tools.Result, error) {
	var a toolsv1.ListDirectoryArgs
	if res, ok := decodeArgs(tools.NameListDirectory, args, &a); !ok {
		return res, nil
	}
	return tools.ListDirectory(ctx, tb.ws, a.Path.V)
}

func glob(ctx context.Context, tb *Toolbox, args []byte) (tools.Result, error) {
	var a toolsv1.GlobArgs
	if res, ok := decodeArgs(tools.NameGlob, args, &a); !ok {
		return res, nil
	}
	return tools.Glob(ctx, tb.ws, a.Pattern, a.Path.V)
}

func grep(ctx context.Context, tb *Toolbox, args []byte) (tools.Result, error) {
	var a toolsv1.GrepArgs
	if res, ok := decodeArgs(tools.NameGrep, args, &a); !ok {
		return res, nil
	}
	return tools.Grep(ctx, tb.ws, a.Pattern, a.Path.V, a.Glob.V, a.CaseInsensitive.V, int(a.MaxResults.V))
}

func writeFile(ctx context.Context, tb *Toolbox, args []byte) (tools.Result, error) {
	var a toolsv1.WriteFileArgs
	if res, ok := decodeArgs(tools.NameWriteFile, args, &a); !ok {
		return res, nil
	}
	return tools.WriteFile(ctx, tb.ws, a.Path, a.Content)
}

func editFile(ctx context.Context, tb *Toolbox, args []byte) (tools.Result, error) {
	var a toolsv1.EditFileArgs
	if res, ok := decodeArgs(tools.NameEditFile, args, &a); !ok {
		return res, nil
	}
	return tools.EditFile(ctx, tb.ws, a.Path, a.OldString, a.NewString)
}

func bash(ctx context.Context, tb *Toolbox, args []byte) (tools.Result, error) {
	var a toolsv1.BashArgs
	if res, ok := decodeArgs(tools.NameBash, args, &a); !ok {
		return res, nil
	}
	timeout := time.Duration(a.TimeoutMs.V) * time.Millisecond
	return tools.BashIn(ctx, tb.box, tb.ws, a.Command, timeout, tb.env)
}

// writePath returns the path a call of a built-in file-writing tool would
// write, when its arguments decode; the tool reports arguments that do
// not.
func writePath(name string, args []byte) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	switch name {
	case tools.NameWriteFile:
		var a toolsv1.WriteFileArgs
		err := a.UnmarshalJSON(args)
		return a.Path, err == nil
	case tools.NameEditFile:
		var a toolsv1.EditFileArgs
		err := a.UnmarshalJSON(args)
		return a.Path, err == nil
	}
	return "", false
}
