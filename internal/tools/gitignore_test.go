package tools

import (
	"strings"
	"testing"
)

func TestIgnoreRules(t *testing.T) {
	rules := parseIgnore(strings.NewReader("# comment\n\n*.o\n!keep.o\nbuild/\n/top.txt\na/**/z\ntrail \\ \nsp   \n[!x]y\n\\!bang\n"))
	tests := []struct {
		rel            string
		dir            bool
		ignored, match bool
	}{
		{"x.o", false, true, true},
		{"deep/x.o", false, true, true},
		{"keep.o", false, false, true},
		{"build", true, true, true},
		{"build", false, false, false},
		{"src/build", true, true, true},
		{"top.txt", false, true, true},
		{"sub/top.txt", false, false, false},
		{"a/z", false, true, true},
		{"a/b/c/z", false, true, true},
		{"trail  ", false, true, true},
		{"sp", false, true, true},
		{"ay", false, true, true},
		{"xy", false, false, false},
		{"!bang", false, true, true},
		{"other", false, false, false},
	}
	for _, tt := range tests {
		ign, m := rules.match(tt.rel, tt.dir)
		if ign != tt.ignored || m != tt.match {
			t.Errorf("%q (dir %v): ignored %v matched %v, want %v %v", tt.rel, tt.dir, ign, m, tt.ignored, tt.match)
		}
	}
}
