//go:build amd64 && !purego

#include "textflag.h"

// The scans use SSE2 only, which every amd64 processor has. They once used
// AVX2, twice as wide, but on some virtual machines each call that touches
// the 256-bit registers costs a fixed ~250 ns, more than scanning 1 KiB
// with SSE2 takes.

// SPECIALS16 sets reg to the PMOVMSKB mask of the 16 bytes in X3 that are a
// quote (X0), a backslash (X1), or below 0x20 or from 0x80 up (a signed
// compare with X2: 0x20 > b holds for 0x00-0x1f and, as negatives, for
// 0x80-0xff). It clobbers X4 and X5.
#define SPECIALS16(reg) \
	MOVOU    X3, X4 \
	PCMPEQB  X0, X4 \
	MOVOU    X3, X5 \
	PCMPEQB  X1, X5 \
	POR      X5, X4 \
	MOVOU    X2, X5 \
	PCMPGTB  X3, X5 \
	POR      X5, X4 \
	PMOVMSKB X4, reg

// CONSTS loads the broadcast constants SPECIALS16 compares with.
#define CONSTS \
	MOVQ       $0x2222222222222222, DX \
	MOVQ       DX, X0 \
	PUNPCKLQDQ X0, X0 \
	MOVQ       $0x5c5c5c5c5c5c5c5c, DX \
	MOVQ       DX, X1 \
	PUNPCKLQDQ X1, X1 \
	MOVQ       $0x2020202020202020, DX \
	MOVQ       DX, X2 \
	PUNPCKLQDQ X2, X2

// func plainRunSSE2(p *byte, n int) int
TEXT ·plainRunSSE2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	XORQ AX, AX
	CONSTS

loop:
	LEAQ  16(AX), DX
	CMPQ  DX, CX
	JA    done
	MOVOU (SI)(AX*1), X3
	SPECIALS16(DX)
	TESTL DX, DX
	JNZ   found
	ADDQ  $16, AX
	JMP   loop

found:
	BSFL DX, DX
	ADDQ DX, AX

done:
	MOVQ AX, ret+16(FP)
	RET

// func specialMask64(p *byte, groups int, out *uint64)
// For each 64-byte group of p, writes one word whose bit i is set when
// byte i of the group is a quote, a backslash, below 0x20 or from 0x80 up.
TEXT ·specialMask64(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ groups+8(FP), CX
	MOVQ out+16(FP), DI
	CONSTS

group:
	TESTQ CX, CX
	JZ    groupsdone
	MOVOU (SI), X3
	SPECIALS16(AX)
	MOVOU 16(SI), X3
	SPECIALS16(DX)
	SHLQ  $16, DX
	ORQ   DX, AX
	MOVOU 32(SI), X3
	SPECIALS16(DX)
	SHLQ  $32, DX
	ORQ   DX, AX
	MOVOU 48(SI), X3
	SPECIALS16(DX)
	SHLQ  $48, DX
	ORQ   DX, AX
	MOVQ  AX, (DI)
	ADDQ  $64, SI
	ADDQ  $8, DI
	DECQ  CX
	JMP   group

groupsdone:
	RET

// func copyPlainSSE2(dst, src *byte, n int) int
// Copies src[:n] (n >= 16) to dst 16 bytes at a time up to the first
// special byte and returns its index, or n when there is none. The block
// holding the special byte is copied whole, and the last block overlaps
// the one before it, so dst must have room for n bytes; bytes past the
// returned index are not meaningful.
TEXT ·copyPlainSSE2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
	CONSTS

copyloop:
	LEAQ  16(AX), DX
	CMPQ  DX, CX
	JA    copytail
	MOVOU (SI)(AX*1), X3
	MOVOU X3, (DI)(AX*1)
	SPECIALS16(DX)
	TESTL DX, DX
	JNZ   copyfound
	ADDQ  $16, AX
	JMP   copyloop

copytail:
	CMPQ  AX, CX
	JEQ   copydone
	LEAQ  -16(CX), BX
	MOVOU (SI)(BX*1), X3
	MOVOU X3, (DI)(BX*1)
	SPECIALS16(DX)
	MOVQ  CX, R9
	MOVQ  AX, CX
	SUBQ  BX, CX
	SHRL  CX, DX
	TESTL DX, DX
	JZ    copynone
	BSFL  DX, DX
	ADDQ  DX, AX
	JMP   copydone

copynone:
	MOVQ R9, AX
	JMP  copydone

copyfound:
	BSFL DX, DX
	ADDQ DX, AX

copydone:
	MOVQ AX, ret+24(FP)
	RET

// func escapeSSE2(dst *byte, room int, src *byte, n int) (w, r int)
// Copies src to dst 16 bytes at a time, writing a quote, backslash,
// newline, return or tab as its two-byte escape, and stops at any other
// special byte, when fewer than 16 bytes of src are left, or when dst has
// fewer than 18 bytes of room left. It returns how many bytes it wrote (w)
// and read (r). Bytes of dst past w are not meaningful.
TEXT ·escapeSSE2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ room+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	XORQ AX, AX // r
	XORQ BX, BX // w
	CONSTS
	LEAQ ·shortEscape(SB), R10

escloop:
	LEAQ  16(AX), DX
	CMPQ  DX, CX
	JA    escdone
	LEAQ  18(BX), DX
	CMPQ  DX, R8
	JA    escdone
	MOVOU (SI)(AX*1), X3
	MOVOU X3, (DI)(BX*1)
	SPECIALS16(DX)
	TESTL DX, DX
	JNZ   escfound
	ADDQ  $16, AX
	ADDQ  $16, BX
	JMP   escloop

escfound:
	BSFL    DX, DX
	ADDQ    DX, AX
	ADDQ    DX, BX
	MOVBLZX (SI)(AX*1), DX
	MOVBLZX (R10)(DX*1), DX
	TESTL   DX, DX
	JZ      escdone
	MOVB    $0x5c, (DI)(BX*1)
	MOVB    DX, 1(DI)(BX*1)
	ADDQ    $1, AX
	ADDQ    $2, BX
	JMP     escloop

escdone:
	MOVQ BX, w+32(FP)
	MOVQ AX, r+40(FP)
	RET
