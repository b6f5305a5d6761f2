/* cards_deal.c: dealing room cards into cells, as the source lays its
 * pre-designed rooms. Each deck keeps a pile per role (room, start, bridge)
 * of the cards that fit the cell, shuffled with the map's rng and drawn
 * without replacement (reshuffled when it runs out). A drawn card is turned
 * or mirrored, as it allows, to put doorways where its neighbours need
 * them; a card that cannot is put back among the undrawn and the next
 * drawn, DEAL_TRIES times, and then the cell gets a plain room. A pile is
 * reshuffled when every card has been drawn, or when the few left cannot
 * meet a cell (they stay first in line, the drawn cards shuffled in behind
 * them), so no card comes twice before the pile is used up. */
#include "methods/cards/cards_int.h"
#include "methods/turn.h"

#include <stdlib.h>
#include <string.h>

#define DEAL_TRIES 6

/* Where a card of `side` squares sits in its cell, so its doorways lie on
 * the cell's middle row and column; -1 when it does not fit. */
static int card_offset(const struct cards_state *st, int side)
{
	int off = st->mid - side / 2;
	return off >= 0 && off + side <= st->n - 1 ? off : -1;
}

static int pile_fill(struct cards_pile *p, const struct card_set *s, int deck, enum card_role role,
		     const struct cards_state *st, struct err *e)
{
	p->n = p->next = 0;
	p->order = malloc(((size_t)s->n + 1) * sizeof *p->order);
	if (!p->order)
		return err_set(e, "out of memory for the card piles");
	for (int i = 0; i < s->n; i++)
		if ((deck < 0 || s->cards[i].deck == deck) && s->cards[i].role == role &&
		    card_offset(st, s->cards[i].side) >= 0)
			p->order[p->n++] = i;
	p->next = p->n;   /* shuffled at the first draw */
	return 0;
}

int cards_piles_init(struct cards_state *st)
{
	const struct card_set *s = st->deck;
	int nd = s->ndecks + 1;   /* the last: every deck at once */
	st->piles = calloc((size_t)nd * CARD_ROLE_COUNT, sizeof *st->piles);
	if (!st->piles)
		return err_set(st->e, "out of memory for the card piles");
	st->npiles = nd * CARD_ROLE_COUNT;
	for (int d = 0; d < nd; d++)
		for (int r = 0; r < CARD_ROLE_COUNT; r++)
			if (pile_fill(&st->piles[d * CARD_ROLE_COUNT + r], s, d < s->ndecks ? d : -1, (enum card_role)r,
				      st, st->e) < 0)
				return -1;
	return 0;
}

void cards_piles_free(struct cards_state *st)
{
	for (int i = 0; i < st->npiles; i++)
		free(st->piles[i].order);
	free(st->piles);
	st->piles = NULL;
	st->npiles = 0;
}

/* The pile a zone draws `role` cards from: its deck's, else every deck's,
 * else (start and bridge) its deck's rooms. */
static struct cards_pile *pile_for(struct cards_state *st, int deck, enum card_role role)
{
	int nd = st->deck->ndecks;
	struct cards_pile *p = deck >= 0 ? &st->piles[deck * CARD_ROLE_COUNT + role] : NULL;
	if (!p || p->n == 0)
		p = &st->piles[nd * CARD_ROLE_COUNT + role];
	if (p->n == 0 && role != CARD_ROOM)
		return pile_for(st, deck, CARD_ROOM);
	return p;
}

/* An orientation of card c the card allows with doorways on every side of
 * need and, of those, the most toward the free cells of `open` (so the
 * zone can grow on), chosen at random among equals; -1 if none, or if
 * `grow` asks for a doorway toward a free cell and none has one. */
static int orient_for(struct cards_state *st, const struct card *c, unsigned need, unsigned open, int grow)
{
	int ok[CARD_TURNS], n = 0, best = -1;
	for (int o = 0; o < CARD_TURNS; o++) {
		unsigned d = card_doors(c, o);
		if (!(c->turns & (1u << o)) || (d & need) != need)
			continue;
		static const int sides_in[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 };
		int score = sides_in[d & open & 15u];
		if (grow && score == 0)
			continue;
		if (score > best) {
			best = score;
			n = 0;
		}
		if (score == best)
			ok[n++] = o;
	}
	return n ? ok[rng_range(st->rng, 0, n - 1)] : -1;
}

/* "ns": the sides of a doorway mask, for the roll log. */
static void sides_text(unsigned need, char out[5])
{
	int n = 0;
	for (int s = 0; s < SIDE_COUNT; s++)
		if (need & (1u << s))
			out[n++] = side_letter((enum side)s)[0];
	out[n] = '\0';
}

/* How many cells of the zone's set a laid card's doorway faces, counting
 * up to `limit`: the places the zone can still grow. */
static int live_cells(const struct cards_state *st, int limit)
{
	int live = 0;
	for (int b = 1; b <= CARDS_MAX_BORDERS && live < limit; b++)
		for (int i = 0; i < st->bucket[b].n && live < limit; i++) {
			int c = st->bucket[b].v[i];
			for (int s = 0; s < SIDE_COUNT; s++) {
				int nb = cards_step(st, c, (enum side)s);
				int k = nb >= 0 ? st->cells[nb].card : -1;
				if (k >= 0 && k < st->ncards - 1 && ((st->cards[k].doors >> side_opposite((enum side)s)) & 1u)) {
					live++;
					break;
				}
			}
		}
	return live;
}

