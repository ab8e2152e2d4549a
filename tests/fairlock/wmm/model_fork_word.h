/* SPDX-License-Identifier: MIT */
/*
 * The model's fork word (FL_PLAT_FORK_WORD): a fragment of
 * src/fairlock/parking.c, included there once: a harness with one thread left calls
 * fl_model_fork() where a child would find its page wiped.
 */
static uint32_t model_fork_word = FORK_SEEN;

static uint32_t *the_fork_word(void)
{
	return &model_fork_word;
}

void fl_model_fork(void);

void fl_model_fork(void)
{
	__atomic_store_n(&model_fork_word, FORK_NOTICED, __ATOMIC_RELAXED);
}
