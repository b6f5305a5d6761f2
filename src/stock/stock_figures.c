/* stock_figures.c: reading a system's figures (stock_figures.h): one
 * handler a directive, each checking its fields where they stand, and the
 * checks made once every file is read. */
#include "stock/stock_figures.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const difficulty_names[FIG_DIFFICULTIES] = { "low", "moderate", "high" };
static const char *const danger_names[FIG_DANGERS] = { "setback", "dangerous", "deadly" };

const char *fig_difficulty_name(enum fig_difficulty d)
{
	return d >= 0 && d < FIG_DIFFICULTIES ? difficulty_names[d] : "";
}

const char *fig_danger_name(enum fig_danger d)
{
	return d >= 0 && d < FIG_DANGERS ? danger_names[d] : "";
}

void stock_figures_free(struct stock_figures *f)
{
	free(f->creatures);
	free(f->credit);
	memset(f, 0, sizeof *f);
}

/* ---- fields ---- */

static int name_index(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

static int parse_difficulty(const struct tpl_pos *pos, const struct tpl_field *f, struct err *e)
{
	int d = name_index(difficulty_names, FIG_DIFFICULTIES, f->text);
	if (d < 0)
		return tpl_error(e, pos, f->col, "'%s' is not a difficulty (low, moderate or high)", f->text);
	return d;
}

static int parse_danger(const struct tpl_pos *pos, const struct tpl_field *f, struct err *e)
{
	int d = name_index(danger_names, FIG_DANGERS, f->text);
	if (d < 0)
		return tpl_error(e, pos, f->col, "'%s' is not a danger (setback, dangerous or deadly)", f->text);
	return d;
}

/* "3" or "5-10" within lo..hi. */
static int parse_span(const struct tpl_pos *pos, const struct tpl_field *f, int lo, int hi, int *a, int *b,
		      struct err *e)
{
	char *end;
	long x = strtol(f->text, &end, 10), y = x;
	if (end == f->text || !isdigit((unsigned char)f->text[0]))
		goto bad;
	if (*end == '-') {
		const char *s = end + 1;
		if (!isdigit((unsigned char)*s))
			goto bad;
		y = strtol(s, &end, 10);
	}
	if (*end != '\0')
		goto bad;
	if (x > y || x < lo || y > hi)
		return tpl_error(e, pos, f->col, "%s is outside %d to %d or runs backwards", f->text, lo, hi);
	*a = (int)x;
	*b = (int)y;
	return 0;
bad:
	return tpl_error(e, pos, f->col, "'%s' is not a number or a range (expected N or N-M)", f->text);
}

int stock_parse_chance(const struct tpl_pos *pos, const struct tpl_field *f, double *out, struct err *e)
{
	char *end;
	double v = strtod(f->text, &end);
	if (end == f->text)
		goto bad;
	if (*end == '/') {
		const char *s = end + 1;
		double d = strtod(s, &end);
		if (end == s || !(d > 0))
			goto bad;
		v /= d;
	} else if (*end == '%') {
		end++;
		v /= 100.0;
	}
	if (*end != '\0')
		goto bad;
	if (!(v >= 0 && v <= 1))
		return tpl_error(e, pos, f->col, "chance %s is not between 0 and 1", f->text);
	*out = v;
	return 0;
bad:
	return tpl_error(e, pos, f->col, "'%s' is not a chance (expected N/M, N%% or 0)", f->text);
}

/* Dice as the tables write them: NdS, NdSxM, NdS+A. */
static int parse_dice(const struct tpl_pos *pos, const struct tpl_field *f, char *out, size_t size, struct err *e)
{
	int n = 0, s = 0, m = 1, a = 0, used = 0;
	int ok = sscanf(f->text, "%dd%d%n", &n, &s, &used) == 2;
	const char *rest = f->text + used;
	if (ok && *rest == 'x')
		ok = sscanf(rest, "x%d%n", &m, &used) == 1, rest += used;
	else if (ok && *rest == '+')
		ok = sscanf(rest, "+%d%n", &a, &used) == 1, rest += used;
	if (!ok || *rest != '\0' || n < 1 || n > 100 || s < 2 || s > 1000 || m < 1 || m > 100000 || a < 0 ||
	    a > 10000 || strlen(f->text) >= size)
		return tpl_error(e, pos, f->col, "'%s' is not dice (expected NdS, NdSxM or NdS+A)", f->text);
	snprintf(out, size, "%s", f->text);
	return 0;
}

static int positive(const struct tpl_pos *pos, const struct tpl_field *f, long max, const char *what,
		    struct err *e)
{
	if (f->i < 0 || f->i > max)
		return tpl_error(e, pos, f->col, "%s %ld is out of range (0 to %ld)", what, f->i, max);
	return 0;
}

/* ---- directives ---- */

static int valid_cr(const char *s)
{
	static const char *const fractions[] = { "1/8", "1/4", "1/2" };
	for (int i = 0; i < 3; i++)
		if (strcmp(s, fractions[i]) == 0)
			return 1;
	char *end;
	long v = strtol(s, &end, 10);
	return end != s && *end == '\0' && isdigit((unsigned char)s[0]) && v >= 0 && v <= 30;
}

/* A challenge rating as a number: "1/4" is 0.25; -1 for another rating. */
static double cr_value(const char *cr)
{
	int a, b;
	char end;
	if (sscanf(cr, "%d/%d%c", &a, &b, &end) == 2 && b > 0)
		return (double)a / b;
	if (sscanf(cr, "%d%c", &a, &end) == 1)
		return a;
	return -1;
}

/* creature:NAME:CR:XP:AC:HP:HIT-DICE:SIZE AND TYPE */
static int d_creature(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	if (!f[0].text[0] || strlen(f[0].text) >= FIG_NAME)
		return tpl_error(e, pos, f[0].col, "a creature's name is 1 to %d characters", FIG_NAME - 1);
	if (!f[1].text[0] || strlen(f[1].text) >= sizeof fg->creatures[0].cr)
		return tpl_error(e, pos, f[1].col, "a creature's rating is 1 to %zu characters ('5', '1/4')",
				 sizeof fg->creatures[0].cr - 1);
	if ((!fg->rating[0] || strcmp(fg->rating, "CR") == 0) && !valid_cr(f[1].text))
		return tpl_error(e, pos, f[1].col, "'%s' is not a challenge rating (0 to 30, or 1/8, 1/4, 1/2)",
				 f[1].text);
	if (positive(pos, &f[2], 1000000, "XP", e) < 0 || positive(pos, &f[3], 100, "armour class", e) < 0 ||
	    positive(pos, &f[4], 10000, "hit points", e) < 0)
		return -1;
	if (strlen(f[5].text) >= sizeof fg->creatures[0].hit_dice)
		return tpl_error(e, pos, f[5].col, "hit dice '%s' are too long", f[5].text);
	if (stock_creature_find(fg, f[0].text))
		return tpl_error(e, pos, f[0].col, "creature '%s' is given twice", f[0].text);
	if (fg->ncreatures == fg->creatures_cap) {
		int cap = fg->creatures_cap ? fg->creatures_cap * 2 : 256;
		struct fig_creature *p = realloc(fg->creatures, (size_t)cap * sizeof *p);
		if (!p)
			return err_set(e, "out of memory reading creatures");
		fg->creatures = p;
		fg->creatures_cap = cap;
	}
	struct fig_creature *c = &fg->creatures[fg->ncreatures++];
	memset(c, 0, sizeof *c);
	snprintf(c->name, sizeof c->name, "%s", f[0].text);
	snprintf(c->cr, sizeof c->cr, "%s", f[1].text);
	c->cr_value = cr_value(c->cr);
	c->xp = (int)f[2].i;
	c->ac = (int)f[3].i;
	c->hp = (int)f[4].i;
	snprintf(c->hit_dice, sizeof c->hit_dice, "%s", f[5].text);
	return 0;
}

/* budget:LEVEL:LOW:MODERATE:HIGH */
static int d_budget(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	if (f[0].i < 1 || f[0].i > FIG_LEVELS)
		return tpl_error(e, pos, f[0].col, "level %ld is outside 1 to %d", f[0].i, FIG_LEVELS);
	int *row = fg->budget[f[0].i];
	if (row[FIG_HIGH] > 0)
		return tpl_error(e, pos, f[0].col, "the budget of level %ld is given twice", f[0].i);
	for (int d = 0; d < FIG_DIFFICULTIES; d++) {
		if (f[1 + d].i < 1 || f[1 + d].i > 1000000)
			return tpl_error(e, pos, f[1 + d].col, "a budget of %ld XP is out of range (1 to 1000000)",
					 f[1 + d].i);
		if (d > 0 && f[1 + d].i < f[d].i)
			return tpl_error(e, pos, f[1 + d].col, "the %s budget is less than the %s one",
					 difficulty_names[d], difficulty_names[d - 1]);
		row[d] = (int)f[1 + d].i;
	}
	return 0;
}

static int d_crowd(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	if (f[0].i < 1 || f[0].i > 20)
		return tpl_error(e, pos, f[0].col, "a crowd of %ld creatures a character is out of range (1 to 20)",
				 f[0].i);
	fg->crowd = (int)f[0].i;
	fg->crowd_given = 1;
	return 0;
}

static int d_swarm(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	if (f[0].i < 1 || f[0].i > 20)
		return tpl_error(e, pos, f[0].col, "a swarm of %ld creatures a character is out of range (1 to 20)",
				 f[0].i);
	fg->swarm = (int)f[0].i;
	return 0;
}

static int d_deeper(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	if (f[0].i < 0 || f[0].i > 5)
		return tpl_error(e, pos, f[0].col, "deeper:%ld is out of range (0 to 5 levels a level down)", f[0].i);
	fg->deeper = (int)f[0].i;
	fg->deeper_given = 1;
	return 0;
}

static int d_mix(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	int d = parse_difficulty(pos, &f[0], e);
	return d < 0 ? -1 : stock_parse_chance(pos, &f[1], &fg->mix[d], e);
}

static int d_danger(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	int d = parse_danger(pos, &f[0], e);
	if (d < 0)
		return -1;
	if (f[1].i < 0 || f[1].i > 1000)
		return tpl_error(e, pos, f[1].col, "weight %ld is out of range (0 to 1000)", f[1].i);
	fg->danger_weight[d] = (double)f[1].i;
	return 0;
}

static int trap_span(const struct tpl_pos *pos, const struct tpl_field *f, int *lo, int *hi, int max,
		     struct err *e)
{
	int d = parse_danger(pos, &f[0], e);
	return d < 0 ? -1 : parse_span(pos, &f[1], 1, max, &lo[d], &hi[d], e);
}

static int d_trap_save(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	return trap_span(pos, f, fg->save_lo, fg->save_hi, 40, e);
}

static int d_trap_attack(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	return trap_span(pos, f, fg->attack_lo, fg->attack_hi, 30, e);
}

/* trap_damage:LEVELS:SETBACK:DANGEROUS:DEADLY */
static int d_trap_damage(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	if (fg->ndamage >= (int)(sizeof fg->damage / sizeof fg->damage[0]))
		return tpl_error(e, pos, 1, "more than %zu trap_damage lines", sizeof fg->damage / sizeof fg->damage[0]);
	struct fig_damage *r = &fg->damage[fg->ndamage];
	if (parse_span(pos, &f[0], 1, FIG_LEVELS, &r->lo, &r->hi, e) < 0)
		return -1;
	for (int d = 0; d < FIG_DANGERS; d++)
		if (parse_dice(pos, &f[1 + d], r->dice[d], sizeof r->dice[d], e) < 0)
			return -1;
	fg->ndamage++;
	return 0;
}

static struct fig_band *new_band(struct fig_band *bands, int *n, const struct tpl_pos *pos,
				 const struct tpl_field *levels, const char *what, struct err *e)
{
	if (*n >= 8) {
		tpl_error(e, pos, 1, "more than 8 %s lines", what);
		return NULL;
	}
	struct fig_band *b = &bands[*n];
	memset(b, 0, sizeof *b);
	if (parse_span(pos, levels, 1, FIG_LEVELS, &b->lo, &b->hi, e) < 0)
		return NULL;
	for (int i = 0; i < *n; i++)
		if (b->lo <= bands[i].hi && b->hi >= bands[i].lo) {
			tpl_error(e, pos, levels->col, "levels %s overlap another %s line", levels->text, what);
			return NULL;
		}
	(*n)++;
	return b;
}

static int d_coins(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	struct fig_band *b = new_band(fg->coins, &fg->ncoins, pos, &f[0], "coins", e);
	return b ? parse_dice(pos, &f[1], b->dice, sizeof b->dice, e) : -1;
}

/* valuable:LEVELS:CHANCE:VALUES (gp, space-separated) */
static int d_valuable(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	struct fig_band *b = new_band(fg->valuables, &fg->nvaluables, pos, &f[0], "valuable", e);
	if (!b || stock_parse_chance(pos, &f[1], &b->chance, e) < 0)
		return -1;
	const char *s = f[2].text;
	while (*s) {
		char *end;
		long v = strtol(s, &end, 10);
		if (end == s || v < 1 || v > 10000000 || (*end && *end != ' ') || b->nvalues >= 8)
			return tpl_error(e, pos, f[2].col + (int)(s - f[2].text),
					 "expected up to 8 values in gold pieces, separated by spaces");
		b->values[b->nvalues++] = (int)v;
		s = end;
		while (*s == ' ')
			s++;
	}
	if (b->nvalues == 0)
		return tpl_error(e, pos, f[2].col, "a valuable line names no value");
	return 0;
}

/* magic:LEVELS:CHANCE:RARITIES; the rarities are checked against the
 * rarity lines once every file is read. */
static int d_magic(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	struct fig_band *b = new_band(fg->magic, &fg->nmagic, pos, &f[0], "magic", e);
	if (!b || stock_parse_chance(pos, &f[1], &b->chance, e) < 0)
		return -1;
	if (strlen(f[2].text) >= sizeof b->dice || !f[2].text[0])
		return tpl_error(e, pos, f[2].col, "expected rarities separated by spaces, in all at most %zu characters",
				 sizeof b->dice - 1);
	snprintf(b->dice, sizeof b->dice, "%s", f[2].text);   /* the rarities' names, for now */
	return 0;
}

static int d_rarity(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	if (fg->nrarities >= 8)
		return tpl_error(e, pos, 1, "more than 8 rarities");
	if (!f[0].text[0] || strlen(f[0].text) >= sizeof fg->rarities[0].name)
		return tpl_error(e, pos, f[0].col, "a rarity's name is 1 to %zu characters",
				 sizeof fg->rarities[0].name - 1);
	for (const char *p = f[0].text; *p; p++)
		if (!(islower((unsigned char)*p) || *p == '_'))
			return tpl_error(e, pos, f[0].col, "a rarity's name is a-z and '_' ('very_rare')");
	if (f[1].i < 0 || f[1].i > 100000000)
		return tpl_error(e, pos, f[1].col, "a value of %ld gp is out of range", f[1].i);
	struct fig_rarity *r = &fg->rarities[fg->nrarities++];
	snprintf(r->name, sizeof r->name, "%s", f[0].text);
	r->value = f[1].i;
	return 0;
}

static int d_credit(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	(void)pos;
	struct stock_figures *fg = ctx;
	size_t had = fg->credit ? strlen(fg->credit) : 0, add = strlen(f[0].text);
	if (had + add > 4000)
		return tpl_error(e, pos, f[0].col, "the credit is longer than 4000 characters");
	char *p = realloc(fg->credit, had + add + 2);
	if (!p)
		return err_set(e, "out of memory reading the credit");
	if (had)
		p[had++] = ' ';
	memcpy(p + had, f[0].text, add + 1);
	fg->credit = p;
	return 0;
}

static int d_rating(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	if (!f[0].text[0] || strlen(f[0].text) >= sizeof fg->rating)
		return tpl_error(e, pos, f[0].col, "a rating's name is 1 to %zu characters (\"CR\", \"HD\", \"Level\")",
				 sizeof fg->rating - 1);
	snprintf(fg->rating, sizeof fg->rating, "%s", f[0].text);
	return 0;
}

/* actor:CREATURE:ID, its Actor in the compendium (a creature given before) */
static int d_actor(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	size_t n = strlen(f[1].text);
	int ok = n == 16;
	for (size_t i = 0; ok && i < n; i++)
		ok = isalnum((unsigned char)f[1].text[i]) != 0;
	if (!ok)
		return tpl_error(e, pos, f[1].col, "an actor's id is 16 letters and digits");
	for (int i = 0; i < fg->ncreatures; i++)
		if (strcasecmp(fg->creatures[i].name, f[0].text) == 0) {
			snprintf(fg->creatures[i].actor, sizeof fg->creatures[i].actor, "%s", f[1].text);
			return 0;
		}
	return tpl_error(e, pos, f[0].col, "actor for '%s', which no creature line gives", f[0].text);
}

/* compendium:PACK:SYSTEM:VERSION, where the actor ids are */
static int d_compendium(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct key_compendium *c = &((struct stock_figures *)ctx)->compendium;
	if (!strchr(f[0].text, '.') || strlen(f[0].text) >= sizeof c->pack || strlen(f[1].text) >= sizeof c->system ||
	    strlen(f[2].text) >= sizeof c->version)
		return tpl_error(e, pos, f[0].col, "a compendium is PACK:SYSTEM:VERSION (\"dnd5e.monsters:dnd5e:5.3.3\")");
	snprintf(c->pack, sizeof c->pack, "%s", f[0].text);
	snprintf(c->system, sizeof c->system, "%s", f[1].text);
	snprintf(c->version, sizeof c->version, "%s", f[2].text);
	return 0;
}

/* square:FEET, a square of the tabletop grid */
static int d_square(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	if (f[0].i < 1 || f[0].i > 100)
		return tpl_error(e, pos, f[0].col, "a square of %ld ft is out of range (1 to 100)", f[0].i);
	((struct stock_figures *)ctx)->square_feet = (int)f[0].i;
	return 0;
}

static int d_base(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	struct stock_figures *fg = ctx;
	if (fg->base[0])
		return tpl_error(e, pos, 1, "the base system is already given ('%s')", fg->base);
	if (!f[0].text[0] || strlen(f[0].text) >= sizeof fg->base || strchr(f[0].text, '/') || f[0].text[0] == '.')
		return tpl_error(e, pos, f[0].col, "'%s' is not the name of a shipped system", f[0].text);
	snprintf(fg->base, sizeof fg->base, "%s", f[0].text);
	return 0;
}

const struct tpl_directive stock_figure_directives[] = {
	{ "creature", "str str int int int str text", d_creature, 0 },
	{ "budget", "int int int int", d_budget, 0 },
	{ "crowd", "int", d_crowd, 0 },
	{ "swarm", "int", d_swarm, 0 },
	{ "deeper", "int", d_deeper, 0 },
	{ "mix", "str str", d_mix, 0 },
	{ "danger", "str int", d_danger, 0 },
	{ "trap_save", "str str", d_trap_save, 0 },
	{ "trap_attack", "str str", d_trap_attack, 0 },
	{ "trap_damage", "str str str str", d_trap_damage, 0 },
	{ "coins", "str str", d_coins, 0 },
	{ "valuable", "str str text", d_valuable, 0 },
	{ "magic", "str str text", d_magic, 0 },
	{ "rarity", "str int", d_rarity, 0 },
	{ "credit", "text", d_credit, 0 },
	{ "base", "str", d_base, 0 },
	{ "rating", "str", d_rating, 0 },
	{ "actor", "str str", d_actor, 0 },
	{ "compendium", "str str str", d_compendium, 0 },
	{ "square", "int", d_square, 0 },
	{ NULL, NULL, NULL, 0 },
};

/* ---- a base's figures ---- */

static int add_creature(struct stock_figures *f, const struct fig_creature *c, struct err *e)
{
	if (f->ncreatures == f->creatures_cap) {
		int cap = f->creatures_cap ? f->creatures_cap * 2 : 256;
		struct fig_creature *p = realloc(f->creatures, (size_t)cap * sizeof *p);
		if (!p)
			return err_set(e, "out of memory reading creatures");
		f->creatures = p;
		f->creatures_cap = cap;
	}
	f->creatures[f->ncreatures++] = *c;
	return 0;
}

int stock_figures_merge(struct stock_figures *own, const struct stock_figures *base, struct err *e)
{
	int had = own->ncreatures;
	for (int i = 0; i < base->ncreatures; i++) {
		int found = 0;
		for (int j = 0; j < had && !found; j++)
			found = strcasecmp(own->creatures[j].name, base->creatures[i].name) == 0;
		if (!found && add_creature(own, &base->creatures[i], e) < 0)
			return -1;
	}
	int budget = 0, mix = 0, dangers = 0;
	for (int l = 1; l <= FIG_LEVELS; l++)
		budget += own->budget[l][FIG_HIGH] > 0;
	for (int d = 0; d < FIG_DIFFICULTIES; d++)
		mix += own->mix[d] > 0;
	for (int d = 0; d < FIG_DANGERS; d++)
		dangers += own->danger_weight[d] > 0;
	if (!budget)
		memcpy(own->budget, base->budget, sizeof own->budget);
	if (!mix)
		memcpy(own->mix, base->mix, sizeof own->mix);
	if (!own->crowd_given && base->crowd_given)
		own->crowd = base->crowd, own->crowd_given = 1;
	if (!own->swarm && base->swarm)
		own->swarm = base->swarm;
	if (!own->deeper_given && base->deeper_given)
		own->deeper = base->deeper, own->deeper_given = 1;
	if (!dangers) {
		memcpy(own->danger_weight, base->danger_weight, sizeof own->danger_weight);
		memcpy(own->save_lo, base->save_lo, sizeof own->save_lo);
		memcpy(own->save_hi, base->save_hi, sizeof own->save_hi);
		memcpy(own->attack_lo, base->attack_lo, sizeof own->attack_lo);
		memcpy(own->attack_hi, base->attack_hi, sizeof own->attack_hi);
		memcpy(own->damage, base->damage, sizeof own->damage);
		own->ndamage = base->ndamage;
	}
	if (!own->ncoins) {
		memcpy(own->coins, base->coins, sizeof own->coins);
		memcpy(own->valuables, base->valuables, sizeof own->valuables);
		memcpy(own->magic, base->magic, sizeof own->magic);
		memcpy(own->rarities, base->rarities, sizeof own->rarities);
		own->ncoins = base->ncoins;
		own->nvaluables = base->nvaluables;
		own->nmagic = base->nmagic;
		own->nrarities = base->nrarities;
	}
	if (!own->square_feet)
		own->square_feet = base->square_feet;
	if (!own->compendium.pack[0])
		own->compendium = base->compendium;
	if (!own->rating[0])
		snprintf(own->rating, sizeof own->rating, "%s", base->rating);
	if (base->credit && base->credit[0]) {
		size_t a = own->credit ? strlen(own->credit) : 0, b = strlen(base->credit);
		char *p = realloc(own->credit, a + b + 2);
		if (!p)
			return err_set(e, "out of memory reading the credit");
		if (a)
			p[a++] = ' ';
		memcpy(p + a, base->credit, b + 1);
		own->credit = p;
	}
	return 0;
}

/* ---- after loading ---- */

static int cmp_creature(const void *a, const void *b)
{
	return strcasecmp(((const struct fig_creature *)a)->name, ((const struct fig_creature *)b)->name);
}

/* Whether name is the creature's name, case ignored, or its name before a
 * part in brackets ("Deep Gnome (Svirfneblin)"). */
static int names_creature(const struct fig_creature *c, const char *name)
{
	if (strcasecmp(c->name, name) == 0)
		return 1;
	const char *bracket = strstr(c->name, " (");
	size_t n = bracket ? (size_t)(bracket - c->name) : 0;
	return bracket && strlen(name) == n && strncasecmp(c->name, name, n) == 0;
}

/* The table's creature of several forms that name stands for: "vampire"
 * is "Vampire, Vampire Form", "werebear" "Werebear, Hybrid Form" when
 * there is no "Werebear, Werebear Form"; else the first form. */
static const struct fig_creature *creature_form(const struct stock_figures *f, const char *name)
{
	size_t n = strlen(name);
	const struct fig_creature *first = NULL, *hybrid = NULL;
	for (int i = 0; i < f->ncreatures; i++) {
		const char *c = f->creatures[i].name;
		if (strncasecmp(c, name, n) != 0 || strncmp(c + n, ", ", 2) != 0)
			continue;
		const char *form = c + n + 2;
		if (strncasecmp(form, name, n) == 0 && strcasecmp(form + n, " Form") == 0)
			return &f->creatures[i];
		if (!hybrid && strcasecmp(form, "Hybrid Form") == 0)
			hybrid = &f->creatures[i];
		if (!first)
			first = &f->creatures[i];
	}
	return hybrid ? hybrid : first;
}

const struct fig_creature *stock_creature_find(const struct stock_figures *f, const char *name)
{
	if (f->creatures_sorted) {
		size_t lo = 0, hi = (size_t)f->ncreatures;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			int c = strcasecmp(f->creatures[mid].name, name);
			if (c == 0)
				return &f->creatures[mid];
			if (c < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
	}
	for (int i = 0; i < f->ncreatures; i++)
		if (names_creature(&f->creatures[i], name))
			return &f->creatures[i];
	return creature_form(f, name);
}

const struct fig_band *stock_band_at(const struct fig_band *bands, int n, int level)
{
	for (int i = 0; i < n; i++)
		if (level >= bands[i].lo && level <= bands[i].hi)
			return &bands[i];
	return NULL;
}

static int rarity_index(const struct stock_figures *f, const char *name, size_t len)
{
	for (int i = 0; i < f->nrarities; i++)
		if (strlen(f->rarities[i].name) == len && strncmp(f->rarities[i].name, name, len) == 0)
			return i;
	return -1;
}

/* The magic lines' rarity names made indices of the rarity lines. */
static int resolve_magic(struct stock_figures *f, const char *where, struct err *e)
{
	for (int i = 0; i < f->nmagic; i++) {
		struct fig_band *b = &f->magic[i];
		const char *s = b->dice;
		b->nvalues = 0;
		while (*s) {
			size_t len = strcspn(s, " ");
			int r = rarity_index(f, s, len);
			if (r < 0 || b->nvalues >= 8)
				return err_usage(e, "%s: magic for levels %d-%d names rarity '%.*s', which has no rarity line",
						 where, b->lo, b->hi, (int)len, s);
			b->values[b->nvalues++] = r;
			s += len;
			while (*s == ' ')
				s++;
		}
	}
	return 0;
}

int stock_figures_check(struct stock_figures *f, const char *where, struct err *e)
{
	if (f->ncreatures > 1)
		qsort(f->creatures, (size_t)f->ncreatures, sizeof *f->creatures, cmp_creature);
	f->creatures_sorted = 1;
	int given = 0;
	for (int l = 1; l <= FIG_LEVELS; l++)
		given += f->budget[l][FIG_HIGH] > 0;
	if (given > 0 && given < FIG_LEVELS)
		for (int l = 1; l <= FIG_LEVELS; l++)
			if (f->budget[l][FIG_HIGH] == 0)
				return err_usage(e, "%s: the budget gives no line for level %d (budget:LEVEL:LOW:MODERATE:HIGH "
						    "for every level 1 to 20)", where, l);
	f->has_budget = given == FIG_LEVELS;
	if (f->has_budget && f->ncreatures == 0)
		return err_usage(e, "%s: a system with a budget needs its creatures (creature:NAME:CR:XP:AC:HP:...)",
				 where);
	if (f->crowd == 0)
		f->crowd = 2;
	if (f->swarm < f->crowd)
		f->swarm = f->crowd;
	if (!f->rating[0])
		snprintf(f->rating, sizeof f->rating, "CR");
	double weights = 0;
	for (int d = 0; d < FIG_DANGERS; d++)
		weights += f->danger_weight[d];
	for (int d = 0; d < FIG_DANGERS && weights > 0; d++)
		if (f->danger_weight[d] > 0 && (f->save_hi[d] == 0 || f->attack_hi[d] == 0))
			return err_usage(e, "%s: a %s trap needs trap_save and trap_attack lines", where, danger_names[d]);
	if (weights > 0)
		for (int l = 1; l <= FIG_LEVELS; l++) {
			int found = 0;
			for (int i = 0; i < f->ndamage && !found; i++)
				found = l >= f->damage[i].lo && l <= f->damage[i].hi;
			if (!found)
				return err_usage(e, "%s: the traps' damage has no trap_damage line for level %d", where, l);
		}
	return resolve_magic(f, where, e);
}
