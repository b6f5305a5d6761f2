/* read_json.c: what every reader gives (read_json.h). The exits paragraph
 * of each key entry of a map read from a file is derived from its doors, as
 * key_build writes it, so that a door added, removed or changed in the file
 * reads right in the key of the rooms on both sides. A written exits text
 * that the doors do not give, nor gave before one door changed kind (a door
 * made secret by hand: the text was never touched), is named in a warning,
 * never dropped in silence. */
#include "read/read_json.h"

#include "model/key_follow.h"

#include <stdlib.h>
#include <string.h>

int read_json_derive_exits(struct level *lv, int player, const char *name, int index, struct log *log,
			   struct err *e)
{
	struct key built = { 0 };
	struct key_options o = { .numbering = KEY_NUMBER_ENTRANCE, .stock = 0, .player = player };
	struct graph g = { 0 };
	int have_graph = 0, rc = 0;
	if (key_build(&built, &lv->map, &o, e) < 0)
		return -1;
	for (int i = 0; i < lv->key.n && rc == 0; i++) {
		struct key_entry *en = &lv->key.entries[i];
		/* key_build makes the entries in number order: found at once */
		struct key_entry *from = (struct key_entry *)key_find(&built, en->number);
		if (!from)
			continue;
		const char *derived = from->exits ? from->exits : "";
		/* a text the map changed under (a door made secret) follows the
		 * map in silence; one written by hand is named */
		int hand = log && en->exits && strcmp(en->exits, derived) != 0;
		if (hand && !have_graph && (rc = graph_build(&g, &lv->map, e)) == 0)
			have_graph = 1;
		if (hand && rc == 0) {
			int were = key_exits_were(&lv->map, &g, en->region, en->exits, &o, e);
			rc = were < 0 ? -1 : 0;
			hand = were == 0;
		}
		if (hand && rc == 0)
			log_warn(log, "%s: levels[%d].key[%d].exits: \"%.80s\" is not what the doors give; printed as "
				 "the doors give it (\"%.80s\"); put other words in \"lines\"", name, index, i, en->exits,
				 derived);
		free(en->exits);
		free(en->exit_list);
		en->exits = from->exits;
		en->exit_list = from->exit_list;
		en->nexits = from->nexits;
		from->exits = NULL;
		from->exit_list = NULL;
		from->nexits = 0;
	}
	key_free(&built);
	if (have_graph)
		graph_free(&g);
	return rc;
}

void read_json_check_names(const struct level *lv, const char *name, int index, struct log *log)
{
	for (int i = 0; log && i < lv->key.n; i++) {
		const struct key_entry *en = &lv->key.entries[i];
		if (en->region < 1 || en->region > lv->map.nregions)
			continue;
		const char *rn = lv->map.regions[en->region].name;
		size_t full = sizeof lv->map.regions[0].name - 1, len = strlen(rn);
		/* a name as long as a region holds is the title cut short */
		if (!rn[0] || (len == full ? strncmp(rn, en->title, len) : strcmp(rn, en->title)) == 0)
			continue;
		log_warn(log, "%s: levels[%d].regions[%d].name: \"%s\" is not room %d's title in the key (\"%s\"), which "
			 "is what prints; rename a room in levels[%d].key[%d].title", name, index, en->region - 1, rn,
			 en->number, en->title, index, i);
	}
}

void read_json_doc_free(struct read_json_doc *d)
{
	if (d->levels)
		levels_free(d->levels, d->nlevels);
	free(d->levels);
	free(d->seed);
	free(d->title);
	free(d->site);
	free(d->story);
	free(d->secret);
	free(d->factions);
	for (int i = 0; i < d->nthreads; i++)
		free(d->threads[i].text);
	free(d->threads);
	free(d->party.credit);
	memset(d, 0, sizeof *d);
}
