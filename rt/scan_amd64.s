//go:build amd64 && !purego

#include "textflag.h"

// The scans use SSE2, which every amd64 processor has, and the whole-block
// paths (wholeBlocks) PSHUFB from SSSE3, which nearly every one has. Where
// the processor has AVX2, three loops at the end of this file take long
// runs of whole blocks 32 bytes at a time (see haveAVX2).

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

// SPECIALS16BS is SPECIALS16 that leaves the bytes of the block that are
// a backslash in X6 (0xff each), for ESCMASK. It clobbers X4 and X5.
#define SPECIALS16BS(reg) \
	MOVOU    X3, X4 \
	PCMPEQB  X0, X4 \
	MOVOU    X3, X6 \
	PCMPEQB  X1, X6 \
	POR      X6, X4 \
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

// LETTER2 jumps to bad unless the byte after the two-byte UTF-8 lead byte
// at SI+j is a continuation byte (0x80-0xbf). It clobbers tmp.
#define LETTER2(j, tmp, bad) \
	MOVBLZX 1(SI)(j*1), tmp \
	ANDL    $0xc0, tmp \
	CMPL    tmp, $0x80 \
	JNE     bad

// LETTER3 jumps to bad unless the three bytes at SI+j, whose lead byte
// (0xe0-0xef) is in lead, are valid UTF-8: the third byte a continuation
// byte, and the second one too, but 0xa0-0xbf after 0xe0 (no overlong
// form) and 0x80-0x9f after 0xed (no surrogate). The second byte is moved
// so that both exceptions accept 0x00-0x1f and the rest 0x00-0x3f. It
// clobbers tmp.
#define LETTER3(j, lead, tmp, bad) \
	MOVBLZX 2(SI)(j*1), tmp \
	ANDL    $0xc0, tmp \
	CMPL    tmp, $0x80 \
	JNE     bad \
	MOVBLZX 1(SI)(j*1), tmp \
	CMPL    lead, $0xe0 \
	JNE     2(PC) \
	SUBL    $0x20, tmp \
	SUBL    $0x80, tmp \
	CMPL    tmp, $0x3f \
	JA      bad \
	CMPL    tmp, $0x1f \
	JBE     5(PC) \
	CMPL    lead, $0xe0 \
	JEQ     bad \
	CMPL    lead, $0xed \
	JEQ     bad

// ESCTABLES loads what ESCINDEX, ESCLETTERS and unescapeSSE2 look letters
// up with: 0x0f in every byte into X8, escLetter into X9 and escByte into
// X10.
#define ESCTABLES \
	MOVQ       $0x0f0f0f0f0f0f0f0f, DX \
	MOVQ       DX, X8 \
	PUNPCKLQDQ X8, X8 \
	MOVOU      ·escLetter(SB), X9 \
	MOVOU      ·escByte(SB), X10

// UTF8CONSTS loads the tables UTF8BLOCK looks bytes up in into X11-X13
// and utf8Sub into X14 and X15.
#define UTF8CONSTS \
	MOVOU ·utf8Lookup+0(SB), X11 \
	MOVOU ·utf8Lookup+16(SB), X12 \
	MOVOU ·utf8Lookup+32(SB), X13 \
	MOVOU ·utf8Sub+0(SB), X14 \
	MOVOU ·utf8Sub+16(SB), X15

// UTF8BLOCK jumps to other unless the block in X3 (whose special bytes
// are all non-ASCII) is valid UTF-8 as utf8BlockGo (in the tests) tells,
// up to the lead byte of a letter it leaves unfinished. It leaves that byte's offset in
// R11 (16 when there is none) and clobbers R12, R13 and X4-X7; X8 must
// hold 0x0f in every byte.
#define UTF8BLOCK(other) \
	UTF8STARTCASES \
	UTF8ERRORS \
	UTF8UNFINISHED \
	MOVL     R11, R13 \
	NEGL     R13 \
	ANDL     R11, R13 \
	BSFL     R11, R11 \
	LEAL     -1(R13)(R13*1), R13 \
	TESTL    R13, R12 \
	JNZ      other

// UTF8PREV jumps to other unless the block in X3 (whose special bytes are
// all non-ASCII) is valid UTF-8 given the three bytes before it, which it
// loads from SI+AX-3 (they must be part of the string): each byte is
// checked with the ones before it, as in UTF8BLOCK, but the block need not
// start a letter. A letter that its last bytes leave unfinished is checked
// with the next block: it sets R14 to how many bytes of it the block holds
// (0 when none). It clobbers R11, R12 and X4-X7; X8 must hold 0x0f in
// every byte. UTF8FIRST is UTF8PREV for a block that starts a letter, with
// ASCII bytes taken for the three before it.
#define UTF8PREV(other) \
	MOVOU -1(SI)(AX*1), X6 \
	UTF8CASES \
	MOVOU -2(SI)(AX*1), X6 \
	MOVOU -3(SI)(AX*1), X7 \
	UTF8MUST(other)

#define UTF8FIRST(other) \
	UTF8STARTCASES \
	UTF8MUST(other)

// UTF8STARTCASES is UTF8CASES for a block taken as starting a letter (the
// bytes before it ASCII), and leaves the block shifted by two and by three
// bytes in X6 and X7 for UTF8ERRORS.
#define UTF8STARTCASES \
	MOVOU  X3, X6 \
	PSLLDQ $1, X6 \
	UTF8CASES \
	MOVOU  X3, X6 \
	PSLLDQ $2, X6 \
	MOVOU  X3, X7 \
	PSLLDQ $3, X7

