/* stock_table.h: stocking tables, the data behind the key's contents.
 *
 * A system is a folder templates/tables/NAME/ of *.table files, read with the
 * template parser (template.h) into one set of named tables. A table is either
 * rolled with a die (`die:d6`, entries `roll:1-2:text`) or picked by weight
 * (`entry:3:text`). Entry text may call other tables (`{gems}`), name a value
 * the stocker supplies (`{$theme}`, `{$key}`) and carry dice (`2d6 goblins`,
 * `3d6x10 silver pieces`) that are rolled when the text is expanded. The
 * contents roll (`contents:d6`, `kind:1-2:monster:1/2`) and the size of the
 * wandering monster table (`wandering:d8`) are set in the same files. The
 * format is documented under TABLES in mapsheet-templates(5).
 *
 * Loading checks everything it can: every call names a table that exists and
 * no table calls itself, directly or through others; errors name
 * file:line:column. Nothing here keeps global state. */
#ifndef MAPSHEET_STOCK_TABLE_H
#define MAPSHEET_STOCK_TABLE_H

#include "base/err.h"
#include "base/rng.h"
#include "base/sbuf.h"
#include "model/key_said.h"
#include "stock/stock_figures.h"
#include "site/room_facts.h"

#define STOCK_NAME_MAX 48
#define STOCK_MAX_KINDS 16
#define STOCK_MAX_BASES 4      /* a system, its base, that one's base, ... */

/* The values entry text can name as {$name}. */
enum stock_var {
	STOCK_VAR_THEME,    /* the zone's theme ("Flooded Halls") */
	STOCK_VAR_KEY,      /* a key's name ("brass key") */
	STOCK_VAR_ROOM,     /* the room's title ("Library") */
	STOCK_VAR_DC,       /* a trap's save ("DC 13") */
	STOCK_VAR_ATTACK,   /* a trap's attack ("+7 to hit") */
	STOCK_VAR_DAMAGE,   /* a trap's damage dice ("2d10") */
	STOCK_VAR_WALL,     /* the wall a door is in ("north") */
	STOCK_VAR_FORCE,    /* a locked door's DC to force it ("DC 17") */
	STOCK_VAR_DOOR,     /* the door a line is about, told from the others
			       ("secret door in the south wall", "western of
			       the two secret doors in the south wall") */
	STOCK_VAR_COUNT
};

/* What weighted tables have already given in this key, so rolls are dealt
 * like cards from a deck: an entry comes up again only after the rest have,
 * or after a few re-rolls keep landing on used ones. Die tables keep their
 * odds and are never steered. */
struct stock_memory {
	unsigned char **used;   /* per table, per entry */
	int *nused;
	int ntables;
	struct key_said *said;  /* the sentences the document has said (NULL:
				   none kept): a line saying one again is
				   rolled again (stock.c) */
	unsigned char **spent;  /* per table, per entry: in which settings
				   (stock_spent.c) it is known to say a
				   sentence said */
};

/* The context of a roll: the values text can name, and an optional memory. */
struct stock_vars {
	const char *v[STOCK_VAR_COUNT];   /* NULL: expands to "" */
	struct stock_memory *memory;      /* NULL: every roll independent */
	const char *treasure;             /* not NULL: {treasure} is this text (a
					     treasure already valued), not a roll */
	unsigned *used;                   /* not NULL: gets a bit (1u << var) for
					     each value the text named */
	int depth;                        /* the dungeon level: {NAME} is rolled on
					     NAME_levelN for the deepest N from 2 to
					     depth that has one (0: never) */
	fact_bits facts;                  /* the room's facts: an entry "[bed]..." is
					     rolled only where they hold */
	/* not NULL: {treasure} is rolled by this, for the facts of the line
	 * that names it (a treasure valued for a party, carried or not) */
	int (*treasure_roll)(void *ctx, fact_bits facts, struct sbuf *out, struct err *e);
	void *treasure_ctx;
};

/* NdS+A, times M: "2d6", "d100", "3d6x10", "1d4+1". */
struct stock_dice {
	int count, sides, add, mul;
};

struct stock_tok;

struct stock_entry {
	int lo, hi;             /* die tables: the results this entry covers */
	int weight;             /* weighted tables */
	char *text;             /* after its condition */
	struct fact_cond cond;  /* "[bed !undead]": what it needs (n 0: nothing) */
	int line, col;          /* where the text starts in its file */
	struct stock_tok *toks; /* the text read into pieces at load (stock_prepare.c) */
	int ntoks;
	int varies;             /* it names a value or {treasure}: what it says
				   depends on the roll's values */
};

