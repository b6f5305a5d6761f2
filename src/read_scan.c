/* read_scan.c: one pass over a map file's text before jansson parses it,
 * so that the parse is bounded in time and memory whatever the file holds:
 * arrays and objects nested at most READ_SCAN_MAX_DEPTH deep, and at most
 * READ_SCAN_MAX_VALUES values and members in all (jansson spends some 40
 * bytes on each: without the cap a 100 MB file of "0," takes 2 GB and half
 * a minute before it is refused), and no text longer than
 * READ_SCAN_MAX_TEXT bytes (jansson reads text at some 20 MB/s: one text
 * of 100 MB took 5 s). Syntax is left to jansson; this pass
 * only tells strings from what lies outside them. Linear in the text. */
#include "read_map.h"

#include "gen.h"

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

int read_scan_bounds(const char *name, const char *text, size_t len, struct err *e)
{
	int depth = 0, in_string = 0, line, col;
	long values = 1;
	size_t opened = 0;   /* where the string being read began */
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_string = 0;
			if (in_string && i - opened > READ_SCAN_MAX_TEXT) {
				place_of(text, opened, &line, &col);
				return err_at(e, name, line, col, "a text longer than %d bytes (the texts of a map file are "
					      "names, notes and lines of its key)", READ_SCAN_MAX_TEXT);
			}
			continue;
		}
		if (c == '"') {
			in_string = 1;
			opened = i;
		} else if (c == ']' || c == '}') {
			depth--;
		} else if (c == '[' || c == '{' || c == ',') {
			/* an array or object is a value; each comma adds one */
			if (c != ',' && ++depth > READ_SCAN_MAX_DEPTH) {
				place_of(text, i, &line, &col);
				return err_at(e, name, line, col, "arrays and objects nested more than %d deep (a map file "
					      "nests them a few levels deep)", READ_SCAN_MAX_DEPTH);
			}
			if (++values > READ_SCAN_MAX_VALUES) {
				place_of(text, i, &line, &col);
				return err_at(e, name, line, col, "more than %d values, more than a map of the most rooms "
					      "(%d) needs", READ_SCAN_MAX_VALUES, GEN_MAX_ROOMS);
			}
		}
	}
	return 0;
}
