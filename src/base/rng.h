/* rng.h: the project's own random number generator (PCG32, O'Neill's
 * permuted congruential generator, XSH-RR output). It is passed explicitly to
 * every function that rolls dice, so the same seed gives the same map on every
 * machine. Never use rand(). */
#ifndef MAPSHEET_RNG_H
#define MAPSHEET_RNG_H

#include <stddef.h>
#include <stdint.h>

struct rng {
	uint64_t state;
	uint64_t inc;     /* stream selector, always odd */
};

/* Seeds from a number and a stream number. */
void rng_seed(struct rng *r, uint64_t seed, uint64_t stream);
/* Seeds from seed text (any string) and a level number: level k of a booklet
 * depends on the text and k alone. */
void rng_seed_text(struct rng *r, const char *text, unsigned level);
/* 64-bit FNV-1a hash of a string (the seed text to number step). */
uint64_t rng_hash_text(const char *text);

uint32_t rng_next(struct rng *r);
/* Uniform integer in [lo, hi] (inclusive), without modulo bias. lo <= hi. */
int rng_range(struct rng *r, int lo, int hi);
/* One die: 1..sides. */
int rng_die(struct rng *r, int sides);
/* Uniform double in [0, 1). */
double rng_unit(struct rng *r);
/* True with probability p (p <= 0: never, p >= 1: always). */
int rng_chance(struct rng *r, double p);
/* Fisher-Yates shuffle of n ints. */
void rng_shuffle(struct rng *r, int *a, size_t n);

#endif
