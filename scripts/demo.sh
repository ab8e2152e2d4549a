#!/usr/bin/env bash
# The main job: install what is missing, build, and show each part that
# exists: a quick side-by-side lock benchmark (fairlock beside Concurrency
# Kit, DPDK and pthreads), and a real firmware upload in a Linux 6.12 guest
# (QEMU).  About two minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build bench vm

echo "== building"
cmake -S . -B build -DBUILD_TESTING=OFF >/dev/null
cmake --build build -j"$(nproc)" >/dev/null

echo "== fairlock: a quick side-by-side lock benchmark (lockbench --quick)"
echo "   medians of 3 interleaved runs; ratios are to peers measured in this run"
build/bench/lockbench --mode uncontended,throughput,rw --threads 2,4 --read-pct 90 \
	--reps 3 --duration 50 --pairs 500000 \
	--locks fairlock,ck-ticket,ck-mcs,ck-rwlock,dpdk-ticket,dpdk-rwlock,pthread
echo
echo "== fwupload: a real firmware upload in a Linux 6.12 guest (QEMU, TCG)"
bash tests/vm/build.sh build/vm
bash tests/vm/run.sh build/vm fw_demo 180
echo
echo "== memreclaim: a real proactive reclaim in the same guest (swap + zswap)"
bash tests/vm/run.sh build/vm mr_demo 180
echo
echo "== not built yet: the memreclaim daemon, la64dis (see README.md)"
