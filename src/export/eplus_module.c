/* eplus_module.c: the EncounterPlus module's files (export_eplus.h). The
 * archive follows EncounterPlus's documented import format (its docs'
 * "File Types" and the JSON Schemas of its Module, Group, Map, Marker,
 * Wall and Page, draft 2020-12): module.json at the root says the archive
 * is a module; each content collection is one JSON array at the root,
 * named after it (groups.json, maps.json, pages.json); a picture is named
 * by its path from the root. The module holds a group a level, the map of
 * the level and its pages in it, and the premise above them; on the
 * referee's copy of a stocked key, encounters.json (a room's fight) and
 * tables.json (a level's wandering monsters) in the level's group too
 * (eplus_fights.c). module.json names the game system. */
#include "export/eplus_int.h"

#include "base/plural.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The module's own document. */
static json_t *module_doc(const struct eplus *x)
{
	const struct doc *d = x->d;
	char id[EPLUS_ID_LEN], about[300];
	eplus_id(x, id, "module");
	int rooms = 0;
	for (int l = 0; l < d->nlevels; l++)
		rooms += d->levels[l].key.n;
	int n = snprintf(about, sizeof about, "%d level%s, %d room%s, made by mapsheet " MAPSHEET_VERSION, d->nlevels,
			 plural_s(d->nlevels), rooms, plural_s(rooms));
	if (!x->player && d->seed && n > 0 && (size_t)n < sizeof about)
		snprintf(about + n, sizeof about - (size_t)n, " from the seed %s", d->seed);
	json_t *o = json_object(), *tags = json_array();
	int bad = !o || !tags;
	bad |= json_object_set_new(o, "id", json_string(id));
	bad |= json_object_set_new(o, "name", eplus_text(x->title));
	bad |= json_object_set_new(o, "slug", json_string(x->slug));
	bad |= json_object_set_new(o, "version", json_string("1.0.0"));
	if (doc_story(d))
		bad |= json_object_set_new(o, "descr", eplus_text(doc_story(d)));
	bad |= json_object_set_new(o, "shortDescr", eplus_text(about));
	bad |= json_object_set_new(o, "author", json_string("mapsheet"));
	bad |= json_object_set_new(o, "category", json_string("adventure"));
	/* the game system its keys were stocked by, whose monsters its
	 * encounters reference */
	bad |= json_object_set_new(o, "system", json_string(d->system ? d->system : "neutral"));
	/* the methods that made the levels, each once */
	bad |= json_array_append_new(tags, json_string("mapsheet"));
	for (int l = 0; l < d->nlevels && !bad; l++) {
		const char *meth = d->levels[l].map.method;
		int again = 0;
		for (int k = 0; k < l && meth; k++)
			again = again || (d->levels[k].map.method && strcmp(d->levels[k].map.method, meth) == 0);
		if (meth && !again)
			bad |= json_array_append_new(tags, json_string(meth));
	}
	bad |= json_object_set_new(o, "tags", tags);
	bad |= json_object_set_new(o, "attributes", json_object());
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* A group a level, in depth order under the module's top. */
static int group_docs(const struct eplus *x, json_t *groups)
{
	int bad = 0;
	for (int l = 0; l < x->d->nlevels && !bad; l++) {
		int depth = x->d->levels[l].map.depth;
		char id[EPLUS_ID_LEN], name[32], slug[EPLUS_SLUG_LEN];
		eplus_id(x, id, "group/%d", depth);
		snprintf(name, sizeof name, "Level %d", depth);
		eplus_slug(x, slug, sizeof slug, "level-%d-group", depth);
		json_t *o = json_object();
		bad |= !o;
		bad |= json_object_set_new(o, "id", json_string(id));
		bad |= json_object_set_new(o, "name", json_string(name));
		bad |= json_object_set_new(o, "slug", json_string(slug));
		bad |= json_object_set_new(o, "parentId", json_string(""));
		bad |= json_object_set_new(o, "rank", json_integer(depth));
		bad |= json_array_append_new(groups, o);
	}
	return bad ? -1 : 0;
}

/* Adds doc, written as indented JSON, to files as name. */
static int add_json(struct memfiles *files, const char *name, const json_t *doc, struct err *e)
{
	char *text = json_dumps(doc, JSON_INDENT(2));
	if (!text)
		return err_set(e, "out of memory writing the EncounterPlus module");
	return memfiles_add(files, name, text, strlen(text), e);
}

int export_eplus(const struct doc *d, struct eplus_picture *pics, struct memfiles *files, struct err *e)
{
	struct eplus x;
	eplus_init(&x, d, pics);
	json_t *module = module_doc(&x), *groups = json_array(), *maps = json_array(), *pages = json_array();
	json_t *encounters = json_array(), *tables = json_array();
	int rc = 0;
	if (!module || !groups || !maps || !pages || !encounters || !tables || group_docs(&x, groups) < 0)
		rc = err_set(e, "out of memory writing the EncounterPlus module");
	if (rc == 0 && (eplus_maps(&x, maps, e) < 0 || eplus_pages(&x, pages, e) < 0 ||
			eplus_fights(&x, encounters, tables, e) < 0 ||
			add_json(files, "module.json", module, e) < 0 || add_json(files, "groups.json", groups, e) < 0 ||
			add_json(files, "maps.json", maps, e) < 0 || add_json(files, "pages.json", pages, e) < 0 ||
			(json_array_size(encounters) > 0 && add_json(files, "encounters.json", encounters, e) < 0) ||
			(json_array_size(tables) > 0 && add_json(files, "tables.json", tables, e) < 0)))
		rc = -1;
	json_decref(encounters);
	json_decref(tables);
	json_decref(module);
	json_decref(groups);
	json_decref(maps);
	json_decref(pages);
	for (int l = 0; l < d->nlevels; l++) {
		char name[64];
		eplus_image_name(&x, l, name, sizeof name);
		if (rc == 0 && memfiles_add(files, name, (char *)pics[l].png, pics[l].len, e) < 0)
			rc = -1;
		else if (rc < 0)
			free(pics[l].png);
		pics[l].png = NULL;
	}
	return rc;
}
