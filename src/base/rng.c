/* rng.c: PCG32 (XSH-RR) and the dice helpers built on it. */
#include "base/rng.h"

static const uint64_t pcg_mult = 6364136223846793005ULL;

void rng_seed(struct rng *r, uint64_t seed, uint64_t stream)
{
	r->state = 0;
	r->inc = (stream << 1u) | 1u;
	rng_next(r);
	r->state += seed;
	rng_next(r);
}

uint64_t rng_hash_text(const char *text)
{
	uint64_t h = 14695981039346656037ULL;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		h ^= *p;
		h *= 1099511628211ULL;
	}
	return h;
}

void rng_seed_text(struct rng *r, const char *text, unsigned level)
{
	rng_seed(r, rng_hash_text(text), (uint64_t)level);
}

uint32_t rng_next(struct rng *r)
{
	uint64_t old = r->state;
	r->state = old * pcg_mult + r->inc;
	uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
	uint32_t rot = (uint32_t)(old >> 59u);
	return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

/* Uniform in [0, bound) by rejection of the short tail (bound > 0). */
static uint32_t rng_below(struct rng *r, uint32_t bound)
{
	uint32_t threshold = (uint32_t)(-bound) % bound;
	for (;;) {
		uint32_t x = rng_next(r);
		if (x >= threshold)
			return x % bound;
	}
}

int rng_range(struct rng *r, int lo, int hi)
{
	if (hi <= lo)
		return lo;
	uint32_t span = (uint32_t)((int64_t)hi - lo + 1);
	return lo + (int)rng_below(r, span);
}

int rng_die(struct rng *r, int sides)
{
	return rng_range(r, 1, sides);
}

double rng_unit(struct rng *r)
{
	return (double)rng_next(r) / 4294967296.0;
}

int rng_chance(struct rng *r, double p)
{
	if (p <= 0.0)
		return 0;
	if (p >= 1.0)
		return 1;
	return rng_unit(r) < p;
}

void rng_shuffle(struct rng *r, int *a, size_t n)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)rng_below(r, (uint32_t)i);
		int t = a[i - 1];
		a[i - 1] = a[j];
		a[j] = t;
	}
}
