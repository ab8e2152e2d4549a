#!/usr/bin/env bash
# Build memreclaim's OCI image from the static binary, pulling nothing:
# FROM scratch with Debian's buildah, the binary and a default config, as
# dist/k8s/memreclaim-daemonset.yaml runs it.  The image goes to the local
# container storage as localhost/memreclaim:VERSION (and :latest) and, as
# an OCI archive, to OUT.
# usage: scripts/image.sh [OUT]   (default build/memreclaim-image.tar)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/build/memreclaim-image.tar}
bash "$top/scripts/deps.sh" build image
version=$(sed -n 's/^project([^)]*VERSION \([0-9.]*\).*/\1/p' "$top/CMakeLists.txt")
[ -n "$version" ] || { echo "image.sh: no version in CMakeLists.txt" >&2; exit 1; }

# The static binary, from the project's own build (tools/CMakeLists.txt).
tools=$top/build/image-tools
cmake -S "$top" -B "$tools" -DBUILD_TESTING=OFF -DFL_GUEST_TOOLS=ON > "$tools.log" 2>&1 ||
	{ tail -20 "$tools.log" >&2; exit 1; }
cmake --build "$tools" -j"$(nproc)" --target memreclaim-static >> "$tools.log" 2>&1 ||
	{ tail -20 "$tools.log" >&2; exit 1; }
bin=$tools/tools/memreclaim-static
file "$bin" | grep -q 'statically linked' || { echo "image.sh: $bin is not static" >&2; exit 1; }

c=$(buildah from scratch)
trap 'buildah rm "$c" >/dev/null 2>&1 || true' EXIT
buildah copy --chmod 0755 "$c" "$bin" /memreclaim >/dev/null
buildah copy --chmod 0644 "$c" "$top/dist/k8s/memreclaim.conf" /etc/memreclaim/memreclaim.conf >/dev/null
# /run/memreclaim: where the JSON state goes on a read-only root (an
# emptyDir in the DaemonSet).
buildah config --entrypoint '["/memreclaim"]' \
	--cmd 'run -c /etc/memreclaim/memreclaim.conf' \
	--env MEMRECLAIM_CGROUP_ROOT=/host/sys/fs/cgroup \
	--port 9465/tcp \
	--label org.opencontainers.image.title=memreclaim \
	--label org.opencontainers.image.version="$version" \
	--label org.opencontainers.image.description="proactive cgroup v2 memory reclaim (fairlock-toolkit)" \
	"$c"
buildah commit --quiet --rm "$c" "localhost/memreclaim:$version" >/dev/null
trap - EXIT
buildah tag "localhost/memreclaim:$version" localhost/memreclaim:latest
mkdir -p "$(dirname "$out")"
rm -f "$out"
buildah push --quiet "localhost/memreclaim:$version" "oci-archive:$out:memreclaim:$version"
echo "image.sh: localhost/memreclaim:$version, $(du -h "$out" | cut -f1) ($out)"
