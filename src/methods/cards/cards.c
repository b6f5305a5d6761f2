/* cards.c: the cards method, after Sean Howard's "smart card layout"
 * (Three Hundred Mechanics #157). A level is laid like cards on a table: a
 * coarse grid of cells, each card a room in one cell, every new card taken
 * from the set of free cells beside the cards already down (never a guess),
 * chosen by a layout rule (random, fill, blob, weighted), and each room a
 * room card dealt from the deck of its zone's theme. The map is several
 * zones grown one after another and joined by bridges, tumors, multi-tumors
 * or islands; the door into each later zone is locked and its key lies in
 * the zone before. Stages, in the files beside this one: cards_layout.c
 * (the set and the rules), cards_rooms.c (squares), cards_zones.c (growing
 * and joining), cards_water.c (the water around islands), cards_locks.c
 * (keys and the proof), cards_themes.c (the table), cards_deck.c (reading
 * the room cards), cards_deal.c (the piles and laying a card). */
#include "methods/cards/cards.h"
#include "methods/cards/cards_int.h"
#include "base/plural.h"
#include "base/paths.h"

#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* How many rooms the zones plan, and by which join each begins. */
struct plan {
	int rooms;
	int zones;
	int join[CARDS_MAX_ZONES];
	int target[CARDS_MAX_ZONES];    /* cards laid when zone z is done */
};

static int random_join(struct rng *rng, int allowed)
{
	int kinds[4], n = 0;
	for (int i = 0; i < 4; i++)
		if (allowed & (1 << i))
			kinds[n++] = 1 << i;
	return n ? kinds[rng_range(rng, 0, n - 1)] : CARDS_JOIN_TUMOR;
}

/* Rolls each zone's join and splits the rooms among the zones (a bridge is a
 * room of its zone); fewer zones when the rooms cannot go round. */
static void plan_zones(struct cards_state *st, struct plan *pl)
{
	pl->rooms = st->p->rooms > 0 ? st->p->rooms : 30;
	pl->zones = st->cp->zones < 1 ? 1 : st->cp->zones;
	if (pl->zones > CARDS_MAX_ZONES)
		pl->zones = CARDS_MAX_ZONES;
	int bridges = 0;
	pl->join[0] = 0;
	for (int z = 1; z < pl->zones; z++) {
		pl->join[z] = random_join(st->rng, st->cp->joins);
		bridges += pl->join[z] == CARDS_JOIN_BRIDGE;
	}
	int asked = pl->zones;
	while (pl->zones > 1 && pl->zones + bridges > pl->rooms)
		bridges -= pl->join[--pl->zones] == CARDS_JOIN_BRIDGE;
	if (pl->zones < asked)
		log_warn(st->log, "%d room%s %s too few for %d zones; laying %d zone%s", pl->rooms, plural_s(pl->rooms),
			 pl->rooms == 1 ? "is" : "are", asked, pl->zones, plural_s(pl->zones));
	int base = pl->rooms - bridges, sum = 0;
	for (int z = 0; z < pl->zones; z++) {
		int q = base / pl->zones + (z < base % pl->zones);
		sum += q + (pl->join[z] == CARDS_JOIN_BRIDGE);
		pl->target[z] = sum;
	}
}

/* The first card: in the cell of the start square, or in a cell on the
 * grid's edge (the middle half of a random side) with a door outside. */
