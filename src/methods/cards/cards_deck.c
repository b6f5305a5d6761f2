/* cards_deck.c: reads the room cards (the .card files of templates/cards) through the
 * template parser: the card, title, role, turn and row directives, with the
 * drawing checked (square, doorways only at the middle of a side, every
 * floor square and feature reached from the doorways) and every mistake
 * reported as file:line:column. */
#include "methods/cards/cards_deck.h"

#include "base/paths.h"
#include "methods/turn.h"
#include "template/template.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct read_ctx {
	struct card_set *set;
	struct card cur;
	int have;
	int w, h;                          /* the drawing read so far */
	int row_line[CARD_MAX_SIDE], row_col[CARD_MAX_SIDE];
	const char *file;
	int deck;
};

/* Squares one can walk over: floor, doorways, water and rubble. */
static int walkable(char ch)
{
	return ch == '.' || ch == 'D' || ch == '~' || ch == '%';
}

static int known(char ch)
{
	return ch == '#' || ch == ' ' || card_is_room(ch);
}

/* The error for square (x, y) of the drawing being read. */
static int square_error(struct read_ctx *c, int x, int y, const char *msg, struct err *e)
{
	err_at(e, c->file, c->row_line[y], c->row_col[y] + x, "card '%s': %s", c->cur.name, msg);
	return -1;
}

static int is_door_place(int side, int x, int y)
{
	int mid = side / 2;
	return (x == mid && (y == 0 || y == side - 1)) || (y == mid && (x == 0 || x == side - 1));
}

/* Checks the drawing and finds the doorways. */
static int check_drawing(struct read_ctx *c, struct err *e)
{
	struct card *cd = &c->cur;
	int n = cd->side, mid = n / 2;
	if (c->w != c->h || n % 2 == 0 || n < CARD_MIN_SIDE || n > CARD_MAX_SIDE) {
		err_at(e, c->file, cd->line, 1,
		       "card '%s' is %dx%d squares (a card is square, an odd number of squares on a side, %d to %d)",
		       cd->name, c->w, c->h, CARD_MIN_SIDE, CARD_MAX_SIDE);
		return -1;
	}
	cd->doors = 0;
	for (int y = 0; y < n; y++)
		for (int x = 0; x < n; x++)
			if (cd->cells[y * n + x] == 'D') {
				if (!is_door_place(n, x, y))
					return square_error(c, x, y,
							    "a doorway off the side's places (a doorway sits at the middle of a side)",
							    e);
				cd->doors |= 1u << (y == 0 ? SIDE_N : y == n - 1 ? SIDE_S : x == 0 ? SIDE_W : SIDE_E);
			}
	if (cd->doors == 0) {
		err_at(e, c->file, cd->line, 1, "card '%s' has no doorway (draw D at the middle of a side)", cd->name);
		return -1;
	}
	if (cd->role == CARD_BRIDGE && !((cd->doors & 5u) == 5u || (cd->doors & 10u) == 10u)) {
		err_at(e, c->file, cd->line, 1, "bridge card '%s' needs doorways on two opposite sides", cd->name);
		return -1;
	}
	/* every walkable square reached from the first doorway */
	int seen[CARD_MAX_SIDE * CARD_MAX_SIDE] = { 0 }, stack[CARD_MAX_SIDE * CARD_MAX_SIDE], top = 0;
	int start = (cd->doors & 1u) ? mid : (cd->doors & 2u) ? mid * n + n - 1 : (cd->doors & 4u) ? (n - 1) * n + mid : mid * n;
	seen[start] = 1;
	stack[top++] = start;
	while (top > 0) {
		int i = stack[--top], x = i % n, y = i / n;
		for (int s = 0; s < SIDE_COUNT; s++) {
			int nx = x + side_dx[s], ny = y + side_dy[s];
			if (nx < 0 || ny < 0 || nx >= n || ny >= n || seen[ny * n + nx] || !walkable(cd->cells[ny * n + nx]))
				continue;
			seen[ny * n + nx] = 1;
			stack[top++] = ny * n + nx;
		}
	}
	for (int y = 0; y < n; y++)
		for (int x = 0; x < n; x++) {
			char ch = cd->cells[y * n + x];
			if (walkable(ch) && !seen[y * n + x])
				return square_error(c, x, y, ch == 'D' ? "a doorway cut off from the others"
									: "floor cut off from the doorways", e);
		}
	/* then every feature reached from that floor through features */
	for (int i = 0; i < n * n; i++)
		if (seen[i])
			stack[top++] = i;
	while (top > 0) {
		int i = stack[--top], x = i % n, y = i / n;
		for (int s = 0; s < SIDE_COUNT; s++) {
			int nx = x + side_dx[s], ny = y + side_dy[s];
			if (nx < 0 || ny < 0 || nx >= n || ny >= n || seen[ny * n + nx] || !card_is_room(cd->cells[ny * n + nx]))
				continue;
			seen[ny * n + nx] = 1;
			stack[top++] = ny * n + nx;
		}
	}
	for (int y = 0; y < n; y++)
		for (int x = 0; x < n; x++)
			if (card_is_room(cd->cells[y * n + x]) && !seen[y * n + x])
				return square_error(c, x, y, "a feature off the floor (walled off from the room)", e);
	return 0;
}

