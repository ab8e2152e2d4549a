#!/bin/bash
# usage: rdb.sh LABEL CMD... : one db_bench run at 8 threads, prints ops/s of the two reads
label=$1; shift
d=$(mktemp -d /tmp/rdb.XXXX)
out=$("$@" db_bench --benchmarks=fillseq,readrandom,readwhilewriting --num=100000 --threads=8 --db=$d/db --histogram=1 --progress_reports=0 --compression_type=none 2>&1)
rr=$(awk '/^readrandom +:/{for(i=1;i<NF;i++) if($(i+1)=="ops/sec") print $i}' <<<"$out")
rw=$(awk '/^readwhilewriting +:/{for(i=1;i<NF;i++) if($(i+1)=="ops/sec") print $i}' <<<"$out")
echo "$label $rr $rw"
rm -rf "$d"
