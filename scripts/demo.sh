#!/usr/bin/env bash
# The main job: install what is missing, build, and show each part that
# exists: a quick side-by-side lock benchmark (fairlock beside Concurrency
# Kit, DPDK and pthreads), Debian's zstd with its pthread locks served by
# fairlock (fairlock-run), and a real firmware upload in a Linux 6.12 guest
# (QEMU), a real proactive reclaim in the same guest, and la64dis on
# LoongArch code built from this project.  About three minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build bench vm la64

echo "== building"
cmake -S . -B build -DBUILD_TESTING=OFF >/dev/null
cmake --build build -j"$(nproc)" >/dev/null

echo "== fairlock: a quick side-by-side lock benchmark (lockbench --quick)"
echo "   medians of 3 interleaved runs; ratios are to peers measured in this run"
build/bench/lockbench --mode uncontended,throughput,rw --threads 2,4 --read-pct 90 \
	--reps 3 --duration 50 --pairs 500000 \
	--locks fairlock,vsync-ticket,vsync-mutex-tristate,vsync-rwlock,ck-ticket,ck-mcs,ck-rwlock,dpdk-ticket,dpdk-rwlock,pthread
echo
echo "== fairlock-run: Debian's own zstd on 2 threads, its pthread locks served by fairlock"
{ head -c 8M /dev/urandom; cat build/bench/lockbench build/tools/la64dis \
	build/tools/memreclaim build/tools/fwupload; } >build/demo-zstd.in
build/tools/fairlock-run --log zstd -T2 -q -f build/demo-zstd.in -o build/demo-zstd.zst 2>&1 |
	sed 's/^/   /'
if ! zstd -d -q -c build/demo-zstd.zst | cmp -s - build/demo-zstd.in; then
	echo "   ERROR: the output does not decompress to the input" >&2
	exit 1
fi
echo "   the output decompresses (without the preload) to the input, byte for byte"
echo
echo "== fwupload: a real firmware upload in a Linux 6.12 guest (QEMU, TCG)"
bash tests/vm/build.sh build/vm
bash tests/vm/run.sh build/vm fw_demo 180
echo
echo "== memreclaim: a real proactive reclaim in the same guest (swap + zswap)"
bash tests/vm/run.sh build/vm mr_demo 180
echo
echo "== la64dis: this project's code built for LoongArch (clang-19), disassembled"
bash tests/la64/build_object.sh build/la64-demo.elf build
build/tools/la64dis build/la64-demo.elf > build/la64-demo.txt
echo "   fl__ticket_lock_slowpath, the ticket lock's wait loop:"
awk '/<fl__ticket_lock_slowpath>:/ {on = 1; next} /^$/ {on = 0} on' build/la64-demo.txt | sed 's/^/   /'
total=$(grep -cE '^ *[0-9a-f]+: ' build/la64-demo.txt)
unknown=$(grep -cE '	\.word	' build/la64-demo.txt || true)
echo "   $total instructions in build/la64-demo.txt, $unknown not decoded"

