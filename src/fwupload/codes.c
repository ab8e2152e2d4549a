/* SPDX-License-Identifier: MIT */
/* The fw_upload status and error strings, and the exit code of each. */
#include <string.h>

#include "fwupload.h"

static const char *const status_names[] = {
	[FWU_IDLE] = "idle",
	[FWU_RECEIVING] = "receiving",
	[FWU_PREPARING] = "preparing",
	[FWU_TRANSFERRING] = "transferring",
	[FWU_PROGRAMMING] = "programming",
	[FWU_STATUS_UNKNOWN] = "unknown",
};

const char *fwu_status_name(enum fwu_status s)
{
	return s <= FWU_STATUS_UNKNOWN ? status_names[s] : "unknown";
}

enum fwu_status fwu_status_parse(const char *s)
{
	for (int i = FWU_IDLE; i < FWU_STATUS_UNKNOWN; i++)
		if (!strcmp(s, status_names[i]))
			return (enum fwu_status)i;
	return FWU_STATUS_UNKNOWN;
}

/* The seven errors of sysfs-class-firmware, as the error file names them. */
static const struct {
	const char *name;
	enum fwu_exit exit;
} errors[] = {
	{ "hw-error", FWU_EXIT_HW_ERROR },
	{ "timeout", FWU_EXIT_DEV_TIMEOUT },
	{ "user-abort", FWU_EXIT_CANCELED },
	{ "device-busy", FWU_EXIT_DEVICE_BUSY },
	{ "invalid-file-size", FWU_EXIT_INVALID_SIZE },
	{ "read-write-error", FWU_EXIT_READ_WRITE },
	{ "flash-wearout", FWU_EXIT_FLASH_WEAROUT },
};

enum fwu_exit fwu_error_exit(const char *error)
{
	const char *colon = strchr(error, ':');

	if (!*error)
		return FWU_OK;
	if (!colon)
		return FWU_EXIT_UNKNOWN_ERROR;
	for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); i++)
		if (!strcmp(colon + 1, errors[i].name))
			return errors[i].exit;
	return FWU_EXIT_UNKNOWN_ERROR;
}

const char *fwu_exit_name(enum fwu_exit code)
{
	switch (code) {
	case FWU_OK: return "success";
	case FWU_EXIT_USAGE: return "usage";
	case FWU_EXIT_NODEV: return "no such fw_upload device";
	case FWU_EXIT_BUSY: return "device busy";
	case FWU_EXIT_IMAGE: return "bad image";
	case FWU_EXIT_IO: return "I/O error";
	case FWU_EXIT_CANCELED: return "canceled (user-abort)";
	case FWU_EXIT_TIMEOUT: return "timed out";
	case FWU_EXIT_PERM: return "permission denied";
	case FWU_EXIT_HW_ERROR: return "device error: hw-error";
	case FWU_EXIT_DEV_TIMEOUT: return "device error: timeout";
	case FWU_EXIT_DEVICE_BUSY: return "device error: device-busy";
	case FWU_EXIT_INVALID_SIZE: return "device error: invalid-file-size";
	case FWU_EXIT_READ_WRITE: return "device error: read-write-error";
	case FWU_EXIT_FLASH_WEAROUT: return "device error: flash-wearout";
	case FWU_EXIT_UNKNOWN_ERROR: return "device error: unknown";
	}
	return "unknown";
}
