/* fuzz_site.c: libFuzzer harness for the site tables (site_tables.c,
 * site_fields.c, site_check.c): any bytes, read as one site table file,
 * are parsed or refused with one printable line "fuzz.site:LINE:COL: ...";
 * tables that parse are checked (0, or one line: FILE:LINE:1: for a
 * faction or a kind, else "the site tables have ..."), hold only what the
 * parser promises (known words, dice, party levels from 1 to 20), and, read a second time as another file, are refused
 * at their first faction or kind as a duplicate. Never a crash, a leak or
 * a read out of bounds. Seeds: templates/site/ and tests/fuzz/corpus/site/;
 * dictionary: tests/fuzz/site.dict. */
#include "site/site_tables.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The message is one printable line starting with prefix (NULL: any). */
static void site_one_line(const struct err *e, const char *prefix)
{
	if (e->msg[0] == '\0' || e->kind != ERR_USAGE)
		abort();
	for (const char *c = e->msg; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			abort();
	if (prefix && strncmp(e->msg, prefix, strlen(prefix)) != 0)
		abort();
}

/* "NAME:LINE:COL: " at the start of the message. */
static void site_at_line(const struct err *e, const char *name)
{
	site_one_line(e, name);
	const char *p = e->msg + strlen(name);
	for (int part = 0; part < 2; part++) {
		if (*p++ != ':' || *p < '1' || *p > '9')
			abort();
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (p[0] != ':' || p[1] != ' ')
		abort();
}

/* A range of party levels the parser gives: within 1 to 20, low first. */
static void site_check_levels(int lo, int hi)
{
	if (lo < 1 || hi > SITE_LEVEL_MAX || lo > hi)
		abort();
}

static void site_check_dice(const struct site_dice *d)
{
	int ok = d->n == 0 ? d->plus >= 1 && d->plus <= 999
			   : d->n <= 20 && d->sides >= 2 && d->sides <= 100 && d->plus >= 0 && d->plus <= 999;
	if (!ok)
		abort();
}

/* What a parsed table holds: known words only, no empty text. */
static void site_check_parsed(const struct site_tables *t)
{
	unsigned all = (1u << SETTING_COUNT) - 1;
	for (int i = 0; i < t->nfactions; i++) {
		const struct site_faction_type *f = &t->factions[i];
		if (!f->id[0] || !f->settings || (f->settings & ~all) || !f->type[0] || !f->file)
			abort();
		for (int m = 0; m < f->nmembers; m++) {
			site_check_dice(&f->members[m].count);
			if (!f->members[m].roles || (f->members[m].roles & ((1u << ROLE_NONE) | (1u << ROLE_LEADER))))
				abort();
		}
		if (f->ndoing[ROLE_NONE])
			abort();
		site_check_levels(f->level_lo, f->level_hi);
		for (int c = 0; c < f->ncalled; c++)
			if (!f->called[c][0] || strlen(f->called[c]) > 79)
				abort();
	}
	for (int i = 0; i < t->nkinds; i++) {
		const struct site_kind *k = &t->kinds[i];
		if (!k->id[0] || !k->settings || (k->settings & ~all) || k->role == ROLE_WANDER || !k->file ||
		    (k->feature == FEATURE_NONE) != (k->feature_text == NULL))
			abort();
		for (int n = 0; n < k->nnames; n++)
			if (!k->names[n][0] || strlen(k->names[n]) > 47)
				abort();
	}
	for (int i = 0; i < t->ncreatures; i++)
		if (!t->creatures[i].name[0] || (t->creatures[i].nature & ~(fact_bits)FACTS_WHO))
			abort();
	for (int i = 0; i < t->noutsiders; i++) {
		site_check_dice(&t->outsiders[i].count);
		site_check_levels(t->outsiders[i].level_lo, t->outsiders[i].level_hi);
		if (!t->outsiders[i].text[0] || !t->outsiders[i].settings)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a NUL-terminated copy, as tpl_read_file gives the loader */
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	struct site_tables t;
	struct err e = { ERR_NONE, "" };
	memset(&t, 0, sizeof t);
	if (site_tables_parse(&t, "fuzz.site", text, size, &e) < 0) {
		site_at_line(&e, "fuzz.site");
	} else {
		site_check_parsed(&t);
		if (site_tables_check(&t, &e) < 0) {
			site_one_line(&e, NULL);
			if (strncmp(e.msg, "fuzz.site:", 10) == 0)
				site_at_line(&e, "fuzz.site");
			else if (strncmp(e.msg, "the site tables have no ", 24) != 0)
				abort();
		}
		/* again as a second file: its first faction, kind or creature is
		 * one again */
		int ids = t.nfactions + t.nkinds + t.ncreatures;
		int rc = site_tables_parse(&t, "fuzz2.site", text, size, &e);
		if ((rc < 0) != (ids > 0))
			abort();
		if (rc < 0) {
			site_at_line(&e, "fuzz2.site");
			if (!strstr(e.msg, " again (first at fuzz.site:"))
				abort();
		}
	}
	site_tables_free(&t);
	free(text);
	return 0;
}
