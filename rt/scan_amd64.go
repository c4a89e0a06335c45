//go:build amd64 && !purego

package rt

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// haveVector selects the vector scans where the processor has AVX2.
var haveVector = cpu.X86.HasAVX2

// specialMask64 writes one bitmap word per 64-byte group of p (see isSpecial).
//
//go:noescape
func specialMask64(p *byte, groups int, out *uint64)

// plainRunAVX2 returns the index of the first byte of p[:n] that is a
// quote, a backslash, below 0x20 or from 0x80 up, looking at whole 32-byte
// blocks only; it returns the start of the first block it did not look at
// (a multiple of 32) when it finds none.
//
//go:noescape
func plainRunAVX2(p *byte, n int) int

// plainRunVector scans s from i with AVX2, 32 bytes per step; it returns
// the position of the first special byte, or where the remaining tail of
// fewer than 32 bytes starts.
func plainRunVector(s string, i int) int {
	if !haveVector || len(s)-i < 64 {
		return i
	}
	return i + plainRunAVX2((*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i)), len(s)-i)
}