static int first_card(struct cards_state *st)
{
	const struct gen_params *p = st->p;
	int cx, cy, side = -1;
	if (p->start_x >= 0) {
		if (!map_in(st->m, p->start_x, p->start_y))
			return err_usage(st->e, "the start square %d,%d is off the %dx%d grid", p->start_x,
					 p->start_y, st->m->w, st->m->h);
		cx = p->start_x / st->n < st->gw ? p->start_x / st->n : st->gw - 1;
		cy = p->start_y / st->n < st->gh ? p->start_y / st->n : st->gh - 1;
	} else {
		side = rng_range(st->rng, 0, SIDE_COUNT - 1);
		int along = side == SIDE_N || side == SIDE_S ? st->gw : st->gh;
		int pos = rng_range(st->rng, along / 4, along - 1 - along / 4);
		cx = side == SIDE_N || side == SIDE_S ? pos : (side == SIDE_W ? 0 : st->gw - 1);
		cy = side == SIDE_W || side == SIDE_E ? pos : (side == SIDE_N ? 0 : st->gh - 1);
	}
	st->zone = 0;
	st->zones[0] = (struct cards_zone){ .first_card = 0 };
	int k = cards_place(st, cy * st->gw + cx, REGION_ROOM);
	/* a start card with a doorway to the outside, or around the start
	 * square (stairs from the level above) */
	if (k < 0 || cards_carve(st, k, CARD_START, side >= 0 ? 1u << side : 0u) < 0 ||
	    cards_entrance(st, k, side) < 0)
		return -1;
	log_step(st->log, "card 1: zone 1, cell %d,%d, the entrance room", cx, cy);
	return 0;
}

/* Begins zone z with its planned join, else any other allowed join that
 * fits. Returns 1 when joined, 0 when none fits, -1 on error. */
static int join_zone(struct cards_state *st, struct plan *pl, int z)
{
	int order[4] = { pl->join[z], CARDS_JOIN_BRIDGE, CARDS_JOIN_TUMOR, CARDS_JOIN_MULTI_TUMOR };
	int tried = 0;
	for (int i = 0; i < 5; i++) {
		int j = i < 4 ? order[i] : CARDS_JOIN_ISLAND;
		if (!(st->cp->joins & j) || (tried & j))
			continue;
		tried |= j;
		int rc = cards_join(st, z, j);
		if (rc != 0) {
			if (rc > 0 && j != pl->join[z])
				log_step(st->log, "zone %d: no site for a %s, joined by a %s instead", z + 1,
					 cards_join_name(pl->join[z]), cards_join_name(j));
			pl->join[z] = j;
			return rc;
		}
	}
	return 0;
}

/* The zones' themes, in the order the shuffled table gives. */
static int add_zone_themes(struct cards_state *st, int zones)
{
	const struct cards_themes *t = st->themes;
	for (int i = 0; i < t->nthemes; i++)
		st->theme_order[i] = i;
	for (int i = 0; i < t->nkeys; i++)
		st->key_order[i] = i;
	rng_shuffle(st->rng, st->theme_order, (size_t)t->nthemes);
	rng_shuffle(st->rng, st->key_order, (size_t)t->nkeys);
	for (int z = 0; z < zones; z++) {
		int th = st->theme_order[z % t->nthemes];
		if (map_add_zone(st->m, t->theme[th], st->e) < 0)
			return -1;
		st->zone_deck[z] = t->deck[th][0] ? card_set_deck(st->deck, t->deck[th]) : -1;
		if (t->deck[th][0] && st->zone_deck[z] < 0)
			log_warn(st->log, "zone %d (%s): no deck '%s' among the cards; it draws from every deck", z + 1,
				 t->theme[th], t->deck[th]);
	}
	return 0;
}

/* The layout and its compactness: the method's figures, for -v and the
 * log (map.h). */
static void add_figures(struct cards_state *st)
{
	double compact = 0;
	for (int z = 0; z < st->nzones; z++) {
		const struct cards_zone *zn = &st->zones[z];
		compact += (double)zn->ncards / ((zn->bx1 - zn->bx0 + 1) * (zn->by1 - zn->by0 + 1));
	}
	map_add_figure(st->m, "Cards: %d room%s in %d zone%s, %s layout on %d-square cells; compactness %.2f.",
		       st->ncards, plural_s(st->ncards), st->nzones, plural_s(st->nzones),
		       cards_layout_name(st->cp->layout), st->n, st->nzones ? compact / st->nzones : 0);
}

