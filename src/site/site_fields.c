/* site_fields.c: the typed fields of the site tables (see site_fields.h),
 * and the names of settings and roles (site_words.h). */
#include "site/site_fields.h"

#include "base/rng.h"

#include <stdio.h>
#include <string.h>

static const char *const setting_names[SETTING_COUNT] = { "dungeon", "crypt", "cave", "building" };
static const char *const role_names[ROLE_COUNT] = { "none",   "guard", "lair",  "leader", "shrine",
						    "prison", "store", "work",  "wander" };

/* the cast's words in the tables (one word each) and as the key says them */
static const char *const cast_words[CAST_COUNT] = { "leader", "lieutenant", "rank", "specialist",
						    "beast", "servant", "prisoner" };
static const char *const cast_names[CAST_COUNT] = { "leader", "lieutenant", "rank and file", "specialist",
						    "beast", "servant", "prisoner" };

const char *site_cast_name(enum site_cast c)
{
	return (unsigned)c < CAST_COUNT ? cast_names[c] : "?";
}

int site_field_cast(const struct tpl_pos *pos, const struct tpl_field *f, enum site_cast *out, struct err *e)
{
	for (int c = CAST_LIEUTENANT; c < CAST_COUNT; c++)
		if (!strcmp(f->text, cast_words[c])) {
			*out = (enum site_cast)c;
			return 0;
		}
	return tpl_error(e, pos, f->col,
			 "unknown part of the cast '%s' (parts: lieutenant, rank, specialist, beast, servant, prisoner; "
			 "the leader is a 'leader:' line)",
			 f->text);
}

const char *site_setting_name(enum site_setting s)
{
	return (unsigned)s < SETTING_COUNT ? setting_names[s] : "?";
}

const char *site_role_name(enum site_role r)
{
	return (unsigned)r < ROLE_COUNT ? role_names[r] : "?";
}

/* Calls word(ctx, start, len, col) for each space-separated word of f;
 * stops at the first that fails. Returns the number of words, or -1. */
static int each_word(const struct tpl_pos *pos, const struct tpl_field *f, void *ctx,
		     int (*word)(void *ctx, const struct tpl_pos *pos, const char *w, size_t len, int col,
				 struct err *e),
		     struct err *e)
{
	int n = 0;
	for (const char *p = f->text; *p;) {
		while (*p == ' ')
			p++;
		size_t len = strcspn(p, " ");
		if (len == 0)
			break;
		if (word(ctx, pos, p, len, f->col + (int)(p - f->text), e) < 0)
			return -1;
		n++;
		p += len;
	}
	return n;
}

static int setting_word(void *ctx, const struct tpl_pos *pos, const char *w, size_t len, int col, struct err *e)
{
	unsigned *out = ctx;
	if (len == 3 && !strncmp(w, "any", 3)) {
		*out = (1u << SETTING_COUNT) - 1;
		return 0;
	}
	for (int s = 0; s < SETTING_COUNT; s++)
		if (strlen(setting_names[s]) == len && !strncmp(w, setting_names[s], len)) {
			*out |= 1u << s;
			return 0;
		}
	return tpl_error(e, pos, col, "unknown setting '%.*s' (settings: dungeon, crypt, cave, building, any)",
			 (int)len, w);
}

int site_field_settings(const struct tpl_pos *pos, const struct tpl_field *f, unsigned *out, struct err *e)
{
	*out = 0;
	int n = each_word(pos, f, out, setting_word, e);
	if (n < 0)
		return -1;
	return n > 0 ? 0 : tpl_error(e, pos, f->col, "no setting (settings: dungeon, crypt, cave, building, any)");
}

/* "none, guard, ..." for the roles of allowed. */
static void role_list(unsigned allowed, char *out, size_t size)
{
	size_t used = 0;
	out[0] = '\0';
	for (int r = 0; r < ROLE_COUNT; r++)
		if (allowed & (1u << r)) {
			int n = snprintf(out + used, size - used, "%s%s", used ? ", " : "", role_names[r]);
			if (n < 0 || (size_t)n >= size - used)
				return;
			used += (size_t)n;
		}
}

