#!/bin/busybox sh
# The guest's /init: mount what the tests need, load the modules, run the
# scenario named on the kernel command line (fl.scenario=NAME), report.
/bin/busybox --install -s /bin
export PATH=/bin:/usr/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /sys/fs/cgroup /tmp
mount -t cgroup2 cgroup2 /sys/fs/cgroup
mount -t tmpfs tmpfs /tmp
insmod /modules/test_firmware.ko
insmod /modules/virtio_blk.ko
scenario=$(sed -n 's/.*fl\.scenario=\([^ ]*\).*/\1/p' /proc/cmdline)
echo "VM-READY $(uname -r)"
if [ "$scenario" = shell ]; then
	setsid cttyhack sh
	rc=0
else
	sh /scenarios/lib.sh "$scenario"
	rc=$?
fi
echo "VM-RESULT: $rc"
sync
poweroff -f
