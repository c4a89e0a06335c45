package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// ownedFiles lists every file under out: a directory that one subcommand
// writes whole (bundles, TypeScript declarations, reference docs), so any
// file it no longer generates is extra.
func ownedFiles(out string) (map[string]bool, error) {
	found := map[string]bool{}
	err := filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(out, path)
			found[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	return found, err
}

// syncOwned writes generated into out and removes the files of out it does
// not name; with check it writes nothing and reports each difference. It
// returns the exit code.
func syncOwned(out string, generated map[string][]byte, check bool, stderr io.Writer) int {
	have, err := ownedFiles(out)
	if err != nil {
		fmt.Fprintf(stderr, "zerogen: %v\n", err)
		return 1
	}
	var stale []string
	for _, name := range sortedNames(generated) {
		delete(have, name)
		path := filepath.Join(out, filepath.FromSlash(name))
		old, err := os.ReadFile(path)
		if err == nil && bytes.Equal(old, generated[name]) {
			continue
		}
		if check {
			what := "stale: "
			if errors.Is(err, fs.ErrNotExist) {
				what = "missing: "
			}
			stale = append(stale, what+path)
			continue
		}
		if err := writeFile(path, generated[name]); err != nil {
			fmt.Fprintf(stderr, "zerogen: %v\n", err)
			return 1
		}
	}
	for name := range have {
		path := filepath.Join(out, filepath.FromSlash(name))
		if check {
			stale = append(stale, "no longer generated: "+path)
		} else if err := os.Remove(path); err != nil {
			fmt.Fprintf(stderr, "zerogen: %v\n", err)
			return 1
		}
	}
	if len(stale) == 0 {
		return 0
	}
	sort.Strings(stale)
	for _, s := range stale {
		fmt.Fprintf(stderr, "zerogen: %s\n", s)
	}
	fmt.Fprintln(stderr, "zerogen: run 'make generate' and commit the result")
	return 1
}

func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