struct roles_ctx {
	unsigned allowed, *out;
};

static int role_word(void *ctx, const struct tpl_pos *pos, const char *w, size_t len, int col, struct err *e)
{
	struct roles_ctx *c = ctx;
	for (int r = 0; r < ROLE_COUNT; r++)
		if ((c->allowed & (1u << r)) && strlen(role_names[r]) == len && !strncmp(w, role_names[r], len)) {
			*c->out |= 1u << r;
			return 0;
		}
	char names[128];
	role_list(c->allowed, names, sizeof names);
	return tpl_error(e, pos, col, "unknown role '%.*s' (roles: %s)", (int)len, w, names);
}

int site_field_roles(const struct tpl_pos *pos, const struct tpl_field *f, unsigned allowed, unsigned *out,
		     struct err *e)
{
	struct roles_ctx c = { allowed, out };
	*out = 0;
	int n = each_word(pos, f, &c, role_word, e);
	if (n < 0)
		return -1;
	if (n > 0)
		return 0;
	char names[128];
	role_list(allowed, names, sizeof names);
	return tpl_error(e, pos, f->col, "no role (roles: %s)", names);
}

int site_field_role(const struct tpl_pos *pos, const struct tpl_field *f, unsigned allowed, enum site_role *out,
		    struct err *e)
{
	unsigned bits;
	if (site_field_roles(pos, f, allowed, &bits, e) < 0)
		return -1;
	if (bits & (bits - 1))
		return tpl_error(e, pos, f->col, "one role, not '%s'", f->text);
	for (int r = 0; r < ROLE_COUNT; r++)
		if (bits == 1u << r)
			*out = (enum site_role)r;
	return 0;
}

/* Reads a whole number of 1 to 3 digits at s into *v; returns the digits. */
static int small_number(const char *s, int *v)
{
	int n = 0;
	*v = 0;
	while (n < 3 && s[n] >= '0' && s[n] <= '9')
		*v = *v * 10 + (s[n++] - '0');
	return n;
}

int site_field_dice(const struct tpl_pos *pos, const struct tpl_field *f, struct site_dice *d, struct err *e)
{
	const char *s = f->text;
	int a = 0, b = 0, c = 0;
	int used = small_number(s, &a);
	*d = (struct site_dice){ 0, 0, a };
	if (used > 0 && s[used] == 'd') {
		int more = small_number(s + used + 1, &b);
		used += 1 + more;
		*d = (struct site_dice){ a, b, 0 };
		if (more > 0 && s[used] == '+') {
			int extra = small_number(s + used + 1, &c);
			used += 1 + extra;
			d->plus = extra > 0 ? c : -1;
		}
	}
	int ok = used > 0 && s[used] == '\0' && d->plus >= 0 &&
		 (d->n == 0 ? d->plus >= 1 : d->n <= 20 && d->sides >= 2 && d->sides <= 100);
	return ok ? 0
		  : tpl_error(e, pos, f->col,
			      "'%s' is not a count of creatures (a number from 1 to 999, or NdS or NdS+P: 1 to 20 dice "
			      "of 2 to 100 sides, as 1d4 or 2d6+1)",
			      s);
}

int site_field_levels(const struct tpl_pos *pos, const struct tpl_field *f, int *lo, int *hi, struct err *e)
{
	const char *s = f->text;
	int a = 0, b = 0, nb = 0;
	int na = small_number(s, &a);
	if (na > 0 && s[na] == '-')
		nb = small_number(s + na + 1, &b);
	int in_range = a >= 1 && b >= 1 && a <= SITE_LEVEL_MAX && b <= SITE_LEVEL_MAX;
	if (na == 0 || nb == 0 || s[na + 1 + nb] != '\0' || !in_range)
		return tpl_error(e, pos, f->col,
				 "'%s' is not a range of party levels (LO-HI, each from 1 to %d, as 5-10)", s, SITE_LEVEL_MAX);
	if (a > b)
		return tpl_error(e, pos, f->col, "'%s' runs backwards: the lower party level comes first (%d-%d)", s, b, a);
	*lo = a;
	*hi = b;
	return 0;
}

