/* foundry_tables.c: each level's wandering monsters as a Foundry VTT
 * RollTable (foundry_int.h): the key's die as its formula ("d6" rolls
 * 1d6), a text result a row with the row's range and words as the key
 * prints them. Version 12's shape (type "text", the words in `text`), which
 * version 13 migrates on import. */
#include "export/foundry_int.h"

#include "base/sbuf.h"
#include "export/tabletop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int foundry_table_json(struct sbuf *s, const struct doc *d, int li, const struct foundry_ids *ids, int first)
{
	const struct key *k = &d->levels[li].key;
	int depth = d->levels[li].map.depth;
	if (k->nwandering == 0)
		return 0;
	char id[FOUNDRY_ID_SIZE], folder[FOUNDRY_ID_SIZE], name[400], level[340];
	foundry_id(ids, id, "table", depth, 0);
	foundry_id(ids, folder, "folder", 2, 0);
	foundry_level_name(d, li, level, sizeof level);
	snprintf(name, sizeof name, "%s: wandering monsters", level);
	const char *die = k->wandering_die[0] == 'd' ? k->wandering_die + 1 : k->wandering_die;
	sbuf_printf(s, "%s{\"_id\": \"%s\", \"name\": ", first ? "" : ", ", id);
	sbuf_add_json(s, name);
	sbuf_printf(s, ", \"img\": \"icons/svg/d20-grey.svg\", \"description\": \"\", \"results\": [");
	int n = 0, next = 1;
	for (int i = 0; i < k->nwandering; i++) {
		int lo, hi;
		const char *text;
		if (!tabletop_table_row(k->wandering[i], &lo, &hi, &text)) {
			lo = hi = next;
			text = k->wandering[i];
		}
		next = hi + 1;
		char rid[FOUNDRY_ID_SIZE];
		foundry_id(ids, rid, "result", depth, i);
		struct sbuf html;
		sbuf_init(&html);
		foundry_html_text(&html, text);
		const char *h = sbuf_cstr(&html);
		sbuf_printf(s, "%s{\"_id\": \"%s\", \"type\": \"text\", \"text\": ", n ? ", " : "", rid);
		sbuf_add_json(s, h ? h : "");
		sbuf_printf(s, ", \"img\": \"icons/svg/d20-black.svg\", \"documentCollection\": \"\", \"documentId\": null, "
			       "\"weight\": %d, \"range\": [%d, %d], \"drawn\": false, \"flags\": {}}", hi - lo + 1, lo, hi);
		sbuf_free(&html);
		n++;
	}
	sbuf_printf(s, "], \"formula\": \"1d%s\", \"replacement\": true, \"displayRoll\": true, \"folder\": \"%s\", "
		       "\"sort\": %d, \"ownership\": {\"default\": 0}, \"flags\": {}, ", die, folder, depth * 100000);
	foundry_stats_json(s);
	sbuf_add(s, "}");
	return 1;
}
