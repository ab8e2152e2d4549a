# Issue 42's probe: a copy of src/fairlock/mutex.c with counters at each
# path of the slow path (dbg[]) and the path of the last slow take (how),
# for turns-probe.c.  usage: python3 instrument.py SRC_MUTEX_C OUT_C
# (README.md says how to build and run the probe)
import sys
s=open(sys.argv[1]).read()
def rep(a,b):
    global s
    assert s.count(a)==1,(a,s.count(a))
    s=s.replace(a,b)
rep('#define LOCKED FL__MUTEX_LOCKED','long dbg[20]; __thread int how;\n#define DBG(i) __atomic_fetch_add(&dbg[i],1,__ATOMIC_RELAXED)\n#define LOCKED FL__MUTEX_LOCKED')
rep('''	if (s->looks >= WATCH_LOOKS || s->stalls >= WATCH_STALLS)
		return LOOK_STOP;''','''	if (s->looks >= WATCH_LOOKS) { DBG(0); return LOOK_STOP; }
	if (s->stalls >= WATCH_STALLS) { DBG(1); return LOOK_STOP; }''')
rep('''	if ((*v & ASKED) || turn_over(m) || same)
		return LOOK_TAKE;''','''	if (*v & ASKED) { DBG(2); return LOOK_TAKE; }
	if (turn_over(m)) { DBG(3); return LOOK_TAKE; }
	if (same) { DBG(4); return LOOK_TAKE; }''')
rep('''		case LOOK_ASK:
			ask(m, w, v);''','''		case LOOK_ASK:
			DBG(5);
			ask(m, w, v);''')
rep('''	w->woken = false;
	w->gen = gen;
	w->node.key = m;''','''	DBG(6);
	w->woken = false;
	w->gen = gen;
	w->node.key = m;''')
rep('''		case PARK_HANDED:
			start_turn(m);''','''		case PARK_HANDED:
			DBG(7); how = 7;
			start_turn(m);''')
rep('''		case PARK_WOKEN:
			watching = look;''','''		case PARK_WOKEN:
			DBG(look ? 8 : 9);
			watching = look;''')
rep('''		    !(v & (WOKEN | PARKED)) && become_watcher(m, w, &v))
			watching = true;''','''		    !(v & (WOKEN | PARKED)) && become_watcher(m, w, &v)) {
			DBG(10);
			watching = true;
		}''')
rep('''				if (waited || watching)
					start_turn(m);''','''				if (waited || watching)
					start_turn(m);
				DBG(watching ? 11 : waited ? 12 : 13); how = watching ? 11 : waited ? 12 : 13;''')
rep('''		if (abstime && fl__deadline_passed(clock, abstime)) {
			if (w->woken)''','''		if (watching) DBG(14);
		if (abstime && fl__deadline_passed(clock, abstime)) {
			if (w->woken)''')
if 'static uint32_t end_turn' in s:
    rep('''	__atomic_compare_exchange_n(&m->state, &v, with_flags(v, ASKED, 0, gen),
				    false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
	return v;''','''	if (__atomic_compare_exchange_n(&m->state, &v, with_flags(v, ASKED, 0, gen),
				    false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) DBG(15);
	return v;''')
open(sys.argv[2],'w').write(s)