// UTF8CASES sets X4 to the error classes of each byte of X3 with the byte
// before it (in X6): the three lookups of UTF8BLOCK.
#define UTF8CASES \
	MOVOU    X6, X7 \
	PSRLW    $4, X7 \
	PAND     X8, X7 \
	MOVOU    X11, X4 \
	PSHUFB   X7, X4 \
	PAND     X8, X6 \
	MOVOU    X12, X5 \
	PSHUFB   X6, X5 \
	PAND     X5, X4 \
	MOVOU    X3, X7 \
	PSRLW    $4, X7 \
	PAND     X8, X7 \
	MOVOU    X13, X5 \
	PSHUFB   X7, X5 \
	PAND     X5, X4

// UTF8MUST jumps to other unless the error classes in X4 are exactly the
// bytes that must be a third or fourth byte of a letter, told from the
// bytes two and three before (in X6 and X7), and sets R14 as UTF8PREV
// says.
#define UTF8MUST(other) \
	UTF8ERRORS \
	JNZ      other \
	UTF8UNFINISHED \
	BSFL     R11, R11 \
	MOVL     $16, R14 \
	SUBL     R11, R14

// UTF8ERRORS sets R12 to the mask of the bytes of the block whose error
// classes (X4) are not exactly those of a third or fourth byte of a letter,
// told from the bytes two and three before (X6, X7); it leaves X7 zero.
#define UTF8ERRORS \
	PSUBUSB  X14, X6 \
	PSUBUSB  X15, X7 \
	POR      X7, X6 \
	MOVOU    ·utf8High(SB), X7 \
	PAND     X7, X6 \
	PXOR     X6, X4 \
	PXOR     X7, X7 \
	PCMPEQB  X7, X4 \
	PMOVMSKB X4, R12 \
	XORL     $0xffff, R12

// UTF8UNFINISHED sets R11 to the mask of the bytes of the block in X3 that
// lead a letter the block does not finish (X7 must be zero), with every
// bit from 16 up set.
#define UTF8UNFINISHED \
	MOVOU    X3, X6 \
	MOVOU    ·utf8Unfinished(SB), X5 \
	PSUBUSB  X5, X6 \
	PCMPEQB  X7, X6 \
	PMOVMSKB X6, R11 \
	NOTL     R11

// Blocks of escapes. A 16-byte block whose special bytes are all simple
// escapes is checked, and decoded, at once. Its escapes may end in the
// next block: a block that ends in a backslash passes the escape's letter
// to the next one as a carry (1 in a register), that block's byte 0. So
// each loop steps 16 bytes at a time, and the address of the next load
// never waits for the bytes of this one.

// ESCMASK jumps to other unless every special byte of the block in X3 (DX
// and X6 hold SPECIALS16BS's mask and backslashes) is a backslash or the
// letter of an escape: the byte after a backslash, or byte 0 when carry
// is 1. No letter may be a backslash (\\ takes the loop per escape). It
// leaves the mask of the backslashes in R11 and of the letters in R12
// (bit 16 is the letter of the last byte's backslash, in the next block),
// and clobbers R13.
#define ESCMASK(other, carry) \
	PMOVMSKB X6, R11 \
	LEAL     (carry)(R11*2), R12 \
	TESTL    R11, R12 \
	JNZ      other \
	MOVL     R12, R13 \
	ORL      R11, R13 \
	NOTL     R13 \
	TESTL    DX, R13 \
	JNZ      other

// ESCINDEX sets X4 to escIndex of each byte of src (bits 1-4 of the byte
// xor bits 3-6; a word shift brings in bits of the next byte, but only
// above the four kept). It clobbers X5.
#define ESCINDEX(src) \
	MOVOU src, X4 \
	PSRLW $1, X4 \
	MOVOU src, X5 \
	PSRLW $3, X5 \
	PXOR  X5, X4 \
	PAND  X8, X4

// ESCLETTERS jumps to other unless each byte of src at a bit of mask is
// one of " / b f n r t: escLetter at the byte's escIndex (in X4) must be
// the byte itself. It clobbers R13 and X5.
#define ESCLETTERS(src, mask, other) \
	MOVOU    X9, X5 \
	PSHUFB   X4, X5 \
	PCMPEQB  src, X5 \
	PMOVMSKB X5, R13 \
	XORL     $0xffff, R13 \
	TESTL    mask, R13 \
	JNZ      other

// CALCGAP sets the cursor R10 to the block's start (AX), where the loop
// per escape starts, and R9 to 14 less the distance from dst+BX to
// src+R10, which that loop then keeps.
#define CALCGAP \
	MOVQ AX, R10 \
	MOVQ $14, R9 \
	SUBQ gap+24(FP), R9 \
	SUBQ AX, R9 \
	ADDQ BX, R9

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

// func escapeSSE2(dst *byte, room int, src *byte, n, back int) (w, r int)
// Copies src to dst 16 bytes at a time, writing a quote, backslash,
// newline, return or tab as its two-byte escape and a valid two- or
// three-byte UTF-8 sequence other than U+2028 and U+2029 as it is (the
// letters of a block are taken from its one bitmap of special bytes, or,
// when wholeBlocks is set and the block has no ASCII byte to escape and no
// e2 byte, checked at once with UTF8PREV, which reads the three bytes
// before the block: back says how many there are), and stops at any other
// special byte, when fewer than 16 bytes of src are left, or when dst has
// fewer than 18 bytes of room left. It returns how many bytes it wrote (w)
// and read (r). Bytes of dst past w are not meaningful.
TEXT ·escapeSSE2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ room+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	XORQ AX, AX   // r
	XORQ BX, BX   // w
	XORL R14, R14 // bytes of an unfinished letter the block before ended in (see UTF8PREV); R14 is free in ABI0 code
	CONSTS
	MOVQ       $0x0f0f0f0f0f0f0f0f, DX
	MOVQ       DX, X8
	PUNPCKLQDQ X8, X8
	UTF8CONSTS
	LEAQ ·shortEscape(SB), R10

