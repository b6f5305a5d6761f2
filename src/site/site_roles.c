/* site_roles.c: what each room of a level is used for (the first stage of
 * site_level_build). A room a method named keeps the use of its kind; the
 * others are given uses where they lie: a guard at the way in and at the
 * busiest junction near it, the leader in the largest room of the farthest
 * third by doors (with a party to size its fight for, the largest room
 * of the farther half whose name is not another use's), the lairs together around a room two-thirds in, a shrine
 * when the site has a cult or its dead, cells in a small room, a store and a
 * work room. A site keeps half its rooms or fewer; the rest serve no one. */
#include "site/site_rooms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define UNSET ((enum site_role)-1)

/* Whether faction f's leader lives on this level (the plan's leader
 * levels: the first faction's deep, the second's near the top). */
static int leader_here(const struct level_plan *lp, int f)
{
	return f < lp->site->nfactions && lp->site->leader_level[f] == lp->lv->map.depth;
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

/* Whether room r may become a leader's: a room, not a hallway or a
 * bridge, whose name (if the method gave it one) is of a leader's room, a
 * room kept by guards or one of no use, not of another's den, work or
 * store. */
static int leader_may_keep(const struct level_plan *lp, const struct room_plan *r)
{
	if (r->leader || r->dist < 0 || lp->lv->map.regions[r->region].kind != REGION_ROOM)
		return 0;
	if (!r->named || r->kind < 0)
		return 1;
	enum site_role role = lp->t->kinds[r->kind].role;
	return role == ROLE_LEADER || role == ROLE_GUARD || role == ROLE_NONE;
}

/* The largest room among rooms[lo..hi) a leader may keep; -1 when none. */
static int largest_room(const struct level_plan *lp, int lo, int hi)
{
	int best = -1;
	for (int i = lo; i < hi; i++) {
		const struct room_plan *r = &lp->rooms[i];
		if (leader_may_keep(lp, r) && (best < 0 || r->area > lp->rooms[best].area))
			best = i;
	}
	return best;
}

/* The kinds of the names met so far: a big level repeats a few dozen
 * names (a card's title) thousands of times. */
#define NAME_CACHE 256
struct name_cache {
	char name[NAME_CACHE][48];
	int kind[NAME_CACHE];
};

static int cached_kind(struct name_cache *c, const struct level_plan *lp, const char *name)
{
	unsigned h = 2166136261u;
	for (const char *p = name; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	unsigned slot = h % NAME_CACHE;
	if (strcmp(c->name[slot], name) != 0) {
		snprintf(c->name[slot], sizeof c->name[slot], "%s", name);
		c->kind[slot] = site_kind_by_name(lp->t, name, lp->setting);
	}
	return c->kind[slot];
}

/* Named rooms first: the use their kind says. */
static void roles_of_named(struct level_plan *lp)
{
	struct name_cache *cache = calloc(1, sizeof *cache);
	for (int i = 0; i < lp->n; i++) {
		struct room_plan *r = &lp->rooms[i];
		r->role = UNSET;
		if (!r->named)
			continue;
		const char *name = lp->lv->map.regions[r->region].name;
		r->kind = cache && name[0] ? cached_kind(cache, lp, name) : site_kind_by_name(lp->t, name, lp->setting);
		r->role = r->kind >= 0 ? lp->t->kinds[r->kind].role : ROLE_NONE;
		if (r->role == ROLE_LEADER)
			r->role = ROLE_LAIR;   /* until it is chosen as the leader's */
	}
	free(cache);
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

/* Rooms (indices) in order of their distance in dist, then of index: an
 * insertion of runs merged bottom-up, so no global state is needed for a
 * comparison. */
struct by_dist {
	const struct level_plan *lp;
	const int *dist;
};

static int before(const struct by_dist *c, int a, int b)
{
	int da = c->dist[c->lp->rooms[a].region], db = c->dist[c->lp->rooms[b].region];
	return da != db ? da < db : a < b;
}

static void sort_by_dist(int *v, int n, const struct by_dist *c)
{
	int *tmp = malloc((size_t)(n > 0 ? n : 1) * sizeof *tmp);
	if (!tmp) {   /* slower but still right: insertion sort in place */
		for (int i = 1; i < n; i++)
			for (int j = i; j > 0 && before(c, v[j], v[j - 1]); j--) {
				int t = v[j];
				v[j] = v[j - 1];
				v[j - 1] = t;
			}
		return;
	}
	for (int width = 1; width < n; width *= 2) {
		for (int lo = 0; lo < n; lo += 2 * width) {
			int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
			int i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				tmp[k++] = before(c, v[j], v[i]) ? v[j++] : v[i++];
			while (i < mid)
				tmp[k++] = v[i++];
			while (j < hi)
				tmp[k++] = v[j++];
		}
		memcpy(v, tmp, (size_t)n * sizeof *v);
	}
	free(tmp);
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
	/* the free rooms nearest the centre by doors, in one sort */
	int *near = malloc((size_t)lp->n * sizeof *near), nn = 0;
	if (!near) {
		free(dist);
		return err_set(e, "out of memory planning the site");
	}
	for (int i = 0; i < lp->n; i++) {
		const struct room_plan *r = &lp->rooms[i];
		if (r->role == UNSET && r->dist > 0 && dist[r->region] >= 0)
			near[nn++] = i;
	}
	struct by_dist ctx = { lp, dist };
	sort_by_dist(near, nn, &ctx);
	for (int k = 0; k < nn && k < count; k++)
		lp->rooms[near[k]].role = ROLE_LAIR;
	free(near);
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
		if (!r->leader)   /* a leader's room is its faction's */
			r->faction = two && i < lp->n / 2 ? 1 : 0;
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
	/* the leaders' rooms: in the farthest third, but for the second
	 * faction's on the first's level, in the nearer half it keeps */
	for (int f = 0; f < lp->site->nfactions && f < 2; f++) {
		if (!leader_here(lp, f))
			continue;
		int near = f > 0 && leader_here(lp, 0);
		int lo = !near ? ((2 * n) / 3 < n - 1 ? (2 * n) / 3 : n - 1) : (n > 1 ? 1 : 0);
		int hi = !near ? n : (n / 2 > lo ? n / 2 : n);
		/* the second leader of a level keeps its own lair, not a second
		 * throne room */
		enum site_role role = near ? ROLE_LAIR : ROLE_LEADER;
		int best = -1;
		for (int i = lo; i < hi && best < 0; i++)   /* a leader's room of the method's first */
			if (lp->rooms[i].named && !lp->rooms[i].leader && lp->rooms[i].kind >= 0 &&
			    lp->t->kinds[lp->rooms[i].kind].role == role)
				best = i;
		if (best < 0)
			best = pick_by_area(lp, lo, hi, role, 1);
		if (lp->site->party_level > 0 && !near) {
			/* a fight sized for a party needs floor: the largest room of
			 * the farther half where it has more than the one found */
			int big = largest_room(lp, n / 2 < lo ? n / 2 : lo, hi);
			if (big >= 0 && (best < 0 || lp->rooms[best].area < lp->rooms[big].area))
				best = big;
		}
		for (int i = n - 1; i >= 0 && best < 0; i--)   /* any room not a leader's already */
			if (!lp->rooms[i].leader && (lp->rooms[i].dist >= 0 || i == 0))
				best = i;
		if (best < 0)
			continue;
		lp->rooms[best].role = role;
		lp->rooms[best].leader = 1;
		lp->rooms[best].faction = f;
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
