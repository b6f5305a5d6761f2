/* site_threads.c: the premise's threads (site.h): each a thing the party
 * can find or meet, made from the premise's lines (the hook's person or
 * thing, the holders' want, the traces of what befell the place, the
 * remains of what it was built for, clues to the secret), placed in a room
 * of a level, and written into that room's entry in the premise's own
 * words. */
#include "base/possessive.h"
#include "site/site_rooms.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The stream of the threads' places, apart from the plan's and the levels'. */
#define SITE_THREAD_STREAM 4300u

/* a, b and c joined, malloc'd, or NULL. */
static char *joined(const char *a, const char *b, const char *c)
{
	size_t len = strlen(a) + strlen(b) + strlen(c) + 1;
	char *s = malloc(len);
	if (s)
		snprintf(s, len, "%s%s%s", a, b, c);
	return s;
}

/* text with its first letter made small when its first word is a common
 * one ("The", "A", "Half"), so it reads inside a sentence; names keep
 * their capitals. malloc'd, or NULL. */
static char *inside_sentence(const char *text)
{
	static const char *const common[] = { "The ", "A ", "An ", "Half ", "Their ", "Its ", "One ", "Every ",
					      "Some ", "Her ", "His ", "No ", "Each ", "Whoever ", "They " };
	char *s = strdup(text);
	for (size_t i = 0; s && i < sizeof common / sizeof common[0]; i++)
		if (!strncmp(s, common[i], strlen(common[i]))) {
			s[0] = (char)(s[0] - 'A' + 'a');
			break;
		}
	return s;
}

static int add(struct site_plan *p, enum site_thread_kind kind, enum site_thread_place place, const char *words,
	       char *entry, const char *creature, int faction, int clue, struct err *e)
{
	char *text = strdup(words);
	if (!text || (!entry && kind != THREAD_CLUE) || p->nthreads >= SITE_MAX_THREADS) {
		free(text);
		free(entry);
		return text && p->nthreads < SITE_MAX_THREADS ? err_set(e, "out of memory writing the premise") : 0;
	}
	/* the words without the sentence's full stop, as the premise has them */
	size_t len = strlen(text);
	if (len > 0 && text[len - 1] == '.')
		text[len - 1] = '\0';
	p->threads[p->nthreads] = (struct site_thread){ kind, place, entry, creature, faction, clue, NULL, NULL };
	p->placed[p->nthreads++] = (struct doc_thread){ text, 0, 0 };
	return 0;
}

/* The entry of a line's own thread (a thread: line) in wording w, under
 * label (a person met: with what to run them as, the roster's creature).
 * malloc'd, or NULL. */
static char *own_entry(const struct site_line *l, const char *label, int w)
{
	const char *line = l->entries[w];
	char end[SITE_WORD + 16] = ".";
	if (l->thread == THREAD_WHO && l->creature)
		snprintf(end, sizeof end, " (%s %s).", strchr("aeiou", l->creature[0]) ? "an" : "a", l->creature);
	size_t len = strlen(line);
	char *body = len > 0 && strchr(".!?", line[len - 1]) ? strndup(line, len - 1) : strdup(line);
	char *entry = body ? joined(label, body, end) : NULL;
	free(body);
	return entry;
}

/* A line's own thread, in its first wording until it is placed. */
static int own_thread(struct site_plan *p, enum site_thread_kind kind, const struct site_line *l, const char *label,
		      struct err *e)
{
	const char *lab = l->thread == THREAD_WHO ? "Who: " : l->thread == THREAD_FIND ? "Worth taking: " : label;
	char *entry = own_entry(l, lab, 0);
	if (!entry)
		return err_set(e, "out of memory writing the premise");
	if (add(p, kind, l->thread, l->words, entry, l->creature, 0, 0, e) < 0)
		return -1;
	p->threads[p->nthreads - 1].line = l;
	p->threads[p->nthreads - 1].label = lab;
	return 0;
}

/* A line without a thread line: the room says the line itself, under
 * its label ("Traces: ..."). */
