/* json_stock.h: the fields of mapsheet's JSON that a system with figures
 * fills (mapsheet-json(5), version 4 on): each entry's encounter, trap and
 * treasure, and the party the document was stocked for. */
#ifndef MAPSHEET_JSON_STOCK_H
#define MAPSHEET_JSON_STOCK_H

#include "base/sbuf.h"
#include "model/doc.h"

/* `, "encounter": ..., "trap": ..., "treasure": ...` of entry en (each
 * null when the system gave it no figures). */
void json_entry_stock(struct sbuf *s, const struct key_entry *en);

/* `,\n  "party": ...`: the party of d, or null (and on the players' copy). */
void json_doc_party(struct sbuf *s, const struct doc *d);

#endif