/* The head of zone z's line in the key's footer: its theme, its rooms and
 * how the party gets in, short enough to leave the theme's description
 * room ("Zone 2, the Sunken Market (3 rooms, locked: the jade key)"). */
static void zone_head(const struct cards_state *st, int z, char *head, size_t size)
{
	const struct cards_zone *zn = &st->zones[z];
	const char *theme = st->m->zones[z].theme;
	int n = zn->ncards;
	if (z == 0)
		snprintf(head, size, "Zone 1, the %s (%d room%s, the way in)", theme, n, plural_s(n));
	else if (zn->join == CARDS_JOIN_ISLAND)
		snprintf(head, size, "Zone %d, the %s (%d room%s, an island: %s, the %s)", z + 1, theme, n, plural_s(n),
			 zn->crossing, zn->key_name);
	else if (zn->join == CARDS_JOIN_BRIDGE)
		snprintf(head, size, "Zone %d, the %s (%d room%s from a bridge room, locked: the %s)", z + 1, theme, n,
			 plural_s(n), zn->key_name);
	else if (zn->locks > 1)
		snprintf(head, size, "Zone %d, the %s (%d room%s in %d parts, locked: the %s)", z + 1, theme, n,
			 plural_s(n), zn->locks, zn->key_name);
	else
		snprintf(head, size, "Zone %d, the %s (%d room%s, locked: the %s)", z + 1, theme, n, plural_s(n),
			 zn->key_name);
}

/* The key's footer: a line per zone, with its theme's description when
 * the line holds it, and the zones past the notes' room in one line. */
static void add_notes(struct cards_state *st)
{
	int shown = st->nzones <= MAP_MAX_NOTES ? st->nzones : MAP_MAX_NOTES - 1;
	for (int z = 0; z < shown; z++) {
		const char *text = st->themes->text[st->theme_order[z % st->themes->nthemes]];
		char head[120];
		zone_head(st, z, head, sizeof head);
		if (text[0] && strlen(head) + strlen(text) + 3 < sizeof st->m->notes[0])
			map_add_note(st->m, "%s: %s.", head, text);
		else
			map_add_note(st->m, "%s.", head);
	}
	if (shown < st->nzones)
		map_add_note(st->m, "Zones %d to %d: each behind its own key, found in the zone before.", shown + 1,
			     st->nzones);
}

