/* SPDX-License-Identifier: MIT */
/* Tables for people, CSV and JSON for machines: the same rows. */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "common/print.h"
#include "report.h"

static void ratio(char *buf, size_t len, double r)
{
	if (r > 0)
		snprintf(buf, len, "%.2fx", r);
	else
		snprintf(buf, len, "-");
}

void lb_print_group(const struct lb_config *cfg, const struct lb_row *rows,
		    size_t n)
{
	const char *mode = rows[0].mode;
	char r1[16], r2[16];

	if (!strcmp(mode, "uncontended")) {
		printf("\n== uncontended lock+unlock, 1 thread (a second one idle, "
		       "so that glibc takes its multi-threaded path; median of "
		       "%u runs of %lu pairs; ratios: median of per-run ratios)\n",
		       cfg->reps, cfg->pairs);
		printf("%-29s %9s %16s %16s\n", "lock", "ns/pair",
		       "/best FIFO peer", "/pthread-spin");
		for (size_t i = 0; i < n; i++) {
			ratio(r1, sizeof(r1), rows[i].ratio_a);
			ratio(r2, sizeof(r2), rows[i].ratio_b);
			printf("%-29s %9.2f %16s %16s\n", rows[i].lock->name,
			       rows[i].ns_per_op, r1, r2);
		}
		return;
	}
	if (!strcmp(mode, "rw")) {
		printf("\n== rw: %u threads, %u%% reads, cs %u, ncs %u (median "
		       "of %u runs of %u ms; waits: worst of all runs)\n",
		       rows[0].threads, rows[0].read_pct, cfg->cs_work,
		       cfg->ncs_work, cfg->reps, cfg->duration_ms);
		printf("%-29s %9s %16s %18s %20s\n", "lock", "Mops/s",
		       "/pthread-rwlock", "worst write wait", "reads during wait");
		for (size_t i = 0; i < n; i++) {
			ratio(r1, sizeof(r1), rows[i].ratio_a);
			printf("%-29s %9.3f %16s %15.1f us %20llu\n",
			       rows[i].lock->name, rows[i].s.ops_per_s / 1e6, r1,
			       (double)rows[i].s.max_write_wait_ns / 1e3,
			       (unsigned long long)rows[i].s.max_reads_during_wait);
		}
		return;
	}
	{
		bool handoff = !strcmp(mode, "handoff");
		bool waits = !handoff && cfg->waits;

		printf("\n== %s: %u threads, cs %u, ncs %u (median of %u runs of "
		       "%u ms%s)\n", mode, rows[0].threads, cfg->cs_work,
		       cfg->ncs_work, cfg->reps, cfg->duration_ms,
		       waits ? "; waits in us: all acquisitions, max the worst "
			       "of all runs, thread p99 the worst thread's" : "");
		printf("%-29s %9s %16s %12s %7s %8s %8s", "lock", "Mops/s",
		       "/best FIFO peer", "/best peer", "Jain", "max/min",
		       "futex/k");
		if (handoff)
			printf("  handoff ns");
		if (waits)
			printf(" %8s %8s %8s %9s %10s", "p50", "p99", "p99.9",
			       "max", "thread p99");
		printf("\n");
		for (size_t i = 0; i < n; i++) {
			const struct lb_sample *s = &rows[i].s;

			ratio(r1, sizeof(r1), rows[i].ratio_a);
			ratio(r2, sizeof(r2), rows[i].ratio_b);
			printf("%-29s %9.3f %16s %12s %7.4f %8.2f",
			       rows[i].lock->name, s->ops_per_s / 1e6, r1,
			       r2, s->jain, s->max_min);
			if (s->futex_per_kacq >= 0)
				printf(" %8.2f", s->futex_per_kacq);
			else
				printf(" %8s", "-");
			if (handoff)
				printf(" %11.0f", s->handoff_ns);
			if (waits)
				printf(" %8.2f %8.2f %8.1f %9.1f %10.2f",
				       s->wait_p50_ns / 1e3, s->wait_p99_ns / 1e3,
				       s->wait_p999_ns / 1e3, s->wait_max_ns / 1e3,
				       s->worst_thread_p99_ns / 1e3);
			printf("\n");
		}
	}
	fflush(stdout);
}

static void machine(char *cpu, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];

	snprintf(cpu, len, "unknown");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (colon && !strncmp(line, "model name", 10)) {
			snprintf(cpu, len, "%s", colon + 2);
			cpu[strcspn(cpu, "\n")] = '\0';
			break;
		}
	}
	fclose(f);
}

static int finish(FILE *f, const char *path)
{
	if (ferror(f) | (fclose(f) != 0)) {
		fprintf(stderr, "lockbench: %s: write failed\n", path);
		return -1;
	}
	return 0;
}