escloop:
	LEAQ  16(AX), DX
	CMPQ  DX, CX
	JA    escend
	LEAQ  18(BX), DX
	CMPQ  DX, R8
	JA    escend
	MOVOU (SI)(AX*1), X3
	MOVOU X3, (DI)(BX*1)
	SPECIALS16(DX)
	MOVL  DX, R12
	ORL   R14, R12
	JNZ   escutf8
	ADDQ  $16, AX
	ADDQ  $16, BX
	JMP   escloop

escutf8: // a block of valid UTF-8 is written as it is (the block stored
	// holds it), 16 bytes on, whether or not it ends in a whole letter
	PMOVMSKB X3, R12
	CMPL     DX, R12
	JNE      escpending       // an ASCII byte to escape
	CMPB     ·wholeBlocks(SB), $0
	JEQ      escfound         // (nothing is pending without whole blocks)
	MOVOU    ·utf8E2(SB), X4  // e2 leads U+2028 and U+2029, which are escaped:
	PCMPEQB  X3, X4           // such a block goes letter by letter
	PMOVMSKB X4, R12
	TESTL    R12, R12
	JNZ      escpending
	MOVQ     back+32(FP), R12 // the string's first block (nothing pending)
	ADDQ     AX, R12          // goes letter by letter too: UTF8PREV reads
	CMPQ     R12, $3          // the three bytes before the block
	JB       escfound
	UTF8PREV(escpending)
	ADDQ     $16, AX
	ADDQ     $16, BX
	JMP      escloop

escpending: // not a block of letters: back to the start of a letter the
	// block before left unfinished, or the loop per special byte
	TESTL R14, R14
	JZ    escfound
	SUBQ  R14, AX
	SUBQ  R14, BX
	XORL  R14, R14
	JMP   escloop

escfound: // the lowest special byte of the block not handled is at R12 (k in R9)
	BSFL    DX, R9
	LEAQ    (AX)(R9*1), R12
	MOVBLZX (SI)(R12*1), R11
	MOVBLZX (R10)(R11*1), R13
	TESTL   R13, R13
	JNZ     escshort
	CMPL    R11, $0xe0
	JAE     escletter3
	CMPL    R11, $0xc2    // a two-byte letter's lead byte 0xc2-0xdf
	JB      escstop
	CMPL    R9, $15
	JAE     escadvance
	LETTER2(R12, R13, escstop)
	BTRL    R9, DX
	INCL    R9
	BTRL    R9, DX
	JMP     escnext

escletter3:
	CMPL    R11, $0xef
	JA      escstop
	CMPL    R9, $13
	JA      escadvance
	LETTER3(R12, R11, R13, escstop)
	CMPL    R11, $0xe2    // e2 80 a8 and e2 80 a9 (U+2028, U+2029) are escaped, by Go code
	JNE     escletter3ok
	CMPB    1(SI)(R12*1), $0x80
	JNE     escletter3ok
	MOVBLZX 2(SI)(R12*1), R13
	ANDL    $0xfe, R13
	CMPL    R13, $0xa8
	JEQ     escstop

escletter3ok:
	BTRL R9, DX
	INCL R9
	BTRL R9, DX
	INCL R9
	BTRL R9, DX

escnext: // letters are written as they are, so the block stored holds them already
	TESTL DX, DX
	JNZ   escfound
	ADDQ  $16, AX
	ADDQ  $16, BX
	JMP   escloop

escshort: // a quote, backslash, newline, return or tab: its two-byte escape
	ADDQ R9, AX
	ADDQ R9, BX
	MOVB $0x5c, (DI)(BX*1)
	MOVB R13, 1(DI)(BX*1)
	ADDQ $1, AX
	ADDQ $2, BX
	JMP  escloop

escadvance: // a letter that ends in the next block: go on from it
	ADDQ R9, AX
	ADDQ R9, BX
	JMP  escloop

escstop: // a byte left to Go code
	ADDQ R9, AX
	ADDQ R9, BX

escend: // a letter left unfinished goes to Go code whole
	SUBQ R14, AX
	SUBQ R14, BX

escdone:
	MOVQ BX, w+40(FP)
	MOVQ AX, r+48(FP)
	RET

