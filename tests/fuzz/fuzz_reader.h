/* fuzz_reader.h: what the map readers' libFuzzer harnesses share. Any input
 * is read as the harness's format or refused with a one-line message, never
 * a crash; a map that is read prints as text and Markdown, and written as
 * mapsheet's JSON it reads back and writes the same bytes again (the
 * converter's promise). */
#ifndef MAPSHEET_FUZZ_READER_H
#define MAPSHEET_FUZZ_READER_H

#include "export/export.h"
#include "read/read_map.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum fuzz_output { FUZZ_JSON, FUZZ_TXT, FUZZ_MD };

/* The document written as `out` into a malloc'd string, or NULL. */
static char *fuzz_written(const struct read_json_doc *rd, enum fuzz_output out, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	if (!f)
		return NULL;
	struct doc d = { .seed = rd->seed, .site = rd->site, .story = rd->story, .levels = rd->levels,
			 .nlevels = rd->nlevels };
	d.sheet.title = rd->title;
	struct err e = { ERR_NONE, "" };
	int rc = out == FUZZ_JSON ? export_json(f, &d, &e) : out == FUZZ_TXT ? export_txt(f, &d, &e)
									      : export_md(f, &d, NULL, &e);
	if (fclose(f) != 0 || rc < 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* One input read as format; abort() on any broken promise. */
static int fuzz_read_map(const uint8_t *data, size_t size, enum input_format format)
{
	struct read_json_doc rd;
	struct err e = { ERR_NONE, "" };
	if (read_map_text("fuzz.json", (const char *)data, size, format, &rd, NULL, &e) < 0) {
		if (e.msg[0] == '\0' || strchr(e.msg, '\n'))
			abort();
		return 0;
	}
	size_t len = 0, len2 = 0, tlen;
	for (enum fuzz_output out = FUZZ_TXT; out <= FUZZ_MD; out++) {
		char *t = fuzz_written(&rd, out, &tlen);
		if (!t)
			abort();
		free(t);
	}
	char *first = fuzz_written(&rd, FUZZ_JSON, &len);
	read_json_doc_free(&rd);
	if (!first)
		abort();
	struct read_json_doc again;
	if (read_map_text("fuzz.json", first, len, INPUT_MAPSHEET, &again, NULL, &e) < 0)
		abort();
	char *second = fuzz_written(&again, FUZZ_JSON, &len2);
	read_json_doc_free(&again);
	if (!second || len != len2 || memcmp(first, second, len) != 0)
		abort();
	free(first);
	free(second);
	return 0;
}

#endif