int site_field_feature(const struct tpl_pos *pos, const struct tpl_field *f, enum feature *out, struct err *e)
{
	for (int k = FEATURE_NONE + 1; k < FEATURE_COUNT; k++)
		if (!strcmp(f->text, feature_name((enum feature)k))) {
			*out = (enum feature)k;
			return 0;
		}
	return tpl_error(e, pos, f->col,
			 "unknown feature '%s' (features: altar, statue, pillar, water, rubble, pit, coffin, bed, crate, "
			 "shelf, table, throne, hearth, cage, well)",
			 f->text);
}

int site_field_word(const struct tpl_pos *pos, const struct tpl_field *f, const char *what, char *out, size_t size,
		    struct err *e)
{
	size_t len = strlen(f->text);
	if (f->text[strspn(f->text, " ")] == '\0')
		return tpl_error(e, pos, f->col, "%s is empty", what);
	if (len >= size)
		return tpl_error(e, pos, f->col, "%s '%s' is longer than %zu characters", what, f->text, size - 1);
	memcpy(out, f->text, len + 1);
	return 0;
}

int site_field_id(const struct tpl_pos *pos, const struct tpl_field *f, char *out, size_t size, struct err *e)
{
	for (const char *c = f->text; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-'))
			return tpl_error(e, pos, f->col + (int)(c - f->text),
					 "an id is lowercase letters, digits and '-', not '%s'", f->text);
	return site_field_word(pos, f, "the id", out, size, e);
}

int site_dice_roll(const struct site_dice *d, struct rng *rng)
{
	int total = d->plus;
	for (int i = 0; i < d->n; i++)
		total += rng_die(rng, d->sides);
	return total > 0 ? total : 1;
}

/* "{a}, {b}" for the names of known, or "none". */
static void placeholder_list(const char *const *known, char *out, size_t size)
{
	size_t used = 0;
	snprintf(out, size, "none");
	for (int i = 0; known && known[i]; i++) {
		int n = snprintf(out + used, size - used, "%s{%s}", used ? ", " : "", known[i]);
		if (n < 0 || (size_t)n >= size - used)
			return;
		used += (size_t)n;
	}
}

int site_field_text(const struct tpl_pos *pos, const struct tpl_field *f, const char *what,
		    const char *const *known, size_t max, struct err *e)
{
	const char *t = f->text;
	if (t[strspn(t, " \t")] == '\0')
		return tpl_error(e, pos, f->col, "empty text (a '%s:' line needs its text)", what);
	if (max && strlen(t) > max)
		return tpl_error(e, pos, f->col, "a '%s:' text is at most %zu characters, not %zu", what, max, strlen(t));
	for (const char *open = strchr(t, '{'); open; open = strchr(open + 1, '{')) {
		const char *close = strchr(open, '}');
		size_t len = close ? (size_t)(close - open - 1) : 0;
		int found = 0;
		for (int i = 0; close && known && known[i] && !found; i++)
			found = strlen(known[i]) == len && !strncmp(open + 1, known[i], len);
		if (found)
			continue;
		char names[96];
		placeholder_list(known, names, sizeof names);
		int col = f->col + (int)(open - t);
		if (!close)
			return tpl_error(e, pos, col, "'{' without its '}' (placeholders of a '%s:' line: %s)", what, names);
		return tpl_error(e, pos, col, "unknown placeholder '%.*s' (placeholders of a '%s:' line: %s)",
				 (int)(len + 2 < 64 ? len + 2 : 64), open, what, names);
	}
	return 0;
}