static int told_thread(struct site_plan *p, enum site_thread_kind kind, const char *text, const char *lead,
		       struct err *e)
{
	char *inside = inside_sentence(text);
	char *entry = inside ? joined(lead, inside, site_ends_sentence(inside) ? "" : ".") : NULL;
	free(inside);
	if (!entry)
		return err_set(e, "out of memory writing the premise");
	return add(p, kind, THREAD_FEATURE, text, entry, NULL, 0, 0, e);
}

/* The clues to the first faction's secret (the three-clue rule); the
 * other faction's gets one. */
#define CLUES_FIRST 3

/* A clue line's thread: the fact the room gives, a whole sentence. */
static int clue_thread(struct site_plan *p, const char *clue, int faction, int c, struct err *e)
{
	char *entry = joined("Clue: ", clue, site_ends_sentence(clue) ? "" : ".");
	if (!entry)
		return err_set(e, "out of memory writing the premise");
	return add(p, THREAD_CLUE, THREAD_FEATURE, clue, entry, NULL, faction, c, e);
}

int site_threads_make(struct site_plan *p, const struct site_line *built, const struct site_line *befell,
		      const struct site_line *hook, const char *want, const char *const *secrets,
		      const struct site_faction_type *const *types, const int *secret_of, struct err *e)
{
	if (hook && (hook->thread != THREAD_NONE ? own_thread(p, THREAD_HOOK, hook, "Found here: ", e)
			: told_thread(p, THREAD_HOOK, hook->text, "The hook leads here: ", e)) < 0)
		return -1;
	if (want) {
		const char *they = "They want ";
		int plain = !strncmp(want, they, strlen(they));
		const char *words = plain ? want + strlen(they) : want;
		/* what they want, without the premise's "They want" */
		char *inside = inside_sentence(words);
		char lead[SITE_WORD + 48] = "Their aim: ";
		if (p->nfactions > 0) {
			char orders[SITE_WORD + 24];
			possessive(orders, sizeof orders, p->factions[0].leader, "orders");
			snprintf(lead, sizeof lead, "Their aim, on %s: ", orders);
		}
		char *entry = inside ? joined(lead, inside, site_ends_sentence(inside) ? "" : ".") : NULL;
		free(inside);
		if (!entry)
			return err_set(e, "out of memory writing the premise");
		if (add(p, THREAD_WANT, THREAD_LEADER, words, entry, NULL, 0, 0, e) < 0)
			return -1;
	}
	if (befell && (befell->thread != THREAD_NONE ? own_thread(p, THREAD_TRACES, befell, "Traces: ", e)
			: told_thread(p, THREAD_TRACES, befell->text, "Traces: ", e)) < 0)
		return -1;
	if (built && (built->thread != THREAD_NONE ? own_thread(p, THREAD_REMAINS, built, "Remains: ", e)
		       : told_thread(p, THREAD_REMAINS, built->text,
				     "Remains: ", e)) < 0)
		return -1;
	/* the three-clue rule for the first faction's secret: three rooms each
	 * give a fact that points at it (its clue lines); one room gives the
	 * other faction's; a secret without clue lines is told whole */
	for (int f = 0; f < p->nfactions; f++) {
		int want_clues = f == 0 ? CLUES_FIRST : 1, given = 0;
		const struct site_faction_type *ft = types[f];
		for (int i = 0; secrets[f] && ft && i < ft->nclues && given < want_clues; i++)
			if (ft->clue_of[i] == secret_of[f] && clue_thread(p, ft->clues[i], f, given++, e) < 0)
				return -1;
		if (secrets[f] && given == 0 && add(p, THREAD_CLUE, THREAD_FEATURE, secrets[f], NULL, NULL, f, -1, e) < 0)
			return -1;
	}
	return 0;
}

/* ---- where each thread goes ---- */

struct spot {
	int level;              /* depth */
	int number;             /* the room's key number */
	int role, faction, leader, dist;
	int kind;               /* index in the tables' kinds, or -1 */
	int used;
	fact_bits facts;        /* the room's facts as planned: the map's and its kind's */
};

