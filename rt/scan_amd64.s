//go:build amd64 && !purego

#include "textflag.h"

// func plainRunAVX2(p *byte, n int) int
TEXT ·plainRunAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	XORQ AX, AX
	MOVQ $0x2222222222222222, DX
	MOVQ DX, X0
	VPBROADCASTQ X0, Y0
	MOVQ $0x5c5c5c5c5c5c5c5c, DX
	MOVQ DX, X1
	VPBROADCASTQ X1, Y1
	MOVQ $0x2020202020202020, DX
	MOVQ DX, X2
	VPBROADCASTQ X2, Y2

loop:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JA   done
	VMOVDQU (SI)(AX*1), Y3
	VPCMPEQB Y3, Y0, Y4
	VPCMPEQB Y3, Y1, Y5
	VPOR     Y4, Y5, Y4
	// Signed compare: 0x20 > b holds for 0x00-0x1f and, as negatives, 0x80-0xff.
	VPCMPGTB Y3, Y2, Y5
	VPOR     Y4, Y5, Y4
	VPMOVMSKB Y4, DX
	TESTL    DX, DX
	JNZ      found
	ADDQ     $32, AX
	JMP      loop

found:
	BSFL DX, DX
	ADDQ DX, AX

done:
	VZEROUPPER
	MOVQ AX, ret+16(FP)
	RET

// func specialMask64(p *byte, groups int, out *uint64)
// For each 64-byte group of p, writes one word whose bit i is set when
// byte i of the group is a quote, a backslash, below 0x20 or from 0x80 up.
TEXT ·specialMask64(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ groups+8(FP), CX
	MOVQ out+16(FP), DI
	MOVQ $0x2222222222222222, DX
	MOVQ DX, X0
	VPBROADCASTQ X0, Y0
	MOVQ $0x5c5c5c5c5c5c5c5c, DX
	MOVQ DX, X1
	VPBROADCASTQ X1, Y1
	MOVQ $0x2020202020202020, DX
	MOVQ DX, X2
	VPBROADCASTQ X2, Y2

group:
	TESTQ CX, CX
	JZ    groupsdone
	VMOVDQU   (SI), Y3
	VMOVDQU   32(SI), Y6
	VPCMPEQB  Y3, Y0, Y4
	VPCMPEQB  Y3, Y1, Y5
	VPOR      Y4, Y5, Y4
	VPCMPGTB  Y3, Y2, Y5
	VPOR      Y4, Y5, Y4
	VPMOVMSKB Y4, AX
	VPCMPEQB  Y6, Y0, Y7
	VPCMPEQB  Y6, Y1, Y8
	VPOR      Y7, Y8, Y7
	VPCMPGTB  Y6, Y2, Y8
	VPOR      Y7, Y8, Y7
	VPMOVMSKB Y7, DX
	SHLQ      $32, DX
	ORQ       DX, AX
	MOVQ      AX, (DI)
	ADDQ      $64, SI
	ADDQ      $8, DI
	DECQ      CX
	JMP       group

groupsdone:
	VZEROUPPER
	RET
