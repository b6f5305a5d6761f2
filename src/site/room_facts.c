/* room_facts.c: the fact words, conditions on them read at load, and the
 * facts the map gives a room (see room_facts.h). */
#include "site/room_facts.h"

#include "site/site_words.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const fact_names[FACT_COUNT] = {
	"dungeon", "crypt", "cave", "building",
	/* the features, in enum feature's order */
	"pillar", "water", "rubble", "statue", "pit", "altar", "coffin", "bed", "crate", "shelf", "table",
	"throne", "hearth", "cage", "well",
	"pillars", "statues", "coffins", "beds", "crates", "shelves", "tables", "cages", "pair",
	"stairs", "trap", "door", "opening", "locked", "secret", "portcullis", "below", "above",
	"boards", "flagstones", "earth", "cold", "warm", "wet", "dark", "lit",
	"occupied", "faction", "leader", "beast", "vermin", "undead", "construct", "ooze", "living", "thinking",
	"bare", "kitchen", "sleeping", "storage", "worship", "workshop", "grand", "carried", "hoard",
};

_Static_assert(FACT_COUNT <= 64, "the facts fit in fact_bits");
_Static_assert(FACT_CAGES + 1 == FACT_PAIR, "eight plural features");
_Static_assert(FACT_DUNGEON == (int)SETTING_DUNGEON && FACT_CRYPT == (int)SETTING_CRYPT &&
		       FACT_CAVE == (int)SETTING_CAVE && FACT_BUILDING == (int)SETTING_BUILDING,
	       "the setting facts are the settings' bits");

const char *fact_name(enum fact f)
{
	return (unsigned)f < FACT_COUNT ? fact_names[f] : "?";
}

int fact_by_name(const char *word, size_t len)
{
	for (int f = 0; f < FACT_COUNT; f++)
		if (len > 0 && fact_names[f][0] == word[0] && !strncmp(fact_names[f], word, len) &&
		    fact_names[f][len] == '\0')
			return f;
	return -1;
}

void fact_list(char *out, size_t size)
{
	size_t used = 0;
	out[0] = '\0';
	for (int f = 0; f < FACT_COUNT; f++) {
		int n = snprintf(out + used, size - used, "%s%s", f ? " " : "", fact_names[f]);
		if (n < 0 || (size_t)n >= size - used)
			return;
		used += (size_t)n;
	}
}

static int cond_error(struct err *e, const struct tpl_pos *pos, int col, const char *what, int len, const char *w)
{
	char list[600];
	fact_list(list, sizeof list);
	if (w)
		return tpl_error(e, pos, col, "%s '%.*s' (facts: %s)", what, len, w, list);
	return tpl_error(e, pos, col, "%s (facts: %s)", what, list);
}

int fact_cond_read(const struct tpl_pos *pos, const char *text, int col, struct fact_cond *c, const char **rest,
		   struct err *e)
{
	memset(c, 0, sizeof *c);
	*rest = text;
	if (text[0] != '[')
		return 0;
	const char *close = strchr(text, ']');
	int words = 0;
	if (!close)
		return cond_error(e, pos, col, "a condition '[' is not closed by ']'", 0, NULL);
	for (const char *p = text + 1; p < close;) {
		while (p < close && *p == ' ')
			p++;
		if (p == close)
			break;
		int neg = *p == '!';
		const char *w = p + neg;
		size_t len = 0;
		while (w + len < close && w[len] != ' ')
			len++;
		int wcol = col + (int)(w - text);
		int f = len ? fact_by_name(w, len) : -1;
		if (f < 0)
			return cond_error(e, pos, wcol, len ? "unknown fact" : "'!' names no fact", (int)len, w);
		fact_bits bit = FACT_BIT(f);
		if ((neg ? c->need : c->not) & bit)
			return tpl_error(e, pos, wcol, "the condition both needs and refuses '%s'", fact_names[f]);
		if (neg)
			c->not |= bit;
		else
			c->need |= bit;
		/* what it carries is no mark of where it is said, nor a use, a
		 * setting or a floor it only refuses ("[!kitchen]", "[!building]":
		 * anywhere else, as often as the lines without a condition), nor a
		 * fact of the whole level ("[below]": anywhere on a level with
		 * one below it, as often as the rest) */
		c->n += !(bit & FACTS_CLAIMED) && !(neg && (bit & FACTS_REFUSED_FREELY)) && !(bit & FACTS_LEVEL);
		words++;
		p = w + len;
	}
	if (words == 0)
		return cond_error(e, pos, col, "an empty condition '[]' names no fact", 0, NULL);
	const char *r = close + 1;
	while (*r == ' ')
		r++;
	if (!*r)
		return tpl_error(e, pos, col, "a condition with no text after it");
	*rest = r;
	return 0;
}

/* A zone's theme's words for the room's air and floor. */
static fact_bits theme_facts(const char *theme)
{
	fact_bits b = 0;
	if (strstr(theme, "Frozen") || strstr(theme, "Ice") || strstr(theme, "Rime"))
		b |= FACT_BIT(FACT_COLD);
	if (strstr(theme, "Burning") || strstr(theme, "Forge") || strstr(theme, "Fire"))
		b |= FACT_BIT(FACT_WARM);
	if (strstr(theme, "Flooded") || strstr(theme, "Drowned") || strstr(theme, "Sunken"))
		b |= FACT_BIT(FACT_WET);
	return b;
}

