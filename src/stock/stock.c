/* stock.c: stocking the room key from a system's tables. For each entry, in
 * number order: a dressing line (what the senses find), the contents roll
 * (empty, monster, trap, special, with a chance of treasure that depends on
 * the kind), and where any key lying there is found; then the level's
 * wandering monster table. Only the rng passed in is rolled, so stocking
 * never changes the map. */
#include "stock/stock.h"

#include "stock/stock_valued.h"
#include "stock/stock_worth.h"
#include "site/site.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAME_WORDS 8
/* Rolls of a line at most, while each says a sentence said before. */
#define STOCK_UNSAID_TRIES 16

/* ---- choosing tables ---- */

static const struct stock_table *find_fmt(const struct stock_tables *t, const char *fmt, const char *a,
					  const char *b)
{
	char name[STOCK_NAME_MAX];
	int n = snprintf(name, sizeof name, fmt, a, b);
	if (n < 0 || (size_t)n >= sizeof name)
		return NULL;
	return stock_table_find(t, name);
}

/* Splits text into lowercase words of letters and digits ("Servants'
 * Quarters" -> servants, quarters). Returns the count. */
static int split_words(const char *text, char words[][STOCK_NAME_MAX], int max)
{
	int n = 0;
	size_t len = 0;
	for (const char *p = text;; p++) {
		unsigned char c = (unsigned char)*p;
		if (isalnum(c)) {
			if (n < max && len + 1 < STOCK_NAME_MAX)
				words[n][len++] = (char)tolower(c);
			continue;
		}
		if (c == '\'')
			continue;
		if (len > 0 && n < max) {
			words[n][len] = '\0';
			n++;
		}
		len = 0;
		if (c == '\0')
			break;
	}
	return n;
}

/* prefix + the longest run of words that names a table, leftmost first. */
static const struct stock_table *find_by_words(const struct stock_tables *t, const char *prefix,
					       const char *text)
{
	char words[NAME_WORDS][STOCK_NAME_MAX];
	int n = split_words(text, words, NAME_WORDS);
	for (int len = n; len >= 1; len--)
		for (int start = 0; start + len <= n; start++) {
			char name[STOCK_NAME_MAX];
			int used = snprintf(name, sizeof name, "%s", prefix);
			for (int w = start; w < start + len && used < (int)sizeof name; w++)
				used += snprintf(name + used, sizeof name - (size_t)used, "%s%s", w > start ? "_" : "",
						 words[w]);
			if (used >= (int)sizeof name)
				continue;
			const struct stock_table *tab = stock_table_find(t, name);
			if (tab)
				return tab;
		}
	return NULL;
}

const struct stock_table *stock_dressing_table(const struct stock_tables *t, const struct map *m, int id)
{
	const struct region *r = &m->regions[id];
	const char *method = m->method ? m->method : "";
	const char *kind = region_kind_name(r->kind);
	const struct stock_table *tab = NULL;
	if (r->name[0] && (strcmp(method, "mansion") == 0 || strcmp(method, "house") == 0))
		tab = find_by_words(t, "room_", r->name);
	if (!tab && method[0])
		tab = find_fmt(t, "dress_%s_%s", method, kind);
	if (!tab && method[0])
		tab = find_fmt(t, "dress_%s%s", method, "");
	if (!tab)
		tab = find_fmt(t, "dress_%s%s", kind, "");
	if (!tab)
		tab = stock_table_find(t, "dress");
	return tab;
}

const struct stock_table *stock_theme_table(const struct stock_tables *t, const char *theme)
{
	if (!theme || !theme[0])
		return NULL;
	char words[NAME_WORDS][STOCK_NAME_MAX];
	int n = split_words(theme, words, NAME_WORDS);
	for (int i = 0; i < n; i++) {
		const struct stock_table *tab = find_fmt(t, "theme_%s%s", words[i], "");
		if (tab)
			return tab;
	}
	return stock_table_find(t, "theme_tint");
}

/* ---- checks ---- */

