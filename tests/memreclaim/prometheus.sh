#!/usr/bin/env bash
# The daemon's /metrics endpoint scraped by Debian's real Prometheus server
# (package prometheus, scripts/deps.sh test): a config file with one scrape
# job, the server started on a free local port, then its HTTP API asked
# for the target's health and for every metric family docs/memreclaim.md
# documents (and the other way round: every family scraped is documented).
# usage: tests/memreclaim/prometheus.sh MEMRECLAIM WORKDIR DOC
set -uo pipefail
mr=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") work=$2 doc=$3
command -v prometheus >/dev/null || { echo "FAIL: no prometheus (bash scripts/deps.sh test)"; exit 1; }
rm -rf "$work"
mkdir -p "$work/cg"
# shellcheck source=SCRIPTDIR/fake_tree.sh
. "$(dirname "${BASH_SOURCE[0]}")/fake_tree.sh"

make_cgroup app
make_cgroup full	# its writes fail (ENOSPC): state error
rm "$root/full/memory.reclaim"
ln -s /dev/full "$root/full/memory.reclaim"

mport=$(free_port)
"$mr" --cgroup-root "$root" run --interval 200ms --listen "127.0.0.1:$mport" app full \
	2> "$work/daemon.log" &
mpid=$!
pport=$(free_port)
cat > "$work/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: memreclaim
    static_configs:
      - targets: ['127.0.0.1:$mport']
EOF
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
	--web.listen-address="127.0.0.1:$pport" --log.level=warn > "$work/prometheus.log" 2>&1 &
ppid=$!
cleanup() { kill $mpid $ppid 2>/dev/null; wait $mpid $ppid 2>/dev/null; }
trap cleanup EXIT

api() { curl -sf --get "http://127.0.0.1:$pport/api/v1/$1" "${@:2}"; }
# The target up, and a scrape that saw both cgroups' states.
scraped() {
	api query --data-urlencode 'query=up{job="memreclaim"}' 2>/dev/null | grep -q '"value":\[[0-9.]*,"1"\]' &&
		api query --data-urlencode 'query=memreclaim_cgroup_state{state="error"}' 2>/dev/null |
		grep -q '"cgroup":"full"'
}
end=$((SECONDS + 180))
until scraped; do
	if [ $SECONDS -gt $end ] || ! kill -0 $ppid 2>/dev/null; then
		bad "Prometheus never scraped the daemon in 180 s; its log:"
		tail -20 "$work/prometheus.log"
		api targets
		exit 1
	fi
	sleep 0.5
done
ok "Prometheus $(prometheus --version 2>&1 | awk 'NR == 1 {print $3}') scrapes the endpoint: up 1"
api query --data-urlencode 'query=memreclaim_cgroup_state{state="error"}' | grep -qF 'No space left on device' &&
	ok "the error state's reason reached Prometheus" || bad "no reason in the error state"

# Every documented family is in Prometheus, and every family there is documented.
mapfile -t documented < <(grep -o '^| `memreclaim_[a-z_]*' "$doc" | sed 's/^| `//' | sort -u)
[ ${#documented[@]} -ge 20 ] || bad "only ${#documented[@]} families documented in $doc"
names=$(api label/__name__/values |
	python3 -c 'import json, sys; print("\n".join(n for n in json.load(sys.stdin)["data"] if n.startswith("memreclaim_")))' |
	sort -u)
missing=0
for f in "${documented[@]}"; do
	grep -qx "$f" <<<"$names" || { bad "documented, not scraped: $f"; missing=$((missing + 1)); }
done
# A here-string, not printf | grep -q: grep -q leaves at its first match,
# and printf, still writing, dies of SIGPIPE, which pipefail made a
# failure on some schedules (a CI run with one core busy, 2026-12-07).
documented_lines=$(printf '%s\n' "${documented[@]}")
for f in $names; do
	grep -qx "$f" <<<"$documented_lines" || bad "scraped, not documented: $f"
done
[ $missing = 0 ] && ok "all ${#documented[@]} documented families found through the API"
v=$(api query --data-urlencode 'query=memreclaim_build_info' | grep -o '"version":"[^"]*"')
[ -n "$v" ] && ok "build_info: $v" || bad "no build_info"

[ $fail = 0 ] && echo "prometheus: all passed"
exit $fail