struct stock_table {
	char name[STOCK_NAME_MAX];
	int file, line;         /* where `table:` stands */
	struct stock_dice die;  /* sides == 0: a weighted table */
	struct stock_entry *entries;
	int n, cap;
	long total_weight;
	int conditioned;        /* an entry has a condition */
	fact_bits claims;       /* the FACTS_CLAIMED its entries need ("[carried]") */
	long *upto;             /* weighted: the weights of entries 0..i summed, at load */
	int opens;              /* every roll on it starts with a capital or a
				   digit, so a full stop before it ends a sentence */
};

/* A table's name or one of its aliases, sorted for lookup. */
struct stock_name {
	char name[STOCK_NAME_MAX];
	int table;
	int file, line, col;
};

/* One line of the contents roll: results lo..hi hold `name`, with treasure
 * at the given chance. */
struct stock_kind {
	char name[16];
	int lo, hi;
	double treasure;
	int file, line, col;
};

struct stock_tables {
	struct stock_table *tables;
	int ntables, tables_cap;
	struct stock_name *names;
	int nnames, names_cap;
	char **files;           /* file names for messages */
	int nfiles;

	struct stock_dice contents_die;     /* sides 0: no contents roll given */
	int contents_file, contents_line;
	struct stock_kind kinds[STOCK_MAX_KINDS];
	int nkinds;
	struct stock_dice wandering_die;    /* sides 0: no wandering table */

	struct stock_figures fig;           /* the system's numbers, if it has any */

	int current;            /* table being read, -1 between tables */
	int sorted;             /* names sorted (after stock_tables_resolve) */
	/* A system may build on a base (base:NAME), and that on its own:
	 * each file read belongs to one of them, 0 the system asked for; a
	 * table, contents roll or wandering die of an earlier one stands in
	 * for a later one's. */
	int *file_system;       /* per file */
	int reading_system;     /* of the files being read now */
	int contents_system, wandering_system;
	struct stock_figures base_fig;      /* a base's figures while it is read */
};

/* Flags for stock_expand / stock_roll. */
enum stock_flag {
	STOCK_KEEP_DICE = 1     /* leave dice in the text unrolled (wandering table) */
};

void stock_tables_init(struct stock_tables *t);
void stock_tables_free(struct stock_tables *t);

/* Adds the tables in text (named `name` in messages). Each call may add
 * tables; a table ends with its file. Returns 0 or -1 with e set to
 * "name:line:column: message". */
int stock_tables_parse_text(struct stock_tables *t, const char *name, const char *text, size_t len,
			    struct err *e);
/* After parsing: checks every call names a table and no table calls itself,
 * directly or through others, and the contents roll covers its die. Returns
 * 0 or -1 with e set to the file:line:column of the offending call. */
int stock_tables_resolve(struct stock_tables *t, struct err *e);

/* Finds the folder of system `system` (a name looked up as tables/NAME along
 * dirs, or a path containing '/'), parses and resolves it. On failure t is
 * left freeable and e names the problem (an unknown system lists the known
 * ones). */
int stock_tables_load(struct stock_tables *t, const char *const *dirs, const char *system, struct err *e);
/* The folder of system `system` (as stock_tables_load finds it) into dir.
 * Returns 0, or -1 with a usage error naming the systems there are. */
int stock_system_dir(const char *const *dirs, const char *system, char *dir, size_t size, struct err *e);
/* "neutral, ..." : the systems along dirs. Returns the count. */
int stock_systems_list(const char *const *dirs, char *out, size_t size);

/* The table called name (or aliased so), or NULL. Needs resolved tables. */
const struct stock_table *stock_table_find(const struct stock_tables *t, const char *name);

/* The table a call {name} rolls on at dungeon level depth: name_levelN
 * for the deepest N from 2 to depth that the tables have, else name. */
const struct stock_table *stock_table_at_depth(const struct stock_tables *t, const char *name, int depth);

/* Rolls on table tab and appends the expanded text to out. */
int stock_roll(const struct stock_tables *t, const struct stock_table *tab, const struct stock_vars *v,
	       int flags, struct rng *rng, struct sbuf *out, struct err *e);
/* Expands text: calls rolled, variables filled in, dice rolled (unless
 * STOCK_KEEP_DICE). */
int stock_expand(const struct stock_tables *t, const char *text, const struct stock_vars *v, int flags,
		 struct rng *rng, struct sbuf *out, struct err *e);
/* Rolls the entry index of tab (die or weight). */
int stock_pick(const struct stock_table *tab, struct rng *rng);
/* Same, steered away from entries used before when mem is given (see
 * struct stock_memory), and records the pick. */