int stock_check_system(const struct stock_tables *t, struct err *e)
{
	const char *where = t->nfiles > 0 ? t->files[0] : "the tables";
	if (t->contents_die.sides == 0 || t->nkinds == 0)
		return err_usage(e, "%s: the tables give no contents roll ('contents:d6' and 'kind:' lines)", where);
	int want_treasure = 0;
	for (int i = 0; i < t->nkinds; i++) {
		const struct stock_kind *k = &t->kinds[i];
		if (k->treasure > 0)
			want_treasure = 1;
		if (strcmp(k->name, "empty") != 0 && !stock_table_find(t, k->name))
			return err_at(e, t->files[k->file], k->line, k->col, "kind '%s' has no table '%s'", k->name,
				      k->name);
	}
	if (want_treasure && !stock_table_find(t, "treasure"))
		return err_usage(e, "%s: a kind holds treasure but there is no table 'treasure'", where);
	if (!stock_table_find(t, "dress"))
		return err_usage(e, "%s: there is no table 'dress' (the dressing every room falls back on)", where);
	if (t->wandering_die.sides > 0 && !stock_table_find(t, "wandering"))
		return err_usage(e, "%s: 'wandering:' is set but there is no table 'wandering'", where);
	return 0;
}

/* ---- stocking ---- */

/* A paragraph starts with a capital: "a ruby" -> "A ruby"; "40 silver"
 * and "2d4 goblins" stay as they are. */
static void capitalise(char *s)
{
	if (islower((unsigned char)s[0]))
		s[0] = (char)toupper((unsigned char)s[0]);
}

/* A roll add_rolled makes again: the table, label and tint it rolls
 * with, to know the entries whose every roll says a sentence said. */
struct again {
	const struct stock_tables *t;
	const struct stock_table *tab;
	const struct stock_vars *v;
	const char *label;
	const struct stock_table *tint;
};

static int known_said(void *ctx, int entry)
{
	const struct again *a = ctx;
	return stock_entry_said(a->t, a->tab, entry, a->v, a->label, a->tint);
}

static int skip_all(void *ctx, int entry)
{
	(void)ctx;
	(void)entry;
	return 1;
}

/* Rolls on tab (then on tint, when given, in the same paragraph) into a
 * paragraph "Label: text" (no label when label is NULL) and adds it to the
 * entry. */
static int add_rolled(struct key_entry *en, const struct stock_tables *t, const struct stock_table *tab,
		      const char *label, const struct stock_table *tint, const struct stock_vars *v,
		      struct rng *rng, struct err *e)
{
	struct sbuf s, body;
	sbuf_init(&s);
	sbuf_init(&body);
	int rc = -1, repeat = 1;
	struct key_said *said = v && v->memory ? v->memory->said : NULL;
	struct again again = { t, tab, v, label, tint };
	struct stock_fit fit;   /* tab's entries where the room's facts hold, read at the first roll again */
	fit.tab = NULL;
	const char *line = NULL;
	/* rolled again while it says a sentence the document has said, and
	 * some line of the table may not; a roll drawing a line known to
	 * repeat makes the same draws without writing it (the last is
	 * written, being kept) */
	for (int tries = 0; tries < STOCK_UNSAID_TRIES; tries++) {
		if (line && (!repeat || (tries == 1 && stock_spent(t, tab, v, label, tint))))
			break;
		sbuf_reset(&body);
		int dry = tries > 0 && tries < STOCK_UNSAID_TRIES - 1;
		int r = dry ? stock_roll_unless(t, tab, v, 0, known_said, &again, &fit, rng, &body, e)
			    : stock_roll(t, tab, v, 0, rng, &body, e);
		if (r < 0)
			goto out;
		if (r == 1) {
			if (tint && stock_roll_unless(t, tint, v, 0, skip_all, NULL, NULL, rng, &body, e) < 0)
				goto out;
			continue;   /* line is still the last written, a repeat */
		}
		if (tint) {
			sbuf_addc(&body, ' ');
			if (stock_roll(t, tint, v, 0, rng, &body, e) < 0)
				goto out;
		}
		const char *text = sbuf_cstr(&body);
		if (!text) {
			err_set(e, "out of memory stocking the key");
			goto out;
		}
		sbuf_reset(&s);
		if (label)
			sbuf_printf(&s, "%s: ", label);
		size_t at = s.len;
		sbuf_add(&s, text);
		line = sbuf_cstr(&s);
		if (!line) {
			err_set(e, "out of memory stocking the key");
			goto out;
		}
		capitalise(s.data + at);
		repeat = key_said_any(said, line);
	}
	key_said_add(said, line);   /* a failure latches (key_said.h) */
	rc = key_entry_add_line(en, line, e);
out:
	sbuf_free(&s);
	sbuf_free(&body);
	return rc;
}

