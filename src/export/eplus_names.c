/* eplus_names.c: the EncounterPlus module's names (eplus_int.h): its title
 * and slug, the ids and slugs of its documents, and the key's text made
 * safe for JSON and HTML. An id is a UUID drawn by the project's generator
 * from the hash of the command that made the module and the document's
 * role, so the same command gives the same ids, and another module (another
 * seed, --player, any option that changes a word or a square of it) other
 * ids: a module imported twice replaces itself, never another. The hash is
 * of the module's content (tabletop.h), so where it is written does not
 * change it. */
#include "export/eplus_int.h"

#include "base/rng.h"
#include "base/sbuf.h"
#include "base/utf8.h"
#include "model/key.h"
#include "export/tabletop.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The longest part of a slug made from the title, before the hash. */
#define EPLUS_TITLE_SLUG 48

/* The title as the other outputs give it: --title, else the site's name,
 * else the method's ("Dice map"); the players' copy says so. */
static void eplus_title(struct eplus *x)
{
	const struct doc *d = x->d;
	if (d->sheet.title) {
		snprintf(x->title, sizeof x->title, "%s", d->sheet.title);
		return;
	}
	char base[160];
	if (d->site && d->site[0]) {
		snprintf(base, sizeof base, "%s", d->site);
	} else {
		const char *meth = d->nlevels > 0 && d->levels[0].map.method ? d->levels[0].map.method : "dungeon";
		int same = 1;
		for (int l = 1; l < d->nlevels; l++)
			same = same && d->levels[l].map.method && strcmp(d->levels[l].map.method, meth) == 0;
		if (same)
			snprintf(base, sizeof base, "%c%s map", toupper((unsigned char)meth[0]), meth + 1);
		else
			snprintf(base, sizeof base, "Dungeon of %d levels", d->nlevels);
	}
	snprintf(x->title, sizeof x->title, "%s%s", base, x->player ? " (players' map)" : "");
}

/* Lower-case letters and digits of text, every other run of characters one
 * '-', at most max bytes, no '-' at either end. */
static void slug_of(const char *text, char *out, size_t max)
{
	size_t n = 0;
	int dash = 0;
	for (const unsigned char *p = (const unsigned char *)text; *p && n < max; p++) {
		if (*p < 0x80 && isalnum(*p)) {
			if (dash && n > 0 && n + 1 < max)
				out[n++] = '-';
			out[n++] = (char)tolower(*p);
			dash = 0;
		} else {
			dash = 1;
		}
	}
	out[n] = '\0';
}

void eplus_init(struct eplus *x, const struct doc *d, const struct eplus_picture *pics)
{
	memset(x, 0, sizeof *x);
	x->d = d;
	x->pics = pics;
	x->player = d->sheet.player;
	/* the module's content, not the output's name: the same module
	 * written anywhere has the same ids, another module other ids */
	x->basis = tabletop_content_hash(d) ^ rng_hash_text("encounterplus");
	eplus_title(x);
	char words[EPLUS_TITLE_SLUG + 1];
	slug_of(x->title, words, EPLUS_TITLE_SLUG);
	snprintf(x->slug, sizeof x->slug, "%s-%08x", words[0] ? words : "mapsheet", (unsigned)(x->basis >> 32));
}

void eplus_id(const struct eplus *x, char out[EPLUS_ID_LEN], const char *fmt, ...)
{
	char role[160];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(role, sizeof role, fmt, ap);
	va_end(ap);
	uint64_t h = rng_hash_text(role);
	struct rng r;
	rng_seed(&r, x->basis ^ h, h);
	uint32_t v[4];
	for (int i = 0; i < 4; i++)
		v[i] = rng_next(&r);
	/* version 8 (RFC 9562: made by the program's own rule), variant 10 */
	v[1] = (v[1] & 0xffff0fffu) | 0x00008000u;
	v[2] = (v[2] & 0x3fffffffu) | 0x80000000u;
	snprintf(out, EPLUS_ID_LEN, "%08X-%04X-%04X-%04X-%04X%08X", (unsigned)v[0], (unsigned)(v[1] >> 16),
		 (unsigned)(v[1] & 0xffffu), (unsigned)(v[2] >> 16), (unsigned)(v[2] & 0xffffu), (unsigned)v[3]);
}

void eplus_slug(const struct eplus *x, char *out, size_t size, const char *fmt, ...)
{
	char role[120];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(role, sizeof role, fmt, ap);
	va_end(ap);
	snprintf(out, size, "%s-%s", x->slug, role);
}

int eplus_level_index(const struct doc *d, int depth)
{
	for (int l = 0; l < d->nlevels; l++)
		if (d->levels[l].map.depth == depth)
			return l;
	return -1;
}

const char *eplus_room_title(const struct eplus *x, int l, const struct key_entry *en)
{
	const struct map *m = &x->d->levels[l].map;
	if (!x->player || en->region < 1 || en->region > m->nregions)
		return en->title;
	return key_default_title(m->regions[en->region].kind);
}

void eplus_image_name(const struct eplus *x, int l, char *out, size_t size)
{
	snprintf(out, size, "maps/level-%d.png", x->d->levels[l].map.depth);
}

/* Appends text, each byte that is not UTF-8 as U+FFFD; with html, the
 * characters HTML gives a meaning to as entities. */
static void add_clean(struct sbuf *s, const char *text, size_t len, int html)
{
	for (size_t i = 0; i < len;) {
		int n = utf8_seq_len((const unsigned char *)text + i, len - i);
		if (n == 0) {
			sbuf_add(s, "\xef\xbf\xbd");
			i++;
			continue;
		}
		char c = text[i];
		if (html && c == '&')
			sbuf_add(s, "&amp;");
		else if (html && c == '<')
			sbuf_add(s, "&lt;");
		else if (html && c == '>')
			sbuf_add(s, "&gt;");
		else if (html && c == '"')
			sbuf_add(s, "&quot;");
		else
			sbuf_addn(s, text + i, (size_t)n);
		i += (size_t)n;
	}
}

void eplus_html(struct sbuf *s, const char *text)
{
	add_clean(s, text, strlen(text), 1);
}

void eplus_html_n(struct sbuf *s, const char *text, size_t n)
{
	add_clean(s, text, n, 1);
}

json_t *eplus_text(const char *text)
{
	size_t len = strlen(text);
	if (utf8_first_bad(text, len) == len)
		return json_stringn(text, len);
	struct sbuf s;
	sbuf_init(&s);
	add_clean(&s, text, len, 0);
	json_t *j = sbuf_failed(&s) ? NULL : json_stringn(sbuf_cstr(&s), s.len);
	sbuf_free(&s);
	return j;
}