int cards_deal(struct cards_state *st, int zone, int cell, enum card_role role, unsigned need, int *orient)
{
	unsigned open = 0;
	for (int s = 0; s < SIDE_COUNT; s++) {
		int nb = cards_step(st, cell, (enum side)s);
		if (nb >= 0 && st->cells[nb].card < 0 && !st->cells[nb].invalid)
			open |= 1u << s;
	}
	/* a young zone, or one with few cells left to grow into: this card
	 * must lead on */
	int grow = open != 0 && (st->zones[zone].ncards <= 3 || live_cells(st, 3) < 3);
	char sides[5];
	sides_text(need, sides);
	if (!st->deck || st->deck->n == 0)
		return -1;
	struct cards_pile *p = pile_for(st, st->zone_deck[zone], role);
	if (p->n == 0)
		return -1;
	int skip = 0;   /* cards at the front already tried for this cell */
	for (int round = 0; round < 2; round++) {
		if (p->next == p->n) {
			rng_shuffle(st->rng, p->order, (size_t)p->n);
			p->next = 0;
		}
		int undrawn = p->n - p->next - skip, tries = undrawn < DEAL_TRIES ? undrawn : DEAL_TRIES;
		for (int t = 0; t < tries; t++) {
			int i = p->next + skip + t, k = p->order[i];
			int o = orient_for(st, &st->deck->cards[k], need, open, grow);
			if (o < 0)
				continue;
			/* the cards passed over go back among the undrawn */
			p->order[i] = p->order[p->next];
			p->order[p->next++] = k;
			*orient = o;
			if (t + skip > 0)
				log_step(st->log, "deal: %d card%s put back (no way to meet doorways %s)", t + skip,
					 t + skip == 1 ? "" : "s", sides);
			return k;
		}
		if (round > 0 || undrawn > DEAL_TRIES || p->next == 0)
			break;
		/* The rest of the pile cannot meet this cell: the pile is used up
		 * for it. The drawn cards are shuffled in behind the rest, which
		 * stay first in line. */
		int left[DEAL_TRIES], nleft = undrawn, drawn = p->next;
		memcpy(left, p->order + drawn, (size_t)nleft * sizeof *left);
		memmove(p->order + nleft, p->order, (size_t)drawn * sizeof *p->order);
		memcpy(p->order, left, (size_t)nleft * sizeof *left);
		rng_shuffle(st->rng, p->order + nleft, (size_t)drawn);
		p->next = 0;
		skip = nleft;
		log_step(st->log, "deal: the last %d card%s of the pile cannot meet doorways %s; a new round behind %s",
			 nleft, nleft == 1 ? "" : "s", sides, nleft == 1 ? "it" : "them");
	}
	log_step(st->log, "deal: no card of the pile meets doorways %s", sides);
	return -1;
}

/* Copies text into a field of `size` bytes, cut to fit as snprintf's "%s"
 * would cut it, without a format to parse for every card laid. */
static void copy_field(char *dst, size_t size, const char *text)
{
	size_t len = strlen(text);
	if (len >= size)
		len = size - 1;
	memcpy(dst, text, len);
	dst[len] = '\0';
}

int cards_lay_card(struct cards_state *st, int k, int card, int o)
{
	struct cards_card *cd = &st->cards[k];
	const struct card *c = &st->deck->cards[card];
	struct map *m = st->m;
	int n = c->side, off = card_offset(st, n);
	int x0 = cards_cell_x(st, cd->cell) * st->n + off, y0 = cards_cell_y(st, cd->cell) * st->n + off;
	cd->r = (struct rect){ x0, y0, n, n };
	cd->card = card;
	cd->doors = card_doors(c, o);
	if (!map_rect_free(m, cd->r, 0))
		return err_set(st->e, "internal error: card %d at %d,%d overlaps another region", k, x0, y0);
	/* how card_at reads the drawing, as steps: the drawing's index of laid
	 * square (x, y) is base + x * dx + y * dy, worked out once a card
	 * instead of once a square */
	long base, dx, dy;
	int nw, nh;
	turn_steps(n, n, turn_undo(o), &base, &dx, &dy, &nw, &nh);
	for (int y = 0; y < n; y++) {
		long row = (long)(y0 + y) * m->w + x0;
		long at = base + y * dy;
		for (int x = 0; x < n; x++, at += dx) {
			char ch = c->cells[at];
			if (ch == '#' || ch == ' ' || !card_is_room(ch))
				continue;
			m->cells[row + x] = cd->region;
			m->features[row + x] = (unsigned char)card_feature_of(ch);
		}
	}
	struct region *r = &m->regions[cd->region];
	copy_field(r->card, sizeof r->card, c->name);
	if (c->title[0])
		copy_field(r->name, sizeof r->name, c->title);
	return 0;
}

int cards_floor_spot(const struct cards_state *st, int k, int *fx, int *fy)
{
	const struct rect *r = &st->cards[k].r;
	const struct map *m = st->m;
	int id = st->cards[k].region, best = -1;
	int cx = r->x + r->w / 2, cy = r->y + r->h / 2;
	for (int y = r->y; y < r->y + r->h; y++)
		for (int x = r->x; x < r->x + r->w; x++) {
			if (map_at(m, x, y) != id || m->features[(long)y * m->w + x] != FEATURE_NONE)
				continue;
			if (m->entrance.set && x == m->entrance.x && y == m->entrance.y)
				continue;
			int d = abs(x - cx) + abs(y - cy);
			if (best < 0 || d < best) {
				best = d;
				*fx = x;
				*fy = y;
			}
		}
	return best >= 0 ? 0 : -1;
}
