/* site_tables.c: reading templates/site/ (see site_tables.h and
 * mapsheet-templates(5), SITES) through the template parser. Every
 * directive is known in every file; a faction's or a kind's lines follow
 * the line that starts it, in the same file, and a levels line follows the
 * faction's or the outsider's line it belongs to. Each directive takes only
 * the roles and {placeholders} the site model uses. */
#include "site/site_tables.h"

#include "site/site_fields.h"
#include "base/paths.h"
#include "template/template.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const site_files[] = { "premises", "factions", "kinds", "outsiders", "creatures", "company" };
static const char *const faction_types[] = { "tribe", "cult", "household", "brood", "dead", "band" };
#define NTYPES (int)(sizeof faction_types / sizeof faction_types[0])

#define ROLE_BIT(r) (1u << ROLE_##r)
#define ALL_ROLES ((1u << ROLE_COUNT) - 1)
/* a kind is a room (not the wandering table); a doing line is of a room
 * someone keeps, or wandering; a member fills the rooms kept by the rank
 * and file, or wanders (the leader is the faction's leader line) */
#define KIND_ROLES (ALL_ROLES & ~ROLE_BIT(WANDER))
#define DOING_ROLES (ALL_ROLES & ~ROLE_BIT(NONE))
#define MEMBER_ROLES (ALL_ROLES & ~ROLE_BIT(NONE) & ~ROLE_BIT(LEADER))

/* the {placeholders} each text fills in */
static const char *const holds_words[] = { "faction", "leader", "creature", NULL };
static const char *const group_words[] = { "n", "who", NULL };
static const char *const seen_words[] = { "feature", NULL };
static const char *const captive_words[] = { "n", "who", "whose", NULL };
static const char *const company_names[COMPANY_COUNT] = { "over", "alone", "among", "beside", "beast", "apart",
							  "captive" };

const char *site_company_name(enum site_company c)
{
	return (unsigned)c < COMPANY_COUNT ? company_names[c] : NULL;
}

/* the longest name of a room and of a faction (struct region's and struct
 * faction's names) */
#define ROOM_NAME_MAX 47
#define CALLED_MAX 79

struct parse {
	struct site_tables *t;
	struct site_line *premise;          /* the last built, befell or hook line */
	int premise_kind;                   /* 'b', 'f' or 'h' */
	const char *file;                   /* the file's name, kept in t->files */
	struct site_faction_type *faction;  /* the faction the lines belong to */
	struct site_kind *kind;             /* the kind the lines belong to */
	struct site_outsider *outsider;     /* the outsider a levels line belongs to */
	int last_doing;                     /* the role of the faction's last doing line, or -1 */
	int levels_line;                    /* where the faction's or outsider's levels line is, or 0 */
	struct site_creature *creature;     /* the creature line just read (for most:), or NULL */
};

static int oom(struct err *e)
{
	return err_set(e, "out of memory reading the site tables");
}

/* Grows *p (n elements of size sz) by one zeroed element; returns it. */
static void *grow(void **p, int *n, size_t sz, struct err *e)
{
	char *q = realloc(*p, ((size_t)*n + 1) * sz);
	if (!q) {
		oom(e);
		return NULL;
	}
	*p = q;
	memset(q + (size_t)*n * sz, 0, sz);
	return q + (size_t)(*n)++ * sz;
}

/* The condition at the start of text field f into *c, and the text after
 * it as *rest (a field of its own, its column moved on), checked
 * (site_field_text). */
static int cond_text(const struct tpl_pos *pos, const struct tpl_field *f, const char *what,
		     const char *const *known, size_t max, struct fact_cond *c, struct tpl_field *rest,
		     struct err *e)
{
	const char *after;
	if (fact_cond_read(pos, f->text, f->col, c, &after, e) < 0)
		return -1;
	*rest = *f;
	rest->text = after;
	rest->col = f->col + (int)(after - f->text);
	return site_field_text(pos, rest, what, known, max, e);
}

/* Adds the text of a `what:` line to list, its condition to conds beside
 * it, checked (site_field_text). */
static int add_text(char ***list, int *n, struct fact_cond **conds, const struct tpl_pos *pos,
		    const struct tpl_field *f, const char *what, const char *const *known, size_t max,
		    struct err *e)
{
	struct fact_cond c;
	struct tpl_field rest;
	if (cond_text(pos, f, what, known, max, &c, &rest, e) < 0)
		return -1;
	struct fact_cond *cs = realloc(*conds, ((size_t)*n + 1) * sizeof *cs);
	if (!cs)
		return oom(e);
	*conds = cs;
	cs[*n] = c;
	char *copy = strdup(rest.text);
	if (!copy)
		return oom(e);
	char **slot = grow((void **)list, n, sizeof *slot, e);
	if (!slot) {
		free(copy);
		return -1;
	}
	*slot = copy;
	return 0;
}

