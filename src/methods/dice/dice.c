/* dice.c: the dice method, the manual procedure a game master follows with
 * dice and graph paper: rooms of 3d8+1 squares rolled at the 12, 3, 6 and
 * 9 o'clock positions of the rooms already drawn, joined by a minimum
 * spanning tree of corridors, a few loop corridors, then an entrance and
 * stairs on rooms at the edge. man/mapsheet.1 (METHODS, dice) gives every
 * step and roll, and its Sources subsection the procedure's origin. This
 * file holds the method's entry, options and grid size; the stages live in
 * the dice_*.c files beside it. */
#include "methods/dice/dice.h"
#include "methods/dice/dice_int.h"
#include "base/plural.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A grid of about 80 squares per room, shaped like a page's map area
 * (GEN_PAGE_ASPECT), at least 20x20. The default 10 rooms get 26x31, which
 * prints at 4 squares to the inch on letter or A4 paper. (At 70 squares a
 * room, 3 in 100 grids of 12 alcove rooms came up short; at 80, none of
 * 300 of 10 or 15.) The size is
 * not held to the program's limits here: cli_parse.c refuses a count too large. */
static void dice_fit_size(int rooms, int *w, int *h)
{
	if (rooms <= 0)
		rooms = DICE_DEFAULT_ROOMS;
	double area = rooms * 80.0;
	double side = sqrt(area * GEN_PAGE_ASPECT);
	*w = (int)lround(side);
	*h = (int)ceil(area / *w);
	if (*w < 20)
		*w = 20;
	if (*h < 20)
		*h = 20;
}

static void dice_defaults(struct gen_params *p)
{
	p->dice.shape = DICE_SHAPE_ROUND;
	p->dice.loops = -1;
}

static int opt_room_shape(struct gen_params *p, const char *value, struct err *e)
{
	if (strcmp(value, "round") == 0)
		p->dice.shape = DICE_SHAPE_ROUND;
	else if (strcmp(value, "alcove") == 0)
		p->dice.shape = DICE_SHAPE_ALCOVE;
	else
		return err_usage(e, "--room-shape: unknown shape '%s' (expected round or alcove)", value);
	return 0;
}

static int opt_loops(struct gen_params *p, const char *value, struct err *e)
{
	return gen_parse_int("loops", value, 0, MAP_MAX_ROOMS, &p->dice.loops, e);
}

static const struct method_option dice_options[] = {
	{ "room-shape", "SHAPE", "dice: 'round' rounds each roll to a rectangle (default); 'alcove' keeps the exact "
	  "roll with an alcove",
	  "Room shapes", opt_room_shape, "round alcove", 0 },
	{ "loops", "N", "dice: extra corridors that close loops (default: about one per eight rooms)",
	  "Extra corridors closing loops", opt_loops, NULL, 0 },
	{ NULL, NULL, NULL, NULL, NULL, NULL, 0 }
};

/* The method's figures (map.h): the rooms and corridors drawn, and the
 * share of the grid the rooms cover. */
static void add_figures(struct dice_gen *g)
{
	struct map *m = g->m;
	long area = 0;
	for (int i = 0; i < g->nrooms; i++)
		area += g->rooms[i].area;
	map_add_figure(m, "Dice method: %d room%s, %d corridor%s in the spanning tree, %d closing loop%s.", g->nrooms,
		       plural_s(g->nrooms), g->tree_corridors, plural_s(g->tree_corridors), g->loop_corridors,
		       plural_s(g->loop_corridors));
	map_add_figure(m, "Rooms cover %.0f%% of the grid.", 100.0 * (double)area / ((double)m->w * m->h));
}

static int dice_generate(struct map *m, const struct gen_params *p, struct rng *rng, struct log *log,
			 struct err *e)
{
	struct dice_gen g = { .m = m, .p = p, .rng = rng, .log = log, .e = e, .logging = log_on(log) };
	g.want = p->rooms > 0 ? p->rooms : DICE_DEFAULT_ROOMS;
	if (g.want > MAP_MAX_ROOMS)
		return err_usage(e, "dice: %d rooms is more than the limit of %d", g.want, MAP_MAX_ROOMS);
	if (p->start_x >= 0 && !map_in(m, p->start_x, p->start_y))
		return err_usage(e, "dice: the start square (%d, %d) is off the %dx%d grid", p->start_x,
				 p->start_y, m->w, m->h);
	sbuf_init(&g.text);
	g.rooms = calloc((size_t)g.want, sizeof *g.rooms);
	g.link_head = malloc((size_t)g.want * sizeof *g.link_head);
	int rc = -1;
	if (!g.rooms || !g.link_head || dice_bits_init(&g.resv, m->w, m->h) < 0 ||
	    dice_bits_init(&g.block, m->w, m->h) < 0 || dice_bits_init(&g.taken, m->w, m->h) < 0) {
		err_set(e, "out of memory for %d rooms on a %dx%d grid", g.want, m->w, m->h);
		goto out;
	}
	for (int i = 0; i < g.want; i++)
		g.link_head[i] = -1;
	/* Room in the map for every region and door the level can have (the
	 * rooms, the tree's corridors, the loops, two doors a corridor and the
	 * entrance), so the arrays are not moved and the door table not rehashed
	 * as they fill. Loops past one a room are left to grow. */
	int loops = p->dice.loops < 0 ? dice_default_loops(g.want) : p->dice.loops;
	if (loops > g.want)
		loops = g.want;
	int corridors = g.want - 1 + loops;
	if (map_reserve(m, g.want + corridors, 2 * corridors + 1, e) < 0)
		goto out;
	log_step(log, "Dice method: %d room%s wanted on a %dx%d grid of %d ft squares, room shape %s.", g.want,
		 plural_s(g.want), m->w, m->h, m->square_feet, p->dice.shape == DICE_SHAPE_ALCOVE ? "alcove" : "round");

	/* Steps 1-5: roll each room (size, rectangle, long axis, triples) and
	 * place it at a clock position of a room already drawn. */
	if (dice_place_rooms(&g) < 0)
		goto out;
	/* Step 6: a minimum spanning tree of corridors, nearest pairs first;
	 * step 7: loop corridors. */
	if (dice_connect(&g) < 0)
		goto out;
	/* Step 8: the entrance and the stairs on rooms at the edge. */
	if (dice_exits(&g) < 0)
		goto out;
	/* The figures for -v and the log: what was drawn, and how much of
	 * the grid. */
	add_figures(&g);
	rc = 0;
out:
	sbuf_free(&g.text);
	free(g.rooms);
	dice_bits_free(&g.resv);
	dice_bits_free(&g.block);
	dice_bits_free(&g.taken);
	free(g.link_head);
	free(g.links);
	return rc;
}

const struct method method_dice = {
	.name = "dice",
	.summary = "the manual dice procedure: 3d8+1 rooms at clock positions, a spanning tree of corridors",
	.square_feet = 10,
	.default_rooms = DICE_DEFAULT_ROOMS,
	.fit_size = dice_fit_size,
	.defaults = dice_defaults,
	.generate = dice_generate,
	.options = dice_options,
};