static int finish(struct read_ctx *c, struct err *e)
{
	if (!c->have)
		return 0;
	c->have = 0;
	c->cur.side = c->w;
	if (c->h == 0) {
		err_at(e, c->file, c->cur.line, 1, "card '%s' has no rows", c->cur.name);
		return -1;
	}
	if (check_drawing(c, e) < 0)
		return -1;
	struct card_set *s = c->set;
	for (int i = 0; i < s->n; i++)
		if (s->cards[i].deck == c->deck && strcmp(s->cards[i].name, c->cur.name) == 0) {
			err_at(e, c->file, c->cur.line, 1, "card '%s' is already in deck '%s' (%s:%d)", c->cur.name,
			       s->decks[c->deck], s->cards[i].file, s->cards[i].line);
			return -1;
		}
	if (s->n == s->cap) {
		int ncap = s->cap ? s->cap * 2 : 64;
		struct card *p = realloc(s->cards, (size_t)ncap * sizeof *p);
		if (!p)
			return err_set(e, "out of memory reading %s", c->file);
		s->cards = p;
		s->cap = ncap;
	}
	s->cards[s->n++] = c->cur;
	return 0;
}

static int on_card(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct read_ctx *c = ctx;
	(void)nf;
	if (finish(c, e) < 0)
		return -1;
	size_t len = strlen(f[0].text);
	if (len == 0 || len >= CARD_NAME_LEN)
		return tpl_error(e, pos, f[0].col, "a card name is 1 to %d characters", CARD_NAME_LEN - 1);
	for (size_t i = 0; i < len; i++) {
		char ch = f[0].text[i];
		if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-'))
			return tpl_error(e, pos, f[0].col + (int)i,
					 "'%c' in a card name (use lower-case letters, digits and '-'; title: gives the key's name)",
					 ch);
	}
	memset(&c->cur, 0, sizeof c->cur);
	snprintf(c->cur.name, sizeof c->cur.name, "%s", f[0].text);
	snprintf(c->cur.file, sizeof c->cur.file, "%s", c->file);
	c->cur.line = pos->line;
	c->cur.role = CARD_ROOM;
	c->cur.deck = c->deck;
	c->cur.turns = 0xffu;
	c->w = c->h = 0;
	c->have = 1;
	return 0;
}

static int need_card(struct read_ctx *c, const struct tpl_pos *pos, const char *what, struct err *e)
{
	return c->have ? 0 : tpl_error(e, pos, 1, "'%s' before any 'card:' line", what);
}

static int on_title(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct read_ctx *c = ctx;
	(void)nf;
	if (need_card(c, pos, "title", e) < 0)
		return -1;
	if (f[0].text[0] == '\0' || strlen(f[0].text) >= sizeof c->cur.title)
		return tpl_error(e, pos, f[0].col, "a title is 1 to %d characters", (int)sizeof c->cur.title - 1);
	snprintf(c->cur.title, sizeof c->cur.title, "%s", f[0].text);
	return 0;
}

static int on_role(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	static const char *const roles[CARD_ROLE_COUNT] = { "room", "start", "bridge" };
	struct read_ctx *c = ctx;
	(void)nf;
	if (need_card(c, pos, "role", e) < 0)
		return -1;
	for (int i = 0; i < CARD_ROLE_COUNT; i++)
		if (strcmp(f[0].text, roles[i]) == 0) {
			c->cur.role = (enum card_role)i;
			return 0;
		}
	return tpl_error(e, pos, f[0].col, "unknown role '%s' (expected room, start or bridge)", f[0].text);
}

static int on_turn(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	static const char *const names[] = { "any", "rotate", "mirror", "none" };
	static const unsigned masks[] = { 0xffu, 0x0fu, 0x11u, 0x01u };
	struct read_ctx *c = ctx;
	(void)nf;
	if (need_card(c, pos, "turn", e) < 0)
		return -1;
	for (int i = 0; i < 4; i++)
		if (strcmp(f[0].text, names[i]) == 0) {
			c->cur.turns = masks[i];
			return 0;
		}
	return tpl_error(e, pos, f[0].col, "unknown turn '%s' (expected any, rotate, mirror or none)", f[0].text);
}