/* ---- premises ---- */

static int premise(struct parse *p, struct site_line **list, int *n, const char *what, const struct tpl_pos *pos,
		   const struct tpl_field *f, struct err *e)
{
	unsigned settings;
	struct fact_cond c;
	struct tpl_field rest;
	if (site_field_settings(pos, &f[0], &settings, e) < 0 || cond_text(pos, &f[1], what, NULL, 0, &c, &rest, e) < 0)
		return -1;
	char *copy = strdup(rest.text);
	struct site_line *l = copy ? grow((void **)list, n, sizeof *l, e) : NULL;
	if (!l) {
		free(copy);
		return copy ? -1 : oom(e);
	}
	*l = (struct site_line){ .text = copy, .settings = settings, .cond = c, .file = p->file, .line = pos->line };
	p->premise = l;
	p->premise_kind = what[0] == 'b' && what[1] == 'u' ? 'b' : what[0];
	p->faction = NULL;
	p->kind = NULL;
	p->outsider = NULL;
	return 0;
}

/* Whether words are in text, case ignored. */
static int says(const char *text, const char *words)
{
	size_t n = strlen(words);
	for (const char *q = text; *q; q++)
		if (strncasecmp(q, words, n) == 0)
			return 1;
	return 0;
}

/* place:NAME after a built line: the site's name it gives, which shares a
 * word with the line so the premise explains it. */
static int on_place(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	if (!p->premise || p->premise_kind != 'b')
		return tpl_error(e, pos, 1, "'place' follows the 'built:' line whose site it names");
	if (p->premise->place_name)
		return tpl_error(e, pos, 1, "this 'built:' line has a 'place:' line already");
	if (site_field_text(pos, &f[0], "place", NULL, 63, e) < 0)
		return -1;
	int shared = 0;
	char word[64];
	for (const char *q = f[0].text; *q && !shared;) {
		size_t n = strcspn(q, " '-");
		if (n >= 5 && n < sizeof word) {
			snprintf(word, sizeof word, "%.*s", (int)n, q);
			shared = says(p->premise->text, word);
		}
		q += n + (q[n] != '\0');
	}
	if (!shared)
		return tpl_error(e, pos, f[0].col, "'%s' shares no word of five letters or more with its 'built:' line, "
				 "which must explain the name", f[0].text);
	if (!(p->premise->place_name = strdup(f[0].text)))
		return oom(e);
	return 0;
}

/* thread:PLACE:WORDS:CREATURE:ENTRY after a built, befell or hook line;
 * further thread: lines of the same PLACE, WORDS and CREATURE give the
 * room's line other wordings, one drawn for each map. */
static int on_thread(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	static const char *const places[] = { "who", "find", "feature", "leader" };
	if (!p->premise)
		return tpl_error(e, pos, 1, "'thread' follows the 'built:', 'befell:' or 'hook:' line it belongs to");
	int place = -1;
	for (int i = 0; i < 4; i++)
		if (!strcmp(f[0].text, places[i]))
			place = i + 1;
	if (place < 0)
		return tpl_error(e, pos, f[0].col, "unknown place '%s' (who, find, feature or leader)", f[0].text);
	/* the room's line may start with a condition on the room it goes to */
	struct fact_cond cond;
	struct tpl_field entry;
	if (site_field_text(pos, &f[1], "thread", NULL, 80, e) < 0 ||
	    cond_text(pos, &f[3], "thread", NULL, 400, &cond, &entry, e) < 0)
		return -1;
	if (!says(p->premise->text, f[1].text))
		return tpl_error(e, pos, f[1].col, "'%s' is not in the line it belongs to (a thread is named in the "
				 "premise's own words)", f[1].text);
	if (!says(entry.text, f[1].text))
		return tpl_error(e, pos, f[3].col, "the room's line does not say '%s' (it names the thread in the "
				 "premise's own words)", f[1].text);
	if (place == THREAD_WHO && !strcmp(f[2].text, "-"))
		return tpl_error(e, pos, f[2].col, "a 'who' thread names the creature the person is ('commoner')");
	struct site_line *l = p->premise;
	if (l->thread != THREAD_NONE) {
		const char *creature = l->creature ? l->creature : "-";
		if ((int)l->thread != place || strcmp(l->words, f[1].text) || strcmp(creature, f[2].text))
			return tpl_error(e, pos, 1, "this line's thread is '%s' already: a further 'thread:' line is "
					 "another wording of it, with the same place, words and creature", l->words);
		if (l->nentries >= SITE_THREAD_WORDINGS)
			return tpl_error(e, pos, 1, "a thread has at most %d wordings", SITE_THREAD_WORDINGS);
		if (!(l->entries[l->nentries] = strdup(entry.text)))
			return oom(e);
		l->entry_conds[l->nentries++] = cond;
		return 0;
	}
	l->thread = (enum site_thread_place)place;
	l->entry_conds[0] = cond;
	if (!(l->words = strdup(f[1].text)) || !(l->entries[0] = strdup(entry.text)) ||
	    (strcmp(f[2].text, "-") && !(l->creature = strdup(f[2].text))))
		return oom(e);
	l->nentries = 1;
	return 0;
}

