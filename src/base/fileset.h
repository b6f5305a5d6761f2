/* fileset.h: several files written as one output: a sheet's pages (SVG,
 * PNG), the Markdown key's map images, the tabletop files of a run's levels.
 *
 * The files of a set are named after one name NAME.EXT (the set's
 * "pattern"): NAME.EXT itself and NAME-K.EXT for whole numbers K. Each file
 * this program writes carries FILESET_MARK in its first few kilobytes (SVG
 * <metadata>, a PNG text chunk, a JSON key), which is how a later run knows
 * a file as one of its own: a file without it is never removed.
 *
 * Finishing a set keeps what is on disk one map's files at every moment,
 * whenever the run is killed: every new file is first complete and synced
 * beside its target; then every file of the pattern that carries the mark
 * is removed, except the lead file (the first page, the key), which is
 * renamed over its old self; then the other files are renamed into place.
 * A run killed in between leaves either the old map's files or some of the
 * new map's, never both; each file names its page and the page count. */
#ifndef MAPSHEET_FILESET_H
#define MAPSHEET_FILESET_H

#include "base/atomic.h"

#include <stddef.h>

#define FILESET_MARK "mapsheet-file"

/* Finishes the n files af (all opened, written, rc 0) as one set named
 * after pattern ("dir/m.svg"), lead first, as described above; also sweeps
 * the temporary files killed runs left for any name of the set. With rc
 * not 0 (e then names the file a write to failed, as atomic_blame does),
 * or after a failure, abandons every file not yet in place.
 * Returns 0, or -1 with e set. */
int fileset_finish(struct atomic_file *af, int n, int lead, const char *pattern, int rc, struct err *e);

#endif
