/* Lock and unlock as a caller inlines them; disassembled by codegen.sh. */
#include <fairlock/ticket.h>

void probe_lock(fl_ticket_t *lock)
{
	fl_ticket_lock(lock);
}

void probe_unlock(fl_ticket_t *lock)
{
	fl_ticket_unlock(lock);
}
