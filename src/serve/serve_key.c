/* serve_key.c: the key the page shows, written by the run in place of the
 * file its options name. GET /key.txt is the key as text (export_txt_key:
 * the title, the premise, the secret, each level's key). GET /key.json is
 * what the page sets: {"title", "premise", "secret_heading", "secret",
 * "key"}, the premise above the key and the secret in a game master's
 * aside; "key" is the levels' keys as text. Both have a players' copy
 * (--player): the premise and the levels named, without the secret (null)
 * or the rooms. */
#include "serve/serve_int.h"

#include "app/output.h"
#include "base/atomic.h"
#include "base/sbuf.h"
#include "export/export.h"

#include <stdio.h>
#include <stdlib.h>

static int write_key_txt(const struct doc *d, const char *path, struct err *e)
{
	struct atomic_file af;
	if (atomic_open_in(&af, path, d->memory, e) < 0)
		return -1;
	if (export_txt_key(af.f, d, e) < 0) {
		atomic_blame(&af, 1, e);
		atomic_abort(&af);
		return -1;
	}
	return atomic_commit(&af, e);
}

/* A JSON string, or null for NULL. */
static void add_json_or_null(struct sbuf *s, const char *text)
{
	if (text)
		sbuf_add_json(s, text);
	else
		sbuf_add(s, "null");
}

/* The levels' keys as text (no title or premise), malloc'd, or NULL with
 * e set. */
static char *levels_key_text(const struct doc *d, struct err *e)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem) {
		err_set(e, "out of memory for the key");
		return NULL;
	}
	int rc = export_txt_levels_key(mem, d, e);
	if (fclose(mem) != 0 && rc == 0)
		rc = err_set(e, "out of memory for the key");
	if (rc < 0) {
		free(text);
		return NULL;
	}
	return text;
}

static int write_key_json(const struct doc *d, const char *path, struct err *e)
{
	char *key = levels_key_text(d, e);
	if (!key)
		return -1;
	const char *secret = doc_secret(d);
	struct sbuf s;
	sbuf_init(&s);
	sbuf_add(&s, "{\"title\":");
	add_json_or_null(&s, d->sheet.title ? d->sheet.title : d->site);
	sbuf_add(&s, ",\"premise\":");
	add_json_or_null(&s, doc_story(d));
	sbuf_add(&s, ",\"secret_heading\":");
	add_json_or_null(&s, secret ? DOC_SECRET_HEADING : NULL);
	sbuf_add(&s, ",\"secret\":");
	add_json_or_null(&s, secret);
	sbuf_add(&s, ",\"key\":");
	sbuf_add_json(&s, key);
	sbuf_add(&s, "}\n");
	free(key);
	struct atomic_file af;
	int rc = sbuf_failed(&s) ? err_set(e, "out of memory for the key") : atomic_open_in(&af, path, d->memory, e);
	if (rc == 0) {
		/* a write that failed is found, and named, at the commit */
		fwrite(s.data, 1, s.len, af.f);
		rc = atomic_commit(&af, e);
	}
	sbuf_free(&s);
	return rc;
}

const struct output_format serve_key_txt = { .name = "txt", .summary = "the key as text", .streams = 1,
					     .players = 1, .write = write_key_txt };
const struct output_format serve_key_json = { .name = "json", .summary = "the key as the page sets it",
					      .streams = 1, .players = 1, .write = write_key_json };