static int on_built(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	return premise(p, &p->t->built, &p->t->nbuilt, "built", pos, f, e);
}

static int on_befell(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	return premise(p, &p->t->befell, &p->t->nbefell, "befell", pos, f, e);
}

static int on_hook(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	return premise(p, &p->t->hooks, &p->t->nhooks, "hook", pos, f, e);
}

/* ---- factions ---- */

static int on_faction(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	for (int i = 0; i < p->t->nfactions; i++)
		if (!strcmp(p->t->factions[i].id, f[0].text))
			return tpl_error(e, pos, f[0].col, "faction '%s' again (first at %s:%d)", f[0].text,
					 p->t->factions[i].file, p->t->factions[i].line);
	struct site_faction_type ft = { .file = p->file, .line = pos->line, .level_lo = SITE_LEVELS_LO,
					.level_hi = SITE_LEVELS_HI };
	if (site_field_id(pos, &f[0], ft.id, sizeof ft.id, e) < 0 ||
	    site_field_settings(pos, &f[1], &ft.settings, e) < 0)
		return -1;
	int type = -1;
	for (int i = 0; i < NTYPES; i++)
		if (!strcmp(f[2].text, faction_types[i]))
			type = i;
	if (type < 0)
		return tpl_error(e, pos, f[2].col,
				 "unknown faction type '%s' (types: tribe, cult, household, brood, dead, band)", f[2].text);
	snprintf(ft.type, sizeof ft.type, "%s", faction_types[type]);
	struct site_faction_type *slot = grow((void **)&p->t->factions, &p->t->nfactions, sizeof *slot, e);
	if (!slot)
		return -1;
	*slot = ft;
	p->faction = slot;
	p->premise = NULL;
	p->last_doing = -1;
	p->levels_line = 0;
	p->kind = NULL;
	p->outsider = NULL;
	return 0;
}

#define FACTION_TEXT(fn, field, what, known, max)                                                            \
	static int fn(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e) \
	{                                                                                                    \
		struct parse *p = ctx;                                                                       \
		(void)nf;                                                                                    \
		if (!p->faction)                                                                             \
			return tpl_error(e, pos, 1, "this line belongs to a faction: start one with 'faction:'"); \
		return add_text(&p->faction->field, &p->faction->n##field, &p->faction->field##_cond, pos, &f[0], \
				what, known, max, e);                                                        \
	}
FACTION_TEXT(on_called, called, "called", NULL, CALLED_MAX)
FACTION_TEXT(on_holds, holds, "holds", holds_words, 0)
FACTION_TEXT(on_want, wants, "want", NULL, 0)
FACTION_TEXT(on_secret, secrets, "secret", NULL, 0)

/* A word of five letters or more of text (letters only) that secret
 * says, or 0. */
static int shares_word(const char *text, const char *secret)
{
	char word[64];
	for (const char *q = text; *q;) {
		size_t n = 0;
		while (isalpha((unsigned char)q[n]))
			n++;
		if (n == 0) {
			q++;
			continue;
		}
		if (n >= 5 && n < sizeof word) {
			snprintf(word, sizeof word, "%.*s", (int)n, q);
			if (says(secret, word))
				return 1;
		}
		q += n;
	}
	return 0;
}

/* clue:TEXT after a secret line: a fact a party can find that points at
 * it, a whole sentence that shares a word with it. */
