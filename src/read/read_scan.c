/* read_scan.c: one pass over a map file's text before jansson parses it,
 * so that the parse is bounded in time and memory whatever the file holds:
 * arrays and objects nested at most READ_SCAN_MAX_DEPTH deep, and at most
 * READ_SCAN_MAX_VALUES values and members in all (jansson spends some 40
 * bytes on each: without the cap a 100 MB file of "0," takes 2 GB and half
 * a minute before it is refused), and no text longer than
 * READ_SCAN_MAX_TEXT bytes (jansson reads text at some 20 MB/s: one text
 * of 100 MB took 5 s). Syntax is left to jansson; this pass
 * only tells strings from what lies outside them. Linear in the text:
 * strings are crossed with memchr, the rest looked up a byte at a time. */
#include "read/read_map.h"

#include "model/map.h"

#include <string.h>

/* The place of byte `at` as jansson gives it: line from 1, column in
 * characters from 1. */
static void place_of(const char *text, size_t at, int *line, int *col)
{
	*line = 1;
	*col = 0;
	for (size_t i = 0; i <= at; i++) {
		unsigned char b = (unsigned char)text[i];
		if (i < at && b == '\n') {
			(*line)++;
			*col = 0;
		} else if ((b & 0xc0) != 0x80) {
			(*col)++;
		}
	}
}

/* What a byte outside a string is to the pass: most are none of these. */
enum scan_class { SCAN_OTHER, SCAN_QUOTE, SCAN_OPEN, SCAN_CLOSE, SCAN_COMMA };

static const unsigned char scan_class_of[256] = {
	['"'] = SCAN_QUOTE, ['['] = SCAN_OPEN, ['{'] = SCAN_OPEN, [']'] = SCAN_CLOSE, ['}'] = SCAN_CLOSE,
	[','] = SCAN_COMMA,
};

/* The end of the string whose opening quote is at `opened`: the index of
 * its closing quote, or len when it has none. Sets *too_long when a byte
 * of it lies more than READ_SCAN_MAX_TEXT bytes past the quote. The quotes
 * and backslashes are found by memchr, a few bytes at a time. */
static size_t string_end(const char *text, size_t len, size_t opened, int *too_long)
{
	size_t from = opened + 1, limit = opened + READ_SCAN_MAX_TEXT;
	*too_long = 0;
	/* most strings are a name or a number's key, ended in a few bytes */
	for (size_t short_end = from + 24 < len ? from + 24 : len; from < short_end; from++) {
		if (text[from] == '"')
			return from;
		if (text[from] == '\\' && ++from >= len)
			return len;
	}
	if (from >= len)
		return len;
	const char *quote = memchr(text + from, '"', len - from);
	for (;;) {
		if (quote && (size_t)(quote - text) < from)
			quote = from < len ? memchr(text + from, '"', len - from) : NULL;
		size_t end = quote ? (size_t)(quote - text) : len;
		const char *escape = from < end ? memchr(text + from, '\\', end - from) : NULL;
		if (!escape) {
			/* the bytes up to the end are the string's */
			*too_long = end > from && end - 1 > limit;
			return end;
		}
		/* a backslash and the byte it escapes, which may be a quote */
		size_t escaped = (size_t)(escape - text) + 1;
		if (escaped > limit) {
			*too_long = 1;
			return end;
		}
		from = escaped + 1;
		if (from >= len)
			return len;
	}
}

int read_scan_bounds(const char *name, const char *text, size_t len, struct err *e)
{
	int depth = 0, line, col;
	long values = 1;
	for (size_t i = 0; i < len; i++) {
		/* numbers, blanks, colons: most of a map file, crossed in a
		 * tight loop */
		while (scan_class_of[(unsigned char)text[i]] == SCAN_OTHER)
			if (++i == len)
				return 0;
		switch (scan_class_of[(unsigned char)text[i]]) {
		case SCAN_OTHER:
			break;
		case SCAN_QUOTE: {
			int too_long;
			size_t end = string_end(text, len, i, &too_long);
			if (too_long) {
				place_of(text, i, &line, &col);
				return err_at(e, name, line, col, "a text longer than %d bytes (the texts of a map file are "
					      "names, notes and lines of its key)", READ_SCAN_MAX_TEXT);
			}
			i = end;
			break;
		}
		case SCAN_CLOSE:
			depth--;
			break;
		case SCAN_OPEN:
			if (++depth > READ_SCAN_MAX_DEPTH) {
				place_of(text, i, &line, &col);
				return err_at(e, name, line, col, "arrays and objects nested more than %d deep (a map file "
					      "nests them a few levels deep)", READ_SCAN_MAX_DEPTH);
			}
			/* an array or object is a value, as is what each comma adds */
			/* fall through */
		case SCAN_COMMA:
			if (++values > READ_SCAN_MAX_VALUES) {
				place_of(text, i, &line, &col);
				return err_at(e, name, line, col, "more than %d values, more than a map of the most rooms "
					      "(%d) needs", READ_SCAN_MAX_VALUES, MAP_MAX_ROOMS);
			}
			break;
		}
	}
	return 0;
}
