//go:build !amd64 || purego

package rt

import "unicode/utf8"

// plainRunVector has no vector version here; plainRun's word loop does the work.
func plainRunVector(s string, i int) int { return i }

const haveVector = false

func copyPlainSSE2(dst, src *byte, n int) int { panic("rt: no vector copy on this platform") }

func escapeSSE2(dst *byte, room int, src *byte, n, back int) (w, r int) {
	panic("rt: no vector escape on this platform")
}

func unescapeSSE2(dst, src *byte, n, gap int) (w, r int) {
	panic("rt: no vector unescape on this platform")
}

func skipEscapedSSE2(p *byte, n int) int { panic("rt: no vector skip on this platform") }

const haveAVX2 = false

func unescapeAVX2(dst, src *byte, n int) (w, r int) { panic("rt: no vector unescape on this platform") }

func skipEscapedAVX2(p *byte, n int) int { panic("rt: no vector skip on this platform") }

func escapeAVX2(dst *byte, room int, src *byte, n, back int) (w, r int) {
	panic("rt: no vector escape on this platform")
}

// validRun tells whether s[i:j], a run of non-ASCII bytes, is valid UTF-8.
func validRun(s string, i, j int) bool { return utf8.ValidString(s[i:j]) }

func utf8ValidSSE(p *byte, n int) bool { panic("rt: no vector UTF-8 check on this platform") }
