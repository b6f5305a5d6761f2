/* site_roles.c: what each room of a level is used for (the first stage of
 * site_level_build). A room a method named keeps the use of its kind; the
 * others are given uses where they lie: a guard at the way in and at the
 * busiest junction near it, the leader in the largest room of the farthest
 * third by doors, the lairs together around a room two-thirds in, a shrine
 * when the site has a cult or its dead, cells in a small room, a store and a
 * work room. A site keeps half its rooms or fewer; the rest serve no one. */
#include "site/site_rooms.h"

#include <stdlib.h>
#include <string.h>

#define UNSET ((enum site_role)-1)

/* The faction holding this level's leader, or -1: the first faction's on
 * the deepest level, the second's on the first. */
static int leader_faction(const struct level_plan *lp)
{
	int depth = lp->lv->map.depth, levels = lp->site->levels;
	if (depth >= levels)
		return 0;
	if (lp->site->nfactions > 1 && depth == 1)
		return 1;
	return -1;
}

static int cmp_dist(const void *a, const void *b)
{
	const struct room_plan *x = a, *y = b;
	if (x->dist != y->dist)
		return x->dist < y->dist ? -1 : 1;
	return x->region < y->region ? -1 : x->region > y->region;
}

static int free_for(const struct room_plan *r, enum site_role role)
{
	return r->role == UNSET || (r->named && r->role == role && !r->leader);
}

/* The unassigned room among rooms[lo..hi) scoring best: largest (want > 0)
 * or smallest (want < 0); -1 when none. */
static int pick_by_area(struct level_plan *lp, int lo, int hi, enum site_role role, int want)
{
	int best = -1;
	for (int i = lo; i < hi; i++) {
		const struct room_plan *r = &lp->rooms[i];
		if (!free_for(r, role) || r->dist < 0)
			continue;
		if (best < 0 || (want > 0 ? r->area > lp->rooms[best].area : r->area < lp->rooms[best].area))
			best = i;
	}
	return best;
}

/* Named rooms first: the use their kind says. */
static void roles_of_named(struct level_plan *lp)
{
	for (int i = 0; i < lp->n; i++) {
		struct room_plan *r = &lp->rooms[i];
		r->role = UNSET;
		if (!r->named)
			continue;
		const char *name = lp->lv->map.regions[r->region].name;
		r->kind = site_kind_by_name(lp->t, name, lp->setting);
		r->role = r->kind >= 0 ? lp->t->kinds[r->kind].role : ROLE_NONE;
		if (r->role == ROLE_LEADER)
			r->role = ROLE_LAIR;   /* until it is chosen as the leader's */
	}
}

static int busiest_near_entrance(const struct level_plan *lp)
{
	int best = -1, best_exits = 2;
	for (int i = 1; i < lp->n / 2; i++) {
		const struct room_plan *r = &lp->rooms[i];
		int exits = r->doors;
		if (free_for(r, ROLE_GUARD) && exits > best_exits) {
			best = i;
			best_exits = exits;
		}
	}
	return best;
}

/* The lairs: around the room two-thirds in, the nearest by doors. */
static int place_lairs(struct level_plan *lp, int count, struct err *e)
{
	int centre = -1;
	for (int i = (2 * lp->n) / 3; i >= 0 && centre < 0; i--)
		if (free_for(&lp->rooms[i], ROLE_LAIR))
			centre = i;
	if (centre < 0 || count <= 0)
		return 0;
	const struct map *m = &lp->lv->map;
	int *dist = malloc(((size_t)m->nregions + 1) * sizeof *dist);
	if (!dist)
		return err_set(e, "out of memory planning the site");
	if (site_door_distances_from(m, lp->rooms[centre].region, dist, e) < 0) {
		free(dist);
		return -1;
	}
	for (int placed = 0; placed < count; placed++) {
		int best = -1;
		for (int i = 0; i < lp->n; i++) {
			const struct room_plan *r = &lp->rooms[i];
			if (r->role != UNSET || r->dist <= 0 || dist[r->region] < 0)
				continue;
			if (best < 0 || dist[r->region] < dist[lp->rooms[best].region])
				best = i;
		}
		if (best < 0)
			break;
		lp->rooms[best].role = ROLE_LAIR;
	}
	free(dist);
	return 0;
}

