/*
 * Model of fairlock's qspinlock (include/fairlock/qspinlock.h,
 * src/fairlock/qspinlock.c; the kernel's kernel/locking/qspinlock.c).
 *
 * Memory model: sequential consistency.  One Promela statement per atomic
 * access of the C code; the word is kept as its three fields (locked byte,
 * pending bit, tail), and an access of the whole word is an atomic block
 * over all three.  Each thread has one MCS node (no nesting).
 *
 * Properties (tests/fairlock/model/run.sh):
 *   - mutual exclusion: assert in the critical section;
 *   - no deadlock: invalid end states (all threads loop forever);
 *   - FIFO once queued: threads that published themselves as the tail
 *     enter in the order of their tail exchanges.
 *
 * BROKEN_INIT_AFTER_PUBLISH: the node is initialised after the tail
 * exchange that publishes it: the 2018 node-initialisation bug (a
 * successor's link is wiped); must fail (deadlock).
 * BROKEN_HEAD_IGNORES_PENDING: the queue head waits for the locked byte
 * only, not for the pending waiter; must fail (mutual exclusion).
 */
#ifndef N
#define N 3
#endif
#define PENDING_LOOPS 1

byte locked = 0;   /* locked byte */
bit pending = 0;   /* pending bit */
byte tail = 0;     /* 0: empty queue, else thread + 1 (node index 0) */

bit nlocked[N];    /* MCS node: 1 = you are the queue head */
byte nnext[N];     /* MCS node: successor + 1, 0 = none yet */

byte in_cs = 0;
/* FIFO bookkeeping for queued threads, modulo N + 1 (see ticket.pml) */
byte qticket = 0, qserved = 0;
#define QINC(x) (((x) + 1) % (N + 1))

inline init_node()
{
	nlocked[me] = 0;
	nnext[me] = 0
}

proctype thread(byte me)
{
	byte vl, vt, old, next, cnt, myq;
	bit vp, queued;

	do
	::
		/* locals are dead here: reset them so they do not multiply states */
		d_step { vl = 0; vt = 0; old = 0; next = 0; cnt = 0; myq = 0; vp = 0; queued = 0 };
		/* fast path: cmpxchg 0,0,0 -> 0,0,1 (ACQUIRE) */
		atomic {
			if
			:: (locked == 0 && pending == 0 && tail == 0) ->
				locked = 1; goto enter
			:: else -> vl = locked; vp = pending; vt = tail
			fi
		};
		/* 0,1,0: a pending->locked hand-over in progress; re-read, bounded */
		if
		:: (vp == 1 && vl == 0 && vt == 0) ->
			cnt = 0;
			do
			:: cnt <= PENDING_LOOPS ->
				atomic { vl = locked; vp = pending; vt = tail };
				if
				:: !(vp == 1 && vl == 0 && vt == 0) -> break
				:: else -> cnt++
				fi
			:: else -> break
			od
		:: else -> skip
		fi;
		if
		:: (vp == 1 || vt != 0) -> goto queue
		:: else -> skip
		fi;
		/* fetch_or PENDING (ACQUIRE): 0,0,* -> 0,1,* */
		atomic { vl = locked; vp = pending; vt = tail; pending = 1 };
		if
		:: (vp == 1 || vt != 0) ->
			if
			:: vp == 0 -> pending = 0   /* undo: clear_pending */
			:: else -> skip
			fi;
			goto queue
		:: else -> skip
		fi;
		(locked == 0);                      /* ACQUIRE: 0,1,1 -> 0,1,0 */
		atomic { pending = 0; locked = 1 }; /* clear_pending_set_locked */
		goto enter;
queue:
#ifndef BROKEN_INIT_AFTER_PUBLISH
		init_node();
#endif
		/* trylock on the cold node's behalf */
		atomic {
			if
			:: (locked == 0 && pending == 0 && tail == 0) ->
				locked = 1; goto enter
			:: else -> skip
			fi
		};
		/* xchg_tail (ACQ_REL): p,*,* -> n,*,* */
		atomic { old = tail; tail = me + 1; myq = qticket; qticket = QINC(qticket) };
		queued = 1;
#ifdef BROKEN_INIT_AFTER_PUBLISH
		init_node();
#endif
		next = 0;
		if
		:: old != 0 ->
			nnext[old - 1] = me + 1;    /* RELEASE: link behind prev */
			(nlocked[me] == 1);         /* ACQUIRE: MCS hand-over */
			next = nnext[me]
		:: else -> skip
		fi;
		/* queue head: wait for owner and pending to go (ACQUIRE) */
#ifdef BROKEN_HEAD_IGNORES_PENDING
		atomic { (locked == 0) -> vt = tail; vp = pending };
#else
		atomic { (locked == 0 && pending == 0) -> vt = tail; vp = 0 };
#endif
		/* claim: n,0,0 -> 0,0,1 if we are the only one queued */
		atomic {
			if
			:: (vt == me + 1 && tail == vt && locked == 0 &&
			    pending == vp) ->
				tail = 0; locked = 1; goto enter
			:: else -> skip
			fi
		};
		locked = 1;                         /* set_locked */
		/* wait for the successor to link, then make it the head */
		if
		:: next == 0 -> (nnext[me] != 0); next = nnext[me]
		:: else -> skip
		fi;
		nlocked[next - 1] = 1;              /* RELEASE */
enter:
		in_cs++;
		assert(in_cs == 1);                 /* mutual exclusion */
		if
		:: queued -> assert(myq == qserved); qserved = QINC(qserved) /* FIFO */
		:: else -> skip
		fi;
		in_cs--;
		locked = 0                          /* unlock: RELEASE byte store */
	od
}

init {
	atomic {
		byte i = 0;
		do
		:: i < N -> run thread(i); i++
		:: else -> break
		od
	}
}