/* Whether any wording of line l has a condition on its room. */
static int line_conditioned(const struct site_line *l)
{
	for (int w = 0; l && w < l->nentries; w++)
		if (l->entry_conds[w].need || l->entry_conds[w].not)
			return 1;
	return 0;
}

/* How specific the most specific wording of l that holds for facts is;
 * -1 when none holds. */
static int line_fit(const struct site_line *l, fact_bits facts)
{
	int best = -1;
	for (int w = 0; w < l->nentries; w++)
		if (fact_cond_holds(&l->entry_conds[w], facts) && l->entry_conds[w].n > best)
			best = l->entry_conds[w].n;
	return best;
}

/* Whether words name kind k's place as any one ("a temple"), not this
 * site's: a match word of k after "a" or "an". */
static int named_any(const char *words, const struct site_kind *k)
{
	for (int w = 0; w < k->nmatch; w++) {
		size_t n = strlen(k->match[w]);
		for (const char *q = words; *q; q++) {
			if (strncasecmp(q, k->match[w], n) != 0 || (q > words && isalpha((unsigned char)q[-1])) ||
			    isalpha((unsigned char)q[n]))
				continue;
			size_t before = (size_t)(q - words);
			if ((before >= 2 && !strncasecmp(q - 2, "a ", 2) && (before == 2 || q[-3] == ' ')) ||
			    (before >= 3 && !strncasecmp(q - 3, "an ", 3) && (before == 3 || q[-4] == ' ')))
				return 1;
		}
	}
	return 0;
}

/* The kind of room a thread names as a place of this site ("the old
 * chapel", "the armoury"): one with a use of its own (a shrine, a store,
 * a work room, cells), not a place in the town; -1 when it names none. */
static int place_kind(const struct site_tables *t, const struct site_thread *th, const char *words,
		      unsigned settings)
{
	static const char *const elsewhere[] = { "town", "village", "city", "valley" };
	if (th->kind == THREAD_CLUE || !words)
		return -1;
	for (size_t i = 0; i < sizeof elsewhere / sizeof elsewhere[0]; i++)
		if (strstr(words, elsewhere[i]))
			return -1;
	int k = site_kind_by_name(t, words, settings);
	if (k < 0 || named_any(words, &t->kinds[k]))
		return -1;
	enum site_role role = t->kinds[k].role;
	return role == ROLE_SHRINE || role == ROLE_STORE || role == ROLE_WORK || role == ROLE_PRISON ? k : -1;
}

/* How well spot s holds the place a thread names (kind k of the tables):
 * a room of that kind, else of its use; 0 for another. */
static int holds_place(const struct site_tables *t, int k, const struct spot *s)
{
	if (k < 0)
		return 0;
	return s->kind == k ? 2000 : s->kind >= 0 && t->kinds[s->kind].role == t->kinds[k].role ? 1000 : 0;
}

/* How well spot s suits thread t of plan p among n levels; below 0: not at all. */
static int suits(const struct site_thread *t, const struct spot *s, int n, const int *clue_levels)
{
	int deepest = s->level == n, score = s->dist > 0 ? s->dist : 0;
	switch (t->kind) {
	case THREAD_HOOK:
		if (t->place == THREAD_LEADER)
			return (s->leader && s->faction == 0 ? 400 : 0) + 100 * deepest + score;
		if (s->leader || s->dist == 0)
			return score;
		if (t->place == THREAD_WHO)
			return 100 * deepest + (s->role == ROLE_PRISON ? 200 : s->role != ROLE_NONE ? 60 : 0) + score;
		return 100 * deepest + 3 * score;
	case THREAD_WANT:
		return (s->leader && s->faction == 0 ? 400 : 0) + 100 * deepest + score;
	case THREAD_TRACES:
		if (s->leader)
			return score;
		return (s->level == 1 ? 100 : 0) + (s->role == ROLE_NONE ? 80 : 0) + (s->dist > 0 ? 20 : 0);
	case THREAD_REMAINS:
		if (s->leader)
			return score;
		return (s->level == (n + 1) / 2 ? 60 : 0) +
		       (s->role == ROLE_WORK || s->role == ROLE_SHRINE || s->role == ROLE_STORE ? 90
			: s->role == ROLE_NONE ? 70 : 0) + (s->dist > 0 ? 20 : 0);
	case THREAD_CLUE:
	default: {
		int fresh = !(clue_levels[t->faction] & (1 << (s->level < 30 ? s->level : 30))) ? 120 : 0;
		int want = t->clue <= 0 ? s->role == ROLE_PRISON : t->clue == 1 ? s->leader && s->faction == t->faction
										 : s->role == ROLE_LAIR || s->role == ROLE_GUARD;
		return fresh + 150 * want + (s->dist > 0 ? 20 : 0);
	}
	}
}

