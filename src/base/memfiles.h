/* memfiles.h: the files of one output kept in memory instead of written to
 * disk (the local server's answers: mapsheet serve). A writer given a
 * struct memfiles (struct doc's memory) opens, writes and places its files
 * as usual through atomic.h; each placed file lands here, by the name the
 * command line would have given it, and nothing touches the file system. */
#ifndef MAPSHEET_MEMFILES_H
#define MAPSHEET_MEMFILES_H

#include "base/err.h"

#include <stddef.h>

struct memfile {
	char *name;             /* the path the command line would write */
	char *data;
	size_t len;
};

struct memfiles {
	struct memfile *v;
	int n, cap;
	int max_files;          /* > 0: a writer of pages keeps only the first
				 * max_files (the preview: the map page) */
	int booklet_preview;    /* the preview of a booklet's download: the sheet's
				 * pages laid out as the booklet lays them out,
				 * after its cover (so numbered as the booklet
				 * is), the cover left out */
	size_t max_bytes;       /* > 0: the files' bytes in all at most this */
	size_t bytes;           /* the files' bytes so far */
};

void memfiles_init(struct memfiles *mf);
void memfiles_free(struct memfiles *mf);
/* 0 when the files placed and pending more bytes, written but not yet
 * placed, stay within max_bytes; else -1 with the usage error of
 * memfiles_add. mf may be NULL (no cap). */
int memfiles_room(const struct memfiles *mf, size_t pending, struct err *e);
/* Adds a file named name, taking data (malloc'd, len bytes) whatever the
 * result. Returns 0, or -1 with e set: out of memory, or a usage error
 * when the files would be more than max_bytes. */
int memfiles_add(struct memfiles *mf, const char *name, char *data, size_t len, struct err *e);

#endif
