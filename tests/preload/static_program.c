/* SPDX-License-Identifier: MIT */
/* A statically linked program: fairlock-run must refuse it. */
int main(void)
{
	return 0;
}