static int on_clue(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	if (!p->faction || p->faction->nsecrets == 0)
		return tpl_error(e, pos, 1, "'clue' follows the 'secret:' line it points at");
	if (site_field_text(pos, &f[0], "clue", NULL, 0, e) < 0)
		return -1;
	if (!isupper((unsigned char)f[0].text[0]))
		return tpl_error(e, pos, f[0].col, "a clue is a whole sentence, starting with a capital letter");
	const char *secret = p->faction->secrets[p->faction->nsecrets - 1];
	if (!shares_word(f[0].text, secret))
		return tpl_error(e, pos, f[0].col, "this clue shares no word of five letters or more with its secret "
				 "('%s'), which it must point at", secret);
	int *of = realloc(p->faction->clue_of, ((size_t)p->faction->nclues + 1) * sizeof *of);
	if (!of)
		return oom(e);
	p->faction->clue_of = of;
	of[p->faction->nclues] = p->faction->nsecrets - 1;
	char *copy = strdup(f[0].text);
	char **slot = copy ? grow((void **)&p->faction->clues, &p->faction->nclues, sizeof *slot, e) : NULL;
	if (!slot) {
		free(copy);
		return copy ? -1 : oom(e);
	}
	*slot = copy;
	return 0;
}

static int on_leader(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	if (!p->faction)
		return tpl_error(e, pos, 1, "this line belongs to a faction: start one with 'faction:'");
	struct site_leader l;
	if (site_field_word(pos, &f[0], "the leader's name", l.name, sizeof l.name, e) < 0 ||
	    site_field_word(pos, &f[1], "the creature", l.creature, sizeof l.creature, e) < 0)
		return -1;
	struct site_leader *slot = grow((void **)&p->faction->leaders, &p->faction->nleaders, sizeof *slot, e);
	if (!slot)
		return -1;
	*slot = l;
	return 0;
}

static int on_member(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	if (!p->faction)
		return tpl_error(e, pos, 1, "this line belongs to a faction: start one with 'faction:'");
	struct site_member m;
	if (site_field_word(pos, &f[0], "the creature", m.creature, sizeof m.creature, e) < 0 ||
	    site_field_word(pos, &f[1], "the plural", m.plural, sizeof m.plural, e) < 0 || site_field_dice(pos, &f[2], &m.count, e) < 0 ||
	    (strcmp(f[3].text, "-") != 0 && site_field_roles(pos, &f[3], MEMBER_ROLES, &m.roles, e) < 0))
		return -1;
	if (!strcmp(f[3].text, "-"))
		m.roles = 0;   /* never a room's group alone: only with others */
	m.cast = CAST_RANK;
	if (nf > 4 && site_field_cast(pos, &f[4], &m.cast, e) < 0)
		return -1;
	struct site_member *slot = grow((void **)&p->faction->members, &p->faction->nmembers, sizeof *slot, e);
	if (!slot)
		return -1;
	*slot = m;
	return 0;
}

static int on_doing(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	if (!p->faction)
		return tpl_error(e, pos, 1, "this line belongs to a faction: start one with 'faction:'");
	enum site_role r;
	if (site_field_role(pos, &f[0], DOING_ROLES, &r, e) < 0 ||
	    add_text(&p->faction->doing[r], &p->faction->ndoing[r], &p->faction->doing_cond[r], pos, &f[1], "doing",
		     group_words, 0, e) < 0)
		return -1;
	int n = p->faction->ndoing[r];
	enum feature *needs = realloc(p->faction->doing_needs[r], (size_t)n * sizeof *needs);
	if (!needs)
		return oom(e);
	needs[n - 1] = FEATURE_NONE;
	p->faction->doing_needs[r] = needs;
	p->last_doing = (int)r;
	return 0;
}

/* needs:FEATURE after a doing line of a room: the line names that feature
 * ("lay a captive on the altar"), so it is said only in a room where the
 * feature is drawn. */
static int on_needs(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	if (!p->faction || p->last_doing < 0)
		return tpl_error(e, pos, 1, "'needs' follows the doing line it belongs to");
	if (p->last_doing == ROLE_WANDER)
		return tpl_error(e, pos, 1, "a wandering line is said in no room, so it needs nothing");
	enum feature *needs = &p->faction->doing_needs[p->last_doing][p->faction->ndoing[p->last_doing] - 1];
	if (*needs != FEATURE_NONE)
		return tpl_error(e, pos, 1, "the doing line above needs %s already (one feature a line)",
				 feature_name(*needs));
	if (site_field_feature(pos, &f[0], needs, e) < 0)
		return -1;
	/* the same as a condition on the feature's fact */
	struct fact_cond *c = &p->faction->doing_cond[p->last_doing][p->faction->ndoing[p->last_doing] - 1];
	fact_bits bit = FACT_BIT(FACT_FEATURE + *needs - 1);
	if (!(c->need & bit)) {
		c->need |= bit;
		c->n++;
	}
	c->not &= ~bit;
	return 0;
}

