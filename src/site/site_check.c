/* site_check.c: what the site tables must hold before a site is built from
 * them (see site_tables_check in site_tables.h), and freeing them. */
#include "site/site_tables.h"

#include <stdlib.h>
#include <string.h>

static int lines_for(const struct site_line *l, int n, int setting)
{
	for (int i = 0; i < n; i++)
		if (l[i].settings & (1u << setting))
			return 1;
	return 0;
}

static int kind_for(const struct site_tables *t, int setting, enum site_role role)
{
	for (int i = 0; i < t->nkinds; i++)
		if ((t->kinds[i].settings & (1u << setting)) && t->kinds[i].role == role)
			return 1;
	return 0;
}

/* A faction's or a kind's problem, at its first line. */
#define AT(x) (x)->file ? (x)->file : "?", (x)->line

static int faction_check(const struct site_faction_type *f, struct err *e)
{
	const char *missing = !f->ncalled ? "called:" : !f->nholds ? "holds:" : !f->nleaders ? "leader:"
			      : !f->nmembers ? "member:" : !f->nwants ? "want:" : !f->nsecrets ? "secret:"
			      : !f->ndoing[ROLE_LEADER] ? "doing:leader:"
			      : !f->ndoing[ROLE_WANDER] ? "doing:wander:" : NULL;
	if (missing)
		return err_usage(e, "%s:%d:1: faction '%s' has no '%s' line (a faction needs called, holds, leader, "
				 "member, want, secret, doing:leader and doing:wander lines)",
				 AT(f), f->id, missing);
	for (int m = 0; m < f->nmembers; m++)
		for (int r = ROLE_GUARD; r < ROLE_COUNT; r++)
			if ((f->members[m].roles & (1u << r)) && r != ROLE_LEADER && !f->ndoing[r])
				return err_usage(e, "%s:%d:1: faction '%s' has %s in the %s role but no 'doing:%s:' line",
						 AT(f), f->id, f->members[m].plural, site_role_name((enum site_role)r),
						 site_role_name((enum site_role)r));
	/* a room of any kind can be given to a role: each role's lines must
	 * hold one that needs no feature */
	for (int r = ROLE_GUARD; r < ROLE_WANDER; r++) {
		int free_line = f->ndoing[r] == 0;
		for (int i = 0; i < f->ndoing[r] && !free_line; i++)
			free_line = f->doing_needs[r][i] == FEATURE_NONE;
		if (!free_line)
			return err_usage(e, "%s:%d:1: faction '%s': every 'doing:%s:' line has a 'needs:' line; one that "
					 "needs nothing is said where the room has none of those features",
					 AT(f), f->id, site_role_name((enum site_role)r));
	}
	return 0;
}

static int says_feature(char *const *lines, int n)
{
	for (int i = 0; i < n; i++)
		if (strstr(lines[i], "{feature}"))
			return 1;
	return 0;
}

static int kind_check(const struct site_kind *k, struct err *e)
{
	const char *missing = !k->nnames ? "name:" : !k->nseen ? "seen:" : NULL;
	if (missing)
		return err_usage(e, "%s:%d:1: room kind '%s' has no '%s' line (a kind needs name and seen lines)", AT(k),
				 k->id, missing);
	if (k->feature == FEATURE_NONE && says_feature(k->seen, k->nseen))
		return err_usage(e, "%s:%d:1: room kind '%s' has a 'seen:' line naming {feature} but no 'feature:' line",
				 AT(k), k->id);
	return 0;
}

/* The first party level no faction (or no vermin) of setting s fits, or
 * 0 when every level has one; *what says which is missing. */
static int level_unfit(const struct site_tables *t, int s, const char **what)
{
	for (int level = 1; level <= SITE_LEVEL_MAX; level++) {
		int faction = 0, vermin = 0;
		for (int i = 0; i < t->nfactions; i++) {
			const struct site_faction_type *f = &t->factions[i];
			faction |= ((f->settings >> s) & 1u) && site_fits_level(f->level_lo, f->level_hi, level);
		}
		for (int i = 0; i < t->noutsiders; i++) {
			const struct site_outsider *o = &t->outsiders[i];
			vermin |= !o->visitor && ((o->settings >> s) & 1u) && site_fits_level(o->level_lo, o->level_hi, level);
		}
		*what = !faction ? "faction" : !vermin ? "'vermin:' line" : NULL;
		if (*what)
			return level;
	}
	return 0;
}

/* The folder part of path, its length. */
static size_t folder_len(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;
	return slash ? (size_t)(slash - path) : 0;
}

/* Every room kind a creature's habitat names is one of the tables', when
 * the creatures and the kinds come from one folder (a user's own kinds
 * need not have the shipped creatures' rooms: those are never met). */
static int habitat_check(const struct site_tables *t, struct err *e)
{
	for (int i = 0; i < t->ncreatures; i++) {
		const char *kinds = t->nkinds ? t->kinds[0].file : NULL, *mine = t->creatures[i].file;
		size_t len = folder_len(mine);
		if (!kinds || !mine || folder_len(kinds) != len || strncmp(kinds, mine, len) != 0)
			continue;
		for (int j = 0; j < t->creatures[i].nkinds; j++) {
			int found = 0;
			for (int k = 0; k < t->nkinds && !found; k++)
				found = !strcmp(t->kinds[k].id, t->creatures[i].kinds[j]);
			if (!found)
				return err_usage(e, "%s:%d:1: creature '%s' lives in '%s', which is no setting and no room "
						 "kind (settings: dungeon, crypt, cave, building, any; or a kind's id)",
						 AT(&t->creatures[i]), t->creatures[i].name, t->creatures[i].kinds[j]);
		}
	}
	return 0;
}

