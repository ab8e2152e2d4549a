/* Bare-metal entry for qemu-system-or1k -M or1k-sim: a stack, BSS cleared, main(). */

	/* The CPU starts at the reset vector, 0x100. */
	.section .vectors, "ax"
	l.movhi	r3, hi(_start)
	l.ori	r3, r3, lo(_start)
	l.jr	r3
	l.nop
	.section .text.start, "ax"
	.global _start
_start:
	l.movhi	r1, hi(_stack_top)
	l.ori	r1, r1, lo(_stack_top)
	l.movhi	r3, hi(_bss_start)
	l.ori	r3, r3, lo(_bss_start)
	l.movhi	r4, hi(_bss_end)
	l.ori	r4, r4, lo(_bss_end)
1:	l.sfltu	r3, r4
	l.bnf	2f
	l.nop
	l.sw	0(r3), r0
	l.j	1b
	l.addi	r3, r3, 4
2:	l.jal	main
	l.nop
3:	l.j	3b	/* no way to power off: the runner stops QEMU */
	l.nop
