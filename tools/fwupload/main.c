/* SPDX-License-Identifier: MIT */
/* fwupload: the command line.  See docs/man/fwupload.1. */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/number.h"
#include "common/print.h"
#include "common/sysfs.h"
#include "common/version.h"
#include "fwupload/fwupload.h"
#include "fwupload/progress.h"

static const char usage[] =
	"usage: fwupload [OPTIONS] DEVICE IMAGE     upload IMAGE to DEVICE\n"
	"       fwupload [OPTIONS] status DEVICE    show DEVICE's state\n"
	"       fwupload [OPTIONS] cancel DEVICE    cancel its upload\n"
	"       fwupload [OPTIONS] list             list fw_upload devices\n"
	"DEVICE is a name under /sys/class/firmware or a path to one.\n"
	"IMAGE may be .xz or .zst compressed.\n"
	"  -q, --quiet          print errors only\n"
	"  -j, --json           print the outcome as one JSON object\n"
	"      --events         with --json: include every progress event\n"
	"  -t, --timeout SEC    cancel and exit 8 after SEC seconds\n"
	"      --poll-ms MS     status polling interval (default 10)\n"
	"      --sysfs-root DIR where sysfs is (default $FWUPLOAD_SYSFS_ROOT or /sys)\n"
	"  -h, --help           this text\n"
	"      --version        print the version\n";

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

static bool stop_requested(void *arg)
{
	(void)arg;
	return stop_signal != 0;
}

struct cli {
	bool quiet, json, events;
	double timeout;
	unsigned int poll_ms;
	const char *root;
};

static void print_json_result(const struct cli *c, const char *device,
			      const char *image, const struct fwu_result *r,
			      const struct progress *p)
{
	struct tool_printer out;

	tool_print_start(&out, stdout, TOOL_JSON, NULL);
	tool_print_open(&out, NULL, '{');
	tool_print_string(&out, "device", NULL, device);
	tool_print_string(&out, "image", NULL, image);
	tool_print_u64(&out, "size", NULL, NULL, r->size);
	tool_print_string(&out, "result", NULL, r->exit == FWU_OK ? "ok" : "error");
	tool_print_i64(&out, "exit_code", NULL, NULL, (int64_t)r->exit);
	tool_print_string(&out, "exit_class", NULL, fwu_exit_name(r->exit));
	tool_print_string(&out, "error", NULL, r->error);
	tool_print_string(&out, "message", NULL, r->message);
	tool_print_double(&out, "elapsed_s", NULL, NULL, r->elapsed);
	if (c->events) {
		tool_print_open(&out, "events", '[');
		for (size_t i = 0; i < p->nevents; i++) {
			tool_print_open(&out, NULL, '{');
			tool_print_double(&out, "t", NULL, NULL, p->events[i].t);
			tool_print_string(&out, "status", NULL,
					  fwu_status_name(p->events[i].status));
			tool_print_i64(&out, "remaining_size", NULL, NULL,
				       p->events[i].remaining);
			tool_print_u64(&out, "sent", NULL, NULL, p->events[i].sent);
			tool_print_close(&out);
		}
		tool_print_close(&out);
	}
	tool_print_end(&out);
}

static int cmd_upload(const struct cli *c, const char *device, const char *image)
{
	struct fwu_device d = { 0 };
	struct progress *p = calloc(1, sizeof(*p));
	struct fwu_options o = { 0 };
	struct fwu_result r;
	struct sigaction sa = { 0 };
	char msg[512];
	uint8_t *data = NULL;
	size_t size = 0;
	int code;

	if (!p) {
		fprintf(stderr, "fwupload: out of memory\n");
		return FWU_EXIT_IO;
	}
	/* The image first: a bad one must not touch the device. */
	code = fwu_image_load(image, &data, &size, msg, sizeof(msg));
	if (code == FWU_OK)
		code = fwu_sysfs_open(&d, c->root, device, msg, sizeof(msg));
	if (code != FWU_OK) {
		fprintf(stderr, "fwupload: %s\n", msg);
		free(data);
		free(p);
		return code;
	}
	/* No SA_RESTART: a signal must cut a sleep or a write short. */
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	p->device = device;
	p->size = size;
	p->quiet = c->quiet || c->json;
	p->tty = isatty(STDERR_FILENO);
	p->last_status = FWU_STATUS_UNKNOWN;
	o.poll_ms = c->poll_ms;
	o.timeout_s = c->timeout;
	o.chunk = 65536;
	o.progress = progress_event;
	o.progress_arg = p;
	o.interrupted = stop_requested;
	o.now = tool_now_s;
	fwu_upload(&d, data, size, &o, &r);
	progress_end(p);
	if (c->json)
		print_json_result(c, device, image, &r, p);
	if (r.exit != FWU_OK)
		fprintf(stderr, "fwupload: %s: %s\n", device, r.message);
	else if (!c->quiet && !c->json)
		fprintf(stderr, "fwupload: %s: %s: %zu bytes in %.2f s\n",
			device, r.message, size, r.elapsed);
	fwu_sysfs_close(&d);
	free(data);
	free(p);
	return r.exit;
}

/* Text or JSON, as the options ask, on stdout. */
static void start_output(const struct cli *c, struct tool_printer *out)
{
	tool_print_start(out, stdout, c->json ? TOOL_JSON : TOOL_TEXT, NULL);
}

