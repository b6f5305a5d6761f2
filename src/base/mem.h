/* mem.h: how a mapsheet run takes its memory from the system.
 *
 * A run is short and its memory only grows until it ends, so memory freed
 * mid-run is kept for later allocations instead of being handed back and
 * asked for again, and the memory a run is expected to need is mapped in
 * one call before it is used. Each page the process touches for the first
 * time is otherwise a page fault of its own: a fraction of a microsecond on
 * bare metal, 11 us on the virtual machine measured in the README, where
 * mapping pages ahead in one call costs 0.6 us a page. Nothing here
 * changes what a run computes or writes. */
#ifndef MAPSHEET_MEM_H
#define MAPSHEET_MEM_H

#include <stddef.h>

/* The largest amount mem_map_ahead() maps in: enough for reading the
 * largest map files (a 10 MB file of 10,000 rooms, whose parsed values
 * take some 80 MB), in blocks of MEM_AHEAD_BLOCK (the C library serves
 * blocks up to 32 MiB from the memory it keeps). */
#define MEM_AHEAD_MAX ((size_t)96 << 20)
#define MEM_AHEAD_BLOCK ((size_t)24 << 20)

/* Sets the C library's allocator for a run: freed memory is kept, blocks
 * below 32 MiB come from that kept memory, one pool for every thread. Call
 * once, first thing in main (before any thread starts). Does nothing where
 * the C library has no such settings. */
void mem_configure_run(void);

/* What a run of `levels` levels of w x h squares and about `rooms` rooms
 * each (0: a method's default, about 30) is expected to allocate at its
 * peak; `draws` when it lays out and draws pages. */
size_t mem_run_estimate(int levels, int w, int h, int rooms, int draws);

/* Maps in about `bytes` (at most MEM_AHEAD_MAX) of free memory for the
 * allocations to come, one call a block. Returns the bytes mapped; 0 when the
 * system cannot do it (the run goes on, paying a fault a page). */
size_t mem_map_ahead(size_t bytes);

/* With `on`, a block freed is merged with its free neighbours at once
 * instead of waiting in the C library's lists of small blocks; off again
 * restores the default. For a tree of hundreds of thousands of small
 * blocks built and freed in one go (a map file's JSON values), whose
 * waiting blocks would all be merged later anyway, slowly: 12% off reading
 * a 10,000-room map (README). */
void mem_bulk_frees(int on);

#endif
