/* site_stale.c: the note naming a list and a filling of it (site_stale.h). */
#include "site/site_stale.h"

#include "base/sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Adds "\x01{name}" to probe for each name in braces of line not in it yet. */
static void add_names(struct sbuf *probe, const char *line)
{
	for (const char *open = strchr(line, '{'); open; open = strchr(open + 1, '{')) {
		const char *close = strchr(open + 1, '}');
		if (!close)
			return;
		const char *in = sbuf_cstr(probe);
		size_t len = (size_t)(close - open) + 1;
		int seen = 0;
		for (const char *at = in ? strstr(in, "\001{") : NULL; at && !seen; at = strstr(at + 1, "\001{"))
			seen = strncmp(at + 1, open, len) == 0 && (at[1 + len] == '\001' || at[1 + len] == '\0');
		if (!seen) {
			sbuf_addc(probe, '\001');
			sbuf_addn(probe, open, len);
		}
	}
}

static void add_hex(struct sbuf *s, const unsigned char *bytes, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		sbuf_addc(s, digits[bytes[i] >> 4]);
		sbuf_addc(s, digits[bytes[i] & 15]);
	}
	sbuf_addc(s, ' ');
}

char *site_stale_note(char *const *lines, int n, const int *held, int nheld, const int *spec, site_filler *fill,
		      void *ctx)
{
	struct sbuf probe, note;
	sbuf_init(&probe);
	sbuf_init(&note);
	/* "x" first, so no value stands where a capital is put */
	sbuf_add(&probe, "x");
	for (int k = 0; k < nheld; k++)
		add_names(&probe, lines[held[k]]);
	const char *names = sbuf_cstr(&probe);
	char *all = names ? fill(ctx, names) : NULL;
	char *none = all ? fill(ctx, "x") : NULL;
	if (none) {
		/* the list and the filler by address (a note lives no longer
		 * than the document, the lists no shorter), then each line's
		 * words where it holds, a character each ('!': it does not) */
		unsigned char where[sizeof lines + sizeof fill];
		memcpy(where, &lines, sizeof lines);
		memcpy(where + sizeof lines, &fill, sizeof fill);
		add_hex(&note, where, sizeof where);
		for (int i = 0; i < n; i++) {
			if (spec[i] < 90)
				sbuf_addc(&note, (char)('!' + (spec[i] < 0 ? 0 : 1 + spec[i])));
			else
				sbuf_printf(&note, "{%d}", spec[i]);
		}
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
