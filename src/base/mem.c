/* mem.c: the run's memory policy (see mem.h). */
#define _DEFAULT_SOURCE
#include "base/mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

void mem_configure_run(void)
{
#ifdef __GLIBC__
	/* keep what is freed: the run ends soon and will want it again */
	mallopt(M_TRIM_THRESHOLD, INT32_MAX);
	/* big blocks (a 1200 x 1200 grid is 5.8 MB) from the kept memory too,
	 * not a fresh mapping each (32 MiB is the most glibc allows) */
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	/* Pango's font thread allocates from the same, already mapped, pool */
	mallopt(M_ARENA_MAX, 1);
#endif
}

/* From the peaks of measured runs (README): about 22 bytes a square a
 * level for the grids, the generators' work and the text outputs; for
 * drawn pages about 2 MiB of fonts and drawing and 32 KiB a room for the
 * layout, pages and compression. */
size_t mem_run_estimate(int levels, int w, int h, int rooms, int draws)
{
	if (levels < 1 || w < 1 || h < 1)
		return 0;
	size_t per_level = (size_t)w * (size_t)h * 22;
	if (draws)
		per_level += (size_t)(rooms > 0 ? rooms : 30) * (32 << 10);
	return (size_t)levels * per_level + (draws ? (size_t)2 << 20 : 0);
}

size_t mem_map_ahead(size_t bytes)
{
#if defined(__GLIBC__) && defined(MADV_POPULATE_WRITE)
	if (bytes > MEM_AHEAD_MAX)
		bytes = MEM_AHEAD_MAX;
	long page = sysconf(_SC_PAGESIZE);
	if (page <= 0 || bytes < (size_t)page * 4)
		return 0;
	/* blocks at the top of the heap, one after another, their pages mapped
	 * at once, then freed to the allocator, which merges them and keeps
	 * them (mem_configure_run) for what comes */
	unsigned char *blocks[MEM_AHEAD_MAX / MEM_AHEAD_BLOCK + 1];
	int n = 0;
	size_t mapped = 0;
	for (size_t left = bytes; left >= (size_t)page * 4; n++) {
		size_t want = left < MEM_AHEAD_BLOCK ? left : MEM_AHEAD_BLOCK;
		unsigned char *p = malloc(want);
		if (!p)
			break;
		blocks[n] = p;
		left -= want;
		uintptr_t from = ((uintptr_t)p + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
		uintptr_t to = ((uintptr_t)p + want) & ~((uintptr_t)page - 1);
		if (madvise((void *)from, to - from, MADV_POPULATE_WRITE) < 0)
			break;
		mapped += to - from;
	}
	while (n > 0)
		free(blocks[--n]);
	return mapped;
#else
	(void)bytes;
	return 0;
#endif
}

void mem_bulk_frees(int on)
{
#ifdef __GLIBC__
	/* glibc's default largest "fast" block: 64 * sizeof(size_t) / 4 */
	mallopt(M_MXFAST, on ? 0 : 64 * (int)sizeof(size_t) / 4);
#else
	(void)on;
#endif
}