static int dress_entry(struct key_entry *en, const struct map *m, const struct stock_tables *t,
		       struct stock_memory *mem, fact_bits facts, struct rng *rng, struct err *e)
{
	if (en->kind[0] && en->seen)
		return 0;   /* the site model said what is seen */
	const struct region *r = &m->regions[en->region];
	const struct stock_table *tab = stock_dressing_table(t, m, en->region);
	if (!tab)
		return 0;
	struct stock_vars v = { .memory = mem, .facts = facts };
	v.v[STOCK_VAR_ROOM] = en->title;
	const struct stock_table *tint = NULL;
	if (r->zone >= 0 && r->zone < m->nzones && m->zones) {
		v.v[STOCK_VAR_THEME] = m->zones[r->zone].theme;
		tint = stock_theme_table(t, m->zones[r->zone].theme);
	}
	return add_rolled(en, t, tab, NULL, tint, &v, rng, e);
}

static const struct stock_kind *roll_kind(const struct stock_tables *t, struct rng *rng)
{
	int r = stock_dice_roll(&t->contents_die, rng);
	for (int i = 0; i < t->nkinds; i++)
		if (r >= t->kinds[i].lo && r <= t->kinds[i].hi)
			return &t->kinds[i];
	return &t->kinds[0];   /* unreachable: resolve checked the coverage */
}

static const struct stock_kind *find_kind(const struct stock_tables *t, const char *name)
{
	for (int i = 0; i < t->nkinds; i++)
		if (!strcmp(t->kinds[i].name, name))
			return &t->kinds[i];
	return NULL;
}

/* The contents of a room the site model left unoccupied: the roll again
 * while it says monster (the site has placed every creature), a few times
 * at most; then empty. */
static const struct stock_kind *roll_kind_unoccupied(const struct stock_tables *t, struct rng *rng)
{
	for (int tries = 0; tries < 12; tries++) {
		const struct stock_kind *k = roll_kind(t, rng);
		if (strcmp(k->name, "monster") != 0)
			return k;
	}
	const struct stock_kind *empty = find_kind(t, "empty");
	return empty ? empty : &t->kinds[0];
}

/* Where a room is stocked: the tables, what they have dealt, the dungeon
 * level and the party's level there (0: no party, a system in words). */
struct stock_at {
	const struct stock_tables *t;
	struct stock_memory *mem;
	int depth;
	int level;
	fact_bits facts;        /* of the room being stocked */
	long richest;           /* the most gp a treasure of the level holds so far, the leaders' aside */
	const struct key_entry *last_free;  /* on a level of TRAPS_FROM rooms or more, the last room
					       nobody holds: a trap when none has been rolled before it */
	int traps;              /* rolled so far */
	int rooms;              /* numbered on the level: its treasure grows toward the last */
	const char *locked_door;    /* the room's first locked door in words ({$door}), or NULL */
};

/* A level of this many rooms or more has a trap. */
#define TRAPS_FROM 20

/* Whether the site put a faction's leader in the room. */
static int leader_entry(const struct key_entry *en)
{
	for (int i = 0; i < en->noccupants; i++)
		if (!strcmp(en->occupants[i].role, "leader"))
			return 1;
	return 0;
}

/* Whether the entry already says there is something to find or meet
 * here (a find, a clue, traces, a treasure, a trap, a special, someone):
 * then "Empty." would contradict it. */
static int entry_has_finds(const struct key_entry *en)
{
	static const char *const labels[] = { "Worth taking:", "Clue:", "Traces:", "Treasure:", "Trap",
					      "Special:", "Who:", "Remains:", "Found here:", NULL };
	for (int i = 0; i < en->nlines; i++)
		for (const char *const *l = labels; *l; l++)
			if (!strncmp(en->lines[i], *l, strlen(*l)))
				return 1;
	return 0;
}

/* The contents kind of an entry: the site model's occupants make it a
 * monster's room; a room it has been to without placing anyone rolls
 * among the rest, and so does every room when the system sizes its
 * fights (only the site's groups have figures). */