/* The line of a secret without clue lines, told whole by who the room
 * it is in holds: a prisoner, a letter of the leader's, or talk
 * overheard. */
static char *clue_entry(const char *words, const struct spot *s)
{
	static const char *const lead[3] = {
		"Clue: A prisoner here will tell it for the price of freedom: ",
		"Clue: Among the leader's things, a letter lets slip what few know: ",
		"Clue: Talk overheard at this door, by anyone who listens before opening it: ",
	};
	return joined(lead[s->role == ROLE_PRISON ? 0 : s->leader ? 1 : 2], words, ".");
}

/* Thread t's entry in one of its line's wordings, drawn for the room it
 * is placed in (at spot s of a map of rooms rooms), so that maps of one
 * seed and premise word it apart. 0, or -1 out of memory. */
static int reword(struct site_thread *t, const struct spot *s, int rooms, const char *seed)
{
	struct rng rng;
	rng_seed_text(&rng, seed ? seed : "", SITE_THREAD_STREAM + 1u +
		      (unsigned)(s->level * 7919 + s->number * 104729 + rooms));
	/* of the wordings that hold for the room, the most specific */
	int fit = line_fit(t->line, s->facts), ok[SITE_THREAD_WORDINGS], nok = 0;
	for (int w = 0; w < t->line->nentries; w++)
		if (fact_cond_holds(&t->line->entry_conds[w], s->facts) && t->line->entry_conds[w].n == fit)
			ok[nok++] = w;
	if (nok == 0)
		return 0;
	char *entry = own_entry(t->line, t->label, ok[rng_range(&rng, 0, nok - 1)]);
	if (!entry)
		return -1;
	free(t->entry);
	t->entry = entry;
	return 0;
}

/* The rooms of levels[0..n) the site planned, as spots; *count of them. */
static struct spot *spots_of(const struct site_tables *t, const struct level *levels, int n, int *count,
			     struct err *e)
{
	int total = 0;
	for (int k = 0; k < n; k++)
		total += levels[k].map.nregions;
	struct spot *s = calloc((size_t)total + 1, sizeof *s);
	if (!s) {
		err_set(e, "out of memory placing the premise's threads");
		return NULL;
	}
	*count = 0;
	for (int k = 0; k < n; k++) {
		const struct level *lv = &levels[k];
		struct room_facts *facts = NULL;
		if (lv->uses && room_facts_level(&lv->map, site_setting_of(&lv->map), &facts, e) < 0) {
			free(s);
			return NULL;
		}
		for (int id = 1; lv->uses && id <= lv->map.nregions; id++) {
			const struct room_use *u = &lv->uses[id];
			if (u->kind < 0 || lv->map.regions[id].number <= 0)
				continue;
			/* the map's facts and the kind's use, floor and feature */
			const struct site_kind *kind = &t->kinds[u->kind];
			fact_bits b = facts[id].bits;
			if (kind->facts & FACTS_FLOOR)
				b &= ~FACTS_FLOOR;
			b |= kind->facts;
			if (kind->feature != FEATURE_NONE)
				b |= FACT_BIT(FACT_FEATURE + kind->feature - 1);
			s[(*count)++] = (struct spot){ lv->map.depth, lv->map.regions[id].number, u->role, u->faction,
						       u->leader, u->dist, u->kind, 0, b };
		}
		free(facts);
	}
	return s;
}

