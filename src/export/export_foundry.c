/* export_foundry.c: the Foundry VTT module (export_foundry.h): its
 * manifest, the Adventure of its compendium pack, and the pictures its
 * scenes show. The parts are in foundry_*.c. */
#include "export/export_foundry.h"

#include "base/sbuf.h"
#include "export/foundry_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The paths of level k's pictures: inside the zip (the module's folder
 * first), or as Foundry names them (from its Data folder). */
static void picture_path(char *out, size_t size, const char *prefix, const char *module, int depth, int thumb)
{
	snprintf(out, size, "%s%s/scenes/level-%d%s.png", prefix, module, depth, thumb ? "-thumb" : "");
}

static void folder_json(struct sbuf *s, const struct foundry_ids *ids, int which, const char *name,
			const char *type)
{
	char id[FOUNDRY_ID_SIZE];
	foundry_id(ids, id, "folder", which, 0);
	sbuf_printf(s, "%s{\"_id\": \"%s\", \"name\": ", which ? ", " : "", id);
	sbuf_add_json(s, name);
	sbuf_printf(s, ", \"type\": \"%s\", \"folder\": null, \"sorting\": \"m\", \"sort\": 0, \"color\": null, "
		       "\"description\": \"\", \"flags\": {}, ", type);
	foundry_stats_json(s);
	sbuf_add(s, "}");
}

/* What the Adventure's window says before it is imported. */
static void adventure_description(struct sbuf *s, const struct doc *d)
{
	int rooms = 0;
	for (int k = 0; k < d->nlevels; k++)
		rooms += d->levels[k].key.n;
	struct sbuf html;
	sbuf_init(&html);
	if (doc_story(d)) {
		sbuf_add(&html, "<p>");
		foundry_html_text(&html, doc_story(d));
		sbuf_add(&html, "</p>");
	}
	sbuf_printf(&html, "<p>%d level%s, %d room%s: a scene for each level, with its walls, doors and a note in every "
			   "room, and the key as a journal entry for each level, a page a room.</p>",
		    d->nlevels, d->nlevels == 1 ? "" : "s", rooms, rooms == 1 ? "" : "s");
	if (!d->sheet.player && d->command) {
		sbuf_add(&html, "<p>Made by mapsheet: <code>");
		foundry_html_text(&html, d->command);
		sbuf_add(&html, "</code></p>");
	}
	const char *text = sbuf_cstr(&html);
	sbuf_add_json(s, text ? text : "");
	sbuf_free(&html);
}

static int adventure_json(struct sbuf *s, const struct doc *d, const struct foundry_picture *pics,
			  const char *module, const struct foundry_ids *ids, struct err *e)
{
	char id[FOUNDRY_ID_SIZE], title[300], img[600], thumb[600];
	foundry_id(ids, id, "adventure", 0, 0);
	foundry_title(d, title, sizeof title);
	picture_path(img, sizeof img, "modules/", module, d->levels[0].map.depth, 1);
	sbuf_printf(s, "{\"_id\": \"%s\", \"name\": ", id);
	sbuf_add_json(s, title);
	sbuf_add(s, ", \"img\": ");
	sbuf_add_json(s, img);
	sbuf_add(s, ", \"caption\": \"\", \"description\": ");
	adventure_description(s, d);
	sbuf_add(s, ", \"actors\": [], \"combats\": [], \"items\": [], \"journal\": [");
	for (int k = 0; k < d->nlevels; k++) {
		sbuf_add(s, k ? ", " : "");
		if (foundry_journal_json(s, d, k, ids, e) < 0)
			return -1;
	}
	sbuf_add(s, "], \"scenes\": [");
	for (int k = 0; k < d->nlevels; k++) {
		int depth = d->levels[k].map.depth;
		picture_path(img, sizeof img, "modules/", module, depth, 0);
		picture_path(thumb, sizeof thumb, "modules/", module, depth, 1);
		sbuf_add(s, k ? ", " : "");
		if (foundry_scene_json(s, d, k, pics[k].ppg, img, thumb, ids, e) < 0)
			return -1;
	}
	sbuf_add(s, "], \"tables\": [");
	int tables = 0;
	for (int k = 0; k < d->nlevels; k++)
		tables += foundry_table_json(s, d, k, ids, tables == 0);
	sbuf_add(s, "], \"macros\": [], \"cards\": [], \"playlists\": [], \"folders\": [");
	folder_json(s, ids, 0, title, "Scene");
	folder_json(s, ids, 1, title, "JournalEntry");
	if (tables)
		folder_json(s, ids, 2, title, "RollTable");
	sbuf_add(s, "], \"folder\": null, \"sort\": 0, \"flags\": {}, ");
	foundry_stats_json(s);
	sbuf_add(s, "}");
	return 0;
}

