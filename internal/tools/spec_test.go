package tools

import (
	"slices"
	"testing"
)

func TestSpecs(t *testing.T) {
	want := [][4]string{
		{"read_file", "read", "read", "allow"},
		{"list_directory", "read", "list", "allow"},
		{"glob", "read", "search", "allow"},
		{"grep", "read", "search", "allow"},
		{"write_file", "write", "write", "prompt"},
		{"edit_file", "write", "edit", "prompt"},
		{"bash", "shell", "execute", "prompt"},
	}
	specs := Specs()
	if len(specs) != len(want) {
		t.Fatalf("%d specs, want %d", len(specs), len(want))
	}
	for i, s := range specs {
		if got := [4]string{s.Name, s.SideEffect, s.Action, s.Permission}; got != want[i] {
			t.Errorf("spec %d = %v, want %v", i, got, want[i])
		}
		if s.Reason == "" || len(s.Description) < 40 {
			t.Errorf("%s: missing reason or description", s.Name)
		}
	}
	specs[0].Name = "changed"
	if Specs()[0].Name != "read_file" {
		t.Error("Specs shares its slice with callers")
	}
	if got := Names(); !slices.Equal(got, []string{"read_file", "list_directory", "glob", "grep", "write_file", "edit_file", "bash"}) {
		t.Errorf("Names() = %v", got)
	}
}
