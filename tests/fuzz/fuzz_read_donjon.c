/* fuzz_read_donjon.c: libFuzzer harness for reading donjon exports: any
 * input is read or refused with a one-line message, never a crash; a map
 * that is read prints as text and Markdown, and written as mapsheet's JSON
 * reads back to the same bytes. Seeds: tests/fuzz/corpus/read_donjon/. */
#include "export.h"
#include "read_map.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The document written by write (JSON, text or Markdown) into a malloc'd
 * string, or NULL. */
static char *fuzz_written(const struct read_json_doc *rd, int kind, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	if (!f)
		return NULL;
	struct doc d = { .seed = rd->seed, .site = rd->site, .levels = rd->levels, .nlevels = rd->nlevels };
	d.sheet.title = rd->title;
	struct err e = { ERR_NONE, "" };
	int rc = kind == 0 ? export_json(f, &d, &e) : kind == 1 ? export_txt(f, &d, &e) : export_md(f, &d, NULL, &e);
	if (fclose(f) != 0 || rc < 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct read_json_doc rd;
	struct err e = { ERR_NONE, "" };
	if (read_map_text("fuzz.json", (const char *)data, size, INPUT_DONJON, &rd, NULL, &e) < 0) {
		if (e.msg[0] == '\0' || strchr(e.msg, '\n'))
			abort();
		return 0;
	}
	size_t len = 0, len2 = 0, tlen;
	for (int kind = 1; kind <= 2; kind++) {
		char *t = fuzz_written(&rd, kind, &tlen);
		if (!t)
			abort();
		free(t);
	}
	char *first = fuzz_written(&rd, 0, &len);
	read_json_doc_free(&rd);
	if (!first)
		abort();
	struct read_json_doc again;
	if (read_map_text("fuzz.json", first, len, INPUT_MAPSHEET, &again, NULL, &e) < 0)
		abort();
	char *second = fuzz_written(&again, 0, &len2);
	read_json_doc_free(&again);
	if (!second || len != len2 || memcmp(first, second, len) != 0)
		abort();
	free(first);
	free(second);
	return 0;
}
