#!/usr/bin/env bash
# memreclaim's OCI image: scripts/image.sh builds it FROM scratch with
# buildah (nothing pulled), then podman runs it once, as the DaemonSet
# does (read-only root, every capability dropped, no network, the config
# mounted, a cgroup tree at /host/sys/fs/cgroup: here a fake one), and the
# daemon in it writes the fake cgroup's memory.reclaim.  The DaemonSet's
# YAML is parsed where python3-yaml is installed.
# On this project's machines podman needs runc (crun refuses a hybrid
# cgroup layout) and --ulimit values it may set (podman asks for more).
# usage: tests/memreclaim/image.sh WORKDIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=$1
rm -rf "$work"
mkdir -p "$work/cg/app" "$work/conf" "$work/run"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
ok() { echo "ok: $*"; }

bash "$top/scripts/image.sh" "$work/memreclaim.tar" > "$work/build.log" 2>&1 ||
	{ echo "FAIL: scripts/image.sh:"; tail -20 "$work/build.log"; exit 1; }
ok "$(tail -1 "$work/build.log")"
version=$(sed -n 's/^project([^)]*VERSION \([0-9.]*\).*/\1/p' "$top/CMakeLists.txt")
layers=$(podman image inspect --format '{{len .RootFS.Layers}}' "localhost/memreclaim:$version")
entry=$(podman image inspect --format '{{.Config.Entrypoint}}' "localhost/memreclaim:$version")
[ "$layers" = 1 ] && [ "$entry" = "[/memreclaim]" ] &&
	ok "one layer (FROM scratch), entrypoint $entry" || bad "image: $layers layers, entrypoint $entry"

root=$work/cg
echo "cpu io memory" > "$root/cgroup.controllers"
echo "cpu io memory" > "$root/app/cgroup.controllers"
echo 104857600 > "$root/app/memory.current"
printf 'anon 100000000\nfile 4857600\nworkingset_refault_anon 0\nworkingset_refault_file 0\n' > "$root/app/memory.stat"
printf 'some avg10=0.00 avg60=0.00 avg300=0.00 total=1000\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=500\n' > "$root/app/memory.pressure"
: > "$root/app/memory.reclaim"
printf 'interval = 100ms\nlog_level = debug\njson_file = /run/memreclaim/state.json\n[cgroup app]\n' \
	> "$work/conf/memreclaim.conf"
podman --runtime runc run --rm --network none --read-only --cap-drop all \
	--security-opt no-new-privileges \
	--ulimit nofile=1024:1024 --ulimit nproc=1024:1024 \
	-v "$root:/host/sys/fs/cgroup" -v "$work/conf:/etc/memreclaim:ro" \
	-v "$work/run:/run/memreclaim" \
	"localhost/memreclaim:$version" run -c /etc/memreclaim/memreclaim.conf --iterations 3 \
	> "$work/run.log" 2>&1; rc=$?
[ $rc = 0 ] && [ -s "$root/app/memory.reclaim" ] && grep -q 'app: reclaim' "$work/run.log" &&
	grep -qF '"cgroup": "app"' "$work/run/state.json" &&
	ok "podman ran the image on the fake tree: wrote $(cat "$root/app/memory.reclaim") bytes, exit 0" ||
	bad "podman run: rc $rc: $(tail -5 "$work/run.log")"

if python3 -c 'import yaml' 2>/dev/null; then
	python3 - "$top/dist/k8s/memreclaim-daemonset.yaml" <<'PY' && ok "the DaemonSet's YAML parses" || bad "DaemonSet YAML"
import sys, yaml
docs = list(yaml.safe_load_all(open(sys.argv[1])))
kinds = [d["kind"] for d in docs]
assert kinds == ["ConfigMap", "DaemonSet"], kinds
c = docs[1]["spec"]["template"]["spec"]["containers"][0]
assert c["securityContext"]["capabilities"]["drop"] == ["ALL"]
assert c["resources"]["requests"] == c["resources"]["limits"]
PY
fi
# The ConfigMap's config is the one the image ships, and it is valid.
sed -n '/memreclaim.conf: |/,/^  # /p' "$top/dist/k8s/memreclaim-daemonset.yaml" | sed '1d;$d' | sed 's/^    //' \
	> "$work/configmap.conf"
diff <(grep -v '^#' "$top/dist/k8s/memreclaim.conf" | grep -v '^$') "$work/configmap.conf" > "$work/conf.diff" &&
	ok "the ConfigMap holds dist/k8s/memreclaim.conf" || bad "ConfigMap and memreclaim.conf differ: $(cat "$work/conf.diff")"

[ $fail = 0 ] && echo "image: all passed"
exit $fail