/* module.json: the manifest Foundry installs the module by. */
static void manifest_json(struct sbuf *s, const struct doc *d, const char *module)
{
	char title[300];
	foundry_title(d, title, sizeof title);
	sbuf_add(s, "{\n  \"id\": ");
	sbuf_add_json(s, module);
	sbuf_add(s, ",\n  \"title\": ");
	sbuf_add_json(s, title);
	sbuf_add(s, ",\n  \"description\": ");
	sbuf_add_json(s, d->sheet.player ? "The players' map made by mapsheet: import the adventure from its compendium."
					 : "A dungeon and its key made by mapsheet: import the adventure from its "
					   "compendium.");
	sbuf_add(s, ",\n  \"version\": \"" MAPSHEET_VERSION "\",\n"
		    "  \"compatibility\": {\"minimum\": \"12\", \"verified\": \"13\"},\n"
		    "  \"authors\": [{\"name\": \"mapsheet\", \"flags\": {}}],\n"
		    "  \"packs\": [{\"name\": \"adventure\", \"label\": ");
	sbuf_add_json(s, title);
	sbuf_printf(s, ", \"path\": \"packs/adventure\", \"type\": \"Adventure\", \"ownership\": {\"PLAYER\": \"%s\", "
		       "\"ASSISTANT\": \"OWNER\"}, \"flags\": {}}],\n  \"flags\": {}\n}\n",
		    d->sheet.player ? "OBSERVER" : "NONE");
}

static int add_sbuf(struct memfiles *files, const char *name, struct sbuf *s, struct err *e)
{
	size_t len = s->len;
	char *data = sbuf_take(s);
	if (!data)
		return err_set(e, "out of memory writing the Foundry module");
	return memfiles_add(files, name, data, len, e);
}

static void pictures_free(struct foundry_picture *pics, int n)
{
	for (int k = 0; k < n; k++) {
		free(pics[k].png);
		free(pics[k].thumb);
		pics[k].png = pics[k].thumb = NULL;
	}
}

int export_foundry(const struct doc *d, struct foundry_picture *pics, struct memfiles *files, struct err *e)
{
	if (d->nlevels < 1) {
		pictures_free(pics, d->nlevels);
		return err_set(e, "nothing to export: no levels");
	}
	struct foundry_ids ids;
	foundry_ids_init(&ids, d);
	char module[120], name[700], key[64], id[FOUNDRY_ID_SIZE];
	foundry_module_id(d, &ids, module, sizeof module);
	struct sbuf s;
	sbuf_init(&s);
	manifest_json(&s, d, module);
	snprintf(name, sizeof name, "%s/module.json", module);
	int rc = add_sbuf(files, name, &s, e);
	if (rc == 0)
		rc = adventure_json(&s, d, pics, module, &ids, e);
	if (rc == 0 && sbuf_failed(&s))
		rc = err_set(e, "out of memory writing the Foundry module");
	if (rc == 0) {
		foundry_id(&ids, id, "adventure", 0, 0);
		snprintf(key, sizeof key, "!adventures!%s", id);
		snprintf(name, sizeof name, "%s/packs/adventure/", module);
		rc = foundry_pack_write(key, s.data, s.len, name, files, e);
	}
	sbuf_free(&s);
	for (int k = 0; k < d->nlevels && rc == 0; k++) {
		int depth = d->levels[k].map.depth;
		picture_path(name, sizeof name, "", module, depth, 0);
		rc = memfiles_add(files, name, (char *)pics[k].png, pics[k].len, e);
		pics[k].png = NULL;
		picture_path(name, sizeof name, "", module, depth, 1);
		if (rc == 0)
			rc = memfiles_add(files, name, (char *)pics[k].thumb, pics[k].thumb_len, e);
		pics[k].thumb = NULL;
	}
	pictures_free(pics, d->nlevels);
	return rc;
}
