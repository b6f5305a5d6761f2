/* site_stale.c: the note naming a list and a filling of it (site_stale.h). */
#include "site/site_stale.h"

#include "base/sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The names in braces the lines name, each once, at most max of them:
 * name[k] is its "{name}", len[k] long. Returns the count, or -1 when
 * there are more. */
static int names_of(char *const *lines, const int *held, int nheld, const char **name, size_t *len, int max)
{
	int count = 0;
	for (int k = 0; k < nheld; k++)
		for (const char *open = strchr(lines[held[k]], '{'); open; open = strchr(open + 1, '{')) {
			const char *close = strchr(open + 1, '}');
			if (!close)
				break;
			size_t n = (size_t)(close - open) + 1;
			int seen = 0;
			for (int j = 0; j < count && !seen; j++)
				seen = len[j] == n && memcmp(name[j], open, n) == 0;
			if (seen)
				continue;
			if (count == max)
				return -1;
			name[count] = open;
			len[count++] = n;
		}
	return count;
}

static void add_hex(struct sbuf *s, const unsigned char *bytes, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	char hex[64];
	size_t used = 0;
	for (size_t i = 0; i < n && used + 2 < sizeof hex; i++) {
		hex[used++] = digits[bytes[i] >> 4];
		hex[used++] = digits[bytes[i] & 15];
	}
	hex[used++] = ' ';
	sbuf_addn(s, hex, used);
}

#define NAMES_MAX 16

char *site_stale_note(char *const *lines, int n, const int *held, int nheld, const int *spec, site_filler *fill,
		      void *ctx)
{
	const char *name[NAMES_MAX];
	size_t len[NAMES_MAX];
	int names = names_of(lines, held, nheld, name, len, NAMES_MAX);
	if (names < 0)
		return NULL;   /* nothing known: the list is filled line by line */
	struct sbuf probe, note;
	sbuf_init(&probe);
	sbuf_init(&note);
	/* each value after a letter, so none stands where a capital is put
	 * or its first word's article is set right: the filling tells
	 * values apart as they are */
	sbuf_addc(&probe, 'x');
	for (int k = 0; k < names; k++) {
		sbuf_addn(&probe, "\001q", 2);
		sbuf_addn(&probe, name[k], len[k]);
	}
	const char *all_names = sbuf_cstr(&probe);
	char *all = all_names ? fill(ctx, all_names) : NULL;
	/* naming no names, the first probe is the second */
	char *none = !all ? NULL : names ? fill(ctx, "x") : strdup(all);
	if (none) {
		/* the list and the filler by address (a note lives no longer
		 * than the document, the lists no shorter), then each line's
		 * words where it holds, a character each ('!': it does not) */
		unsigned char where[sizeof lines + sizeof fill];
		memcpy(where, &lines, sizeof lines);
		memcpy(where + sizeof lines, &fill, sizeof fill);
		add_hex(&note, where, sizeof where);
		char run[128];
		size_t used = 0;
		for (int i = 0; i < n; i++) {
			if (spec[i] < 90) {
				run[used++] = (char)('!' + (spec[i] < 0 ? 0 : 1 + spec[i]));
			} else {
				sbuf_addn(&note, run, used);
				used = 0;
				sbuf_printf(&note, "{%d}", spec[i]);
			}
			if (used == sizeof run) {
				sbuf_addn(&note, run, used);
				used = 0;
			}
		}
		sbuf_addn(&note, run, used);
		sbuf_addc(&note, '\036');
		sbuf_add(&note, all);
		sbuf_addc(&note, '\036');
		sbuf_add(&note, none);
	}
	free(all);
	free(none);
	sbuf_free(&probe);
	if (!none) {
		sbuf_free(&note);
		return NULL;
	}
	return sbuf_take(&note);
}
