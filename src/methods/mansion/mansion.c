/* mansion.c: --method mansion, the mansion packer. A one-storey plan of
 * rooms (3x3 up to 5x6 squares) and hallways (2 or 3 wide, at least twice
 * as long) packed tightly on the grid, after a procedure for roguelike
 * mansions: the Entrance Hall on an edge, then each new space placed over
 * an unused square that borders used ones (two if any, else one), doors
 * from every room to the hallways it borders and between touching rooms by
 * chance, and a last pass of doors until every space can be reached. */
#include "methods/mansion/mansion.h"
#include "methods/mansion/mansion_int.h"
#include "base/plural.h"

#include "names/names.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Frees what the stages allocated; the map stays the caller's. */
static void mansion_free(struct mansion *ms)
{
	free(ms->spaces);
	free(ms->touch);
	free(ms->adj_first);
	free(ms->adj);
	frontier_free(&ms->fr);
	mrows_free(&ms->rows);
}

/* The method's figures (map.h): the spaces and the packing rule, and the
 * packing density (used squares over the plan's bounding box); the log
 * adds where the box lies and the squares given up. */
static void report_density(struct mansion *ms)
{
	long box = (long)ms->bbox.w * ms->bbox.h;
	double density = box > 0 ? 100.0 * ms->used / (double)box : 0;
	int halls = 0;
	for (int i = 0; i < ms->nspaces; i++)
		halls += ms->spaces[i].kind == REGION_HALL;
	map_add_figure(ms->m, "Mansion: %d room%s and %d hallway%s, packed by the %s rule.", ms->nspaces - halls,
		       plural_s(ms->nspaces - halls), halls, plural_s(halls),
		       ms->p->mansion.rule == MANSION_RULE_FILL ? "fill" : "borders2");
	map_add_figure(ms->m, "Packing density %.1f%%: %d floor squares in a %dx%d bounding box.", density, ms->used,
		       ms->bbox.w, ms->bbox.h);
	log_step(ms->log, "The plan's bounding box: %dx%d at (%d, %d); %d candidate square%s dropped", ms->bbox.w,
		 ms->bbox.h, ms->bbox.x, ms->bbox.y, ms->dropped, plural_s(ms->dropped));
}

static int reserve_spaces(struct mansion *ms, struct err *e)
{
	long fit = (long)ms->m->w * ms->m->h / 8 + 1;
	int n = ms->p->rooms < fit ? ms->p->rooms : (int)fit;
	ms->spaces = malloc(((size_t)n + 1) * sizeof *ms->spaces);
	if (!ms->spaces)
		return err_set(e, "out of memory for the mansion's spaces");
	ms->cap = n + 1;
	return map_reserve(ms->m, n, 0, e);
}

static int mansion_generate(struct map *m, const struct gen_params *p, struct rng *rng, struct log *log,
			    struct err *e)
{
	struct mansion ms = { .m = m, .p = p, .rng = rng, .log = log };
	struct names_table names;
	int rc = -1;
	if (p->rooms < 1)
		return err_usage(e, "--rooms: the mansion needs at least 1 space (asked for %d)", p->rooms);
	/* The name table first, so a missing or broken table fails at once. */
	if (names_load(&names, p->template_dirs, p->mansion.names ? p->mansion.names : "mansion", e) < 0)
		return -1;
	if (frontier_init(&ms.fr, m->w, m->h, e) < 0 || mrows_init(&ms.rows, m->w, m->h, e) < 0)
		goto out;
	log_step(log, "Mansion: %d space%s wanted on a %dx%d grid, %s packing, hallway share %.2f, "
		 "door between touching rooms %.2f", p->rooms, plural_s(p->rooms), m->w, m->h,
		 p->mansion.rule == MANSION_RULE_FILL ? "fill" : "borders2", p->mansion.hall_share,
		 p->mansion.room_door_prob);

