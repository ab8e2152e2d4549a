/* Lock and unlock as a caller inlines them; disassembled by codegen.sh. */
#include <fairlock/ticket.h>
#include <fairlock/ticket_park.h>

void probe_lock(fl_ticket_t *lock)
{
	fl_ticket_lock(lock);
}

void probe_unlock(fl_ticket_t *lock)
{
	fl_ticket_unlock(lock);
}

/* The other two ways a ticket is taken: trylock's compare-exchange and a
 * bounded parking lock's admission (arm64 checks their DMB too). */
_Bool probe_trylock(fl_ticket_t *lock)
{
	return fl_ticket_trylock(lock);
}

void probe_park_bounded(fl_ticket_park_t *lock)
{
	fl_ticket_park_lock(lock);
}