static const struct stock_kind *entry_kind(const struct key_entry *en, const struct stock_tables *t,
					   struct rng *rng)
{
	const struct stock_kind *k = NULL;
	if (en->kind[0] && en->noccupants > 0)
		k = find_kind(t, "monster");
	else if (en->kind[0] && en->contents_kind[0])
		k = find_kind(t, en->contents_kind);   /* what the room's kind holds (a trap) */
	if (k)
		return k;
	else if (en->kind[0] || t->fig.has_budget)
		k = roll_kind_unoccupied(t, rng);
	return k ? k : roll_kind(t, rng);
}

/* A trap with the system's figures: its danger in the label, its save,
 * attack and damage in the text, and kept in the entry. */
static int trap_with_figures(struct key_entry *en, const struct stock_at *at, const struct stock_table *tab,
			     struct stock_vars *v, struct rng *rng, struct err *e)
{
	char dc[32], attack[32], damage[32], label[48];
	struct key_trap tr;
	stock_trap_roll(&at->t->fig, at->level, rng, &tr, dc, attack, damage, sizeof dc);
	unsigned used = 0;
	v->v[STOCK_VAR_DC] = dc;
	v->v[STOCK_VAR_ATTACK] = attack;
	v->v[STOCK_VAR_DAMAGE] = damage;
	v->used = &used;
	snprintf(label, sizeof label, "Trap (%s)", tr.danger);
	int rc = add_rolled(en, at->t, tab, label, NULL, v, rng, e);
	v->used = NULL;
	if (!(used & (1u << STOCK_VAR_DC)))
		tr.dc = 0;
	if (!(used & (1u << STOCK_VAR_ATTACK)))
		tr.attack = 0;
	if (!(used & (1u << STOCK_VAR_DAMAGE)))
		tr.damage[0] = '\0';
	en->trap = tr;
	return rc;
}

/* A treasure valued for the party, rolled where a line says {treasure}. */
struct valued_at {
	const struct stock_tables *t;
	int level;
	enum stock_holder holder;
	double scale;           /* by depth and distance from the way in (stock_worth_scale) */
	long richest;
	struct stock_memory *mem;
	struct rng *rng;
	long *gp;
	int rolled;
};

static int valued_roll(void *ctx, fact_bits facts, struct sbuf *out, struct err *e)
{
	struct valued_at *va = ctx;
	struct sbuf worth;   /* its own: it joins its parts by what it has written */
	sbuf_init(&worth);
	va->rolled = 1;
	int rc = stock_treasure_valued(va->t, va->level, va->holder, va->scale, va->richest, va->mem, facts, va->rng, &worth, va->gp,
				       e);
	if (rc == 0 && worth.len)
		sbuf_addn(out, worth.data, worth.len);
	sbuf_free(&worth);
	return rc;
}

