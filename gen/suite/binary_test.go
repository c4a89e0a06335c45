package suite

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/zeroproject/zero/gen"
)

// The suite's cases are generated the way a user runs zerogen: each case's
// schema is written to a file, root.json, alone in a directory, and the
// zerogen command (built once from this repository) is run on it:
//
//	zerogen --schemas DIR --out PKGDIR --package cN --root root.json \
//	        --default-dialect D --ref-dir http://localhost:1234/=REMOTES
//
// The file is named root.json so that, untitled, its type is Root. A
// refusal is zerogen's exit status 1 with a located error on stderr; the
// harness reads it back into a *gen.Error so that the report gives the same
// reasons. Anything else that fails (another exit status, an error that
// names no schema position, a panic) is the generator's fault: WRONG.

// buildZerogen builds the zerogen command from the repository into dir.
func buildZerogen(ctx context.Context, repo, dir string) (string, error) {
	bin := filepath.Join(dir, "zerogen")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/zerogen")
	cmd.Dir = repo
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/zerogen: %v\n%s", err, out)
	}
	return bin, nil
}

// generateAllWithCommand runs the zerogen command on every case, a few at
// a time, with work as the scratch directory for schemas and output.
func generateAllWithCommand(ctx context.Context, bin, work string, files []*suiteFile, remotes string) {
	forEachCase(files, func(c *suiteCase) { generateWithCommand(ctx, bin, work, c, remotes) })
}

// generateWithCommand runs zerogen on one case and reads back what it
// wrote, or why it refused.
func generateWithCommand(ctx context.Context, bin, work string, c *suiteCase, remotes string) {
	schemas := filepath.Join(work, "schemas", filepath.FromSlash(c.Pkg))
	out := filepath.Join(work, "out", filepath.FromSlash(c.Pkg))
	if err := os.MkdirAll(schemas, 0o755); err != nil {
		c.GenErr = err
		return
	}
	if err := os.WriteFile(filepath.Join(schemas, "root.json"), c.Schema, 0o644); err != nil {
		c.GenErr = err
		return
	}
	cmd := exec.CommandContext(ctx, bin, "--schemas", schemas, "--out", out, "--package", path.Base(c.Pkg),
		"--root", "root.json", "--default-dialect", c.File.Dialect.String(), "--all-errors",
		"--ref-dir", "http://"+remotesHost+"/="+remotes)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		c.Code, c.GenErr = readPackage(out)
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		c.GenErr = commandError(stderr.String(), schemas)
	default:
		c.GenPanic = fmt.Sprintf("zerogen: %v\n%s", err, stderr.String())
	}
}

// readPackage reads the Go files zerogen wrote to dir.
func readPackage(dir string) (map[string][]byte, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		return nil, fmt.Errorf("zerogen exited 0 but wrote no Go file to %s: %v", dir, err)
	}
	code := map[string][]byte{}
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		code[filepath.Base(n)] = data
	}
	return code, nil
}

// commandError reads zerogen's message for a refusal back into a
// *gen.Error: "zerogen: FILE#POINTER: MESSAGE", FILE being the case's
// schema file or a document read by URL. A message of another form stays a
// plain error, which the harness counts as the generator's failure.
func commandError(stderr, schemas string) error {
	for strings.HasPrefix(stderr, "zerogen: warning: ") {
		_, stderr, _ = strings.Cut(stderr, "\n") // warnings come before the error
	}
	line, _, _ := strings.Cut(strings.TrimPrefix(stderr, "zerogen: "), "\n")
	file, rest, ok := strings.Cut(line, "#")
	if !ok || !strings.HasPrefix(stderr, "zerogen: ") {
		return errors.New(strings.TrimSpace(stderr))
	}
	ptr, msg, ok := strings.Cut(rest, ": ")
	if !ok {
		return errors.New(strings.TrimSpace(stderr))
	}
	switch prefix := filepath.ToSlash(schemas) + "/"; {
	case strings.HasPrefix(file, prefix):
		file = strings.TrimPrefix(file, prefix)
	case !strings.Contains(file, "://"):
		return errors.New(strings.TrimSpace(stderr))
	}
	if i := strings.Index(stderr, "\n"); i >= 0 && i+1 < len(stderr) {
		msg += stderr[i:] // a message may run over several lines
	}
	return &gen.Error{File: file, Pointer: ptr, Msg: strings.TrimSpace(msg)}
}
