/* tabletop.c: the rules the tabletop modules share (tabletop.h). */
#include "export/tabletop.h"

#include "model/feature.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* FNV-1a, the same as rng_hash_text, over bytes */
#define FNV_OFFSET 14695981039346656037ULL
#define FNV_PRIME 1099511628211ULL

static void hash_bytes(uint64_t *h, const void *data, size_t n)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < n; i++) {
		*h ^= p[i];
		*h *= FNV_PRIME;
	}
}

/* a string and its end, so that "ab" "c" and "a" "bc" differ */
static void hash_text(uint64_t *h, const char *s)
{
	if (s)
		hash_bytes(h, s, strlen(s));
	hash_bytes(h, "", 1);
}

static void hash_int(uint64_t *h, long v)
{
	hash_bytes(h, &v, sizeof v);
}

static void hash_map(uint64_t *h, const struct map *m)
{
	hash_int(h, m->w);
	hash_int(h, m->h);
	hash_int(h, m->depth);
	hash_int(h, m->square_feet);
	hash_text(h, m->method);
	hash_bytes(h, m->cells, (size_t)m->w * m->h * sizeof *m->cells);
	if (m->features)
		hash_bytes(h, m->features, (size_t)m->w * m->h);
	for (int i = 0; i < m->ndoors; i++) {
		const struct door *d = &m->doors[i];
		long v[4] = { d->x, d->y, d->side, d->kind };
		hash_bytes(h, v, sizeof v);
	}
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *s = &m->stairs[i];
		long v[5] = { s->x, s->y, s->dir, s->to_level, s->to_room };
		hash_bytes(h, v, sizeof v);
	}
	for (int i = 0; i < m->nmarks; i++) {
		hash_int(h, m->marks[i].x);
		hash_int(h, m->marks[i].y);
		hash_text(h, m->marks[i].label);
		hash_text(h, m->marks[i].text);
	}
}

static void hash_key(uint64_t *h, const struct key *k)
{
	for (int i = 0; i < k->n; i++) {
		const struct key_entry *en = &k->entries[i];
		hash_int(h, en->number);
		hash_text(h, en->title);
		hash_text(h, en->size);
		hash_text(h, en->exits);
		for (int j = 0; j < en->nlines; j++)
			hash_text(h, en->lines[j]);
		for (int j = 0; j < en->encounter.nfoes; j++) {
			hash_text(h, en->encounter.foes[j].name);
			hash_int(h, en->encounter.foes[j].count);
		}
	}
	for (int i = 0; i < k->nfooter; i++)
		hash_text(h, k->footer[i]);
	hash_text(h, k->wandering_die);
	for (int i = 0; i < k->nwandering; i++)
		hash_text(h, k->wandering[i]);
}

uint64_t tabletop_content_hash(const struct doc *d)
{
	uint64_t h = FNV_OFFSET;
	hash_text(&h, "mapsheet tabletop module");
	hash_text(&h, d->seed);
	hash_text(&h, d->site);
	hash_text(&h, d->story);
	hash_text(&h, doc_secret(d));
	hash_text(&h, d->sheet.title);
	hash_text(&h, d->sheet.style);
	hash_int(&h, d->sheet.player);
	hash_int(&h, d->sheet.player_secret_rooms);
	hash_int(&h, d->sheet.grid_pixels);
	hash_int(&h, d->sheet.vtt_grid);
	hash_int(&h, d->grid_feet);
	hash_text(&h, d->system);
	hash_int(&h, doc_total_levels(d));
	if (d->party) {
		hash_text(&h, d->party->system);
		hash_int(&h, d->party->party);
		hash_int(&h, d->party->level);
		hash_int(&h, d->party->deeper);
	}
	for (int i = 0; i < d->nfactions; i++)
		hash_text(&h, d->factions[i].name);
	for (int l = 0; l < d->nlevels; l++) {
		hash_map(&h, &d->levels[l].map);
		hash_key(&h, &d->levels[l].key);
	}
	return h;
}

int tabletop_split(const struct doc *d, const struct map *m)
{
	if (d->grid_feet <= 0 || m->square_feet <= d->grid_feet || m->square_feet % d->grid_feet != 0)
		return 1;
	return m->square_feet / d->grid_feet;
}

int tabletop_dark(const struct map *m)
{
	return !m->method || (strcmp(m->method, "house") != 0 && strcmp(m->method, "mansion") != 0);
}

int tabletop_door_blocks_sight(enum door_kind k)
{
	return k != DOOR_OPENING && k != DOOR_PORTCULLIS;
}

