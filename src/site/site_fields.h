/* site_fields.h: the typed fields of the site tables (site_tables.c): a
 * list of settings, a list of roles, a count of creatures as dice. Each
 * returns 0, or -1 with a file:line:col error naming what is accepted. */
#ifndef MAPSHEET_SITE_FIELDS_H
#define MAPSHEET_SITE_FIELDS_H

#include "model/map.h"
#include "site/site_words.h"
#include "template/template.h"

int site_field_settings(const struct tpl_pos *pos, const struct tpl_field *f, unsigned *out, struct err *e);
int site_field_role(const struct tpl_pos *pos, const struct tpl_field *f, enum site_role *out, struct err *e);
int site_field_roles(const struct tpl_pos *pos, const struct tpl_field *f, unsigned *out, struct err *e);
int site_field_dice(const struct tpl_pos *pos, const struct tpl_field *f, struct site_dice *d, struct err *e);
int site_field_feature(const struct tpl_pos *pos, const struct tpl_field *f, enum feature *out, struct err *e);

#endif
