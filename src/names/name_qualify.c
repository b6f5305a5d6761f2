/* name_qualify.c: rooms of one name told apart by where they lie (see
 * name_qualify.h). */
#include "names/name_qualify.h"

#include "names/name_set.h"
#include "base/utf8.h"

#include <math.h>

#define QUALIFY_PI 3.14159265358979323846
#include <stdio.h>
#include <string.h>

static const char *compass(const struct map *m, int id)
{
	static const char *const sides[8] = { "East", "South-East", "South", "South-West",
					      "West", "North-West", "North", "North-East" };
	const struct rect *b = &m->regions[id].bounds;
	double dx = (b->x + b->w / 2.0) - m->w / 2.0, dy = (b->y + b->h / 2.0) - m->h / 2.0;
	if (fabs(dx) < 1 && fabs(dy) < 1)
		return "Central";
	double a = atan2(dy, dx);
	int k = (int)lround(a / (QUALIFY_PI / 4));
	return sides[(k + 8) % 8];
}

int name_qualify(const struct map *m, int id, const char *base, int try, char *out, size_t size)
{
	static const char *const ordinals[] = { "Second", "Third",  "Fourth", "Fifth",    "Sixth",
						"Seventh", "Eighth", "Ninth",  "Tenth",    "Eleventh", "Twelfth" };
	const int nord = (int)(sizeof ordinals / sizeof ordinals[0]);
	if (try == 0) {
		snprintf(out, size, "%s %s", compass(m, id), base);
	} else if (try == 1) {
		const struct rect *b = &m->regions[id].bounds;
		double dx = (b->x + b->w / 2.0) / m->w - 0.5, dy = (b->y + b->h / 2.0) / m->h - 0.5;
		snprintf(out, size, "%s %s", dx * dx + dy * dy < 0.04 ? "Inner" : "Outer", base);
	} else if (try - 2 < nord) {
		snprintf(out, size, "%s %s", ordinals[try - 2], base);
	} else {
		return -1;
	}
	/* a long name cut short ends on a whole character */
	out[utf8_first_bad(out, strlen(out))] = '\0';
	return 0;
}

int name_make_distinct(struct map *m)
{
	struct name_set all, seen;
	int rc = -1;
	if (name_set_init(&all, (size_t)m->nregions) < 0)
		return -1;
	if (name_set_init(&seen, (size_t)m->nregions) < 0) {
		name_set_free(&all);
		return -1;
	}
	for (int id = 1; id <= m->nregions; id++)
		if (region_is_keyed(m->regions[id].kind) && m->regions[id].name[0] &&
		    name_set_add(&all, m->regions[id].name) < 0)
			goto out;
	for (int id = 1; id <= m->nregions; id++) {
		struct region *r = &m->regions[id];
		if (!region_is_keyed(r->kind) || !r->name[0])
			continue;
		if (name_set_has(&seen, r->name)) {
			char base[sizeof r->name], other[sizeof r->name];
			snprintf(base, sizeof base, "%s", r->name);
			for (int t = 0; name_qualify(m, id, base, t, other, sizeof other) == 0; t++)
				if (!name_set_has(&all, other)) {
					snprintf(r->name, sizeof r->name, "%s", other);
					if (name_set_add(&all, other) < 0)
						goto out;
					break;
				}
		}
		if (name_set_add(&seen, r->name) < 0)
			goto out;
	}
	rc = 0;
out:
	name_set_free(&all);
	name_set_free(&seen);
	return rc;
}
