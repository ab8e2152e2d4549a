/* SPDX-License-Identifier: MIT */
/*
 * The configuration's text (config.h): strict value parsers, one setting
 * set from a string as the settings table says (settings.c), and the
 * file's lines.  Pure: the text comes from the caller.
 */
#include "memreclaim/policy/config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/size.h"
#include "memreclaim/policy/settings.h"

static int parse_number(const char *s, double *v, const char **rest)
{
	char *end;

	if (*s == '\0' || *s == '+' || *s == ' ' || *s == '\t')
		return -1;
	errno = 0;
	*v = strtod(s, &end);
	if (errno || end == s || !isfinite(*v))
		return -1;
	/* No hex floats, no "inf"/"nan": plain decimal only. */
	for (const char *p = s; p < end; p++)
		if (!((*p >= '0' && *p <= '9') || *p == '.' || *p == '-' || *p == 'e' ||
		      *p == 'E'))
			return -1;
	*rest = end;
	return 0;
}

int mr_parse_duration(const char *s, double *seconds)
{
	const char *unit;
	double v;

	/* signbit: -0 too ("-0s" is no duration an operator means). */
	if (parse_number(s, &v, &unit) < 0 || signbit(v))
		return -1;
	if (*unit == '\0' || strcmp(unit, "s") == 0)
		*seconds = v;
	else if (strcmp(unit, "ms") == 0)
		*seconds = v / 1000;
	else if (strcmp(unit, "m") == 0 || strcmp(unit, "min") == 0)
		*seconds = v * 60;
	else if (strcmp(unit, "h") == 0)
		*seconds = v * 3600;
	else
		return -1;
	return 0;
}

int mr_parse_fraction(const char *s, double *f)
{
	const char *rest;
	double v;

	if (parse_number(s, &v, &rest) < 0 || signbit(v))
		return -1;
	if (strcmp(rest, "%") == 0)
		v /= 100;
	else if (*rest != '\0')
		return -1;
	if (v > 1)
		return -1;
	*f = v;
	return 0;
}

int mr_parse_bool(const char *s, bool *b)
{
	static const char *const yes[] = { "yes", "on", "true", "1" };
	static const char *const no[] = { "no", "off", "false", "0" };

	for (size_t i = 0; i < 4; i++) {
		if (strcmp(s, yes[i]) == 0) {
			*b = true;
			return 0;
		}
		if (strcmp(s, no[i]) == 0) {
			*b = false;
			return 0;
		}
	}
	return -1;
}

static int bad(char *err, size_t errlen, const char *key, const char *value,
	       const char *want)
{
	snprintf(err, errlen, "%s = '%s': %s", key, value, want);
	return -1;
}

/* Parse value as a double-valued setting of kind k; -1 if malformed. */
static int parse_real(const struct mr_setting *k, const char *value, double *d)
{
	const char *rest;

	switch (k->kind) {
	case MR_SET_DURATION:
		return mr_parse_duration(value, d);
	case MR_SET_SHARE:
		return mr_parse_fraction(value, d);
	default:
		return parse_number(value, d, &rest) < 0 || *rest ? -1 : 0;
	}
}

/*
 * Whether every '[' of path opens a glob class that a ']' closes, and
 * every ']' closes one ("[cgroup a]]" leaves "a]": a typo, not a path).
 * A ']' first in a class ("[]a]", "[!]a]") is one of its characters.
 */
static bool brackets_balance(const char *path)
{
	for (const char *p = path; *p; p++) {
		if (*p == ']')
			return false;
		if (*p != '[')
			continue;
		p++;
		if (*p == '!')
			p++;
		if (*p == ']')
			p++;
		while (*p && *p != ']')
			p++;
		if (!*p)
			return false;
	}
	return true;
}