static int cards_generate(struct map *m, const struct gen_params *p, struct rng *rng, struct log *log,
			  struct err *e)
{
	struct cards_state st = { .m = m, .p = p, .cp = &p->cards, .rng = rng, .log = log, .e = e };
	struct plan pl;
	int rc = -1;
	st.themes = malloc(sizeof *st.themes);
	st.deck = calloc(1, sizeof *st.deck);
	if (!st.themes || !st.deck) {
		free(st.themes);
		free(st.deck);
		return err_set(e, "out of memory for the theme table");
	}
	/* Read the theme table and the room cards, lay out the grid of cells
	 * and make the piles of the cards that fit a cell. */
	if (cards_themes_load(st.themes, p, e) < 0 || card_set_load(st.deck, p->template_dirs, st.cp->deck_dir, e) < 0 ||
	    cards_grid_init(&st) < 0 || cards_piles_init(&st) < 0)
		goto out;
	if (st.piles[st.deck->ndecks * CARD_ROLE_COUNT + CARD_ROOM].n == 0)
		log_warn(log, "no room card fits a %d-square cell (cards take a cell of their side plus one); plain rooms",
			 st.n);
	/* Roll each zone's join and split the rooms among the zones. */
	plan_zones(&st, &pl);
	/* A cards map ends with about two regions (a card and its link) and a
	 * little over two doors a room: made room for at once, so the region
	 * list is not copied and the door table not rehashed as it grows. */
	if (map_reserve(m, 2 * pl.rooms + 64, 2 * pl.rooms + pl.rooms / 8 + 64, e) < 0 ||
	    add_zone_themes(&st, pl.zones) < 0)
		goto out;
	log_step(log, "cards: %d room%s in %d zone%s on a %dx%d grid of %d-square cells, %s layout", pl.rooms,
		 plural_s(pl.rooms), pl.zones, plural_s(pl.zones), st.gw, st.gh, st.n, cards_layout_name(st.cp->layout));
	/* Lay the entrance card and grow the first zone from it. */
	if (first_card(&st) < 0)
		goto out;
	st.nzones = 1;
	if (cards_grow(&st, pl.target[0] - st.ncards) < 0)
		goto out;
	/* Join each later zone to the one before (its door locked, the key in
	 * the zone before), then grow it. */
	for (int z = 1; z < pl.zones; z++) {
		int j = join_zone(&st, &pl, z);
		if (j < 0)
			goto out;
		if (j == 0) {
			log_warn(log, "no room to join zone %d to zone %d; the map has %d zone%s", z + 1, z, z,
				 z == 1 ? "" : "s");
			break;
		}
		st.nzones = z + 1;
		if (cards_grow(&st, pl.target[z] - st.ncards) < 0)
			goto out;
	}
	/* Whatever the zones could not take goes to the last zone. */
	if (st.ncards < pl.rooms && cards_grow(&st, pl.rooms - st.ncards) < 0)
		goto out;
	if (st.ncards < pl.rooms)
		log_warn(log, "laid %d of %d room%s: the %dx%d grid has no free cell beside the zones (try a larger "
			 "--size)", st.ncards, pl.rooms, plural_s(pl.rooms), m->w, m->h);
	m->nzones = st.nzones;
	/* Water around the islands, the boathouse doors locked. */
	if (cards_water(&st) < 0)
		goto out;
	/* Stairs down in the last zone, the zones' lines for the key, the
	 * figures for -v and the log. */
	if (cards_stairs_down(&st) < 0)
		goto out;
	add_notes(&st);
	add_figures(&st);
	/* Prove the keys come in order: a walk from the entrance, picking up
	 * keys, reaches every region. */
	int reached = cards_walk_keys(m, e);
	if (reached < 0)
		goto out;
	if (reached != m->nregions) {
		err_set(e, "internal error: only %d of %d regions can be reached with the keys in order", reached,
			m->nregions);
		goto out;
	}
	rc = 0;
out:
	cards_piles_free(&st);
	cards_grid_free(&st);
	card_set_free(st.deck);
	free(st.deck);
	free(st.themes);
	return rc;
}

/* --- the method entry and its options --- */

static void cards_defaults(struct gen_params *p)
{
	p->cards = (struct cards_params){
		.layout = CARDS_BLOB,
		.zones = 3,
		.joins = CARDS_JOIN_BRIDGE | CARDS_JOIN_TUMOR,
		.cell = 8,
		.themes = "cards",
		.deck_dir = NULL,
	};
}

/* Cells for the rooms and their neighbour set (about 2.5 a room, and two to
 * spare), on the default 8-square cell (a 7-square card and the rock
 * between cards), in columns and rows shaped like a page's map area: the
 * default 7 rooms take 4 by 5 cells, 32x40 squares (4 or 5 squares to the
 * inch on letter), cropped to the cards laid. */
static void cards_fit_size(int rooms, int *w, int *h)
{
	double cells = 2.5 * (rooms > 0 ? rooms : 1) + 2;
	int cols = (int)floor(sqrt(cells * GEN_PAGE_ASPECT));
	if (cols < 3)
		cols = 3;
	int rows = (int)ceil(cells / cols);
	if (rows < 3)
		rows = 3;
	while ((long)cols * 8 * rows * 8 > MAP_MAX_AREA || cols * 8 > MAP_MAX_SIDE || rows * 8 > MAP_MAX_SIDE) {
		cols = cols * 9 / 10;
		rows = rows * 9 / 10;
	}
	*w = cols * 8;
	*h = rows * 8;
}

