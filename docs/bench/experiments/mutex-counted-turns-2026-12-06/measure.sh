#!/bin/bash
# Issue 42, turns counted in acquisitions: the same measurement as the
# afternoon's (issue 42's bar with pthread_mutex and libvsync's mutexes,
# the other build's mutex right after, 10 ms windows, sysbench threads).
# Quiet 2-CPU machine only.
# usage: measure.sh NEW_BUILD OLD_BUILD OUT
exec bash "$(dirname "$0")/../mutex-end-turn-2026-12-06/measure.sh" "$@"
