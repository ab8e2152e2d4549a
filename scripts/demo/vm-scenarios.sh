# The demo's scenarios (scripts/demo.sh), run in the test guest beside the
# tests' own (tests/vm/scenarios), with their helper libraries.  busybox sh.
. /scenarios/fw_lib.sh
. /scenarios/mr_lib.sh

# The demo: a real upload with its progress display.
scenario_fw_demo() {
	register upload0
	echo "registered test_firmware device upload0; fwupload list:"
	fwupload list
	head -c 2048 /dev/urandom > /tmp/firmware.bin
	echo "fwupload upload0 /tmp/firmware.bin"
	fwupload upload0 /tmp/firmware.bin || fail "upload"
	received upload0 | cmp - /tmp/firmware.bin && echo "the device received all 2048 bytes"
	printf 'inject:programming:flash-wearout' > /tmp/bad.bin
	echo "fwupload upload0 bad.bin   (test_firmware injects programming:flash-wearout)"
	fwupload upload0 /tmp/bad.bin
	echo "exit status $? (15: flash-wearout)"
	return 0
}

# The demo: a workload, its stat, one reclaim, its stat again.
scenario_mr_demo() {
	setup_swap
	start_workload app 200 compressible
	echo "a workload holds 200 MiB in cgroup app; memreclaim stat app:"
	memreclaim stat app
	echo
	echo "memreclaim reclaim app 100M"
	memreclaim reclaim app 100M
	echo
	memreclaim stat app | grep -E 'memory.current|zswap|pressure'
	return 0
}
