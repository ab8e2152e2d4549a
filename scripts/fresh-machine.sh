#!/usr/bin/env bash
# The README's two commands as a new user meets them: a clean Debian 12
# root made by mmdebstrap (nothing installed but apt and git, nothing
# cached), a clean clone of this repository in it, then `bash scripts/demo.sh` and
# `bash scripts/test.sh` run there as root, one after the other.  Prints
# each command's result and time; the logs stay in the work folder.
#
# usage: scripts/fresh-machine.sh [--busy] [--keep] [--skip-demo] [--dir DIR] [REV]
#   --busy       a busy loop holds one host core from start to end
#   --keep       keep the root afterwards (it is several GB)
#   --skip-demo  run the test command only
#   --dir DIR    the work folder (default: a new one under /var/tmp)
#   REV          what to clone (default HEAD; uncommitted changes are not in it)
#
# As root (mmdebstrap, mounts and chroot need it).  Not part of
# scripts/test.sh: a run takes 20 minutes or more on 2 cores.
#
# What differs from a real fresh machine (docs/testing.md): the kernel,
# CPU and memory are the host's; the root runs in a private mount namespace
# with the host's /dev and /sys (its cgroup mounts included), a new /proc,
# and the host's DNS settings;
# apt's sources are mmdebstrap's default (Debian's archive, as a fresh
# install has them).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
busy=0 keep=0 demo=1 dir='' rev=HEAD
while [ $# -gt 0 ]; do
	case $1 in
	--busy) busy=1 ;;
	--keep) keep=1 ;;
	--skip-demo) demo=0 ;;
	--dir) dir=$2; shift ;;
	-h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) echo "fresh-machine.sh: unknown option $1" >&2; exit 2 ;;
	*) rev=$1 ;;
	esac
	shift
done
[ "$(id -u)" = 0 ] || { echo "fresh-machine.sh: run as root (mmdebstrap, mounts, chroot)" >&2; exit 2; }
for tool in mmdebstrap unshare git; do
	command -v $tool >/dev/null || {
		echo "fresh-machine.sh: $tool is missing (apt-get install mmdebstrap util-linux git)" >&2
		exit 2
	}
done
commit=$(git -C "$top" rev-parse --verify "$rev^{commit}") ||
	{ echo "fresh-machine.sh: $rev: not a commit of $top" >&2; exit 2; }

dir=${dir:-$(mktemp -d /var/tmp/fairlock-fresh.XXXXXX)}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
root=$dir/root
[ -e "$root" ] && { echo "fresh-machine.sh: $root exists: use a new --dir" >&2; exit 2; }
summary=$dir/summary.txt
: >"$summary"
say() { echo "$*" | tee -a "$summary"; }

busy_pid=
cleanup() { # shellcheck disable=SC2317 # called by the trap
	[ -n "$busy_pid" ] && kill "$busy_pid" 2>/dev/null
	if [ "$keep" = 0 ] && [ -d "$root" ]; then
		rm -rf --one-file-system "$root"
	fi
}
trap cleanup EXIT
if [ "$busy" = 1 ]; then
	(while :; do :; done) &
	busy_pid=$!
fi

say "fresh machine: $(git -C "$top" log -1 --format='%h %s' "$commit" | cut -c1-72)"
say "work folder: $dir$([ "$busy" = 1 ] && echo '; one host core busy')"
start=$SECONDS
mmdebstrap --variant=apt --include=git --quiet bookworm "$root" >"$dir/mmdebstrap.log" 2>&1 ||
	{ tail -20 "$dir/mmdebstrap.log"; echo "fresh-machine.sh: mmdebstrap failed" >&2; exit 1; }
say "clean Debian 12 root: $(du -sh --one-file-system "$root" | cut -f1) in $((SECONDS - start)) s"
cp -L /etc/resolv.conf "$root/etc/resolv.conf"
git clone --quiet --no-hardlinks "$top" "$root/root/fairlock-toolkit"
git -C "$root/root/fairlock-toolkit" checkout --quiet "$commit"

# One command in the root as a new user runs it: a login shell's
# environment, nothing of this one's.
in_root() { # name command
	local name=$1 cmd=$2 t0=$SECONDS rc=0
	unshare --mount --propagation private --fork bash -c '
		set -e
		root=$1
		# As on a machine, / is a mount of its own and /sys carries the
		# cgroup mounts: buildah (memreclaim_image) makes / private,
		# which fails (EINVAL) where / is only a folder, and podman
		# runs its container in a cgroup.
		mount --bind "$root" "$root"
		mount --rbind /dev "$root/dev"
		mount -t proc proc "$root/proc"
		mount --rbind /sys "$root/sys"
		mount -t tmpfs tmpfs "$root/dev/shm"
		exec chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
			PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
			bash -lc "cd /root/fairlock-toolkit && $2"' _ "$root" "$cmd" \
		</dev/null >"$dir/$name.log" 2>&1 || rc=$?
	say "$cmd: $([ $rc = 0 ] && echo passed || echo "FAILED (exit $rc)") in $((SECONDS - t0)) s ($dir/$name.log)"
	[ $rc = 0 ] || tail -30 "$dir/$name.log"
	return $rc
}
status=0
if [ "$demo" = 1 ]; then
	in_root demo 'bash scripts/demo.sh' || status=1
fi
in_root test 'bash scripts/test.sh' || status=1
grep -E '^=== all test runs|tests passed|tests failed' "$dir/test.log" | tee -a "$summary" || true
say "fresh machine: $([ $status = 0 ] && echo passed || echo FAILED) in $((SECONDS - start)) s in all"
exit $status