int site_tables_check(const struct site_tables *t, struct err *e)
{
	for (int i = 0; i < t->nfactions; i++)
		if (faction_check(&t->factions[i], e) < 0)
			return -1;
	for (int i = 0; i < t->nkinds; i++)
		if (kind_check(&t->kinds[i], e) < 0)
			return -1;
	for (int s = 0; s < SETTING_COUNT; s++) {
		const char *name = site_setting_name((enum site_setting)s);
		int faction = 0, vermin = 0;
		for (int i = 0; i < t->nfactions; i++)
			faction |= (t->factions[i].settings >> s) & 1u;
		for (int i = 0; i < t->noutsiders; i++)
			vermin |= !t->outsiders[i].visitor && ((t->outsiders[i].settings >> s) & 1u);
		const char *missing = !lines_for(t->built, t->nbuilt, s) ? "no 'built:' line"
				      : !lines_for(t->befell, t->nbefell, s) ? "no 'befell:' line"
				      : !lines_for(t->hooks, t->nhooks, s) ? "no 'hook:' line"
				      : !faction ? "no faction" : !vermin ? "no 'vermin:' line"
				      : !kind_for(t, s, ROLE_GUARD) ? "no room kind in the guard role"
				      : !kind_for(t, s, ROLE_LAIR) ? "no room kind in the lair role"
				      : !kind_for(t, s, ROLE_LEADER) ? "no room kind in the leader role"
				      : !kind_for(t, s, ROLE_NONE) ? "no room kind in the none role" : NULL;
		if (missing)
			return err_usage(e, "the site tables have %s for the %s setting", missing, name);
		int level = level_unfit(t, s, &missing);
		if (level)
			return err_usage(e, "the site tables have no %s for a party of level %d in the %s setting (a "
					 "'levels:' line says the party levels a faction or an outsider suits; without one, %d-%d)",
					 missing, level, name, SITE_LEVELS_LO, SITE_LEVELS_HI);
	}
	for (int c = 0; c < COMPANY_COUNT; c++)
		for (int m = 0; m < 2; m++)
			if (t->company[c][m].n == 0)
				return err_usage(e, "the site tables have no 'company:%s:%s:' line (the company a group "
						 "keeps, in the singular and the plural)",
						 site_company_name((enum site_company)c), m ? "many" : "one");
	return habitat_check(t, e);
}

static void free_list(char **l, int n)
{
	for (int i = 0; i < n; i++)
		free(l[i]);
	free(l);
}

static void free_lines(struct site_line *l, int n)
{
	for (int i = 0; i < n; i++) {
		free(l[i].text);
		free(l[i].place_name);
		free(l[i].words);
		free(l[i].creature);
		for (int w = 0; w < l[i].nentries; w++)
			free(l[i].entries[w]);
	}
	free(l);
}

void site_tables_free(struct site_tables *t)
{
	free_lines(t->built, t->nbuilt);
	free_lines(t->befell, t->nbefell);
	free_lines(t->hooks, t->nhooks);
	for (int i = 0; i < t->nfactions; i++) {
		struct site_faction_type *f = &t->factions[i];
		free_list(f->called, f->ncalled);
		free_list(f->holds, f->nholds);
		free_list(f->wants, f->nwants);
		free_list(f->secrets, f->nsecrets);
		free_list(f->clues, f->nclues);
		free(f->clue_of);
		free(f->called_cond);
		free(f->holds_cond);
		free(f->wants_cond);
		free(f->secrets_cond);
		free(f->leaders);
		free(f->members);
		for (int r = 0; r < ROLE_COUNT; r++) {
			free_list(f->doing[r], f->ndoing[r]);
			free(f->doing_needs[r]);
			free(f->doing_cond[r]);
		}
	}
	free(t->factions);
	for (int i = 0; i < t->nkinds; i++) {
		struct site_kind *k = &t->kinds[i];
		free_list(k->names, k->nnames);
		free_list(k->match, k->nmatch);
		free_list(k->seen, k->nseen);
		free_list(k->finds, k->nfinds);
		free_list(k->ftexts, k->nftexts);
		free(k->names_cond);
		free(k->seen_cond);
		free(k->finds_cond);
		free(k->ftexts_cond);
		free(k->feature_text);
	}
	free(t->kinds);
	for (int i = 0; i < t->noutsiders; i++)
		free(t->outsiders[i].text);
	free(t->outsiders);
	for (int i = 0; i < t->ncreatures; i++) {
		free_list(t->creatures[i].kinds, t->creatures[i].nkinds);
		free(t->creatures[i].kind_index);
	}
	free(t->creatures);
	for (int c = 0; c < COMPANY_COUNT; c++)
		for (int m = 0; m < 2; m++) {
			free_list(t->company[c][m].text, t->company[c][m].n);
			free(t->company[c][m].cond);
		}
	free_list(t->files, t->nfiles);
	*t = (struct site_tables){ 0 };
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct site_creature *)a)->name, ((const struct site_creature *)b)->name);
}

int site_tables_index(struct site_tables *t, struct err *e)
{
	qsort(t->creatures, (size_t)t->ncreatures, sizeof *t->creatures, by_name);
	t->creatures_sorted = 1;

	for (int i = 0; i < t->ncreatures; i++) {
		struct site_creature *c = &t->creatures[i];
		if (c->nkinds == 0)
			continue;
		if (!(c->kind_index = malloc((size_t)c->nkinds * sizeof *c->kind_index)))
			return err_set(e, "out of memory reading the site tables");
		for (int j = 0; j < c->nkinds; j++) {
			c->kind_index[j] = -1;
			for (int k = 0; k < t->nkinds && c->kind_index[j] < 0; k++)
				if (!strcmp(t->kinds[k].id, c->kinds[j]))
					c->kind_index[j] = k;
		}
	}
	return 0;
}
