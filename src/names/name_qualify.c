/* name_qualify.c: rooms of one name told apart by where they lie (see
 * name_qualify.h). */
#include "names/name_qualify.h"

#include "names/name_set.h"
#include "base/utf8.h"

#include <math.h>

#define QUALIFY_PI 3.14159265358979323846
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

/* out = "word base", cut to size as snprintf "%s %s" cuts it; returns its
 * length (snprintf formatting every try of thousands of rooms was a tenth
 * of keying a large level). */
static size_t join(char *out, size_t size, const char *word, const char *base)
{
	size_t used = 0;
	if (size == 0)
		return 0;
	for (const char *p = word; *p && used + 1 < size; p++)
		out[used++] = *p;
	if (used + 1 < size)
		out[used++] = ' ';
	for (const char *p = base; *p && used + 1 < size; p++)
		out[used++] = *p;
	out[used] = '\0';
	return used;
}

int name_qualify(const struct map *m, int id, const char *base, int try, char *out, size_t size)
{
	static const char *const ordinals[] = { "Second", "Third",  "Fourth", "Fifth",    "Sixth",
						"Seventh", "Eighth", "Ninth",  "Tenth",    "Eleventh", "Twelfth" };
	const int nord = (int)(sizeof ordinals / sizeof ordinals[0]);
	size_t len;
	if (try == 0) {
		len = join(out, size, compass(m, id), base);
	} else if (try == 1) {
		const struct rect *b = &m->regions[id].bounds;
		double dx = (b->x + b->w / 2.0) / m->w - 0.5, dy = (b->y + b->h / 2.0) / m->h - 0.5;
		len = join(out, size, dx * dx + dy * dy < 0.04 ? "Inner" : "Outer", base);
	} else if (try - 2 < nord) {
		len = join(out, size, ordinals[try - 2], base);
	} else {
		return -1;
	}
	/* a long name cut short ends on a whole character */
	if (size > 0)
		out[utf8_first_bad(out, len)] = '\0';
	return 0;
}

int name_make_distinct(struct map *m)
{
	/* spent: names whose ordinals ("Second X" ... "Twelfth X") are all
	 * taken; the taken names only grow, so later rooms of such a name
	 * try only where they lie */
	struct name_set all, seen, spent;
	int rc = -1;
	if (name_set_init(&all, (size_t)m->nregions) < 0)
		return -1;
	if (name_set_init(&seen, (size_t)m->nregions) < 0) {
		name_set_free(&all);
		return -1;
	}
	if (name_set_init(&spent, 16) < 0) {
		name_set_free(&all);
		name_set_free(&seen);
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
			memcpy(base, r->name, strlen(r->name) + 1);
			int tries = name_set_has(&spent, base) ? 2 : -1, t, found = 0;
			for (t = 0; t != tries && name_qualify(m, id, base, t, other, sizeof other) == 0; t++)
				if (!name_set_has(&all, other)) {
					memcpy(r->name, other, strlen(other) + 1);
					if (name_set_add(&all, other) < 0)
						goto out;
					found = 1;
					break;
				}
			if (!found && tries < 0 && name_set_add(&spent, base) < 0)
				goto out;
		}
		if (name_set_add(&seen, r->name) < 0)
			goto out;
	}
	rc = 0;
out:
	name_set_free(&all);
	name_set_free(&seen);
	name_set_free(&spent);
	return rc;
}