int lb_write_csv(const char *path, const struct lb_config *cfg,
		 const struct lb_row *rows, size_t n)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		perror(path);
		return -1;
	}
	fprintf(f, "mode,lock,family,fifo,threads,read_pct,cs,ncs,reps,"
		   "ns_per_pair,ops_per_s,jain,max_min,handoff_ns,"
		   "max_write_wait_ns,max_reads_during_wait,ratio_a,ratio_b,"
		   "wait_p50_ns,wait_p99_ns,wait_p999_ns,wait_max_ns,"
		   "worst_thread_p99_ns,futex_per_kacq\n");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s,%s,%s,%d,%u,%u,%u,%u,%u,%.3f,%.0f,%.5f,%.3f,%.0f,%llu,%llu,%.4f,%.4f,"
			   "%.0f,%.0f,%.0f,%.0f,%.0f,%.3f\n",
			rows[i].mode, rows[i].lock->name, rows[i].lock->family,
			rows[i].lock->fifo, rows[i].threads, rows[i].read_pct,
			cfg->cs_work, cfg->ncs_work, cfg->reps,
			rows[i].ns_per_op, rows[i].s.ops_per_s, rows[i].s.jain,
			rows[i].s.max_min, rows[i].s.handoff_ns,
			(unsigned long long)rows[i].s.max_write_wait_ns,
			(unsigned long long)rows[i].s.max_reads_during_wait,
			rows[i].ratio_a, rows[i].ratio_b, rows[i].s.wait_p50_ns,
			rows[i].s.wait_p99_ns, rows[i].s.wait_p999_ns,
			rows[i].s.wait_max_ns, rows[i].s.worst_thread_p99_ns,
			rows[i].s.futex_per_kacq);
	return finish(f, path);
}

int lb_write_json(const char *path, const struct lb_config *cfg,
		  const struct lb_row *rows, size_t n)
{
	FILE *f = fopen(path, "w");
	struct tool_printer p;
	struct utsname u;
	char cpu[128];

	if (!f) {
		perror(path);
		return -1;
	}
	machine(cpu, sizeof(cpu));
	if (uname(&u) < 0)
		memset(&u, 0, sizeof(u));
	tool_print_start(&p, f, TOOL_JSON, NULL);
	tool_print_open(&p, NULL, '{');
	tool_print_open(&p, "machine", '{');
	tool_print_string(&p, "cpu", NULL, cpu);
	tool_print_i64(&p, "online_cpus", NULL, NULL, sysconf(_SC_NPROCESSORS_ONLN));
	tool_print_string(&p, "kernel", NULL, u.release);
	tool_print_string(&p, "arch", NULL, u.machine);
	tool_print_close(&p);
	tool_print_open(&p, "params", '{');
	tool_print_u64(&p, "cs", NULL, NULL, cfg->cs_work);
	tool_print_u64(&p, "ncs", NULL, NULL, cfg->ncs_work);
	tool_print_u64(&p, "reps", NULL, NULL, cfg->reps);
	tool_print_u64(&p, "duration_ms", NULL, NULL, cfg->duration_ms);
	tool_print_u64(&p, "pairs", NULL, NULL, cfg->pairs);
	tool_print_close(&p);
	tool_print_open(&p, "results", '[');
	for (size_t i = 0; i < n; i++) {
		const struct lb_row *r = &rows[i];

		tool_print_open(&p, NULL, '{');
		tool_print_string(&p, "mode", NULL, r->mode);
		tool_print_string(&p, "lock", NULL, r->lock->name);
		tool_print_string(&p, "family", NULL, r->lock->family);
		tool_print_bool(&p, "fifo", NULL, NULL, r->lock->fifo);
		tool_print_u64(&p, "threads", NULL, NULL, r->threads);
		tool_print_u64(&p, "read_pct", NULL, NULL, r->read_pct);
		tool_print_double(&p, "ns_per_pair", NULL, NULL, r->ns_per_op);
		tool_print_double(&p, "ops_per_s", NULL, NULL, r->s.ops_per_s);
		tool_print_double(&p, "jain", NULL, NULL, r->s.jain);
		tool_print_double(&p, "max_min", NULL, NULL, r->s.max_min);
		tool_print_double(&p, "handoff_ns", NULL, NULL, r->s.handoff_ns);
		tool_print_u64(&p, "max_write_wait_ns", NULL, NULL, r->s.max_write_wait_ns);
		tool_print_u64(&p, "max_reads_during_wait", NULL, NULL,
			       r->s.max_reads_during_wait);
		tool_print_double(&p, "ratio_a", NULL, NULL, r->ratio_a);
		tool_print_double(&p, "ratio_b", NULL, NULL, r->ratio_b);
		tool_print_double(&p, "wait_p50_ns", NULL, NULL, r->s.wait_p50_ns);
		tool_print_double(&p, "wait_p99_ns", NULL, NULL, r->s.wait_p99_ns);
		tool_print_double(&p, "wait_p999_ns", NULL, NULL, r->s.wait_p999_ns);
		tool_print_double(&p, "wait_max_ns", NULL, NULL, r->s.wait_max_ns);
		tool_print_double(&p, "worst_thread_p99_ns", NULL, NULL,
				  r->s.worst_thread_p99_ns);
		tool_print_double(&p, "futex_per_kacq", NULL, NULL, r->s.futex_per_kacq);
		tool_print_close(&p);
	}
	tool_print_end(&p);
	return finish(f, path);
}