static int contents_entry(struct key_entry *en, struct stock_at *at, struct rng *rng, struct err *e)
{
	const struct stock_tables *t = at->t;
	const struct stock_kind *k = entry_kind(en, t, rng);
	const struct stock_kind *trap = find_kind(t, "trap");
	if (en == at->last_free && at->traps == 0 && trap && stock_table_find(t, "trap"))
		k = trap;
	at->traps += strcmp(k->name, "trap") == 0;
	int valued = at->level > 0 && stock_has_treasure_figures(&t->fig);
	int hoard = valued && leader_entry(en);   /* a leader always keeps a hoard */
	int treasure = rng_chance(rng, k->treasure) || hoard;
	int empty = strcmp(k->name, "empty") == 0;
	int occupied = en->kind[0] && en->noccupants > 0;   /* the site wrote who is here */
	struct stock_vars v = { .memory = at->mem, .depth = at->depth, .facts = at->facts };
	if (!strcmp(k->name, "trap"))
		v.facts |= FACT_BIT(FACT_TRAP);
	v.v[STOCK_VAR_ROOM] = en->title;
	v.v[STOCK_VAR_DOOR] = at->locked_door ? at->locked_door : "locked door";
	snprintf(en->contents_kind, sizeof en->contents_kind, "%s", empty && treasure ? "treasure" : k->name);
	char label[sizeof k->name];
	snprintf(label, sizeof label, "%s", k->name);
	capitalise(label);
	const struct stock_table *tab = stock_table_at_depth(t, k->name, at->depth);
	if (empty && !treasure && en->kind[0]) {
		/* the site has said what is seen here: nobody is, and that is
		 * all, unless the entry already names something found here */
		if (!entry_has_finds(en) && key_entry_add_line(en, "Empty.", e) < 0)
			return -1;
	} else if (!(empty && treasure) && !occupied) {
		if (tab && at->level > 0 && strcmp(k->name, "trap") == 0 && stock_has_trap_figures(&t->fig)) {
			if (trap_with_figures(en, at, tab, &v, rng, e) < 0)
				return -1;
		} else if (tab) {
			if (add_rolled(en, t, tab, label, NULL, &v, rng, e) < 0)
				return -1;
		} else {
			char line[40];
			snprintf(line, sizeof line, "%s.", label);
			if (key_entry_add_line(en, line, e) < 0)
				return -1;
		}
	}
	if (!treasure)
		return 0;
	/* what it is worth, where the system says: rolled where the line
	 * says {treasure}, for what that line's holder can hold */
	struct valued_at va = { t, at->level, HOLDER_ROOM, 1.0, at->richest, at->mem, rng, &en->treasure_gp, 0 };
	if (valued) {
		/* a guard's purse holds pocket money, a leader's hoard the most */
		va.holder = hoard ? HOLDER_HOARD
				  : en->noccupants > 0 && !strcmp(en->occupants[0].role, "guard") ? HOLDER_PURSE : HOLDER_ROOM;
		va.scale = stock_worth_scale(at->depth, en->number, at->rooms);
		v.treasure_roll = valued_roll;
		v.treasure_ctx = &va;
	}
	/* where it is kept: by what the room's first occupants use it for
	 * (treasure_with_monster_leader), by its contents, or anywhere */
	const struct stock_table *with = NULL;
	char name[STOCK_NAME_MAX];
	const char *role = en->noccupants > 0 ? en->occupants[0].role : "";
	if (role[0])
		with = find_fmt(t, "treasure_with_%s_%s", k->name, role);
	snprintf(name, sizeof name, "treasure_with_%s", k->name);
	if (!with)
		with = stock_table_find(t, name);
	if (!with)
		with = stock_table_find(t, "treasure");
	int rc = with ? add_rolled(en, t, with, "Treasure", NULL, &v, rng, e) : 0;
	if (rc == 0 && valued && !va.rolled) {   /* a line that never says it: valued all the same */
		struct sbuf worth;
		sbuf_init(&worth);
		rc = valued_roll(&va, v.facts, &worth, e);
		sbuf_free(&worth);
	}
	if (rc == 0 && valued && !hoard && en->treasure_gp > at->richest)
		at->richest = en->treasure_gp;
	return rc;
}

/* Joins the key's line "The K lies here; it opens ..." (key.c) and the
 * placement just rolled ("The K hangs on a hook by the door.") into one
 * sentence: "The K hangs on a hook by the door; it opens ...". Returns 0,
 * or -1 with e set. */
static int join_key_lines(struct key_entry *en, const char *key_name, struct err *e)
{
	char here[STOCK_NAME_MAX + 32];
	snprintf(here, sizeof here, "The %s lies here; ", key_name);
	size_t hl = strlen(here);
	int j = -1;
	for (int i = 0; i < en->nlines - 1 && j < 0; i++)
		if (strncmp(en->lines[i], here, hl) == 0)
			j = i;
	if (j < 0)
		return 0;
	char *placed = en->lines[en->nlines - 1];
	size_t pl = strlen(placed);
	while (pl > 0 && (placed[pl - 1] == '.' || placed[pl - 1] == ' '))
		pl--;
	struct sbuf s;
	sbuf_init(&s);
	sbuf_printf(&s, "%.*s; %s", (int)pl, placed, en->lines[j] + hl);
	const char *joined = sbuf_cstr(&s);
	char *copy = joined ? strdup(joined) : NULL;
	sbuf_free(&s);
	if (!copy)
		return err_set(e, "out of memory stocking the key");
	free(en->lines[j]);
	en->lines[j] = copy;
	free(placed);
	en->nlines--;
	return 0;
}

/* Where each key lying in the room is found ("The brass key hangs ..."),
 * said once with what it opens. */