int mr_config_set(struct mr_config *c, struct mr_params *scope, const char *key,
		  const char *value, char *err, size_t errlen)
{
	const struct mr_setting *k = mr_setting_find(key);
	struct mr_params *p = scope ? scope : &c->defaults;
	char *field;

	if (!k) {
		snprintf(err, errlen, "unknown key '%s'", key);
		return -1;
	}
	if (k->global && scope) {
		snprintf(err, errlen, "%s is global: set it before the first [cgroup]",
			 key);
		return -1;
	}
	field = (char *)(k->global ? (void *)c : (void *)p) + k->offset;
	switch (k->kind) {
	case MR_SET_SIZE: {
		char serr[128];
		uint64_t v = 0;

		if (k->unset_word && strcmp(value, k->unset_word) == 0) {
			memcpy(field, &v, sizeof(v));
			return 0;
		}
		if (tool_parse_size(value, &v, serr, sizeof(serr)) < 0)
			return bad(err, errlen, key, value, serr);
		/* 0 is "none" where the setting has that word. */
		if (k->min_one_page && v < p->page_size && !(v == 0 && k->unset_word)) {
			char page[24], why[64];

			tool_format_size(page, sizeof(page), (double)p->page_size);
			snprintf(why, sizeof(why), "%s (%s)", k->want, page);
			return bad(err, errlen, key, value, why);
		}
		memcpy(field, &v, sizeof(v));
		return 0;
	}
	case MR_SET_BOOL: {
		bool b;

		if (mr_parse_bool(value, &b) < 0)
			return bad(err, errlen, key, value, k->want);
		memcpy(field, &b, sizeof(b));
		return 0;
	}
	case MR_SET_CHOICE:
		for (int i = 0; k->choices[i]; i++)
			if (strcmp(value, k->choices[i]) == 0) {
				memcpy(field, &i, sizeof(i));
				return 0;
			}
		return bad(err, errlen, key, value, k->want);
	case MR_SET_LISTEN: {
		char host[MR_LISTEN_MAX];
		unsigned port;

		if (strcmp(value, "none") == 0)
			value = "";
		else if (strlen(value) >= MR_LISTEN_MAX ||
			 mr_parse_listen(value, host, sizeof(host), &port) < 0)
			return bad(err, errlen, key, value, k->want);
		snprintf(field, MR_LISTEN_MAX, "%s", value);
		return 0;
	}
	case MR_SET_PATH:
		if (value[0] != '/' || strlen(value) >= MR_PATH_MAX)
			return bad(err, errlen, key, value, k->want);
		snprintf(field, MR_PATH_MAX, "%s", value);
		return 0;
	case MR_SET_INT: {
		const char *rest;
		double d;
		int v = -1;

		if (!k->unset_word || strcmp(value, k->unset_word) != 0) {
			if (parse_number(value, &d, &rest) < 0 || *rest || d < k->min ||
			    d > k->max || d != (double)(int)d)
				return bad(err, errlen, key, value, k->want);
			v = (int)d;
		}
		memcpy(field, &v, sizeof(v));
		return 0;
	}
	default: {
		double d;

		if (parse_real(k, value, &d) < 0 || d < k->min || d > k->max ||
		    (k->min_exclusive && d <= k->min))
			return bad(err, errlen, key, value, k->want);
		memcpy(field, &d, sizeof(d));
		return 0;
	}
	}
}
static char *trim(char *s)
{
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
		*--end = '\0';
	return s;
}

int mr_config_parse(struct mr_config *c, const char *name, const char *text,
		    char *err, size_t errlen)
{
	struct mr_params *scope = NULL;
	char line[MR_PATH_MAX + 64];
	unsigned lineno = 0;
	const char *p = text;
	char why[256];

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char *s, *eq, *key, *value;

		lineno++;
		if (len >= sizeof(line)) {
			snprintf(err, errlen, "%s:%u: line too long", name, lineno);
			return -1;
		}
		memcpy(line, p, len);
		line[len] = '\0';
		p += len + (nl ? 1 : 0);
		s = trim(line);
		if (*s == '\0' || *s == '#')
			continue;
		if (*s == '[') {
			/* The last ']': a pattern's own [ab] may come before it. */
			char *close = strrchr(s, ']');
			char *path;

			if (!close || *trim(close + 1) != '\0' ||
			    strncmp(s, "[cgroup ", 8) != 0) {
				snprintf(err, errlen,
					 "%s:%u: a section is written [cgroup PATH]", name, lineno);
				return -1;
			}
			*close = '\0';
			path = trim(s + 8);
			if (!brackets_balance(path)) {
				snprintf(err, errlen, "%s:%u: [cgroup %s]: a '[' or ']' that makes no "
					 "[class] of a pattern", name, lineno, path);
				return -1;
			}
			if (mr_config_add_cgroup(c, path, why, sizeof(why)) < 0) {
				snprintf(err, errlen, "%s:%u: %s", name, lineno, why);
				return -1;
			}
			scope = &c->cgroup[c->ncgroups - 1].params;
			continue;
		}
		eq = strchr(s, '=');
		if (!eq) {
			snprintf(err, errlen, "%s:%u: expected KEY = VALUE", name, lineno);
			return -1;
		}
		*eq = '\0';
		key = trim(s);
		value = trim(eq + 1);
		if (*key == '\0' || *value == '\0') {
			snprintf(err, errlen, "%s:%u: expected KEY = VALUE", name, lineno);
			return -1;
		}
		/*
		 * Once a section has begun every key belongs to a cgroup, so
		 * the globals are final by the time a section copies them.
		 */
		if (mr_config_set(c, scope, key, value, why, sizeof(why)) < 0) {
			snprintf(err, errlen, "%s:%u: %s", name, lineno, why);
			return -1;
		}
	}
	return 0;
}

int mr_parse_listen(const char *s, char *host, size_t hostlen, unsigned *port)
{
	const char *colon, *start = s, *end;
	unsigned char addr[16];
	char *stop;
	unsigned long p;
	size_t n;
	bool v6 = s[0] == '[';

	if (v6) {
		start = s + 1;
		end = strchr(start, ']');
		if (!end || end[1] != ':')
			return -1;
		colon = end + 1;
	} else {
		colon = strrchr(s, ':');
		if (!colon)
			return -1;
		end = colon;
	}
	n = (size_t)(end - start);
	if (n == 0 || n >= hostlen)
		return -1;
	memcpy(host, start, n);
	host[n] = '\0';
	if (inet_pton(v6 ? AF_INET6 : AF_INET, host, addr) != 1)
		return -1;
	if (colon[1] < '1' || colon[1] > '9')
		return -1;
	errno = 0;
	p = strtoul(colon + 1, &stop, 10);
	if (errno || *stop || p < 1 || p > 65535)
		return -1;
	*port = (unsigned)p;
	return 0;
}
