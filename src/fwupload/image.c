/* SPDX-License-Identifier: MIT */
/*
 * Firmware images: read whole into memory (the device needs the size
 * before anything is sent, and a corrupt image must be refused before the
 * device is touched).  .xz and .zst images, recognised by their magic, are
 * decompressed (Linux 5.19's firmware loader learned Zstandard too).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef FWU_HAVE_LZMA
#include <lzma.h>
#endif
#ifdef FWU_HAVE_ZSTD
#include <zstd.h>
#endif

#include "fwupload.h"

/* Refuse to inflate beyond this: no fw_upload device takes 1 GiB. */
#define MAX_IMAGE (1ul << 30)

static const uint8_t xz_magic[] = { 0xfd, '7', 'z', 'X', 'Z', 0x00 };
static const uint8_t zstd_magic[] = { 0x28, 0xb5, 0x2f, 0xfd };

static enum fwu_exit read_all(const char *path, uint8_t **data, size_t *size,
			      char *msg, size_t len)
{
	struct stat st;
	uint8_t *buf;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		snprintf(msg, len, "%s: %s", path, strerror(errno));
		return FWU_EXIT_IMAGE;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		snprintf(msg, len, "%s: not a regular file", path);
		close(fd);
		return FWU_EXIT_IMAGE;
	}
	if ((unsigned long long)st.st_size > MAX_IMAGE) {
		snprintf(msg, len, "%s: larger than 1 GiB", path);
		close(fd);
		return FWU_EXIT_IMAGE;
	}
	buf = malloc(st.st_size ? (size_t)st.st_size : 1);
	if (!buf) {
		snprintf(msg, len, "%s: out of memory", path);
		close(fd);
		return FWU_EXIT_IMAGE;
	}
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			snprintf(msg, len, "%s: %s", path,
				 n < 0 ? strerror(errno) : "file shrank while read");
			free(buf);
			close(fd);
			return FWU_EXIT_IMAGE;
		}
		got += (size_t)n;
	}
	close(fd);
	*data = buf;
	*size = got;
	return FWU_OK;
}

#if defined(FWU_HAVE_LZMA) || defined(FWU_HAVE_ZSTD)
/* Grow *out to hold at least `need` bytes (the decompressors' output). */
static int reserve(uint8_t **out, size_t *cap, size_t need)
{
	size_t n = *cap ? *cap : 65536;
	uint8_t *p;

	while (n < need)
		n *= 2;
	if (n == *cap)
		return 0;
	p = realloc(*out, n);
	if (!p)
		return -1;
	*out = p;
	*cap = n;
	return 0;
}
#endif

#ifdef FWU_HAVE_LZMA
static enum fwu_exit unxz(const char *path, const uint8_t *in, size_t inlen,
			  uint8_t **out, size_t *outlen, char *msg, size_t len)
{
	lzma_stream s = LZMA_STREAM_INIT;
	size_t cap = 0;
	lzma_ret ret;

	*out = NULL;
	if (lzma_stream_decoder(&s, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK) {
		snprintf(msg, len, "%s: cannot start the xz decoder", path);
		return FWU_EXIT_IMAGE;
	}
	s.next_in = in;
	s.avail_in = inlen;
	do {
		if (reserve(out, &cap, s.total_out + 65536) < 0 ||
		    s.total_out > MAX_IMAGE) {
			snprintf(msg, len, "%s: decompressed image too large", path);
			ret = LZMA_MEM_ERROR;
			break;
		}
		s.next_out = *out + s.total_out;
		s.avail_out = cap - s.total_out;
		ret = lzma_code(&s, LZMA_FINISH);
	} while (ret == LZMA_OK);
	*outlen = s.total_out;
	lzma_end(&s);
	if (ret != LZMA_STREAM_END) {
		if (ret != LZMA_MEM_ERROR)
			snprintf(msg, len, "%s: corrupt or truncated xz data "
				 "(liblzma error %d)", path, (int)ret);
		free(*out);
		return FWU_EXIT_IMAGE;
	}
	return FWU_OK;
}
#endif

#ifdef FWU_HAVE_ZSTD
static enum fwu_exit unzstd(const char *path, const uint8_t *in, size_t inlen,
			    uint8_t **out, size_t *outlen, char *msg, size_t len)
{
	ZSTD_DStream *z = ZSTD_createDStream();
	ZSTD_inBuffer ib = { in, inlen, 0 };
	size_t cap = 0, done = 0, ret = 1;

	*out = NULL;
	if (!z) {
		snprintf(msg, len, "%s: cannot start the zstd decoder", path);
		return FWU_EXIT_IMAGE;
	}
	ZSTD_initDStream(z);
	while (ib.pos < ib.size || ret != 0) {
		ZSTD_outBuffer ob;

		if (reserve(out, &cap, done + 65536) < 0 || done > MAX_IMAGE) {
			snprintf(msg, len, "%s: decompressed image too large", path);
			goto fail;
		}
		ob = (ZSTD_outBuffer){ *out + done, cap - done, 0 };
		ret = ZSTD_decompressStream(z, &ob, &ib);
		if (ZSTD_isError(ret)) {
			snprintf(msg, len, "%s: corrupt zstd data (%s)", path,
				 ZSTD_getErrorName(ret));
			goto fail;
		}
		done += ob.pos;
		if (ib.pos == ib.size && ret != 0 && ob.pos == 0) {
			snprintf(msg, len, "%s: truncated zstd data", path);
			goto fail;
		}
	}
	ZSTD_freeDStream(z);
	*outlen = done;
	return FWU_OK;
fail:
	ZSTD_freeDStream(z);
	free(*out);
	return FWU_EXIT_IMAGE;
}
#endif

enum fwu_exit fwu_image_load(const char *path, uint8_t **data, size_t *size,
			     char *msg, size_t len)
{
	uint8_t *raw, *plain = NULL;
	size_t rawlen, plainlen = 0;
	enum fwu_exit code = read_all(path, &raw, &rawlen, msg, len);

	if (code != FWU_OK)
		return code;
	if (rawlen >= sizeof(xz_magic) && !memcmp(raw, xz_magic, sizeof(xz_magic))) {
#ifdef FWU_HAVE_LZMA
		code = unxz(path, raw, rawlen, &plain, &plainlen, msg, len);
#else
		snprintf(msg, len, "%s: xz image, but built without liblzma", path);
		code = FWU_EXIT_IMAGE;
#endif
	} else if (rawlen >= sizeof(zstd_magic) &&
		   !memcmp(raw, zstd_magic, sizeof(zstd_magic))) {
#ifdef FWU_HAVE_ZSTD
		code = unzstd(path, raw, rawlen, &plain, &plainlen, msg, len);
#else
		snprintf(msg, len, "%s: zstd image, but built without libzstd", path);
		code = FWU_EXIT_IMAGE;
#endif
	} else {
		plain = raw;
		plainlen = rawlen;
		raw = NULL;
	}
	free(raw);
	if (code != FWU_OK)
		return code;
	if (plainlen == 0) {
		snprintf(msg, len, "%s: empty image", path);
		free(plain);
		return FWU_EXIT_IMAGE;
	}
	*data = plain;
	*size = plainlen;
	return FWU_OK;
}
