# Helpers for the fwupload scenarios, the benchmark's and the demo's:
# test_firmware's upload devices and the fw_upload class.  Sourced
# explicitly by each file that uses it; needs lib.sh (fail, wait_until).
TF=/sys/devices/virtual/misc/test_firmware
DATA=/scenarios/data
FW=/sys/class/firmware

# register NAME: a test_firmware upload device called NAME.
register() {
	echo -n "$1" > $TF/upload_register || fail "cannot register $1"
}

# The data test_firmware received, for DEVICE.
received() {
	echo -n "$1" > $TF/config_upload_name
	cat $TF/upload_read
}

status_is() { # device status
	[ "$(cat $FW/$1/status)" = "$2" ]
}

# wait_status DEVICE STATUS: until DEVICE's status is STATUS.
wait_status() {
	wait_until 120 "$1 in status $2" status_is "$1" "$2"
}
