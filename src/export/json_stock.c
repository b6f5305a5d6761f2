/* json_stock.c: the figures of a stocked key in mapsheet's JSON
 * (json_stock.h). */
#include "export/json_stock.h"

static void json_encounter(struct sbuf *s, const struct key_encounter *k)
{
	if (!k->difficulty[0]) {
		sbuf_add(s, "null");
		return;
	}
	sbuf_add(s, "{\"difficulty\": ");
	sbuf_add_json(s, k->difficulty);
	sbuf_printf(s, ", \"xp\": %d, \"budget\": %d, \"party\": %d, \"party_level\": %d, \"creatures\": [", k->xp,
		    k->budget, k->party, k->party_level);
	for (int i = 0; i < k->nfoes; i++) {
		const struct key_foe *f = &k->foes[i];
		sbuf_add(s, i ? ", {\"name\": " : "{\"name\": ");
		sbuf_add_json(s, f->name);
		sbuf_printf(s, ", \"count\": %d, \"cr\": ", f->count);
		sbuf_add_json(s, f->cr);
		sbuf_printf(s, ", \"xp\": %d, \"ac\": %d, \"hp\": %d}", f->xp, f->ac, f->hp);
	}
	sbuf_add(s, "]}");
}

static void json_int_or_null(struct sbuf *s, int v)
{
	if (v > 0)
		sbuf_printf(s, "%d", v);
	else
		sbuf_add(s, "null");
}

static void json_trap(struct sbuf *s, const struct key_trap *t)
{
	if (!t->danger[0]) {
		sbuf_add(s, "null");
		return;
	}
	sbuf_add(s, "{\"danger\": ");
	sbuf_add_json(s, t->danger);
	sbuf_add(s, ", \"dc\": ");
	json_int_or_null(s, t->dc);
	sbuf_add(s, ", \"attack\": ");
	json_int_or_null(s, t->attack);
	sbuf_add(s, ", \"damage\": ");
	if (t->damage[0])
		sbuf_add_json(s, t->damage);
	else
		sbuf_add(s, "null");
	sbuf_addc(s, '}');
}

void json_entry_stock(struct sbuf *s, const struct key_entry *en)
{
	sbuf_add(s, ", \"encounter\": ");
	json_encounter(s, &en->encounter);
	sbuf_add(s, ", \"trap\": ");
	json_trap(s, &en->trap);
	sbuf_add(s, ", \"treasure\": ");
	if (en->treasure_gp > 0)
		sbuf_printf(s, "{\"value_gp\": %ld}", en->treasure_gp);
	else
		sbuf_add(s, "null");
}

void json_doc_party(struct sbuf *s, const struct doc *d)
{
	sbuf_add(s, ",\n  \"party\": ");
	const struct key_party *p = d->party;
	if (!p || p->party <= 0 || d->sheet.player) {
		sbuf_add(s, "null");
		return;
	}
	sbuf_add(s, "{\"system\": ");
	sbuf_add_json(s, p->system);
	sbuf_printf(s, ", \"characters\": %d, \"level\": %d, \"deeper\": %d, \"credit\": ", p->party, p->level,
		    p->deeper);
	if (p->credit)
		sbuf_add_json(s, p->credit);
	else
		sbuf_add(s, "null");
	sbuf_addc(s, '}');
}