/* ---- room kinds ---- */

static int on_kind(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	for (int i = 0; i < p->t->nkinds; i++)
		if (!strcmp(p->t->kinds[i].id, f[0].text))
			return tpl_error(e, pos, f[0].col, "room kind '%s' again (first at %s:%d)", f[0].text,
					 p->t->kinds[i].file, p->t->kinds[i].line);
	struct site_kind k = { .file = p->file, .line = pos->line };
	if (site_field_id(pos, &f[0], k.id, sizeof k.id, e) < 0 ||
	    site_field_settings(pos, &f[1], &k.settings, e) < 0 ||
	    site_field_role(pos, &f[2], KIND_ROLES, &k.role, e) < 0)
		return -1;
	struct site_kind *slot = grow((void **)&p->t->kinds, &p->t->nkinds, sizeof *slot, e);
	if (!slot)
		return -1;
	*slot = k;
	p->kind = slot;
	p->premise = NULL;
	p->last_doing = -1;
	p->faction = NULL;
	p->outsider = NULL;
	return 0;
}

#define KIND_TEXT(fn, field, what, known)                                                                    \
	static int fn(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e) \
	{                                                                                                    \
		struct parse *p = ctx;                                                                       \
		(void)nf;                                                                                    \
		if (!p->kind)                                                                                \
			return tpl_error(e, pos, 1, "this line belongs to a room kind: start one with 'kind:'"); \
		return add_text(&p->kind->field, &p->kind->n##field, &p->kind->field##_cond, pos, &f[0], what, \
				known, 0, e);                                                                \
	}
KIND_TEXT(on_seen, seen, "seen", seen_words)
KIND_TEXT(on_find, finds, "find", NULL)

/* A room's name: at most ROOM_NAME_MAX bytes, not ending in a number (the
 * key numbers a name given twice on a level: "Cell", "Cell 2"). */
static int on_name(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	if (!p->kind)
		return tpl_error(e, pos, 1, "this line belongs to a room kind: start one with 'kind:'");
	size_t len = strlen(f[0].text);
	while (len > 0 && f[0].text[len - 1] == ' ')
		len--;
	if (len > 0 && f[0].text[len - 1] >= '0' && f[0].text[len - 1] <= '9')
		return tpl_error(e, pos, f[0].col + (int)len - 1,
				 "a room's name ends in no number (the key numbers a name given twice), not '%s'",
				 f[0].text);
	return add_text(&p->kind->names, &p->kind->nnames, &p->kind->names_cond, pos, &f[0], "name", NULL,
			ROOM_NAME_MAX, e);
}

static int on_match(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	if (!p->kind)
		return tpl_error(e, pos, 1, "this line belongs to a room kind: start one with 'kind:'");
	for (const char *c = f[0].text; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || *c == '\'' || *c == '-'))
			return tpl_error(e, pos, f[0].col + (int)(c - f[0].text),
					 "a match word is one lowercase word, not '%s'", f[0].text);
	char *copy = strdup(f[0].text);
	char **slot = copy ? grow((void **)&p->kind->match, &p->kind->nmatch, sizeof *slot, e) : NULL;
	if (!slot) {
		free(copy);
		return copy ? -1 : oom(e);
	}
	*slot = copy;
	return 0;
}

static int on_feature(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	if (!p->kind)
		return tpl_error(e, pos, 1, "this line belongs to a room kind: start one with 'kind:'");
	enum feature feat;
	if (site_field_feature(pos, &f[0], &feat, e) < 0)
		return -1;
	/* a second line is the same feature, worded for other facts with a
	 * condition ("[!pillars]a fluted pillar"), or in other words without
	 * one (a room's words are drawn fresh for the document) */
	if (p->kind->feature != FEATURE_NONE && feat != p->kind->feature)
		return tpl_error(e, pos, f[0].col,
				 "room kind '%s' has the feature %s already (a kind has one feature; more "
				 "'feature:' lines name it in other words, or with a condition for other facts)",
				 p->kind->id, feature_name(p->kind->feature));
	p->kind->feature = feat;
	if (add_text(&p->kind->ftexts, &p->kind->nftexts, &p->kind->ftexts_cond, pos, &f[1], "feature", NULL, 0,
		     e) < 0)
		return -1;
	if (p->kind->feature_text)
		return 0;
	return (p->kind->feature_text = strdup(p->kind->ftexts[0])) ? 0 : oom(e);
}