/* Does word start at p as a whole word (a plural 's' allowed)? */
static int word_at(const char *text, const char *p, const char *word)
{
	size_t n = strlen(word);
	if (strncasecmp(p, word, n) != 0 || (p > text && ((p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= 'A' && p[-1] <= 'Z'))))
		return 0;
	char c = p[n] == 's' ? p[n + 1] : p[n];
	return !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

static int has_word(const char *text, const char *const *words)
{
	for (const char *p = text; *p; p++)
		for (int i = 0; words[i]; i++)
			if (word_at(text, p, words[i]))
				return 1;
	return 0;
}

/* Does a sentence of the key name a fire that burns? */
static int names_lit_fire(const char *line)
{
	static const char *const fires[] = { "brazier", "lamp", "lantern", "candle", "torch", "torches", "forge",
					     "sconce", "fire", "campfire", NULL };
	static const char *const out[] = { "cold", "empty", "unlit", "not lit", "snuffed", "oil", "stub", "stubs",
					   "hook", "hooks", "bracket", "brackets", "dark", "wax", "dead", "damage",
					   "beetle", "laid", "ash", "ashes", "resistance", "immune", "rusty", "stump",
					   "stumps", "clutching", NULL };
	/* what lies there to be taken is no light */
	if (strncmp(line, "Worth taking:", 13) == 0 || strncmp(line, "Treasure:", 9) == 0)
		return 0;
	const char *p = line;
	while (*p) {
		size_t n = strcspn(p, ".;!?");
		char sentence[512];
		size_t k = n < sizeof sentence - 1 ? n : sizeof sentence - 1;
		memcpy(sentence, p, k);
		sentence[k] = '\0';
		if (has_word(sentence, fires) && !has_word(sentence, out))
			return 1;
		p += n + (p[n] != '\0');
	}
	return 0;
}

/* The square of region id nearest the middle of its bounds. */
static void room_middle(const struct map *m, int id, int *x, int *y)
{
	const struct rect *b = &m->regions[id].bounds;
	long best = -1;
	*x = b->x;
	*y = b->y;
	for (int yy = b->y; yy < b->y + b->h; yy++)
		for (int xx = b->x; xx < b->x + b->w; xx++) {
			long dx = 2L * xx + 1 - (2L * b->x + b->w), dy = 2L * yy + 1 - (2L * b->y + b->h);
			long d2 = dx * dx + dy * dy;
			if (map_at(m, xx, yy) == id && (best < 0 || d2 < best)) {
				best = d2;
				*x = xx;
				*y = yy;
			}
		}
}

int tabletop_lights(const struct doc *d, int li, struct tabletop_light **out, struct err *e)
{
	const struct level *lv = &d->levels[li];
	const struct map *m = &lv->map;
	*out = NULL;
	long cap = lv->key.n;
	for (long i = 0; m->features && i < (long)m->w * m->h; i++)
		cap += m->features[i] == FEATURE_HEARTH;
	if (cap == 0)
		return 0;
	struct tabletop_light *l = malloc((size_t)cap * sizeof *l);
	if (!l)
		return err_set(e, "out of memory placing the lights");
	int n = 0;
	for (int y = 0; m->features && y < m->h; y++)
		for (int x = 0; x < m->w; x++)
			if (m->features[(long)y * m->w + x] == FEATURE_HEARTH)
				l[n++] = (struct tabletop_light){ x, y, 1 };
	/* the players' copy names no room's contents: its key has none */
	for (int i = 0; i < lv->key.n; i++) {
		const struct key_entry *en = &lv->key.entries[i];
		int lit = 0;
		for (int j = 0; j < en->nlines && !lit; j++)
			lit = names_lit_fire(en->lines[j]);
		if (!lit || en->region < 1 || en->region > m->nregions)
			continue;
		room_middle(m, en->region, &l[n].x, &l[n].y);
		l[n++].hearth = 0;
	}
	*out = l;
	return n;
}

int tabletop_table_row(const char *line, int *lo, int *hi, const char **text)
{
	const char *p = line;
	char *end;
	long a = strtol(p, &end, 10);
	if (end == p || !isdigit((unsigned char)*p))
		return 0;
	long b = a;
	p = end;
	/* "2-3", or the en dash the sheet may print */
	if (*p == '-' || strncmp(p, "\xe2\x80\x93", 3) == 0) {
		p += *p == '-' ? 1 : 3;
		b = strtol(p, &end, 10);
		if (end == p)
			return 0;
		p = end;
	}
	if (p[0] != '.' || p[1] != ' ' || a < 1 || b < a || b > 1000)
		return 0;
	*lo = (int)a;
	*hi = (int)b;
	*text = p + 2;
	return 1;
}