static int show_status(const struct cli *c, struct tool_printer *out, const char *device)
{
	struct fwu_device d = { 0 };
	char msg[512], status[64] = "", error[128] = "", remaining[32] = "";
	int code = fwu_sysfs_open(&d, c->root, device, msg, sizeof(msg));
	uint64_t left;
	int err;

	if (code != FWU_OK) {
		fprintf(stderr, "fwupload: %s\n", msg);
		return code;
	}
	err = d.read(&d, "status", status, sizeof(status));
	if (!err)
		d.read(&d, "remaining_size", remaining, sizeof(remaining));
	/* error is readable only when idle (EBUSY otherwise) */
	if (!err && !strcmp(status, "idle"))
		d.read(&d, "error", error, sizeof(error));
	fwu_sysfs_close(&d);
	if (err) {
		fprintf(stderr, "fwupload: %s: status: %s\n", device,
			strerror(-err));
		return FWU_EXIT_IO;
	}
	tool_print_open(out, NULL, '{');
	tool_print_string(out, "device", "%-16s ", device);
	tool_print_string(out, "status", "%-13s ", status);
	tool_print_string(out, "error", NULL, error);
	tool_print_string(out, NULL, "%-28s ", *error ? error : "-");
	if (tool_parse_u64(remaining, &left) == 0)
		tool_print_u64(out, "remaining_size", NULL, "%" PRIu64 "\n", left);
	else
		tool_print_null(out, "remaining_size", "-\n");
	tool_print_close(out);
	return FWU_OK;
}

static int cmd_list(const struct cli *c)
{
	char dir[4096];
	struct dirent **names;
	struct tool_printer out;
	int n, code = FWU_OK;

	snprintf(dir, sizeof(dir), "%s/class/firmware", c->root);
	n = scandir(dir, &names, NULL, alphasort);
	if (n < 0) {
		fprintf(stderr, "fwupload: %s: %s\n", dir, strerror(errno));
		return errno == ENOENT ? FWU_EXIT_NODEV : FWU_EXIT_IO;
	}
	start_output(c, &out);
	tool_print_open(&out, NULL, '[');
	tool_print_text(&out, "%-16s %-13s %-28s %s\n", "DEVICE", "STATUS", "LAST ERROR",
			"REMAINING");
	for (int i = 0; i < n; i++) {
		char path[8192];

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		if (names[i]->d_name[0] != '.' && fwu_sysfs_is_fw_upload(path)) {
			int rc = show_status(c, &out, names[i]->d_name);

			if (rc != FWU_OK)
				code = rc;
		}
		free(names[i]);
	}
	free(names);
	tool_print_end(&out);
	return code;
}

static int cmd_cancel(const struct cli *c, const char *device)
{
	struct fwu_device d = { 0 };
	char msg[512];
	int code = fwu_sysfs_open(&d, c->root, device, msg, sizeof(msg));

	if (code == FWU_OK) {
		code = fwu_cancel(&d, msg, sizeof(msg));
		fwu_sysfs_close(&d);
	}
	if (code != FWU_OK || !c->quiet)
		fprintf(stderr, "fwupload: %s: %s\n", device, msg);
	return code;
}

static int parse_number(const char *opt, const char *s, double max, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v > 0) || v > max) {
		fprintf(stderr, "fwupload: %s: '%s' is not a number in (0, %g]\n",
			opt, s, max);
		return -1;
	}
	*out = v;
	return 0;
}

/* A device may not be named like a subcommand: "fwupload list x" is wrong. */
static bool is_subcommand(const char *word)
{
	return strcmp(word, "list") == 0 || strcmp(word, "status") == 0 ||
	       strcmp(word, "cancel") == 0 || strcmp(word, "upload") == 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "json", no_argument, NULL, 'j' },
		{ "events", no_argument, NULL, 'e' },
		{ "timeout", required_argument, NULL, 't' },
		{ "poll-ms", required_argument, NULL, 'p' },
		{ "sysfs-root", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct cli c = { .poll_ms = 10 };
	const char *cmd;
	double v;
	int opt;

	c.root = getenv("FWUPLOAD_SYSFS_ROOT");
	if (!c.root || !*c.root)
		c.root = "/sys";
	while ((opt = getopt_long(argc, argv, "qjt:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'q': c.quiet = true; break;
		case 'j': c.json = true; break;
		case 'e': c.events = true; break;
		case 't':
			if (parse_number("--timeout", optarg, 86400, &v) < 0)
				return FWU_EXIT_USAGE;
			c.timeout = v;
			break;
		case 'p':
			if (parse_number("--poll-ms", optarg, 10000, &v) < 0)
				return FWU_EXIT_USAGE;
			c.poll_ms = (unsigned int)v;
			break;
		case 'r': c.root = optarg; break;
		case 'h': fputs(usage, stdout); return FWU_OK;
		case 'V': return tool_print_version("fwupload");
		default: fputs(usage, stderr); return FWU_EXIT_USAGE;
		}
	}
	argc -= optind;
	argv += optind;
	cmd = argc > 0 ? argv[0] : "";
	if (!strcmp(cmd, "list") && argc == 1)
		return cmd_list(&c);
	if (!strcmp(cmd, "status") && argc == 2) {
		struct tool_printer out;
		int rc;

		start_output(&c, &out);
		rc = show_status(&c, &out, argv[1]);
		if (rc == FWU_OK)
			tool_print_end(&out);
		return rc;
	}
	if (!strcmp(cmd, "cancel") && argc == 2)
		return cmd_cancel(&c, argv[1]);
	if (!strcmp(cmd, "upload") && argc == 3)
		return cmd_upload(&c, argv[1], argv[2]);
	if (argc == 2 && !is_subcommand(cmd))
		return cmd_upload(&c, argv[0], argv[1]);
	fputs(usage, stderr);
	return FWU_EXIT_USAGE;
}