/* The facts of the features counted in rf. */
static fact_bits feature_facts(const struct room_facts *rf)
{
	static const enum feature plural[] = { FEATURE_PILLAR, FEATURE_STATUE, FEATURE_COFFIN, FEATURE_BED,
					       FEATURE_CRATE,  FEATURE_SHELF,  FEATURE_TABLE,  FEATURE_CAGE };
	fact_bits b = 0;
	for (int f = FEATURE_NONE + 1; f < FEATURE_COUNT; f++)
		if (rf->features[f] > 0)
			b |= FACT_BIT(FACT_FEATURE + f - 1);
	int pairs = 0, others = 0;
	for (size_t i = 0; i < sizeof plural / sizeof plural[0]; i++) {
		if (rf->features[plural[i]] >= 2)
			b |= FACT_BIT(FACT_PILLARS + (int)i);
		pairs += rf->features[plural[i]] == 2;
		others += rf->features[plural[i]] > 0 && rf->features[plural[i]] != 2;
	}
	if (pairs && !others)   /* "a pair of gate pillars" only where two are drawn */
		b |= FACT_BIT(FACT_PAIR);
	return b;
}

fact_bits room_facts_of_level(const struct map *m, int setting)
{
	fact_bits b = FACT_BIT(setting);
	for (int i = 0; i < m->nstairs; i++) {
		if (m->stairs[i].dir == STAIR_DOWN)
			b |= FACT_BIT(FACT_BELOW);
		else if (m->stairs[i].to_level > 0)
			b |= FACT_BIT(FACT_ABOVE);
	}
	return b;
}

int room_facts_level(const struct map *m, int setting, struct room_facts **out, struct err *e)
{
	struct room_facts *rf = calloc((size_t)m->nregions + 1, sizeof *rf);
	if (!rf)
		return err_set(e, "out of memory reading the rooms' facts");
	static const enum fact door_fact[DOOR_KIND_COUNT] = { FACT_OPENING, FACT_DOOR, FACT_LOCKED, FACT_SECRET,
							      FACT_PORTCULLIS };
	for (int i = 0; i < m->ndoors; i++) {
		int a, c;
		map_door_regions(m, &m->doors[i], &a, &c);
		if (m->doors[i].kind < 0 || m->doors[i].kind >= DOOR_KIND_COUNT)
			continue;
		for (int k = 0; k < 2; k++) {
			int id = k ? c : a;
			if (id > 0 && id <= m->nregions) {
				rf[id].doors[m->doors[i].kind]++;
				rf[id].bits |= FACT_BIT(door_fact[m->doors[i].kind]);
			}
		}
	}
	for (int i = 0; i < m->nstairs; i++) {
		int id = map_at(m, m->stairs[i].x, m->stairs[i].y);
		if (id > 0 && id <= m->nregions) {
			rf[id].stairs++;
			rf[id].bits |= FACT_BIT(FACT_STAIRS);
		}
	}
	for (int i = 0; i < m->nmarks; i++) {
		int id = map_at(m, m->marks[i].x, m->marks[i].y);
		if (id > 0 && id <= m->nregions && m->marks[i].text && strstr(m->marks[i].text, "rap"))
			rf[id].bits |= FACT_BIT(FACT_TRAP);
	}
	/* the floor and the light by where the site lies; the air by the theme */
	fact_bits where = room_facts_of_level(m, setting) |
			  (setting == SETTING_BUILDING ? FACT_BIT(FACT_BOARDS) | FACT_BIT(FACT_LIT)
			   : setting == SETTING_CAVE   ? FACT_BIT(FACT_EARTH) | FACT_BIT(FACT_DARK)
						       : FACT_BIT(FACT_FLAGSTONES) | FACT_BIT(FACT_DARK));
	/* the features, counted in one pass over the grid: eight squares at
	 * a time where none has one (most of them) */
	long squares = m->features ? (long)m->w * m->h : 0;
	for (long i = 0; i < squares;) {
		uint64_t eight;
		if (i + 8 <= squares) {
			memcpy(&eight, m->features + i, sizeof eight);
			if (!eight) {
				i += 8;
				continue;
			}
		}
		for (long end = i + 8 < squares ? i + 8 : squares; i < end; i++) {
			int id = m->cells[i];
			if (id > 0 && id <= m->nregions && m->features[i] > FEATURE_NONE && m->features[i] < FEATURE_COUNT)
				rf[id].features[m->features[i]]++;
		}
	}
	for (int id = 1; id <= m->nregions; id++) {
		const struct region *r = &m->regions[id];
		rf[id].kind = -1;
		rf[id].bits |= where | feature_facts(&rf[id]);
		if (rf[id].features[FEATURE_WATER])
			rf[id].bits |= FACT_BIT(FACT_WET);
		if (m->zones && r->zone >= 0 && r->zone < m->nzones)
			rf[id].bits |= theme_facts(m->zones[r->zone].theme);
	}
	*out = rf;
	return 0;
}
