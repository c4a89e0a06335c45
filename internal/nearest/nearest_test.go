package nearest

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "ab", 2}, {"bash", "bassh", 1}, {"edit_file", "edit_fiel", 1},
		{"tpye", "type", 1}, {"kitten", "sitting", 3}, {"ab", "ba", 1}, {"abc", "cba", 2},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := Distance(c.b, c.a); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.b, c.a, got, c.want)
		}
	}
}

func TestName(t *testing.T) {
	known := []string{"bash", "edit_file", "read_file", "write_file", "properties", "patternProperties", "type"}
	for _, c := range []struct{ s, want string }{
		{"bassh", "bash"},            // one edit on a short name
		{"bsah", "bash"},             // a swap is one edit
		{"bxsy", ""},                 // two edits on a short name are too many
		{"edit_fiel", "edit_file"},   // a swap
		{"Write_File", "write_file"}, // case is ignored
		{"propertise", "properties"}, // two edits on a longer name
		{"patternPropertys", "patternProperties"},
		{"zzzzzzzz", ""},
		{"tpye", "type"},
	} {
		if got := Name(c.s, known); got != c.want {
			t.Errorf("Name(%q) = %q, want %q", c.s, got, c.want)
		}
	}
	if got := Name("cat", []string{"hat", "bat"}); got != "bat" {
		t.Errorf("a tie goes to the first in sorted order: got %q", got)
	}
}
