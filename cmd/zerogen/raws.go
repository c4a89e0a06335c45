package main

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/zeroproject/zero/gen"
)

// reportRaws warns on stderr about every rt.Raw kept where the schema does
// not admit any value; with all, it lists every rt.Raw and the share of
// struct fields that are rt.Raw, by reason.
func reportRaws(stderr io.Writer, dir string, raws []gen.RawValue, all bool) {
	for _, r := range raws {
		if !r.Open() {
			fmt.Fprintf(stderr, "zerogen: warning: %s\n", relPointer(r, dir))
		}
	}
	if !all {
		return
	}
	fields, byReason := 0, map[string]int{}
	for _, r := range raws {
		if r.Open() {
			fmt.Fprintf(stderr, "zerogen: %s\n", relPointer(r, dir))
		}
		if r.Field {
			fields++
			byReason[reasonOrOpen(r)]++
		}
	}
	var reasons []string
	for reason := range byReason {
		reasons = append(reasons, reason)
	}
	sort.Strings(reasons)
	fmt.Fprintf(stderr, "zerogen: %d struct fields are rt.Raw\n", fields)
	for _, reason := range reasons {
		fmt.Fprintf(stderr, "zerogen:   %d %s\n", byReason[reason], reason)
	}
}

func reasonOrOpen(r gen.RawValue) string {
	if r.Open() {
		return "the schema admits any value"
	}
	return r.Reason
}

// relPointer names the schema file of r relative to the working directory.
func relPointer(r gen.RawValue, dir string) string {
	if !strings.Contains(r.Pointer, "://") {
		r.Pointer = filepath.ToSlash(filepath.Join(dir, r.Pointer))
	}
	return r.String()
}
