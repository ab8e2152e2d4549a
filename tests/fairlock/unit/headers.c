/* SPDX-License-Identifier: MIT */
/* The public headers together compile as strict ISO C11 (tests/CMakeLists.txt). */
#include <fairlock/arch.h>
#include <fairlock/fork.h>
#include <fairlock/mutex.h>
#include <fairlock/qrwlock.h>
#include <fairlock/qspinlock.h>
#include <fairlock/ticket.h>
#include <fairlock/ticket_park.h>

int main(void)
{
	return 0;
}
