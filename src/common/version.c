/* SPDX-License-Identifier: MIT */
#include "common/version.h"

#include <stdio.h>

int tool_print_version(const char *tool)
{
	/* TOOLS_VERSION: the project's version, from CMake. */
	printf("%s %s (fairlock-toolkit)\n", tool, TOOLS_VERSION);
	return 0;
}

const char *tool_version(void)
{
	return TOOLS_VERSION;
}