// func unescapeSSE2(dst, src *byte, n, gap int) (w, r int)
// Decodes the string content src[:n] (n >= 32) into dst: plain bytes are
// copied 16 at a time and each two-byte escape (\" \\ \/ \b \f \n \r \t)
// is written as the byte it stands for, every escape of a block taken from
// the block's one bitmap of special bytes; a valid two- or three-byte
// UTF-8 sequence (é, ж, 日) is plain text. A block whose special bytes
// are all simple escapes (see ESCMASK) is decoded whole when wholeBlocks is
// set: each backslash replaced by what its escape stands for, looked up by
// the letter after it (which may be the next block's first byte), and the
// letters dropped with dropBytes; one whose special bytes are all
// non-ASCII is checked with UTF8BLOCK and stored whole. It stops at any other
// special byte (a quote, a \u or invalid escape, a control byte, other
// non-ASCII bytes) and when fewer than 32 bytes are left, and returns how
// many bytes it wrote (w) and read (r): src[:r] is decoded into dst[:w]. It
// never reads past src[n-1] and needs room for n bytes in dst.
//
// dst may be the very memory of src (decoding in place): gap is how many
// bytes dst lies before src (0 then; 16 or more for memory of its own). A
// store never reaches input not read yet: plain bytes that a 16-byte store
// would carry past the next byte to read are copied one by one, which
// happens only for the first escapes of a string decoded in place.
//
// Registers: AX the block's start in src, BX the bytes written, R14 the
// carried letter (1 when the block before ended in a backslash: its escape
// is written, and this block's first byte is its letter), CX n-32, DX the
// block's bitmap of special bytes not yet handled, R8 the simpleEscape
// table. The loop per escape (from unspecial) also keeps R10, the cursor
// (the bytes of src before it are decoded), and R9, the fewest plain bytes
// before an escape that a 16-byte store may carry (14 less the distance
// from dst+BX to src+R10); CALCGAP sets both when it starts.
TEXT ·unescapeSSE2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SUBQ $32, CX
	XORQ AX, AX
	XORQ BX, BX
	XORL R14, R14 // the carried letter (see ESCMASK); R14 is free in ABI0 code
	CONSTS
	ESCTABLES
	UTF8CONSTS
	LEAQ ·simpleEscape(SB), R8

unblock:
	CMPQ  AX, CX
	JGT   unend
	MOVOU (SI)(AX*1), X3
	SPECIALS16BS(DX)
	MOVL  DX, R12
	ORL   R14, R12
	JNZ   unescblock
	MOVOU X3, (DI)(BX*1)
	ADDQ  $16, AX
	ADDQ  $16, BX
	JMP   unblock

unescblock: // a block of plain bytes and simple escapes is decoded at once
	CMPB   ·wholeBlocks(SB), $0
	JEQ    unslow
	ESCMASK(unother, R14)
	MOVOU  1(SI)(AX*1), X7 // the byte after each: the backslashes' letters
	ESCINDEX(X7)
	ESCLETTERS(X7, R11, unother)

	// Each backslash becomes the byte its escape stands for (escByte at
	// its letter's escIndex), then the letters are dropped from each
	// 8-byte half with dropBytes.
	MOVOU   X10, X5
	PSHUFB  X4, X5
	PAND    X6, X5
	PANDN   X3, X6
	POR     X6, X5
	LEAQ    ·dropBytes(SB), R13
	MOVBLZX R12, R10
	MOVQ    (R13)(R10*8), X4
	MOVOU   X5, X6
	PSHUFB  X4, X6
	MOVQ    X6, (DI)(BX*1)
	ADDQ    4096(R13)(R10*8), BX
	SHRL    $8, R12
	MOVBLZX R12, R10
	MOVQ    2048(R13)(R10*8), X4
	PSHUFB  X4, X5
	MOVQ    X5, (DI)(BX*1)
	ADDQ    4096(R13)(R10*8), BX
	MOVL    R11, R14 // the last byte's letter is the next block's
	SHRL    $15, R14
	ADDQ    $16, AX
	JMP     unblock

unother: // not a block of escapes: past a carried letter, or a block of
	// letters, or the loop per escape
	TESTL    R14, R14
	JNZ      unpast
	PMOVMSKB X3, R12
	CMPL     DX, R12
	JNE      unslow
	CALCGAP
	JMP      unutf8

unpast: // the block before checked and wrote the carried letter's escape
	INCQ AX
	XORL R14, R14
	JMP  unblock

unslow:
	CALCGAP
	JMP unspecial

unutf8: // a block of letters is checked at once and stored whole, when the
	// store cannot reach input not read yet: the block's end, or a gap of
	// 16 less the bytes taken (R9 <= taken - 2)
	UTF8BLOCK(unspecial)
	CMPQ  R11, $16
	JEQ   unutf8store
	LEAQ  -2(R11), R12
	CMPQ  R9, R12
	JGT   unspecial

unutf8store:
	MOVOU X3, (DI)(BX*1)
	ADDQ  R11, AX
	ADDQ  R11, BX
	JMP   unblock

unspecial: // the lowest special byte of the block not handled, at R13
	BSFL    DX, R11
	LEAQ    (AX)(R11*1), R13
	CMPB    (SI)(R13*1), $0x5c
	JNE     unletter
	CMPL    R11, $15
	JAE     uncross
	MOVBLZX 1(SI)(R13*1), R12
	MOVBLZX (R8)(R12*1), R12
	TESTL   R12, R12
	JZ      unstop
	BTRL    R11, DX       // both bytes of the escape are handled (the second
	INCL    R11           // may be a quote or a backslash)
	BTRL    R11, DX

	// The plain bytes from the cursor up to the backslash, then the
	// byte the escape stands for.
	MOVQ  R13, R11
	SUBQ  R10, R11
	JZ    unescaped
	CMPQ  R11, R9
	JLT   unesconebyone
	MOVOU (SI)(R10*1), X4 // within src: R10 <= AX+15 <= n-17
	MOVOU X4, (DI)(BX*1)
	ADDQ  R11, BX

