package rt

import (
	"strings"
	"testing"
)

// BenchmarkAppendString times AppendString on text of different shapes:
// plain, sparse and dense escapes, non-ASCII runes, and a short key.
func BenchmarkAppendString(b *testing.B) {
	cases := []struct{ name, s string }{
		{"plain4k", strings.Repeat("the quick brown fox jumps over the lazy dog ", 100)[:4096]},
		{"lines4k", strings.Repeat("package main // the quick brown fox jumps over the lazy dog\n", 70)[:4096]},
		{"code2k", strings.Repeat("\tif err := step(ctx, turn); err != nil {\n\t\treturn fmt.Errorf(\"turn %d: %w\", turn, err)\n\t}\n", 40)[:2048]},
		{"cjk2k", strings.Repeat("日本語のテキストを書きます。", 60)},
		{"cjklines2k", strings.Repeat("日本語の「テキスト」を書きます。\n\"引用\"も。\n", 40)},
		{"accents2k", strings.Repeat("café déjà vu, naïve façade; ", 80)},
		{"short", "sess_7c1e0b9d"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			buf := make([]byte, 0, 16<<10)
			b.SetBytes(int64(len(c.s)))
			for b.Loop() {
				buf = AppendString(buf[:0], c.s)
			}
		})
	}
}
