/* site_fields.h: the typed fields of the site tables (site_tables.c): a
 * few words, an id, a list of settings, a role or a list of them, a count
 * of creatures as dice, a feature, a text and its {placeholders}. Each
 * returns 0, or -1 with a file:line:col error naming what is accepted. */
#ifndef MAPSHEET_SITE_FIELDS_H
#define MAPSHEET_SITE_FIELDS_H

#include "model/map.h"
#include "site/site_words.h"
#include "template/template.h"

int site_field_settings(const struct tpl_pos *pos, const struct tpl_field *f, unsigned *out, struct err *e);
/* A field of a few words, not blank, into out (size bytes with its NUL);
 * what names it in messages ("the creature"). */
int site_field_word(const struct tpl_pos *pos, const struct tpl_field *f, const char *what, char *out, size_t size,
		    struct err *e);
/* An id: lowercase letters, digits and '-', into out. */
int site_field_id(const struct tpl_pos *pos, const struct tpl_field *f, char *out, size_t size, struct err *e);
/* One role, or a list of them, among the bits of allowed (the roles a
 * directive can use; the message lists those). */
int site_field_role(const struct tpl_pos *pos, const struct tpl_field *f, unsigned allowed, enum site_role *out,
		    struct err *e);
int site_field_roles(const struct tpl_pos *pos, const struct tpl_field *f, unsigned allowed, unsigned *out,
		     struct err *e);
int site_field_dice(const struct tpl_pos *pos, const struct tpl_field *f, struct site_dice *d, struct err *e);
/* A range of party levels LO-HI, 1 <= LO <= HI <= SITE_LEVEL_MAX, into
 * *lo and *hi. */
int site_field_levels(const struct tpl_pos *pos, const struct tpl_field *f, int *lo, int *hi, struct err *e);
/* A member's part of the cast: lieutenant, rank, specialist, beast,
 * servant or prisoner. */
int site_field_cast(const struct tpl_pos *pos, const struct tpl_field *f, enum site_cast *out, struct err *e);
int site_field_feature(const struct tpl_pos *pos, const struct tpl_field *f, enum feature *out, struct err *e);
/* A text of a `what:` line: not blank, at most max bytes (0: no limit),
 * every {NAME} in it one of known (NULL-terminated; NULL: none). */
int site_field_text(const struct tpl_pos *pos, const struct tpl_field *f, const char *what,
		    const char *const *known, size_t max, struct err *e);

#endif
