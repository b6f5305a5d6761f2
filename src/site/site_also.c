/* site_also.c: every feature drawn in a room is named in its entry: what
 * the map draws there that the room's lines have not named (a tile's
 * statues, a card's rubble) is listed after what is seen, "Also here:
 * statues and a table." (see site_rooms.h). */
#include "site/site_rooms.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* How the key names a feature the method drew beside the kind's: one and
 * several, and a word that, in the line already said, names it. */
static const struct {
	const char *one, *many, *word;
} drawn_words[FEATURE_COUNT] = {
	[FEATURE_PILLAR] = { "a pillar", "pillars", "pillar" },
	[FEATURE_WATER] = { "a pool of water", "a pool of water", "water" },
	[FEATURE_RUBBLE] = { "a heap of rubble", "heaps of rubble", "rubble" },
	[FEATURE_STATUE] = { "a statue", "statues", "statue" },
	[FEATURE_PIT] = { "a pit", "pits", "pit" },
	[FEATURE_ALTAR] = { "an altar", "altars", "altar" },
	[FEATURE_COFFIN] = { "a coffin", "coffins", "coffin" },
	[FEATURE_BED] = { "a bed", "beds", "bed" },
	[FEATURE_CRATE] = { "a crate", "crates and barrels", "crate" },
	[FEATURE_SHELF] = { "shelves", "shelves", "shel" },
	[FEATURE_TABLE] = { "a table", "tables", "table" },
	[FEATURE_THRONE] = { "a throne", "thrones", "throne" },
	[FEATURE_HEARTH] = { "a hearth", "hearths", "hearth" },
	[FEATURE_CAGE] = { "a cage", "cages", "cage" },
	[FEATURE_WELL] = { "a well", "wells", "well" },
};

/* Whether word (lowercase) is in text, case ignored. */
static int says_ci(const char *text, const char *word)
{
	size_t len = strlen(word);
	for (const char *p = text; *p; p++) {
		size_t i = 0;
		while (i < len && tolower((unsigned char)p[i]) == word[i])
			i++;
		if (i == len)
			return 1;
	}
	return 0;
}

int site_also_here(const struct level_plan *lp, struct key_entry *en, const struct site_kind *k, struct err *e)
{
	const struct room_facts *rf = &lp->facts[en->region];
	const char *items[FEATURE_COUNT];
	int n = 0;
	for (int f = FEATURE_NONE + 1; f < FEATURE_COUNT; f++) {
		if (!rf->features[f])
			continue;
		int said = k && (int)k->feature == f && en->seen;
		for (int i = 0; i < en->nlines && !said; i++)
			said = says_ci(en->lines[i], drawn_words[f].word);
		if (said)
			continue;
		items[n++] = rf->features[f] > 1 ? drawn_words[f].many : drawn_words[f].one;
	}
	if (n == 0)
		return 0;
	char line[400];
	size_t used = (size_t)snprintf(line, sizeof line, "Also here: ");
	for (int i = 0; i < n && used < sizeof line; i++)
		used += (size_t)snprintf(line + used, sizeof line - used, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ",
					 items[i]);
	if (used + 2 >= sizeof line)
		return 0;
	snprintf(line + used, sizeof line - used, ".");
	return key_entry_add_line(en, line, e);
}
