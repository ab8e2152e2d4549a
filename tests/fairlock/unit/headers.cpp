// SPDX-License-Identifier: MIT
// The public headers together compile as C++ with the compiler the test
// names (tests/CMakeLists.txt: clang++, beside the project's own C++
// compiler, which builds test_cxx).
#include <fairlock/arch.h>
#include <fairlock/fork.h>
#include <fairlock/mutex.h>
#include <fairlock/qrwlock.h>
#include <fairlock/qspinlock.h>
#include <fairlock/ticket.h>
#include <fairlock/ticket_park.h>

int main()
{
	return 0;
}