/* Fact words of field f, each one of allowed (the message lists those),
 * into *out. */
static int fact_words(const struct tpl_pos *pos, const struct tpl_field *f, fact_bits allowed, const char *what,
		      fact_bits *out, struct err *e)
{
	*out = 0;
	for (const char *w = f->text; *w;) {
		while (*w == ' ')
			w++;
		size_t len = strcspn(w, " ");
		if (!len)
			break;
		int fact = fact_by_name(w, len);
		if (fact < 0 || !(allowed & FACT_BIT(fact))) {
			char list[300] = "";
			size_t used = 0;
			for (int i = 0; i < FACT_COUNT; i++)
				if (allowed & FACT_BIT(i))
					used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", used ? " " : "",
								 fact_name((enum fact)i));
			return tpl_error(e, pos, f->col + (int)(w - f->text), "%s '%.*s' (words: %s)", what, (int)len,
					 w, list);
		}
		*out |= FACT_BIT(fact);
		w += len;
	}
	return 0;
}

#define FACTS_ROOM (FACTS_FLOOR | FACT_BIT(FACT_COLD) | FACT_BIT(FACT_WARM) | FACT_BIT(FACT_WET) | \
		    FACT_BIT(FACT_DARK) | FACT_BIT(FACT_LIT) | FACTS_USE)
#define FACTS_NATURE (FACTS_WHO & ~FACT_BIT(FACT_OCCUPIED) & ~FACT_BIT(FACT_FACTION) & ~FACT_BIT(FACT_LEADER))

/* facts:WORDS in a kind's lines: its floor, air and light, and what it
 * is used for (kitchen, sleeping, ...). */
static int on_facts(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	if (!p->kind)
		return tpl_error(e, pos, 1, "this line belongs to a room kind: start one with 'kind:'");
	return fact_words(pos, &f[0], FACTS_ROOM, "a room kind's facts are its floor, air, light and use, not",
			  &p->kind->facts, e);
}

/* contents:KIND in a kind's lines: what the stocking rolls in its rooms
 * (a "Trapped Passage" holds a trap). */
static int on_contents(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	if (!p->kind)
		return tpl_error(e, pos, 1, "this line belongs to a room kind: start one with 'kind:'");
	static const char *const kinds[] = { "trap", "special", "empty" };
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (!strcmp(f[0].text, kinds[i])) {
			snprintf(p->kind->contents, sizeof p->kind->contents, "%s", kinds[i]);
			return 0;
		}
	return tpl_error(e, pos, f[0].col, "unknown contents '%s' (contents: trap, special, empty)", f[0].text);
}

/* creature:NAME:NATURE:HABITAT: what a creature is and where it lives;
 * the habitat's kind ids are checked once every file is read. */
static int on_creature(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	struct site_creature c = { .file = p->file, .line = pos->line };
	if (site_field_word(pos, &f[0], "the creature", c.name, sizeof c.name, e) < 0 ||
	    fact_words(pos, &f[1], FACTS_NATURE, "a creature's nature is none of", &c.nature, e) < 0)
		return -1;
	for (int i = 0; i < p->t->ncreatures; i++)
		if (!strcmp(p->t->creatures[i].name, c.name))
			return tpl_error(e, pos, f[0].col, "creature '%s' again (first at %s:%d)", c.name,
					 p->t->creatures[i].file, p->t->creatures[i].line);
	for (const char *w = f[2].text; *w;) {
		while (*w == ' ')
			w++;
		size_t len = strcspn(w, " ");
		if (!len)
			break;
		int setting = -1;
		for (int st = 0; st < SETTING_COUNT; st++)
			if (strlen(site_setting_name((enum site_setting)st)) == len &&
			    !strncmp(w, site_setting_name((enum site_setting)st), len))
				setting = st;
		int neg = *w == '!', fact = setting >= 0 ? -1 : fact_by_name(w + neg, len - (size_t)neg);
		if ((fact >= 0 && !(FACTS_ROOM & FACT_BIT(fact))) || (neg && fact < 0)) {
			for (int i = 0; i < c.nkinds; i++)
				free(c.kinds[i]);
			free(c.kinds);
			return tpl_error(e, pos, f[2].col + (int)(w - f[2].text),
					 "a habitat's facts are a room's floor, air and light (wet, cold, warm, ...), "
					 "not '%.*s'", (int)len, w);
		}
		if (fact >= 0)
			*(neg ? &c.never : &c.home) |= FACT_BIT(fact);
		else if (len == 3 && !strncmp(w, "any", 3))
			c.settings = (1u << SETTING_COUNT) - 1;
		else if (setting >= 0)
			c.settings |= 1u << setting;
		else {
			char *id = strndup(w, len);
			char **slot = id ? grow((void **)&c.kinds, &c.nkinds, sizeof *slot, e) : NULL;
			if (!slot) {
				free(id);
				for (int i = 0; i < c.nkinds; i++)
					free(c.kinds[i]);
				free(c.kinds);
				return id ? -1 : oom(e);
			}
			*slot = id;
		}
		w += len;
	}
	struct site_creature *slot = grow((void **)&p->t->creatures, &p->t->ncreatures, sizeof *slot, e);
	if (!slot) {
		for (int i = 0; i < c.nkinds; i++)
			free(c.kinds[i]);
		free(c.kinds);
		return -1;
	}
	*slot = c;
	p->creature = slot;
	return 0;
}