	/* Room for every space asked for (at most one per 8 squares, the
	 * smallest hallway), so neither the map's regions nor the spaces
	 * are moved as they grow. */
	if (reserve_spaces(&ms, e) < 0)
		goto out;
	/* 1. The Entrance Hall on an edge, or over the start square. */
	if (mansion_place_entrance(&ms, e) < 0)
		goto out;
	/* 2. Rooms and hallways over candidate squares until enough or full. */
	if (mansion_pack(&ms, e) < 0)
		goto out;
	/* the packing's own state is done with: its memory serves the rest */
	frontier_free(&ms.fr);
	mrows_free(&ms.rows);
	/* 3. Which spaces share a wall. */
	if (mansion_find_touches(&ms, e) < 0)
		goto out;
	/* 4. Doors by the rules, then doors until every space is reached. */
	if (mansion_add_doors(&ms, e) < 0)
		goto out;
	/* 5. Names by size and by neighbours. */
	if (names_assign(&names, m, ms.entrance, ms.adj_first, ms.adj, rng, log, e) < 0)
		goto out;
	/* 6. Stairs down in a room far from the entrance: last of the stages
	 * that roll dice, so the level is the same without them. */
	if (mansion_add_stairs_down(&ms, e) < 0)
		goto out;
	/* 7. The packing density and the counts, for -v and the log. */
	report_density(&ms);
	rc = 0;
out:
	names_free(&names);
	mansion_free(&ms);
	return rc;
}

static void mansion_defaults(struct gen_params *p)
{
	p->mansion.rule = MANSION_RULE_BORDERS2;
	p->mansion.room_door_prob = 0.5;
	p->mansion.hall_share = 0.25;
	p->mansion.names = "mansion";
}

/* A grid the plan fills with a little to spare. A space averages about
 * 17.5 squares and the packing leaves some unused; 22 squares a space plus
 * 24 was the tightest grid on which 4,000 seeds of 1 to 200 spaces all met
 * their count (measured; see tests/check_mansion.c). Three wide to two high. */
static void mansion_fit_size(int rooms, int *w, int *h)
{
	double area = rooms * 22.0 + 24;
	int ww = (int)ceil(sqrt(area * 1.5));
	int hh = (int)ceil(area / ww);
	*w = ww < 10 ? 10 : ww;
	*h = hh < 10 ? 10 : hh;
}

static int opt_packing(struct gen_params *p, const char *value, struct err *e)
{
	if (strcmp(value, "borders2") == 0)
		p->mansion.rule = MANSION_RULE_BORDERS2;
	else if (strcmp(value, "fill") == 0)
		p->mansion.rule = MANSION_RULE_FILL;
	else
		return err_usage(e, "--packing: '%s' is not a packing rule (expected borders2 or fill)", value);
	return 0;
}

static int opt_touch_door(struct gen_params *p, const char *value, struct err *e)
{
	return gen_parse_real("touch-door-prob", value, 0, 1, &p->mansion.room_door_prob, e);
}

static int opt_hall_share(struct gen_params *p, const char *value, struct err *e)
{
	return gen_parse_real("hall-share", value, 0, 1, &p->mansion.hall_share, e);
}

static const struct method_option mansion_options[] = {
	{ "packing", "RULE", "mansion: borders2 (squares touching two used ones first) or fill (most used neighbours "
	  "first); default borders2",
	  "How rooms are packed", opt_packing, "borders2 fill", 0 },
	{ "touch-door-prob", "P", "mansion: chance of a door between two touching rooms; default 0.5",
	  "Chance of a door between rooms", opt_touch_door, NULL, 0 },
	{ "hall-share", "P", "mansion: share of spaces that are hallways; default 0.25",
	  "Share of hallways", opt_hall_share, NULL, 0 },
	{ NULL, NULL, NULL, NULL, NULL, NULL, 0 }
};

const struct method method_mansion = {
	.name = "mansion",
	.summary = "tightly packed rooms and hallways of a manor, entrance hall on the edge",
	.square_feet = 5,
	.default_rooms = 24,
	.fit_size = mansion_fit_size,
	.defaults = mansion_defaults,
	.generate = mansion_generate,
	.options = mansion_options,
};
