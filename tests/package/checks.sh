#!/bin/sh
# Run inside a clean Debian 12 chroot (scripts/package.sh): install the
# packages from /tmp/debs with apt, use them as a user would, then remove
# and purge them and check what each leaves behind.
# usage: checks.sh   (as root in the chroot; the consumers in /tmp/src)
set -eu
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8
passed=0
fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { passed=$((passed + 1)); echo "ok   $*"; }

# Every file outside the package manager's own state, the caches and the
# API file systems.
snapshot() {
	find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /tmp \
		-o -path /run -o -path /var/lib/dpkg -o -path /var/lib/apt \
		-o -path /var/cache -o -path /var/log \) -prune -o -print | sort
}
packages="libfairlock0 libfairlock-dev libla64-0 libla64-dev la64dis memreclaim fwupload fairlock-run"

snapshot >/tmp/before
apt-get install -y -q --no-install-recommends /tmp/debs/*.deb >/tmp/apt.log 2>&1 ||
	{ cat /tmp/apt.log; fail "apt-get install of the packages"; }
for p in $packages; do
	dpkg-query -W -f='${Status}\n' "$p" | grep -qx "install ok installed" ||
		fail "$p is not installed"
done
ok "apt installed $packages"

cd /tmp
# shellcheck disable=SC2046
cc -std=c11 -Wall -Werror -o consumer src/consumer.c $(pkg-config --cflags --libs fairlock)
./consumer >/tmp/out || fail "fairlock consumer: $(cat /tmp/out)"
ok "a program built with pkg-config fairlock runs: $(cat /tmp/out)"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Werror -o la64_consumer src/la64_consumer.c $(pkg-config --cflags --libs la64)
./la64_consumer >/tmp/out || fail "la64 consumer: $(cat /tmp/out)"
ok "a program built with pkg-config la64 runs: $(cat /tmp/out)"

# A threaded program that knows nothing of fairlock, under fairlock-run:
# its mutex must be served (the preload's report says so) and its count
# exact.
cat >/tmp/threads.c <<'EOF'
#include <pthread.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long n;
static void *run(void *arg)
{
	for (int i = 0; i < 100000; i++) {
		pthread_mutex_lock(&m);
		n++;
		pthread_mutex_unlock(&m);
	}
	return arg;
}
int main(void)
{
	pthread_t t[4];
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], 0, run, 0);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], 0);
	return n != 400000;
}
EOF
cc -std=c11 -Wall -Werror -o threads threads.c -pthread
fairlock-run --log ./threads 2>/tmp/out ||
	fail "fairlock-run ./threads: $(cat /tmp/out)"
grep -q 'served by fairlock mutex: 1 mutexes' /tmp/out ||
	fail "fairlock-run did not serve the mutex: $(cat /tmp/out)"
ok "fairlock-run serves a threaded program's mutex"

memreclaim --version | grep -q '^memreclaim ' || fail "memreclaim --version"
ok "memreclaim --version: $(memreclaim --version)"
fwupload --help | grep -q '^usage: fwupload' || fail "fwupload --help"
ok "fwupload --help"
[ "$(la64dis --words 0x02c00421)" = "$(printf 'addi.d\t$ra, $ra, 1')" ] ||
	fail "la64dis --words 0x02c00421: $(la64dis --words 0x02c00421)"
[ "$(printf 'addi.d $ra, $ra, 1\n' | la64as)" = 02c00421 ] || fail "la64as"
ok "la64dis --words, la64as"
for page in memreclaim fwupload la64dis la64as fairlock-run; do
	man -w "$page" >/dev/null || fail "man -w $page finds no page"
done
ok "man -w finds memreclaim(8), fwupload(1), la64dis(1), la64as(1), fairlock-run(1)"

unit=/lib/systemd/system/memreclaim.service
grep -qx 'ExecStart=/usr/sbin/memreclaim run -c /etc/memreclaim.conf' "$unit" ||
	fail "$unit: no ExecStart of /usr/sbin/memreclaim"
[ -L /etc/systemd/system/multi-user.target.wants/memreclaim.service ] ||
	fail "memreclaim.service is not enabled"
ok "memreclaim.service installed and enabled"
dpkg-query -W -f='${Conffiles}\n' memreclaim | grep -q ' /etc/memreclaim.conf ' ||
	fail "/etc/memreclaim.conf is not a conffile"
memreclaim --cgroup-root /tmp run --check-config -c /etc/memreclaim.conf >/tmp/out 2>&1 ||
	fail "the installed /etc/memreclaim.conf does not check: $(cat /tmp/out)"
ok "/etc/memreclaim.conf is a conffile and passes --check-config"
# As installed it cannot hurt a host it knows nothing about: a dry run.
grep -qx 'dry_run yes' /tmp/out || fail "the installed configuration is not a dry run: $(head -8 /tmp/out)"
grep -q '^RestartPreventExitStatus=2 3 4 8$' "$unit" || fail "$unit: restarts after a configuration error"
# systemd matches RestartPreventExitStatus= against ExecStart= only: an
# ExecStartPre= that fails on the config would be restarted for ever.
! grep -q '^ExecStartPre=[^-]' "$unit" || fail "$unit: an ExecStartPre= that can fail on a bad config"
grep -q '^StartLimitBurst=[1-9]' "$unit" || fail "$unit: no start limit"
ok "memreclaim as installed: a dry run, not restarted after a configuration error"

# Remove: only the conffile may stay, and the service's enablement, which
# deb-systemd-helper keeps until purge as dpkg keeps conffiles.
apt-get remove -y -q $packages >/tmp/apt.log 2>&1 ||
	{ cat /tmp/apt.log; fail "apt-get remove"; }
snapshot >/tmp/after-remove
left=$(comm -13 /tmp/before /tmp/after-remove | grep -v \
	-e '^/etc/systemd/system/multi-user.target.wants' \
	-e '^/var/lib/systemd/deb-systemd-helper-enabled') || true
[ "$left" = "/etc/memreclaim.conf" ] ||
	fail "remove left behind more than the conffile: $left"
ok "remove leaves only /etc/memreclaim.conf and the service's enablement"

# apt knows local packages only while installed: dpkg purges the rest.
dpkg --purge $packages >/tmp/apt.log 2>&1 ||
	{ cat /tmp/apt.log; fail "dpkg --purge"; }
snapshot >/tmp/after-purge
left=$(comm -3 /tmp/before /tmp/after-purge)
[ -z "$left" ] || fail "purge left the tree changed: $left"
for p in $packages; do
	if dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q installed; then
		fail "$p still known to dpkg after purge"
	fi
done
ok "purge leaves nothing behind"
echo "package checks: $passed passed"