/* most:N after a creature line: never more than N of it together. */
static int on_most(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	if (!p->creature)
		return tpl_error(e, pos, 1, "'most' follows the creature line it belongs to");
	char *end;
	long n = strtol(f[0].text, &end, 10);
	if (end == f[0].text || *end || n < 2 || n > 99)
		return tpl_error(e, pos, f[0].col, "most: a count from 2 (its lines speak of a group) to 99, not '%s'",
				 f[0].text);
	p->creature->most = (int)n;
	p->creature = NULL;
	return 0;
}

/* size:SIZE after a creature line (before its most: line): the floor one
 * takes, for a room's groups to fit it. */
static int on_size(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	static const char *const sizes[] = { "medium", "large", "huge", "gargantuan" };
	static const int squares[] = { 1, 4, 9, 16 };
	if (!p->creature)
		return tpl_error(e, pos, 1, "'size' follows the creature line it belongs to");
	for (int i = 0; i < 4; i++)
		if (!strcmp(f[0].text, sizes[i])) {
			p->creature->space = squares[i];
			return 0;
		}
	return tpl_error(e, pos, f[0].col, "size: medium, large, huge or gargantuan, not '%s'", f[0].text);
}

/* ---- outsiders ---- */

/* An outsider's line ends the faction or kind above it: a levels line
 * after it is the outsider's. */
static int outsider(struct parse *p, int visitor, const struct tpl_pos *pos, const struct tpl_field *f,
		    struct err *e)
{
	struct site_outsider o = { .visitor = visitor, .level_lo = SITE_LEVELS_LO, .level_hi = SITE_LEVELS_HI };
	struct tpl_field rest;
	if (site_field_settings(pos, &f[0], &o.settings, e) < 0 ||
	    site_field_word(pos, &f[1], "the creature", o.creature, sizeof o.creature, e) < 0 ||
	    site_field_word(pos, &f[2], "the plural", o.plural, sizeof o.plural, e) < 0 ||
	    site_field_dice(pos, &f[3], &o.count, e) < 0 ||
	    cond_text(pos, &f[4], visitor ? "visitor" : "vermin", group_words, 0, &o.cond, &rest, e) < 0)
		return -1;
	if (!(o.text = strdup(rest.text)))
		return oom(e);
	struct site_outsider *slot = grow((void **)&p->t->outsiders, &p->t->noutsiders, sizeof *slot, e);
	if (!slot) {
		free(o.text);
		return -1;
	}
	*slot = o;
	p->outsider = slot;
	p->premise = NULL;
	p->levels_line = 0;
	p->faction = NULL;
	p->kind = NULL;
	p->last_doing = -1;
	return 0;
}

static int on_vermin(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	return outsider(ctx, 0, pos, f, e);
}

static int on_visitor(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	(void)nf;
	return outsider(ctx, 1, pos, f, e);
}

/* ---- the company a group keeps ---- */

/* company:PART:one|many:TEXT: a line of the company a group keeps, in the
 * singular or the plural. */