static int keys_entry(struct key_entry *en, const struct map *m, const struct stock_tables *t,
		      struct stock_memory *mem, fact_bits facts, struct rng *rng, struct err *e)
{
	const struct stock_table *tab = stock_table_find(t, "key_place");
	if (!tab)
		return 0;
	for (int i = 0; i < m->nlocks; i++) {
		if (m->locks[i].region != en->region)
			continue;
		int seen = 0;   /* locks of one name in one room are one key */
		for (int j = 0; j < i && !seen; j++)
			seen = m->locks[j].region == en->region && strcmp(m->locks[j].name, m->locks[i].name) == 0;
		if (seen)
			continue;
		struct stock_vars v = { .memory = mem, .facts = facts };
		v.v[STOCK_VAR_KEY] = m->locks[i].name[0] ? m->locks[i].name : "key";
		v.v[STOCK_VAR_ROOM] = en->title;
		if (add_rolled(en, t, tab, NULL, NULL, &v, rng, e) < 0 ||
		    join_key_lines(en, v.v[STOCK_VAR_KEY], e) < 0)
			return -1;
	}
	return 0;
}

/* For each door of m, the first entry of k to list it among its exits (-1:
 * none): the room a door is on says what it takes to open or find it,
 * once. Returns the array (the caller frees it), or NULL out of memory. */
static int *first_with_doors(const struct key *k, const struct map *m)
{
	int *first = malloc(((size_t)m->ndoors + 1) * sizeof *first);
	if (!first)
		return NULL;
	for (int d = 0; d < m->ndoors; d++)
		first[d] = -1;
	for (int j = 0; j < k->n; j++)
		for (int x = 0; x < k->entries[j].nexits; x++) {
			int d = k->entries[j].exit_list[x].door;
			if (d >= 0 && d < m->ndoors && first[d] < 0)
				first[d] = j;
		}
	return first;
}

/* The door of exit x of en told from any other of its kind on the same
 * wall: "locked door in the east wall"; of two, "western of the two
 * secret doors in the south wall"; of more, "second secret door from the
 * west in the south wall". */
static void door_words(const struct key_entry *en, int x, const struct map *m, char *out, size_t size)
{
	const struct key_exit *ex = &en->exit_list[x];
	const char *kind = ex->kind == DOOR_LOCKED ? "locked door" : ex->kind == DOOR_SECRET ? "secret door"
			   : ex->kind == DOOR_PORTCULLIS ? "portcullis" : "door";
	const char *plural = ex->kind == DOOR_PORTCULLIS ? "portcullises" : NULL;
	int along_x = ex->wall == SIDE_N || ex->wall == SIDE_S;
	int here = along_x ? m->doors[ex->door].x : m->doors[ex->door].y;
	int n = 0, before = 0;
	for (int i = 0; i < en->nexits; i++) {
		const struct key_exit *o = &en->exit_list[i];
		int seen = 0;   /* a door two exits share counts once */
		for (int j = 0; j < i && !seen; j++)
			seen = en->exit_list[j].door == o->door;
		if (seen || o->kind != ex->kind || o->wall != ex->wall || o->door < 0 || o->door >= m->ndoors)
			continue;
		n++;
		before += (along_x ? m->doors[o->door].x : m->doors[o->door].y) < here;
	}
	const char *wall = side_name(ex->wall);
	const char *low = along_x ? "west" : "north", *high = along_x ? "east" : "south";
	if (n <= 1)
		snprintf(out, size, "%s in the %s wall", kind, wall);
	else if (n == 2)
		snprintf(out, size, "%sern of the two %s%s in the %s wall", before ? high : low, plural ? plural : kind,
			 plural ? "" : "s", wall);
	else {
		static const char *const nth[] = { "first", "second", "third", "fourth", "fifth", "sixth" };
		if (before < (int)(sizeof nth / sizeof nth[0]))
			snprintf(out, size, "%s %s from the %s in the %s wall", nth[before], kind, low, wall);
		else
			snprintf(out, size, "%s in the %s wall to room %d", kind, wall, ex->nleads > 0 ? ex->leads[0] : 0);
	}
}

/* For each locked and secret door on the room's walls, what it takes to
 * open or find it, from door_locked and door_secret: the system's DC (a
 * lock as hard as a trap is to escape, forced at 2 more) or the classic
 * procedure's chance in 6. */
