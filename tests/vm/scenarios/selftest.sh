# Scenarios that must make run.sh fail: the runner's own tests.

scenario_selftest_panic() {
	echo 1 > /proc/sys/kernel/sysrq
	echo c > /proc/sysrq-trigger # crash the kernel on purpose
}

scenario_selftest_hang() {
	sleep 100000
}

# A boot and nothing more: tests/vm/boots.sh counts how often the guest
# fails to come up with it.
scenario_boot() {
	:
}
