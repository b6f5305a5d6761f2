/* site_stale.h: knowing a list is stale for a filling without filling it.
 * site_fit_text (site_fresh.c) fills every line of a list that holds to
 * find one whose text is new; in a big document most lists come out
 * stale, every filled line said. Since the said set only grows, a list
 * found stale stays stale for the same filling: the note kept for the
 * document (model/key_said.h) names the list, the lines that hold and
 * how specific they are, the filler, and the filling told apart by two
 * probe lines filled as the list's lines are (one naming every name in
 * braces the lines name, one naming none). That holds for a filler whose
 * text for a line depends on nothing but the line and the values it puts
 * for the names in braces, and which adds alike to each line naming none
 * of them: fill_who, fill_seen and fill_find (site_occupy.c) do. */
#ifndef MAPSHEET_SITE_STALE_H
#define MAPSHEET_SITE_STALE_H

#include "site/site_rooms.h"

/* The note for lines[held[0..nheld)] of a list of n lines, whose specific
 * words where they hold are spec[0..n) (-1: it does not hold), filled by
 * fill with ctx; caller frees. NULL when out of memory (nothing known). */
char *site_stale_note(char *const *lines, int n, const int *held, int nheld, const int *spec, site_filler *fill,
		      void *ctx);

#endif
