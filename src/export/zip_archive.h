/* zip_archive.h: a set of files in memory written as one zip archive (the
 * tabletop modules: Foundry VTT's, EncounterPlus's), through libzip. The
 * archive is built in memory and written through the atomic writer, so a
 * failed run leaves an existing file as it was; every entry is deflated and
 * dated 1980-01-01 00:00, so the same files give the same bytes. */
#ifndef MAPSHEET_ZIP_ARCHIVE_H
#define MAPSHEET_ZIP_ARCHIVE_H

#include "base/err.h"
#include "base/memfiles.h"

/* Writes the files of files (each name is the path inside the archive,
 * '/'-separated; the data stays the caller's) in their order into a zip at
 * path through atomic_open_in(): on disk, or, when out_mem is not NULL (the
 * document's memory, mapsheet serve), into out_mem under path. Returns 0,
 * or -1 with e set (out of memory, a name libzip refuses, a write that
 * failed: the target is left untouched). */
int zip_archive_write(const struct memfiles *files, const char *path, struct memfiles *out_mem, struct err *e);

/* The same archive's bytes alone: *out (malloc'd, *len bytes). Returns 0,
 * or -1 with e set and *out NULL. */
int zip_archive_build(const struct memfiles *files, unsigned char **out, size_t *len, struct err *e);

#endif
