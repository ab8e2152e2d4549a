# fwupload scenarios against the real fw_upload class and test_firmware's
# upload devices (images of 1..2048 bytes; "inject:<status>:<error>" as the
# image injects an error; an injected user-abort blocks until canceled).
. /scenarios/fw_lib.sh

scenario_fw_upload_ok() {
	register upload0
	head -c 2000 /dev/urandom > /tmp/img
	expect_rc 0 fwupload upload0 /tmp/img
	[ "$(cat $FW/upload0/status)" = idle ] || fail "status not idle"
	[ -z "$(cat $FW/upload0/error)" ] || fail "error not empty"
	received upload0 | cmp - /tmp/img || fail "device got other data"
	ok "the device received the image byte for byte"
	# compressed images arrive decompressed
	expect_rc 0 fwupload upload0 $DATA/img.bin.xz
	received upload0 | cmp - $DATA/img.bin || fail ".xz image garbled"
	expect_rc 0 fwupload upload0 $DATA/img.bin.zst
	received upload0 | cmp - $DATA/img.bin || fail ".zst image garbled"
	ok ".xz and .zst images decompressed on the way"
	# by path, with JSON
	fwupload --json $FW/upload0 /tmp/img > /tmp/out.json
	grep -q '"result": "ok"' /tmp/out.json || fail "json: $(cat /tmp/out.json)"
	grep -q '"size": 2000' /tmp/out.json || fail "json size: $(cat /tmp/out.json)"
	ok "json: $(cat /tmp/out.json)"
	[ "$(cat $FW/upload0/loading)" = 0 ] || fail "loading left at $(cat $FW/upload0/loading)"
}

# One injected error, at each status the module can fail in.
inject() {
	err=$1 code=$2
	register upload0
	for st in preparing transferring programming; do
		printf 'inject:%s:%s' "$st" "$err" > /tmp/img
		fwupload --json upload0 /tmp/img > /tmp/out.json
		rc=$?
		[ $rc = $code ] || fail "$st:$err: exit $rc, expected $code ($(cat /tmp/out.json))"
		grep -q "\"error\": \"$st:$err\"" /tmp/out.json ||
			fail "$st:$err not reported: $(cat /tmp/out.json)"
		ok "$st:$err -> exit $rc"
	done
}

scenario_fw_inject_hw_error() { inject hw-error 10; }
scenario_fw_inject_timeout() { inject timeout 11; }
scenario_fw_inject_device_busy() { inject device-busy 12; }
scenario_fw_inject_invalid_file_size() { inject invalid-file-size 13; }
scenario_fw_inject_read_write_error() { inject read-write-error 14; }
scenario_fw_inject_flash_wearout() { inject flash-wearout 15; }

scenario_fw_oversize() {
	register upload0
	head -c 4096 /dev/urandom > /tmp/img
	fwupload --json upload0 /tmp/img > /tmp/out.json
	rc=$?
	cat /tmp/out.json
	[ $rc = 13 ] || fail "oversized image: exit $rc, expected 13"
	grep -q ':invalid-file-size"' /tmp/out.json || fail "no invalid-file-size"
	ok "a 4096-byte image is refused as invalid-file-size"
}

# Ctrl-C (SIGINT) or SIGTERM while the device works: cancel, settle, exit 7.
scenario_fw_cancel_signal() {
	register upload0
	for sig in INT TERM; do
		for st in preparing transferring programming; do
			printf 'inject:%s:user-abort' "$st" > /tmp/img
			fwupload --json upload0 /tmp/img > /tmp/out.json &
			pid=$!
			wait_status upload0 $st
			kill -$sig $pid
			wait $pid
			rc=$?
			[ $rc = 7 ] || fail "SIG$sig in $st: exit $rc ($(cat /tmp/out.json))"
			grep -q "\"error\": \"$st:user-abort\"" /tmp/out.json ||
				fail "SIG$sig in $st: $(cat /tmp/out.json)"
			[ "$(cat $FW/upload0/status)" = idle ] || fail "not idle after cancel"
			[ "$(cat $FW/upload0/loading)" = 0 ] || fail "loading left at 1"
			ok "SIG$sig while $st: user-abort, exit 7, device idle"
		done
	done
}

scenario_fw_second_upload_refused() {
	register upload0
	printf 'inject:transferring:user-abort' > /tmp/block
	fwupload -q upload0 /tmp/block &
	pid=$!
	wait_status upload0 transferring
	head -c 100 /dev/urandom > /tmp/img
	fwupload upload0 /tmp/img 2> /tmp/err
	rc=$?
	cat /tmp/err
	[ $rc = 4 ] || fail "second upload: exit $rc, expected 4"
	grep -q 'already in progress (status: transferring)' /tmp/err || fail "message"
	ok "a second upload is refused while one runs"
	expect_rc 0 fwupload cancel upload0
	wait $pid
	rc=$?
	[ $rc = 7 ] || fail "the canceled upload exited $rc, expected 7"
	ok "fwupload cancel ended the first upload with user-abort"
	expect_rc 3 fwupload cancel upload0 # nothing to cancel now: ENODEV
}

scenario_fw_not_fw_upload() {
	head -c 100 /dev/urandom > /tmp/img
	expect_rc 3 fwupload nosuch /tmp/img
	expect_rc 3 fwupload /sys/class/misc/test_firmware /tmp/img
	expect_rc 3 fwupload status nosuch
	register upload0
	expect_rc 5 fwupload upload0 /nonexistent
	: > /tmp/empty
	expect_rc 5 fwupload upload0 /tmp/empty
	expect_rc 5 fwupload upload0 /tmp
	expect_rc 5 fwupload upload0 $DATA/corrupt.xz
	expect_rc 5 fwupload upload0 $DATA/corrupt.zst
	[ "$(cat $FW/upload0/status)" = idle ] || fail "a bad image touched the device"
	expect_rc 2 fwupload --timeout -1 upload0 /tmp/img
	expect_rc 2 fwupload upload0
}

scenario_fw_list_status() {
	register upload0
	register upload1
	fwupload list | tee /tmp/list
	grep -q '^upload0 *idle' /tmp/list || fail "upload0 not listed idle"
	grep -q '^upload1 *idle' /tmp/list || fail "upload1 not listed idle"
	printf 'inject:preparing:hw-error' > /tmp/img
	fwupload -q upload1 /tmp/img
	fwupload status upload1 | tee /tmp/st
	grep -q 'preparing:hw-error' /tmp/st || fail "status shows no last error"
	fwupload --json list | tee /tmp/list.json
	grep -q '"device": "upload1", "status": "idle", "error": "preparing:hw-error"' /tmp/list.json ||
		fail "json list"
	ok "list and status show the devices and the last error"
}

scenario_fw_timeout() {
	register upload0
	printf 'inject:transferring:user-abort' > /tmp/img
	fwupload --json --timeout 1 upload0 /tmp/img > /tmp/out.json
	rc=$?
	cat /tmp/out.json
	[ $rc = 8 ] || fail "--timeout: exit $rc, expected 8"
	grep -q '"error": "transferring:user-abort"' /tmp/out.json || fail "not canceled"
	[ "$(cat $FW/upload0/status)" = idle ] || fail "not idle after the timeout"
	ok "--timeout 1 cancels a stuck upload and exits 8"
}