int stock_pick_fresh(const struct stock_tables *t, const struct stock_table *tab, struct stock_memory *mem,
		     struct rng *rng);

/* Same, among the entries whose conditions hold for facts: those with the
 * most conditions that mem has not seen used, else less specific ones not
 * used, else the most specific again (a die table's by their ranges);
 * every entry when none holds. */
int stock_pick_fit(const struct stock_tables *t, const struct stock_table *tab, struct stock_memory *mem,
		   fact_bits facts, struct rng *rng);

/* Allocates a memory for the tables of t; returns 0 or -1 with e set. */
int stock_memory_init(struct stock_memory *mem, const struct stock_tables *t, struct err *e);
void stock_memory_free(struct stock_memory *mem);

/* Reads dice at s ("2d6+1 ..."). Returns the characters used (0 if s does
 * not start with dice), or -1 when it looks like dice but is out of range
 * (count 1..100, sides 2..1000, add -10000..10000, times 1..10000). */
int stock_dice_scan(const char *s, struct stock_dice *d);
int stock_dice_roll(const struct stock_dice *d, struct rng *rng);

/* One piece of entry text, for the loader and the expander. */
enum stock_tok_kind { STOCK_TOK_TEXT, STOCK_TOK_CALL, STOCK_TOK_VAR, STOCK_TOK_DICE };

struct stock_tok {
	enum stock_tok_kind kind;
	size_t start, len;      /* the token's characters in the text */
	char name[STOCK_NAME_MAX];  /* CALL: the table name */
	enum stock_var var;     /* VAR */
	struct stock_dice dice; /* DICE */
	/* CALL, set at load (stock_prepare.c): the table it names, the
	 * deepest N of a table NAME_levelN (0: none), whether it is
	 * {treasure}, and whether every roll on it, at any depth, opens a
	 * sentence */
	int sub, deepest, treasure, opens;
};

/* Reads the token at text[*i] and moves *i past it. Returns 1 with tok set,
 * 0 at the end of the text, or -1 with *why set and *i at the bad character. */
int stock_text_next(const char *text, size_t *i, struct stock_tok *tok, const char **why);
int stock_dice_min(const struct stock_dice *d);
int stock_dice_max(const struct stock_dice *d);

/* After resolving (stock_tables_resolve calls it): every entry's text read
 * into pieces, its calls resolved, the weights summed, which tables open
 * a sentence. Returns 0 or -1 with e set. */
int stock_tables_prepare(struct stock_tables *t, struct err *e);
void stock_tables_unprepare(struct stock_tables *t);

/* Whether every line add_rolled (stock.c) could draw on tab with v, under
 * label (NULL: none) and followed by a roll on tint (NULL: none), says a
 * sentence the document has said (v->memory->said): rolling again cannot
 * help. Remembers what it learns in v->memory. */
int stock_spent(const struct stock_tables *t, const struct stock_table *tab, const struct stock_vars *v,
		const char *label, const struct stock_table *tint);
/* The same for entry i of tab alone. */
int stock_entry_said(const struct stock_tables *t, const struct stock_table *tab, int i, const struct stock_vars *v,
		     const char *label, const struct stock_table *tint);

/* A conditioned table's entries where some facts hold, read once for the
 * rolls made again on it (stock_fit.c): each entry's condition words
 * where it holds (-1: it does not), and its weight. */
#define STOCK_FIT_SMALL 256
struct stock_fit {
	const struct stock_table *tab;  /* NULL: not read yet */
	fact_bits facts;
	int best;                       /* the most words of an entry that holds, -1: none */
	signed char held[STOCK_FIT_SMALL];
	int weight[STOCK_FIT_SMALL];
};

/* stock_pick_fit, the entries read into fit (when not NULL) once for
 * tab and facts: the same pick. */
int stock_pick_fit_again(const struct stock_tables *t, const struct stock_table *tab, struct stock_memory *mem,
			 fact_bits facts, struct stock_fit *fit, struct rng *rng);

/* Rolls on tab as stock_roll does, except that where skip(ctx, entry)
 * says the entry drawn is not wanted, its dice and calls are rolled
 * without a word written (the generator left as stock_roll leaves it).
 * The entry is picked with fit (NULL: none kept). Returns 0 (written to
 * out), 1 (skipped) or -1 with e set. */
int stock_roll_unless(const struct stock_tables *t, const struct stock_table *tab, const struct stock_vars *v,
		      int flags, int (*skip)(void *ctx, int entry), void *ctx, struct stock_fit *fit, struct rng *rng,
		      struct sbuf *out, struct err *e);

#endif
