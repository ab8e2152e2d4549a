/* SPDX-License-Identifier: MIT */
/*
 * Loops a compiler vectorizes, for the la64 corpus test
 * (tests/la64/corpus.sh): built with clang-19 -mlsx / -mlasx, their LSX
 * and LASX code must disassemble as llvm-objdump-19 prints it.
 */
#include <stddef.h>
#include <stdint.h>

void saxpy(float *restrict y, const float *restrict x, float a, size_t n)
{
	for (size_t i = 0; i < n; i++)
		y[i] += a * x[i];
}

double dot(const double *restrict x, const double *restrict y, size_t n)
{
	double s = 0;

	for (size_t i = 0; i < n; i++)
		s += x[i] * y[i];
	return s;
}

int64_t sum_i32(const int32_t *x, size_t n)
{
	int64_t s = 0;

	for (size_t i = 0; i < n; i++)
		s += x[i];
	return s;
}

void clamp_u8(uint8_t *restrict out, const int16_t *restrict in, size_t n)
{
	for (size_t i = 0; i < n; i++)
		out[i] = in[i] < 0 ? 0 : in[i] > 255 ? 255 : (uint8_t)in[i];
}

void max_i16(int16_t *restrict out, const int16_t *restrict a,
	     const int16_t *restrict b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		out[i] = a[i] > b[i] ? a[i] : b[i];
}

uint32_t count_eq(const uint8_t *s, uint8_t c, size_t n)
{
	uint32_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += s[i] == c;
	return k;
}

void shift_mix(uint64_t *restrict out, const uint64_t *restrict in, size_t n)
{
	for (size_t i = 0; i < n; i++)
		out[i] = (in[i] >> 7) ^ (in[i] << 3) ^ (in[i] * 0x9e3779b97f4a7c15ull);
}

void convert(float *restrict out, const int32_t *restrict in, size_t n)
{
	for (size_t i = 0; i < n; i++)
		out[i] = (float)in[i] * 0.5f + 1.0f;
}

void fma_mix(double *restrict out, const double *restrict a,
	     const double *restrict b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		out[i] = a[i] * a[i] + b[i] * 3.0 - out[i];
}
