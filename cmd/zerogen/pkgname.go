package main

import (
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
)

// packageClash names a Go file in dir, not written by zerogen's package
// run, whose package clause differs from pkg: the directory would then hold
// two packages and not build. It returns "" when there is none (external
// test files, package pkg_test, and files the build ignores do not count).
func packageClash(dir, pkg string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") {
			continue
		}
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		if err != nil || isGenerated(data) {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, data, parser.PackageClauseOnly)
		if err != nil {
			continue
		}
		got := f.Name.Name
		if got == pkg || strings.HasSuffix(name, "_test.go") && got == pkg+"_test" {
			continue
		}
		return fmt.Sprintf("%s says package %s, and --package %s would put a second package in %s, which does not build; use --package %s or another --out", path, got, pkg, dir, got)
	}
	return ""
}