unescaped:
	MOVB  R12, (DI)(BX*1)
	INCQ  BX
	LEAQ  2(R13), R10
	DECQ  R9
	TESTL DX, DX
	JNZ   unspecial
	MOVQ  R10, AX         // no special byte of the block left: go on from the cursor
	JMP   unblock

unesconebyone:
	MOVBLZX (SI)(R10*1), R13
	MOVB    R13, (DI)(BX*1)
	INCQ    R10
	INCQ    BX
	DECQ    R11
	JNZ     unesconebyone
	MOVQ    R10, R13
	JMP     unescaped

unletter: // a valid two- or three-byte UTF-8 letter (é, ж, 日) is plain text
	MOVBLZX (SI)(R13*1), R12
	CMPL    R12, $0xe0
	JAE     unletter3
	CMPL    R12, $0xc2    // a lead byte 0xc2-0xdf
	JB      unstop
	CMPL    R11, $15
	JAE     uncross
	LETTER2(R13, R12, unstop)
	BTRL    R11, DX
	INCL    R11
	BTRL    R11, DX
	JMP     unletterdone

unletter3:
	CMPL    R12, $0xef
	JA      unstop
	CMPL    R11, $13
	JA      uncross       // the letter ends in the next block
	LETTER3(R13, R12, R8, unletterbad)
	LEAQ    ·simpleEscape(SB), R8
	BTRL    R11, DX
	INCL    R11
	BTRL    R11, DX
	INCL    R11
	BTRL    R11, DX

unletterdone: // the letter's bytes are handled
	TESTL   DX, DX
	JNZ     unspecial
	CMPQ    R10, AX
	JNE     unreload
	MOVOU   X3, (DI)(BX*1) // the block held letters only: store it whole
	ADDQ    $16, AX
	ADDQ    $16, BX
	JMP     unblock

unreload:
	MOVQ R10, AX
	JMP  unblock

unletterbad:
	LEAQ ·simpleEscape(SB), R8
	JMP  unstop

uncross: // a backslash or a letter's lead byte ends the block: decoded with the next one
	MOVQ $1, R12
	JMP  unflush

unstop: // a byte left to the caller: decode the plain bytes before it and return
	XORQ R12, R12

unflush:
	MOVQ  R13, R11
	SUBQ  R10, R11
	JZ    unflushed
	SUBQ  $2, R11         // here the store must end by the byte at R13
	CMPQ  R11, R9
	JLT   unflushonebyone
	ADDQ  $2, R11
	MOVOU (SI)(R10*1), X4
	MOVOU X4, (DI)(BX*1)
	ADDQ  R11, BX

unflushed:
	MOVQ  R13, AX
	MOVQ  R13, R10
	TESTQ R12, R12
	JNZ   unblock
	JMP   undone

unflushonebyone:
	ADDQ $2, R11

unflushbyte:
	MOVBLZX (SI)(R10*1), R13
	MOVB    R13, (DI)(BX*1)
	INCQ    R10
	INCQ    BX
	DECQ    R11
	JNZ     unflushbyte
	MOVQ    R10, R13
	JMP     unflushed

unend: // a carried letter was written with its backslash
	ADDQ R14, AX
	MOVQ AX, R10

undone:
	MOVQ BX, w+32(FP)
	MOVQ R10, r+40(FP)
	RET

// func skipEscapedSSE2(p *byte, n int) int
// Passes the string content p[:n] (n >= 16) over plain bytes, valid two-
// and three-byte UTF-8 sequences and two-byte escapes, 16 bytes at a time
// with every escape of a block taken from the block's one bitmap of
// special bytes (or, when wholeBlocks is set, checked at once: with
// ESCMASK and ESCLETTERS when they are all simple escapes, with UTF8BLOCK
// when they are all non-ASCII), and returns the index of the first byte
// it did not pass: any other special byte, or the start of a tail of
// fewer than 16 bytes. It never reads past p[n-1].
TEXT ·skipEscapedSSE2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	SUBQ $16, CX
	XORQ AX, AX
	XORL R10, R10 // the carried letter (see ESCMASK)
	CONSTS
	ESCTABLES
	UTF8CONSTS
	LEAQ ·simpleEscape(SB), R8

skblock:
	CMPQ  AX, CX
	JGT   skend
	MOVOU (SI)(AX*1), X3
	SPECIALS16BS(DX)
	MOVL  DX, R12
	ORL   R10, R12
	JNZ   skescblock
	ADDQ  $16, AX
	JMP   skblock

skescblock: // a block of plain bytes and simple escapes is checked at once
	CMPB  ·wholeBlocks(SB), $0
	JEQ   skspecial
	ESCMASK(skother, R10)
	ESCINDEX(X3)
	ESCLETTERS(X3, R12, skother)
	MOVL  R11, R10         // the last byte's letter is the next block's
	SHRL  $15, R10
	ADDQ  $16, AX
	JMP   skblock

skother: // not a block of escapes: back to the backslash of a carried
	// letter, or a block of letters, or the loop per escape
	TESTL    R10, R10
	JNZ      skback
	PMOVMSKB X3, R12
	CMPL     DX, R12
	JEQ      skutf8
	JMP      skspecial

skback:
	DECQ AX
	XORL R10, R10
	JMP  skblock

skutf8: // a block of letters, checked at once
	UTF8BLOCK(skspecial)
	ADDQ R11, AX
	JMP  skblock

