/* paths.h: finding template files. A template is named either by a path
 * (anything containing '/') or by a bare name looked up as
 * DIR/SUBDIR/NAME.EXT along a search path: $MAPSHEET_TEMPLATES, the
 * templates/ folder beside the executable (a build tree), share/mapsheet
 * beside its bin/ folder (an install, wherever it was moved), then the
 * folder make install put them in, $(DATADIR)/mapsheet (by default
 * $(PREFIX)/share/mapsheet), compiled in as MAPSHEET_DATADIR. */
#ifndef MAPSHEET_PATHS_H
#define MAPSHEET_PATHS_H

#include "base/err.h"

#include <stddef.h>

#define PATHS_MAX 5

struct paths {
	const char *dirs[PATHS_MAX + 1];   /* NULL-terminated */
	char storage[PATHS_MAX][1024];
};

/* Builds the search path. argv0 is used when /proc/self/exe is unavailable. */
void paths_init(struct paths *p, const char *argv0);

/* Resolves name (see above) to an existing file in out. Returns 0, or -1
 * with a usage error listing what is available ("unknown style 'x' (styles:
 * classic, ...)"); `what` names the kind in that message. */
int paths_find(const char *const *dirs, const char *subdir, const char *name, const char *ext,
	       const char *what, char *out, size_t size, struct err *e);

/* Lists the names (without extension, sorted, unique) of SUBDIR/ *.EXT
 * along the search path into out as "a, b, c". Returns the count. */
int paths_list(const char *const *dirs, const char *subdir, const char *ext, char *out, size_t size);

/* Sorts the n malloc'd names, writes them to out as "a, b, c" (cut short
 * if out is too small) and frees them: the lists in "unknown ..." messages. */
void paths_join_names(char **names, int n, char *out, size_t size);

/* The first existing directory DIR/SUBDIR along the search path, or -1. */
int paths_find_dir(const char *const *dirs, const char *subdir, char *out, size_t size);

#endif
