# Busy CPU N (argv 1) for ON ms (argv 2) in every ON+OFF (argv 3), for
# SECONDS (argv 4): a stand-in for another task sharing one CPU.
# usage: disturb.py CPU ON_MS OFF_MS SECONDS
import os, time, sys
os.sched_setaffinity(0, {int(sys.argv[1])})
on, off = float(sys.argv[2])/1000, float(sys.argv[3])/1000
end = time.time() + float(sys.argv[4])
while time.time() < end:
    t = time.perf_counter() + on
    while time.perf_counter() < t: pass
    time.sleep(off)
