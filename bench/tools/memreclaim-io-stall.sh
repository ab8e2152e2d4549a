#!/usr/bin/env bash
# memreclaim on a fake cgroup whose io.pressure grows by 0.9% of the time
# (no memory stall): the writes the daemon makes in 12 one-second intervals
# with io_pressure yes (the default) and no.  A measurement, not a test.
# usage: bench/tools/memreclaim-io-stall.sh MEMRECLAIM
mr=$1 work=/tmp/iostall; rm -rf $work; root=$work/cg; d=$root/io; mkdir -p $d
echo "cpu io memory" > $root/cgroup.controllers; echo "cpu io memory" > $d/cgroup.controllers
echo 104857600 > $d/memory.current; : > $d/memory.reclaim
printf 'anon 100000000\nfile 4857600\nworkingset_refault_anon 0\nworkingset_refault_file 0\n' > $d/memory.stat
printf 'some avg10=0.00 avg60=0.00 avg300=0.00 total=1000\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=500\n' > $d/memory.pressure
python3 - "$d/io.pressure" <<'PY' &
import sys, time, os
t0 = time.monotonic()
while True:
    us = int((time.monotonic() - t0) * 1e6 * 0.009)   # 0.9% of the time stalled on io
    tmp = sys.argv[1] + ".tmp"
    open(tmp, "w").write("some avg10=0.90 avg60=0.90 avg300=0.90 total=%d\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n" % us)
    os.rename(tmp, sys.argv[1])
    time.sleep(0.02)
PY
feeder=$!
sleep 0.5
for io in yes no; do
	"$mr" --cgroup-root $root run --interval 1s --iterations 12 --log-level debug --io-pressure $io io 2> $work/$io.log
	echo "io_pressure $io: $(grep -c ': reclaim ' $work/$io.log) writes in 12 intervals, $(grep -c 'reached the target' $work/$io.log) back-offs on pressure"
done
kill $feeder
