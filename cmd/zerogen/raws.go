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
func reportRaws(stderr io.Writer, sf schemaFiles, raws []gen.RawValue, all bool) {
	for _, r := range raws {
		if !r.Open() {
			fmt.Fprintf(stderr, "zerogen: warning: %s\n", relPointer(r, sf))
		}
	}
	if !all {
		return
	}
	fields, byReason := 0, map[string]int{}
	for _, r := range raws {
		if r.Open() {
			fmt.Fprintf(stderr, "zerogen: %s\n", relPointer(r, sf))
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

// relPointer names the schema file of r by the path the user gave.
func relPointer(r gen.RawValue, sf schemaFiles) string {
	if file, ptr, ok := strings.Cut(r.Pointer, "#"); ok {
		if p, found := sf.paths[file]; found {
			r.Pointer = filepath.ToSlash(p) + "#" + ptr
		}
	}
	return r.String()
}
