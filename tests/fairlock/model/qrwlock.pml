/*
 * Model of fairlock's qrwlock (include/fairlock/qrwlock.h,
 * src/fairlock/qrwlock.c, seed 004), with its wait lock modelled as the
 * ticket lock of ticket.pml.  Sequential consistency; one statement per
 * atomic access of the C code.
 *
 * Processes: READERS readers and one writer, all looping forever.
 * Properties:
 *   - safety: a writer is alone; readers never overlap a writer;
 *   - no deadlock (invalid end states);
 *   - writer progress: under weak fairness, the writer, once it asks,
 *     always gets the lock (LTL `writer_progress`), however the readers
 *     interleave.
 *
 * BROKEN_NO_WAITING: the writer never sets the waiting bit, so readers keep
 * entering on the fast path; the writer can starve and the liveness check
 * must fail.
 * BROKEN_READER_IGNORES_WRITER: the reader's fast path does not check the
 * writer byte; the safety check must fail.
 */
#ifndef READERS
#define READERS 2
#endif

#define QW_LOCKED 255
/* cnts as three fields: writer byte, waiting bit, reader count */
byte wlocked = 0;
bit waiting = 0;
byte readers = 0;
/* the wait lock: a ticket lock, counting modulo M (see ticket.pml) */
#define M (READERS + 2)
byte wl_next = 0, wl_owner = 0;

byte in_read = 0, in_write = 0;
bit writer_asking = 0, writer_in = 0;

inline wait_lock_lock(t)
{
	atomic { t = wl_next; wl_next = (wl_next + 1) % M };
	(wl_owner == t)
}

inline wait_lock_unlock(t)
{
	wl_owner = (t + 1) % M
}

proctype reader()
{
	byte t;

	do
	::
		/* fast path: add a reader, ACQUIRE; in if no writer bits */
		atomic {
			readers++;
#ifdef BROKEN_READER_IGNORES_WRITER
			if :: true -> goto read_in fi
#else
			if
			:: (wlocked == 0 && waiting == 0) -> goto read_in
			:: else -> skip
			fi
#endif
		};
		/* slow path */
		readers--;
		wait_lock_lock(t);
		readers++;
		(wlocked == 0);                 /* ACQUIRE spin on the writer byte */
		wait_lock_unlock(t);
read_in:
		in_read++;
		assert(in_write == 0);
		in_read--;
		readers--                       /* RELEASE */
	od
}

proctype writer()
{
	byte t;

	do
	::
		writer_asking = 1;
		/* fast path: cmpxchg 0 -> LOCKED */
		atomic {
			if
			:: (wlocked == 0 && waiting == 0 && readers == 0) ->
				wlocked = QW_LOCKED; goto write_in
			:: else -> skip
			fi
		};
		wait_lock_lock(t);
		atomic {
			if
			:: (wlocked == 0 && waiting == 0 && readers == 0) ->
				wlocked = QW_LOCKED; goto slow_in
			:: else -> skip
			fi
		};
#ifndef BROKEN_NO_WAITING
		waiting = 1;                    /* fetch-or WAITING */
#endif
		/* until only WAITING is left, then cmpxchg WAITING -> LOCKED */
		atomic {
			(wlocked == 0 && readers == 0) ->
			waiting = 0; wlocked = QW_LOCKED
		};
slow_in:
		wait_lock_unlock(t);
write_in:
		writer_in = 1;
		writer_asking = 0;
		in_write++;
		assert(in_write == 1 && in_read == 0);
		in_write--;
		writer_in = 0;
		wlocked = 0                     /* RELEASE store of the writer byte */
	od
}

init {
	atomic {
		byte i = 0;
		do
		:: i < READERS -> run reader(); i++
		:: else -> break
		od;
		run writer()
	}
}

ltl writer_progress { [] (writer_asking -> <> writer_in) }