static int on_row(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct read_ctx *c = ctx;
	(void)nf;
	if (need_card(c, pos, "row", e) < 0)
		return -1;
	const char *row = f[0].text;
	int len = (int)strlen(row);
	for (int i = 0; i < len; i++)
		if (!known(row[i]))
			return tpl_error(e, pos, f[0].col + i,
					 "unknown square '%c' (expected one of: # . D o ~ %% & * A or a space)", row[i]);
	if (len == 0)
		return tpl_error(e, pos, f[0].col, "an empty row (draw rock as '#')");
	if (c->h > 0 && len != c->w)
		return tpl_error(e, pos, f[0].col, "row is %d squares wide but the card's first row is %d", len, c->w);
	if (len > CARD_MAX_SIDE || c->h >= CARD_MAX_SIDE)
		return tpl_error(e, pos, f[0].col, "a card is at most %d squares on a side", CARD_MAX_SIDE);
	memcpy(c->cur.cells + c->h * len, row, (size_t)len);
	c->row_line[c->h] = pos->line;
	c->row_col[c->h] = f[0].col;
	c->w = len;
	c->h++;
	return 0;
}

static const struct tpl_directive card_directives[] = {
	{ "card", "str", on_card, 0 },
	{ "title", "text", on_title, 0 },
	{ "role", "str", on_role, 0 },
	{ "turn", "str", on_turn, 0 },
	{ "row", "text", on_row, 0 },
	{ NULL, NULL, NULL, 0 }
};

int card_set_deck(const struct card_set *s, const char *name)
{
	for (int i = 0; i < s->ndecks; i++)
		if (strcmp(s->decks[i], name) == 0)
			return i;
	return -1;
}

int card_read_text(struct card_set *s, const char *name, const char *deck, const char *text, size_t len,
		   struct err *e)
{
	struct read_ctx c;
	memset(&c, 0, sizeof c);
	c.set = s;
	c.file = name;
	c.deck = card_set_deck(s, deck);
	if (c.deck < 0) {
		if (s->ndecks == CARD_MAX_DECKS)
			return err_usage(e, "%s: more than %d decks", name, CARD_MAX_DECKS);
		if (strlen(deck) == 0 || strlen(deck) >= CARD_NAME_LEN)
			return err_usage(e, "%s: a deck's name (its file name) is 1 to %d characters", name,
					 CARD_NAME_LEN - 1);
		c.deck = s->ndecks;
		snprintf(s->decks[s->ndecks++], CARD_NAME_LEN, "%s", deck);
	}
	int rc = tpl_parse_text(name, text, len, card_directives, &c, e);
	if (rc == 0)
		rc = finish(&c, e);
	return rc;
}

static int read_file(struct card_set *s, const char *path, const char *deck, struct err *e)
{
	size_t len;
	char *text = tpl_read_file(path, &len, e);
	if (!text)
		return -1;
	int rc = card_read_text(s, path, deck, text, len, e);
	free(text);
	return rc;
}

/* Reads every *.card file of a folder (in name order) into s. Returns 0, or
 * -1 with a usage error naming file:line:column. */
static int read_dir(struct card_set *s, const char *dir, struct err *e)
{
	char **names;
	int n;
	if (tpl_list_dir(dir, ".card", "card", &names, &n, e) < 0)
		return -1;
	int rc = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		char path[2048], deck[CARD_NAME_LEN];
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		snprintf(deck, sizeof deck, "%.*s", (int)strlen(names[i]) - 5, names[i]);
		rc = read_file(s, path, deck, e);
	}
	tpl_dir_free(names, n);
	return rc;
}

int card_set_load(struct card_set *s, const char *const *dirs, const char *user_dir, struct err *e)
{
	memset(s, 0, sizeof *s);
	int rc;
	if (user_dir && user_dir[0] != '+') {
		rc = read_dir(s, user_dir, e);
	} else {
		char shipped[1200];
		if (paths_find_dir(dirs, "cards", shipped, sizeof shipped) < 0)
			return err_set(e, "cannot find the shipped cards (templates/cards) along the template path");
		rc = read_dir(s, shipped, e);
		if (rc == 0 && user_dir)
			rc = read_dir(s, user_dir + 1, e);
	}
	if (rc < 0)
		card_set_free(s);
	return rc;
}

void card_set_free(struct card_set *s)
{
	free(s->cards);
	memset(s, 0, sizeof *s);
}

/* Where square (x, y) of the laid card comes from in the drawing: undo the
 * turn (counter-clockwise), then the mirror. */
char card_at(const struct card *c, int o, int x, int y)
{
	int n = c->side, dx, dy, nw, nh;
	turn_point(n, n, turn_undo(o), x, y, &dx, &dy, &nw, &nh);
	return c->cells[dy * n + dx];
}