static int opt_layout(struct gen_params *p, const char *value, struct err *e)
{
	for (int i = 0; i < 4; i++)
		if (strcmp(value, cards_layout_name((enum cards_layout)i)) == 0) {
			p->cards.layout = (enum cards_layout)i;
			return 0;
		}
	return err_usage(e, "--layout: unknown rule '%s' (expected random, fill, blob or weighted)", value);
}

static int opt_zones(struct gen_params *p, const char *value, struct err *e)
{
	return gen_parse_int("zones", value, 1, CARDS_MAX_ZONES, &p->cards.zones, e);
}

static int opt_cell(struct gen_params *p, const char *value, struct err *e)
{
	return gen_parse_int("cell", value, CARDS_MIN_CELL, CARDS_MAX_CELL, &p->cards.cell, e);
}

static int opt_themes(struct gen_params *p, const char *value, struct err *e)
{
	char path[1024];
	if (value[0] == '\0')
		return err_usage(e, "--themes: expected a theme table name or a path");
	/* an unknown table is a usage error whichever method runs */
	if (paths_find(p->template_dirs, "themes", value, "txt", "theme table", path, sizeof path, e) < 0) {
		char why[sizeof e->msg];
		snprintf(why, sizeof why, "%s", e->msg);
		return err_usage(e, "--themes: %s", why);
	}
	p->cards.themes = value;
	return 0;
}

static int opt_joins(struct gen_params *p, const char *value, struct err *e)
{
	int joins = 0;
	const char *s = value;
	while (1) {
		size_t len = strcspn(s, ",");
		int found = 0;
		for (int i = 0; i < 4; i++) {
			const char *name = cards_join_name((enum cards_join)(1 << i));
			if (len == strlen(name) && strncmp(s, name, len) == 0) {
				joins |= 1 << i;
				found = 1;
			}
		}
		if (!found)
			return err_usage(e, "--joins: unknown join '%.*s' in '%s' (expected a list of bridge, tumor, multi-tumor, island)",
					 (int)len, s, value);
		if (s[len] == '\0')
			break;
		s += len + 1;
	}
	p->cards.joins = joins;
	return 0;
}

static int opt_deck(struct gen_params *p, const char *value, struct err *e)
{
	struct stat sb;
	const char *dir = value[0] == '+' ? value + 1 : value;
	if (!dir[0] || stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
		return err_usage(e, "--deck: '%s' is not a folder (expected a folder of .card files, or +DIR)", dir);
	p->cards.deck_dir = value;
	return 0;
}

static const struct method_option cards_options[] = {
	{ "layout", "RULE", "how the next card is chosen: random, fill, blob (default), weighted",
	  "How the cards are laid", opt_layout, "random fill blob weighted", 0 },
	{ "zones", "N", "zones, each behind a locked door (default 3)",
	  "Zones behind locked doors", opt_zones, NULL, 0 },
	{ "joins", "LIST", "how zones join: bridge,tumor,multi-tumor,island (default bridge,tumor)",
	  "How the zones join", opt_joins, "bridge tumor multi-tumor island", 1 },
	{ "cell", "N", "squares on a side of a card's cell, 4 to 40 (default 8; a 7-square card needs 8)",
	  "Squares a card", opt_cell, NULL, 0 },
	{ "themes", "NAME", "zone theme table in templates/themes (default cards)",
	  "Zone themes", opt_themes, NULL, 0 },
	{ "deck", "DIR", "read room cards from DIR instead of the shipped decks (+DIR: beside them)",
	  "Room cards from", opt_deck, NULL, 0 },
	{ NULL, NULL, NULL, NULL, NULL, NULL, 0 }
};

const struct method method_cards = {
	.name = "cards",
	.summary = "rooms laid like cards, in zones joined by bridges, tumors and islands behind locks and keys",
	.square_feet = 10,
	.default_rooms = 7,
	.fit_size = cards_fit_size,
	.defaults = cards_defaults,
	.generate = cards_generate,
	.options = cards_options,
};