int site_threads_place(struct site_plan *p, const struct site_tables *t, const struct level *levels, int n,
		       const char *seed, struct err *e)
{
	int count;
	struct spot *s = spots_of(t, levels, n, &count, e);
	if (!s)
		return -1;
	unsigned settings = 0;
	for (int k = 0; k < n; k++)
		settings |= 1u << site_setting_of(&levels[k].map);
	struct rng rng;
	rng_seed_text(&rng, seed ? seed : "", SITE_THREAD_STREAM);
	int clue_levels[SITE_MAX_FACTIONS] = { 0 };
	for (int i = 0; i < p->nthreads && count > 0; i++) {
		struct site_thread *th = &p->threads[i];
		/* a thread that names a place of the site (a chapel for their
		 * rites) goes to a room of that kind or use, one of its own */
		int place = place_kind(t, th, p->placed[i].text, settings);
		int shared = place >= 0 || th->kind == THREAD_WANT || (th->kind == THREAD_HOOK && th->place == THREAD_LEADER);
		/* a thread whose wordings need a room of a use ("[grand]") goes
		 * only where one holds, the most specific first */
		int conditioned = th->line && line_conditioned(th->line);
		int best = -1, best_score = -1;
		for (int pass = 0; pass < 2 && best < 0; pass++)
			for (int j = 0; j < count; j++) {
				if (pass == 0 && s[j].used && !shared)
					continue;
				int fit = conditioned ? line_fit(th->line, s[j].facts) : 0;
				if (fit < 0)
					continue;
				int score = (suits(th, &s[j], n, clue_levels) + holds_place(t, place, &s[j]) + 150 * fit) * 4 +
					    rng_range(&rng, 0, 3);
				if (score > best_score) {
					best_score = score;
					best = j;
				}
			}
		if (best < 0)   /* no room holds it: the premise tells it unplaced */
			continue;
		s[best].used = 1;
		p->placed[i].level = s[best].level;
		p->placed[i].room = s[best].number;
		if (th->line && (th->line->nentries > 1 || conditioned) && reword(th, &s[best], levels[0].map.nregions, seed) < 0) {
			free(s);
			return err_set(e, "out of memory placing the premise's threads");
		}
		if (th->kind == THREAD_CLUE) {
			clue_levels[th->faction] |= 1 << (s[best].level < 30 ? s[best].level : 30);
			if (!th->entry && !(th->entry = clue_entry(p->placed[i].text, &s[best]))) {
				free(s);
				return err_set(e, "out of memory placing the premise's threads");
			}
		}
	}
	free(s);
	return 0;
}

const struct doc_thread *site_threads_placed(const struct site_plan *p, int *n)
{
	*n = p->nthreads;
	return p->placed;
}

/* ---- the rooms' lines ---- */

int site_threads_write(struct level_plan *lp, struct err *e)
{
	const struct site_plan *p = lp->site;
	struct key *k = &lp->lv->key;
	for (int i = 0; i < p->nthreads; i++) {
		const struct site_thread *t = &p->threads[i];
		if (p->placed[i].level != lp->lv->map.depth || !t->entry)
			continue;
		const struct key_entry *found = key_find(k, p->placed[i].room);
		if (!found)
			continue;
		struct key_entry *en = &k->entries[found - k->entries];
		if (t->place == THREAD_WHO && t->creature && en->noccupants < KEY_MAX_OCCUPANTS) {
			struct key_occupant *o = &en->occupants[en->noccupants++];
			*o = (struct key_occupant){ .faction = -1, .count = 1 };
			snprintf(o->creature, sizeof o->creature, "%s", t->creature);
			snprintf(o->role, sizeof o->role, "sought");
		}
		if (key_entry_add_line(en, t->entry, e) < 0)
			return -1;
	}
	return 0;
}