static int on_company(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	int part = -1;
	for (int c = 0; c < COMPANY_COUNT; c++)
		if (!strcmp(f[0].text, company_names[c]))
			part = c;
	if (part < 0)
		return tpl_error(e, pos, f[0].col,
				 "unknown company '%s' (over, alone, among, beside, beast, apart or captive)", f[0].text);
	int many = !strcmp(f[1].text, "many");
	if (!many && strcmp(f[1].text, "one") != 0)
		return tpl_error(e, pos, f[1].col, "'one' or 'many', not '%s'", f[1].text);
	struct site_company_lines *l = &p->t->company[part][many];
	p->outsider = NULL;
	return add_text(&l->text, &l->n, &l->cond, pos, &f[2], "company",
			part == COMPANY_CAPTIVE ? captive_words : group_words, 0, e);
}

/* ---- party levels ---- */

/* levels:LO-HI in a faction's lines, or after an outsider's line: the
 * party levels it suits, once. */
static int on_levels(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct parse *p = ctx;
	(void)nf;
	char what[SITE_WORD + 16];
	int *lo, *hi;
	if (p->outsider) {
		snprintf(what, sizeof what, "%s '%s'", p->outsider->visitor ? "visitor" : "vermin", p->outsider->creature);
		lo = &p->outsider->level_lo;
		hi = &p->outsider->level_hi;
	} else if (p->faction) {
		snprintf(what, sizeof what, "faction '%s'", p->faction->id);
		lo = &p->faction->level_lo;
		hi = &p->faction->level_hi;
	} else {
		return tpl_error(e, pos, 1, "'levels' follows the faction, vermin or visitor line it belongs to");
	}
	if (p->levels_line)
		return tpl_error(e, pos, 1, "%s has a 'levels:' line already (at %s:%d)", what, p->file, p->levels_line);
	if (site_field_levels(pos, &f[0], lo, hi, e) < 0)
		return -1;
	p->levels_line = pos->line;
	return 0;
}

static const struct tpl_directive directives[] = {
	{ "built", "str text", on_built, 0 },
	{ "befell", "str text", on_befell, 0 },
	{ "hook", "str text", on_hook, 0 },
	{ "place", "text", on_place, 0 },
	{ "thread", "str str str text", on_thread, 0 },
	{ "faction", "str str str", on_faction, 0 },
	{ "called", "text", on_called, 0 },
	{ "holds", "text", on_holds, 0 },
	{ "leader", "str str", on_leader, 0 },
	{ "member", "str str str str ?str", on_member, 0 },
	{ "want", "text", on_want, 0 },
	{ "secret", "text", on_secret, 0 },
	{ "clue", "text", on_clue, 0 },
	{ "doing", "str text", on_doing, 0 },
	{ "needs", "str", on_needs, 0 },
	{ "kind", "str str str", on_kind, 0 },
	{ "name", "text", on_name, 0 },
	{ "match", "str", on_match, 0 },
	{ "feature", "str text", on_feature, 0 },
	{ "seen", "text", on_seen, 0 },
	{ "find", "text", on_find, 0 },
	{ "vermin", "str str str str text", on_vermin, 0 },
	{ "visitor", "str str str str text", on_visitor, 0 },
	{ "levels", "str", on_levels, 0 },
	{ "facts", "str", on_facts, 0 },
	{ "contents", "str", on_contents, 0 },
	{ "creature", "str str str", on_creature, 0 },
	{ "most", "str", on_most, 0 },
	{ "size", "str", on_size, 0 },
	{ "company", "str str text", on_company, 0 },
	{ NULL, NULL, NULL, 0 },
};

int site_tables_parse(struct site_tables *t, const char *name, const char *text, size_t len, struct err *e)
{
	char *file = strdup(name);
	char **slot = file ? grow((void **)&t->files, &t->nfiles, sizeof *slot, e) : NULL;
	if (!slot) {
		free(file);
		return file ? -1 : oom(e);
	}
	*slot = file;
	struct parse p = { .t = t, .file = file, .last_doing = -1 };
	return tpl_parse_text(name, text, len, directives, &p, e);
}

int site_tables_load(struct site_tables *t, const char *const *dirs, struct err *e)
{
	memset(t, 0, sizeof *t);
	for (size_t i = 0; i < sizeof site_files / sizeof site_files[0]; i++) {
		char path[4096];
		size_t len;
		char *text = NULL;
		if (paths_find(dirs, "site", site_files[i], "site", "site table", path, sizeof path, e) < 0 ||
		    !(text = tpl_read_file(path, &len, e)) || site_tables_parse(t, path, text, len, e) < 0) {
			free(text);
			site_tables_free(t);
			return -1;
		}
		free(text);
	}
	if (site_tables_check(t, e) < 0 || site_tables_index(t, e) < 0) {
		site_tables_free(t);
		return -1;
	}
	return 0;
}