skspecial:
	BSFL    DX, R11
	LEAQ    (AX)(R11*1), R13
	CMPB    (SI)(R13*1), $0x5c
	JNE     skletter
	CMPL    R11, $15
	JAE     skcross
	MOVBLZX 1(SI)(R13*1), R12
	CMPB    (R8)(R12*1), $0
	JEQ     skstop
	BTRL    R11, DX
	INCL    R11
	BTRL    R11, DX
	TESTL   DX, DX
	JNZ     skspecial
	ADDQ    $16, AX       // the rest of the block is plain
	JMP     skblock

skletter: // a valid two- or three-byte UTF-8 letter is plain text
	MOVBLZX (SI)(R13*1), R12
	CMPL    R12, $0xe0
	JAE     skletter3
	CMPL    R12, $0xc2
	JB      skstop
	CMPL    R11, $15
	JAE     skcross
	LETTER2(R13, R12, skstop)
	BTRL    R11, DX
	INCL    R11
	BTRL    R11, DX
	JMP     skletterdone

skletter3:
	CMPL    R12, $0xef
	JA      skstop
	CMPL    R11, $13
	JA      skcross
	LETTER3(R13, R12, R9, skstop)
	BTRL    R11, DX
	INCL    R11
	BTRL    R11, DX
	INCL    R11
	BTRL    R11, DX

skletterdone:
	TESTL   DX, DX
	JNZ     skspecial
	ADDQ    $16, AX
	JMP     skblock

skcross: // a backslash or a letter's lead byte ends the block: taken with the next one
	MOVQ R13, AX
	JMP  skblock

skend: // a carried letter is left to the caller, from its backslash
	SUBQ R10, AX
	JMP  skdone

skstop:
	MOVQ R13, AX

skdone:
	MOVQ AX, ret+16(FP)
	RET

// The AVX2 loops take 32-byte blocks of plain bytes and simple escapes
// (the same blocks as ESCMASK, over 32 bits) and return at the first other
// block, which the SSE2 loops take. Every instruction in them is VEX
// encoded, and they clear the upper halves (VZEROUPPER) before returning:
// a legacy SSE instruction run while the upper halves hold data costs
// hundreds of nanoseconds on some processors and virtual machines.

// AVX2CONSTS broadcasts a quote into Y0, a backslash into Y1, 0x20 into
// Y2 and 0x0f into Y8. It clobbers DX.
#define AVX2CONSTS \
	MOVL           $0x22, DX \
	VMOVD          DX, X0 \
	VPBROADCASTB   X0, Y0 \
	MOVL           $0x5c, DX \
	VMOVD          DX, X1 \
	VPBROADCASTB   X1, Y1 \
	MOVL           $0x20, DX \
	VMOVD          DX, X2 \
	VPBROADCASTB   X2, Y2 \
	MOVL           $0x0f, DX \
	VMOVD          DX, X8 \
	VPBROADCASTB   X8, Y8

// SPECIALS32 sets DX to the mask of the 32 bytes in Y3 that are a quote, a
// backslash, or below 0x20 or from 0x80 up, and leaves the backslashes in
// Y6 (0xff each). It clobbers Y4 and Y5.
#define SPECIALS32 \
	VPCMPEQB  Y0, Y3, Y4 \
	VPCMPEQB  Y1, Y3, Y6 \
	VPCMPGTB  Y3, Y2, Y5 \
	VPOR      Y6, Y4, Y4 \
	VPOR      Y5, Y4, Y4 \
	VPMOVMSKB Y4, DX

// ESCMASK32 is ESCMASK over 32 bits: it jumps to other unless every
// special byte of the block (DX, Y6) is a backslash or the letter of an
// escape (the byte after a backslash, or byte 0 when carry is 1), no
// letter being a backslash. It leaves the backslashes' mask in R11 and
// the letters' in R12 (bit 32: the letter of the last byte's backslash),
// and clobbers R9.
#define ESCMASK32(other, carry) \
	VPMOVMSKB Y6, R11 \
	LEAQ      (carry)(R11*2), R12 \
	TESTQ     R11, R12 \
	JNZ       other \
	MOVQ      R12, R9 \
	ORQ       R11, R9 \
	NOTQ      R9 \
	TESTQ     DX, R9 \
	JNZ       other

// ESCLETTERS32 is ESCINDEX and ESCLETTERS over 32 bytes: it jumps to other
// unless each byte of src at a bit of mask is one of " / b f n r t (Y9
// holds escLetter in both lanes). It leaves the bytes' escIndex in Y4 and
// clobbers R9 and Y5.
#define ESCLETTERS32(src, mask, other) \
	VPSRLW    $1, src, Y4 \
	VPSRLW    $3, src, Y5 \
	VPXOR     Y5, Y4, Y4 \
	VPAND     Y8, Y4, Y4 \
	VPSHUFB   Y4, Y9, Y5 \
	VPCMPEQB  src, Y5, Y5 \
	VPMOVMSKB Y5, R9 \
	NOTL      R9 \
	TESTL     mask, R9 \
	JNZ       other

// DROPQUARTER stores 8 bytes of the lane in X5, the low ones (table 0) or
// the high ones (table 2048), less the letters whose bits the byte mask in
// index names, with their dropBytes control (the tables at R13), and moves
// BX past the bytes kept. It clobbers X4 and X6.
#define DROPQUARTER(index, table) \
	VMOVQ   table(R13)(index*8), X4 \
	VPSHUFB X4, X5, X6 \
	VMOVQ   X6, (DI)(BX*1) \
	ADDQ    4096(R13)(index*8), BX

