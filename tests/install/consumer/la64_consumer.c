/* A user's program: decodes and prints one LoongArch word with la64. */
#include <la64/la64.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	struct la64_insn insn;
	char text[128];

	/* 0x02c00421: addi.d $ra, $ra, 1 */
	if (!la64_decode(0x02c00421, &insn)) {
		fprintf(stderr, "la64_consumer: 0x02c00421 did not decode\n");
		return 1;
	}
	la64_format(&insn, 0, 0, text, sizeof(text));
	if (strcmp(text, "addi.d\t$ra, $ra, 1") != 0) {
		fprintf(stderr, "la64_consumer: got '%s'\n", text);
		return 1;
	}
	printf("la64_consumer: 0x02c00421 is %s\n", text);
	return 0;
}
