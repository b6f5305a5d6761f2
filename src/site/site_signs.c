/* site_signs.c: a row of the wandering table that meets nobody, only a
 * sign of the place ("5. Nobody: footsteps ahead that stop when the party
 * stops."), for a row that would otherwise say again what the document
 * has said: each sign said once in a document. */
#include "site/site_rooms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Signs that fit any setting and any holders: nothing is drawn or met. */
static const char *const signs[] = {
	"footsteps somewhere ahead that stop when the party stops",
	"a draught from nowhere that sets every light guttering",
	"a smell of smoke drifting from somewhere out of sight",
	"a far-off clatter, as of something dropped, and then silence",
	"voices beyond the walls, too faint to make out, that fall silent as the party listens",
	"fresh scuffs in the dust, going the way the party is going",
	"a cold breath on the back of the neck, and nothing there when the party turns",
	"something small that scurries away out of the light",
	"a low knocking within the walls, three times, then no more",
	"a scrap of cloth lying in the way, still warm",
	"an echo of the party's own voices, a moment too late",
	"a thin scream far away, cut short",
};
#define NSIGNS ((int)(sizeof signs / sizeof signs[0]))

int site_sign_row(struct level_plan *lp, int row, char **out, struct err *e)
{
	*out = NULL;
	int start = site_pick(NSIGNS, &lp->rng);
	char line[160];
	for (int i = 0; i < NSIGNS; i++) {
		snprintf(line, sizeof line, "%d. Nobody: %s.", row, signs[(start + i) % NSIGNS]);
		if (!key_said_any(lp->said, line)) {
			if (!(*out = strdup(line)))
				return err_set(e, "out of memory for the wandering table");
			return 0;
		}
	}
	return 1;
}