static int doors_entry(const struct key *k, int i, const int *first, const struct map *m, const struct stock_at *at,
		       struct rng *rng, struct err *e)
{
	int ndoors = m->ndoors;
	struct key_entry *en = &k->entries[i];
	for (int x = 0; x < en->nexits; x++) {
		const struct key_exit *ex = &en->exit_list[x];
		const char *name = ex->kind == DOOR_LOCKED ? "door_locked" : ex->kind == DOOR_SECRET ? "door_secret" : NULL;
		const struct stock_table *tab = name ? stock_table_find(at->t, name) : NULL;
		if (!tab || ex->door < 0 || ex->door >= ndoors || first[ex->door] != i)
			continue;
		char dc[32] = "", force[32] = "", attack[32], damage[32];
		if (at->level > 0 && stock_has_trap_figures(&at->t->fig)) {
			struct key_trap tr;
			stock_trap_roll(&at->t->fig, at->level, rng, &tr, dc, attack, damage, sizeof dc);
			snprintf(force, sizeof force, "DC %d", tr.dc + 2);
		}
		struct stock_vars v = { .memory = at->mem };
		v.v[STOCK_VAR_ROOM] = en->title;
		v.v[STOCK_VAR_WALL] = side_name(ex->wall);
		v.v[STOCK_VAR_DC] = dc;
		v.v[STOCK_VAR_FORCE] = force;
		char door[96];
		door_words(en, x, m, door, sizeof door);
		v.v[STOCK_VAR_DOOR] = door;
		if (add_rolled(en, at->t, tab, NULL, NULL, &v, rng, e) < 0)
			return -1;
	}
	return 0;
}

static int add_wandering_line(struct key *k, const char *text, struct err *e)
{
	char **p = realloc(k->wandering, ((size_t)k->nwandering + 1) * sizeof *p);
	if (!p)
		return err_set(e, "out of memory for the wandering monster table");
	k->wandering = p;
	if (!(p[k->nwandering] = strdup(text)))
		return err_set(e, "out of memory for the wandering monster table");
	k->nwandering++;
	return 0;
}

/* Whether the row in s ("3. 2d4 goblins ...") says what the document has
 * said, or what a row of k says past its number. */
static int row_said(const struct key *k, const struct stock_memory *mem, struct sbuf *s)
{
	const char *text = sbuf_cstr(s);
	if (!text || key_said_any(mem->said, text))
		return 1;
	const char *body = strchr(text, ' ');
	for (int i = 0; body && i < k->nwandering; i++) {
		const char *other = strchr(k->wandering[i], ' ');
		if (other && strcmp(other, body) == 0)
			return 1;
	}
	return 0;
}

/* The level's wandering monster table: one row per face of the die, each a
 * different entry of `wandering` while there are enough; dice stay unrolled
 * so every encounter rolls its own numbers. */
static int wandering_table(struct key *k, const struct stock_tables *t, struct stock_memory *mem, struct rng *rng,
			   struct err *e)
{
	const struct stock_table *tab = stock_table_find(t, "wandering");
	int rows = t->wandering_die.sides;
	if (!tab || rows <= 0 || k->nwandering > 0)   /* the site's own table stands */
		return 0;
	unsigned char *used = calloc((size_t)tab->n, 1);
	if (!used)
		return err_set(e, "out of memory for the wandering monster table");
	snprintf(k->wandering_die, sizeof k->wandering_die, "d%d", rows);
	int rc = 0, nused = 0;
	for (int row = 1; row <= rows && rc == 0; row++) {
		/* the table belongs to no room: it knows no facts */
		int pick = stock_pick_fit(t, tab, NULL, 0, rng);
		for (int tries = 0; tries < 50 && nused < tab->n && used[pick]; tries++)
			pick = stock_pick_fit(t, tab, NULL, 0, rng);
		if (!used[pick])
			nused++;
		used[pick] = 1;
		struct sbuf s;
		sbuf_init(&s);
		/* rolled again while the row reads as one before it */
		for (int tries = 0; rc == 0 && tries < STOCK_UNSAID_TRIES && (tries == 0 || row_said(k, mem, &s));
		     tries++) {
			if (tries > 0)
				pick = stock_pick(tab, rng);
			sbuf_reset(&s);
			sbuf_printf(&s, "%d. ", row);
			size_t at = s.len;
			rc = stock_expand(t, tab->entries[pick].text, NULL, STOCK_KEEP_DICE, rng, &s, e);
			if (rc == 0 && !sbuf_cstr(&s))
				rc = err_set(e, "out of memory for the wandering monster table");
			if (rc == 0)
				capitalise(s.data + at);
		}
		if (rc == 0) {
			key_said_add(mem->said, s.data);
			rc = add_wandering_line(k, s.data, e);
		}
		sbuf_free(&s);
	}
	free(used);
	return rc;
}