// func skipEscapedAVX2(p *byte, n int) int
// Passes the string content p[:n] (n >= 32) 32 bytes at a time while each
// block holds only plain bytes and simple escapes, and returns where it
// stopped: the start of the first other block, or of a tail of fewer than
// 32 bytes, or the backslash whose letter opens it.
TEXT ·skipEscapedAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	SUBQ $32, CX
	XORQ AX, AX
	XORL R10, R10 // the carried letter (see ESCMASK)
	AVX2CONSTS
	VBROADCASTI128 ·escLetter(SB), Y9

skyblock:
	CMPQ    AX, CX
	JGT     skydone
	VMOVDQU (SI)(AX*1), Y3
	SPECIALS32
	MOVL    DX, R12
	ORL     R10, R12
	JNZ     skyescapes
	ADDQ    $32, AX
	JMP     skyblock

skyescapes:
	ESCMASK32(skydone, R10)
	ESCLETTERS32(Y3, R12, skydone)
	MOVL R11, R10 // the last byte's letter is the next block's
	SHRL $31, R10
	ADDQ $32, AX
	JMP  skyblock

skydone: // a carried letter is left to the caller, from its backslash
	SUBQ       R10, AX
	VZEROUPPER
	MOVQ       AX, ret+16(FP)
	RET

// func unescapeAVX2(dst, src *byte, n int) (w, r int)
// Decodes the string content src[:n] (n >= 33) into dst 32 bytes at a
// time while each block holds only plain bytes and simple escapes, as
// unescapeSSE2 decodes its whole blocks: each backslash becomes what its
// escape stands for and the letters are dropped, a quarter at a time with
// dropBytes. It returns how many bytes it wrote and read: it stops at the
// first other block, or when fewer than 33 bytes are left. dst may be the
// memory of src (decoding in place): no store reaches past the block,
// whose bytes, and its next one, were read before.
TEXT ·unescapeAVX2(SB), NOSPLIT, $0-40
	MOVQ           dst+0(FP), DI
	MOVQ           src+8(FP), SI
	MOVQ           n+16(FP), CX
	SUBQ           $33, CX
	XORQ           AX, AX
	XORQ           BX, BX
	XORL           R14, R14 // the carried letter; R14 is free in ABI0 code
	AVX2CONSTS
	VBROADCASTI128 ·escLetter(SB), Y9
	VBROADCASTI128 ·escByte(SB), Y10
	LEAQ           ·dropBytes(SB), R13

unyblock:
	CMPQ    AX, CX
	JGT     unydone
	VMOVDQU (SI)(AX*1), Y3
	SPECIALS32
	MOVL    DX, R12
	ORL     R14, R12
	JNZ     unyescapes
	VMOVDQU Y3, (DI)(BX*1)
	ADDQ    $32, AX
	ADDQ    $32, BX
	JMP     unyblock

unyescapes:
	ESCMASK32(unydone, R14)
	VMOVDQU 1(SI)(AX*1), Y7 // the byte after each: the backslashes' letters
	ESCLETTERS32(Y7, R11, unydone)

	// Each backslash becomes the byte its escape stands for, then the
	// letters are dropped from each quarter, R12's bits a byte at a time
	// (the 32-bit shifts also clear bit 32, the next block's letter).
	VPSHUFB      Y4, Y10, Y5
	VPBLENDVB    Y6, Y5, Y3, Y5
	MOVBLZX      R12, R10
	DROPQUARTER(R10, 0)
	SHRL         $8, R12
	MOVBLZX      R12, R10
	DROPQUARTER(R10, 2048)
	VEXTRACTI128 $1, Y5, X5
	SHRL         $8, R12
	MOVBLZX      R12, R10
	DROPQUARTER(R10, 0)
	SHRL         $8, R12
	DROPQUARTER(R12, 2048)
	MOVL         R11, R14 // the last byte's letter is the next block's
	SHRL         $31, R14
	ADDQ         $32, AX
	JMP          unyblock

unydone: // a carried letter was written with its backslash
	ADDQ       R14, AX
	VZEROUPPER
	MOVQ       BX, w+24(FP)
	MOVQ       AX, r+32(FP)
	RET

// func escapeAVX2(dst *byte, room int, src *byte, n, back int) (w, r int)
// Copies src[:n] to dst 32 bytes at a time while each block is plain text
// and valid UTF-8 letters (no quote, backslash or control byte, no e2 lead
// byte of U+2028 and U+2029), each letter checked with the bytes before it
// as UTF8PREV does, the three before the block loaded from src (back >= 3).
// A quote, backslash, newline, return or tab is written as its two-byte
// escape after the bytes before it in its block, when none of those is at
// fault, and the loop goes on from the byte after it.
// R14 holds how many bytes of a letter the block before left unfinished:
// the next block must be checked even when it is plain, and where the loop
// stops it goes back to that letter's lead byte.
TEXT ·escapeAVX2(SB), NOSPLIT, $0-56
	MOVQ           dst+0(FP), DI
	MOVQ           room+8(FP), R8
	MOVQ           src+16(FP), SI
	MOVQ           n+24(FP), CX
	XORQ           AX, AX
	XORQ           BX, BX
	XORL           R14, R14 // R14 is free in ABI0 code
	AVX2CONSTS
	MOVL           $0xe2, DX
	VMOVD          DX, X7
	VPBROADCASTB   X7, Y7
	MOVL           $0x80, DX
	VMOVD          DX, X10
	VPBROADCASTB   X10, Y10
	VBROADCASTI128 ·utf8Lookup+0(SB), Y11
	VBROADCASTI128 ·utf8Lookup+16(SB), Y12
	VBROADCASTI128 ·utf8Lookup+32(SB), Y13
	VBROADCASTI128 ·utf8Sub+0(SB), Y14
	VBROADCASTI128 ·utf8Sub+16(SB), Y15
	LEAQ           ·shortEscape(SB), R10

