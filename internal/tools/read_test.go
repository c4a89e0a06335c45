package tools

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func numbered(from, to int) string {
	var b strings.Builder
	for i := from; i <= to; i++ {
		fmt.Fprintf(&b, "%6d\tline %d\n", i, i)
	}
	return b.String()
}

func lines(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

func TestReadFile(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{
		"ten.txt":    lines(10),
		"crlf.txt":   "a\r\nb\r\n",
		"nonl.txt":   "one\ntwo",
		"empty.txt":  "",
		"d/keep.txt": "k\n",
	})
	tests := []struct {
		name          string
		path          string
		offset, limit int
		want          string
		truncated     bool
	}{
		{"whole", "ten.txt", 0, 0, numbered(1, 10), false},
		{"offset", "ten.txt", 8, 0, numbered(8, 10), false},
		{"window", "ten.txt", 3, 2, numbered(3, 4) + "[more lines follow; read again with offset 5 to continue]", true},
		{"exact end", "ten.txt", 9, 2, numbered(9, 10), false},
		{"crlf", "crlf.txt", 0, 0, "     1\ta\n     2\tb\n", false},
		{"no final newline", "nonl.txt", 0, 0, "     1\tone\n     2\ttwo\n", false},
		{"empty", "empty.txt", 0, 0, "[empty.txt is empty]", false},
		{"absolute", "", 1, 1, "     1\tk\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.path
			if p == "" {
				p = ws.Root() + "/d/keep.txt"
			}
			res := mustRun(t, call(ReadFile(ctx, ws, p, tt.offset, tt.limit)))
			if res.IsError || res.Output != tt.want || res.Truncated != tt.truncated {
				t.Errorf("got %+v\nwant output %q truncated %v", res, tt.want, tt.truncated)
			}
		})
	}
}

func TestReadFileErrors(t *testing.T) {
	ws, _ := newTestWorkspace(t, map[string]string{
		"ten.txt": lines(10),
		"bin":     "text\x00more",
		"d/":      "",
	})
	wantError(t, call(ReadFile(ctx, ws, "ten.txt", 11, 0)), "offset 11", "10 lines")
	wantError(t, call(ReadFile(ctx, ws, "ten.txt", -1, 0)), "negative")
	wantError(t, call(ReadFile(ctx, ws, "ten.txt", 0, -5)), "negative")
	wantError(t, call(ReadFile(ctx, ws, "bin", 0, 0)), "binary")
	wantError(t, call(ReadFile(ctx, ws, "missing.txt", 0, 0)), "missing.txt does not exist")
	wantError(t, call(ReadFile(ctx, ws, "d", 0, 0)), "is a directory", "list_directory")
	wantError(t, call(ReadFile(ctx, ws, "ten.txt/x", 0, 0)), "not a directory")
}

func TestReadFileBinaryOnlyInSniffWindow(t *testing.T) {
	late := strings.Repeat("a", binarySniffBytes) + "\x00"
	ws, _ := newTestWorkspace(t, map[string]string{"late": late})
	wantOK(t, call(ReadFile(ctx, ws, "late", 0, 0)))
}

func TestReadFileLongLine(t *testing.T) {
	long := strings.Repeat("é", maxLineBytes) // 2 bytes each
	ws, _ := newTestWorkspace(t, map[string]string{"long.txt": long + "\nshort\n"})
	got := wantOK(t, call(ReadFile(ctx, ws, "long.txt", 0, 0)))
	first, rest, _ := strings.Cut(got, "\n")
	note := lineCut(2*maxLineBytes, maxLineBytes)
	if !strings.HasSuffix(first, note) || !utf8.ValidString(first) {
		t.Errorf("long line not cut cleanly: ...%q", first[len(first)-40:])
	}
	if len(first) > maxLineBytes+len(note)+8 {
		t.Errorf("cut line is %d bytes", len(first))
	}
	if rest != "     2\tshort\n" {
		t.Errorf("next line = %q", rest)
	}
}

func TestReadFileStopsAtOutputLimit(t *testing.T) {
	row := strings.Repeat("x", 1000)
	ws, _ := newTestWorkspace(t, map[string]string{"big.txt": strings.Repeat(row+"\n", 100)})
	res := mustRun(t, call(ReadFile(ctx, ws, "big.txt", 0, 0)))
	if !res.Truncated || res.IsError {
		t.Fatalf("want truncated success, got truncated=%v error=%v", res.Truncated, res.IsError)
	}
	shown := strings.Count(res.Output, row)
	want := fmt.Sprintf("read again with offset %d", shown+1)
	if !strings.Contains(res.Output, want) {
		t.Errorf("output does not say %q: ...%s", want, res.Output[len(res.Output)-100:])
	}
}

// TestReadFileLineEndings: CRLF and LF lines read the same, a lone CR
// inside a line stays, and the cut note counts the line without its CRLF.
func TestReadFileLineEndings(t *testing.T) {
	long := strings.Repeat("x", maxLineBytes+10)
	ws, _ := newTestWorkspace(t, map[string]string{
		"crlf.txt": "one\r\ntwo\r\n",
		"cr.txt":   "a\rb\nlast",
		"long.txt": long + "\r\nnext\r\n",
	})
	tests := []struct{ path, want string }{
		{"crlf.txt", "     1\tone\n     2\ttwo\n"},
		{"cr.txt", "     1\ta\rb\n     2\tlast\n"},
		{"long.txt", "     1\t" + long[:maxLineBytes] + lineCut(maxLineBytes+10, maxLineBytes) + "\n     2\tnext\n"},
	}
	for _, tt := range tests {
		if got := wantOK(t, call(ReadFile(ctx, ws, tt.path, 0, 0))); got != tt.want {
			t.Errorf("%s: got %q\nwant %q", tt.path, got, tt.want)
		}
	}
}