int stock_key_with(struct key *k, const struct map *m, const struct stock_tables *t, int party_level,
		   struct key_said *said, struct rng *rng, struct err *e)
{
	if (!rng)
		return err_set(e, "stocking the key needs a random number generator");
	struct stock_memory mem;
	if (stock_check_system(t, e) < 0 || stock_memory_init(&mem, t, e) < 0)
		return -1;
	struct key_said own;
	key_said_init(&own);
	mem.said = said ? said : &own;
	int figures = stock_has_trap_figures(&t->fig) || stock_has_treasure_figures(&t->fig);
	struct stock_at at = { t, &mem, m->depth > 0 ? m->depth : 1, 0, 0, 0, NULL, 0, 0, NULL };
	if (figures)
		at.level = stock_level_for(&t->fig, party_level > 0 ? party_level : 1, at.depth);
	/* with treasure valued, the leaders' rooms last: a hoard outweighs
	 * every other treasure of the level */
	int leaders_last = at.level > 0 && stock_has_treasure_figures(&t->fig);
	int rooms = 0;
	for (int i = 0; i < k->n; i++)
		if (k->entries[i].region > 0 && k->entries[i].region <= m->nregions) {
			rooms++;
			if (k->entries[i].noccupants == 0)
				at.last_free = &k->entries[i];
		}
	if (rooms < TRAPS_FROM)
		at.last_free = NULL;
	at.rooms = rooms;
	/* what the map gives each room, where the site has not said more
	 * (read once, when a room needs it) */
	struct room_facts *facts = NULL;
	int rc = 0;
	for (int i = 0; i < (leaders_last ? 2 : 1) * k->n && rc == 0; i++) {
		struct key_entry *en = &k->entries[i % k->n];
		if (en->region <= 0 || en->region > m->nregions ||
		    (leaders_last && (i < k->n) == leader_entry(en)))
			continue;
		if (!en->facts && !facts && room_facts_level(m, site_setting_of(m), &facts, e) < 0) {
			rc = -1;
			break;
		}
		at.facts = en->facts ? (fact_bits)en->facts : facts[en->region].bits;
		if (en->noccupants > 0)
			at.facts |= FACT_BIT(FACT_OCCUPIED);
		char locked[96];
		at.locked_door = NULL;
		for (int x = 0; x < en->nexits && !at.locked_door; x++)
			if (en->exit_list[x].kind == DOOR_LOCKED && en->exit_list[x].door >= 0 &&
			    en->exit_list[x].door < m->ndoors) {
				door_words(en, x, m, locked, sizeof locked);
				at.locked_door = locked;
			}
		if (dress_entry(en, m, t, &mem, at.facts, rng, e) < 0 || contents_entry(en, &at, rng, e) < 0 ||
		    keys_entry(en, m, t, &mem, at.facts, rng, e) < 0)
			rc = -1;
	}
	free(facts);
	/* then what opens or finds each door, rolled after the rest so the
	 * rooms' contents stay as they were */
	int *first = rc == 0 ? first_with_doors(k, m) : NULL;
	if (rc == 0 && !first)
		rc = err_set(e, "out of memory stocking the key");
	for (int i = 0; i < k->n && rc == 0; i++)
		if (k->entries[i].region > 0 && k->entries[i].region <= m->nregions)
			rc = doors_entry(k, i, first, m, &at, rng, e);
	free(first);
	if (rc == 0)
		rc = wandering_table(k, t, &mem, rng, e);
	if (rc == 0 && mem.said->failed)
		rc = err_set(e, "out of memory stocking the key");
	key_said_free(&own);
	stock_memory_free(&mem);
	return rc;
}

int stock_key(struct key *k, const struct map *m, const struct key_options *o, struct rng *rng,
	      struct err *e)
{
	return stock_key_said(k, m, o, NULL, rng, e);
}

int stock_key_said(struct key *k, const struct map *m, const struct key_options *o, struct key_said *said,
		   struct rng *rng, struct err *e)
{
	if (!o->stock || o->player)
		return 0;
	if (o->tables)
		return stock_key_with(k, m, o->tables, o->party_level, said, rng, e);
	struct stock_tables t;
	int rc = stock_tables_load(&t, o->template_dirs, o->system ? o->system : "neutral", e);
	if (rc == 0)
		rc = stock_key_with(k, m, &t, o->party_level, said, rng, e);
	stock_tables_free(&t);
	return rc;
}