eyloop:
	LEAQ      32(AX), DX
	CMPQ      DX, CX
	JA        eydone
	LEAQ      34(BX), DX
	CMPQ      DX, R8
	JA        eydone
	VMOVDQU   (SI)(AX*1), Y3
	VMOVDQU   Y3, (DI)(BX*1)
	SPECIALS32
	MOVL      DX, R12
	ORL       R14, R12
	JNZ       eyletters
	ADDQ      $32, AX
	ADDQ      $32, BX
	JMP       eyloop

eyletters: // letters, bytes to escape, or both; the block stored holds
	// them as they are
	VPMOVMSKB Y3, R12
	XORL      R12, DX         // the ASCII bytes to escape
	MOVL      R12, R9         // ASCII only, with no letter pending: nothing
	ORL       R14, R9         // is at fault (R9 = 0)
	JZ        eyescape
	VMOVDQU   -1(SI)(AX*1), Y4
	VPSRLW    $4, Y4, Y5
	VPAND     Y8, Y5, Y5
	VPSHUFB   Y5, Y11, Y5
	VPAND     Y8, Y4, Y4
	VPSHUFB   Y4, Y12, Y4
	VPAND     Y4, Y5, Y5
	VPSRLW    $4, Y3, Y4
	VPAND     Y8, Y4, Y4
	VPSHUFB   Y4, Y13, Y4
	VPAND     Y4, Y5, Y5
	VMOVDQU   -2(SI)(AX*1), Y4
	VPSUBUSB  Y14, Y4, Y4
	VMOVDQU   -3(SI)(AX*1), Y6
	VPSUBUSB  Y15, Y6, Y6
	VPOR      Y6, Y4, Y4
	VPAND     Y10, Y4, Y4
	VPXOR     Y4, Y5, Y5
	VPXOR     Y6, Y6, Y6
	VPCMPEQB  Y6, Y5, Y5
	VPMOVMSKB Y5, R9
	NOTL      R9              // the bytes at fault, and e2, which leads
	VPCMPEQB  Y7, Y3, Y4      // U+2028 and U+2029: Go code escapes those
	VPMOVMSKB Y4, R12
	ORL       R12, R9
	TESTL     DX, DX
	JNZ       eyescape
	TESTL     R9, R9
	JNZ       eydone
	VMOVDQU   ·utf8Unfinished32(SB), Y4
	VPSUBUSB  Y4, Y3, Y4
	VPCMPEQB  Y6, Y4, Y4
	VPMOVMSKB Y4, R11
	NOTL      R11
	BTSQ      $32, R11
	BSFQ      R11, R11
	MOVL      $32, R14
	SUBL      R11, R14
	ADDQ      $32, AX
	ADDQ      $32, BX
	JMP       eyloop

eyescape: // the bytes before the first byte to escape are written when none
	// is at fault (a letter cut short by it is); its escape goes after them
	BSFL    DX, R11
	BTSQ    $32, R9
	BSFQ    R9, R9
	CMPL    R9, R11
	JBE     eydone
	XORL    R14, R14          // the letters before it are whole
	ADDQ    R11, AX
	ADDQ    R11, BX
	MOVBLZX (SI)(AX*1), R9
	MOVBLZX (R10)(R9*1), R9
	TESTL   R9, R9
	JZ      eydone            // a byte for Go code
	MOVB    $0x5c, (DI)(BX*1)
	MOVB    R9, 1(DI)(BX*1)
	INCQ    AX
	ADDQ    $2, BX
	JMP     eyloop

eydone: // back to the lead byte of a letter left unfinished
	SUBQ       R14, AX
	SUBQ       R14, BX
	VZEROUPPER
	MOVQ       BX, w+40(FP)
	MOVQ       AX, r+48(FP)
	RET

// func utf8ValidSSE(p *byte, n int) bool
// Tells whether p[:n] (n >= 32, a run of non-ASCII bytes with no
// continuation byte after it) is valid UTF-8: block after block with
// UTF8FIRST and UTF8PREV, the last one ending at p[n-1], whose letters must
// all end within the run.
TEXT ·utf8ValidSSE(SB), NOSPLIT, $0-17
	MOVQ       p+0(FP), SI
	MOVQ       n+8(FP), CX
	SUBQ       $16, CX
	XORQ       AX, AX
	MOVQ       $0x0f0f0f0f0f0f0f0f, DX
	MOVQ       DX, X8
	PUNPCKLQDQ X8, X8
	UTF8CONSTS
	MOVOU      (SI), X3
	UTF8FIRST(uvbad)
	MOVQ       $16, AX

uvblock:
	CMPQ  AX, CX
	JGE   uvlast
	MOVOU (SI)(AX*1), X3
	UTF8PREV(uvbad)
	ADDQ  $16, AX
	JMP   uvblock

uvlast: // the last 16 bytes, again in part
	MOVQ  CX, AX
	MOVOU (SI)(AX*1), X3
	UTF8PREV(uvbad)
	TESTL R14, R14
	JNZ   uvbad
	MOVB  $1, ret+16(FP)
	RET

uvbad:
	MOVB $0, ret+16(FP)
	RET