static void set_role(struct level_plan *lp, int i, enum site_role role)
{
	if (i >= 0)
		lp->rooms[i].role = role;
}

static int has_worshippers(const struct level_plan *lp)
{
	for (int f = 0; f < lp->site->nfactions; f++) {
		const char *type = lp->t->factions[lp->site->faction_type[f]].type;
		if (!strcmp(type, "cult") || !strcmp(type, "dead"))
			return 1;
	}
	return 0;
}

/* Keeps at most half the rooms in the factions' use, dropping the
 * farthest from the way in among the ordinary uses first. */
static void thin_out(struct level_plan *lp)
{
	int used = 0, keep = lp->n / 2 > 1 ? lp->n / 2 : 1;
	for (int i = 0; i < lp->n; i++)
		used += lp->rooms[i].role != ROLE_NONE;
	for (int i = lp->n - 1; i >= 0 && used > keep; i--) {
		struct room_plan *r = &lp->rooms[i];
		if (r->role == ROLE_STORE || r->role == ROLE_WORK || (r->role == ROLE_LAIR && r->named)) {
			r->role = ROLE_NONE;
			used--;
		}
	}
}

/* Who holds each used room: with two factions, the second keeps the
 * nearer half and the first the deeper. */
static void owners(struct level_plan *lp)
{
	int two = lp->site->nfactions > 1;
	for (int i = 0; i < lp->n; i++) {
		struct room_plan *r = &lp->rooms[i];
		if (r->role == ROLE_NONE)
			continue;
		r->faction = two && i < lp->n / 2 ? 1 : 0;
		if (r->leader)
			r->faction = leader_faction(lp);
	}
}

int site_roles_assign(struct level_plan *lp, struct err *e)
{
	if (lp->n == 0)
		return 0;
	qsort(lp->rooms, (size_t)lp->n, sizeof *lp->rooms, cmp_dist);
	roles_of_named(lp);
	int n = lp->n;
	set_role(lp, 0, ROLE_GUARD);
	if (leader_faction(lp) >= 0 && n >= 2) {
		int lo = (2 * n) / 3 < n - 1 ? (2 * n) / 3 : n - 1;
		int best = -1;
		for (int i = lo; i < n && best < 0; i++)   /* a leader's room of the method's first */
			if (lp->rooms[i].named && lp->rooms[i].kind >= 0 && lp->t->kinds[lp->rooms[i].kind].role == ROLE_LEADER)
				best = i;
		if (best < 0)
			best = pick_by_area(lp, lo, n, ROLE_LEADER, 1);
		if (best < 0)
			best = lo;
		lp->rooms[best].role = ROLE_LEADER;
		lp->rooms[best].leader = 1;
	}
	if (n >= 8)
		set_role(lp, busiest_near_entrance(lp), ROLE_GUARD);
	if (has_worshippers(lp) && n >= 5)
		set_role(lp, pick_by_area(lp, n / 3, (2 * n) / 3 + 1, ROLE_SHRINE, 1), ROLE_SHRINE);
	if (n >= 6)
		set_role(lp, pick_by_area(lp, n / 2, n, ROLE_PRISON, -1), ROLE_PRISON);
	if (n >= 4)
		set_role(lp, pick_by_area(lp, n / 3, n, ROLE_STORE, -1), ROLE_STORE);
	if (n >= 6)
		set_role(lp, pick_by_area(lp, n / 4, n, ROLE_WORK, 1), ROLE_WORK);
	if (place_lairs(lp, n >= 5 ? n / 5 : 1, e) < 0)
		return -1;
	for (int i = 0; i < n; i++)
		if (lp->rooms[i].role == UNSET)
			lp->rooms[i].role = ROLE_NONE;
	thin_out(lp);
	owners(lp);
	return 0;
}
