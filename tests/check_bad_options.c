/* check_bad_options.c: every way to misuse mapsheet ends in one clear line.
 *
 * A table of bad inputs, across the options, the template files (stocking
 * tables in a --system folder, the config file) and the output paths. Each
 * case runs in its own folder holding a sentinel file at the usual output
 * path; the case passes when the exit status is right (2 for usage, 1 at run
 * time), stderr is exactly one line "mapsheet: ..." containing the expected
 * words, and a snapshot of the folder (names, sizes, contents, links) is the
 * same before and after: nothing appeared, vanished or changed, no stray
 * temporary file either. Add a case by adding a line to `cases`. */
#include "cli/cli_options.h"
#include "testrun.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BASE "build/tests/badinput"
#define OUT BASE "/stdout"
#define ERR BASE "/stderr"

enum setup {
	PLAIN,          /* the case folder: out.json (sentinel), file (a file), adir.json/ (a folder) */
	SYSTEM,         /* and sys/: the neutral tables, plus zz_bad.table holding `text`
			 * (NULL: none; len 1: 17 MiB, len 2: a 5000-character line,
			 * len 3: tables calling tables a billion times) */
	CONFIG,         /* and xdg/mapsheet/config holding `text`, the run's config file */
	LINKED          /* SYSTEM, plus sys/zz_linked.table a link to real.json (a valid table) */
};

enum { F_NO_OUT = 1 };  /* append no "-o {D}/out.json" (the case ends with an option) */

struct bad_case {
	const char *args;       /* {D}: the case folder, {S}: its sys/, {LONG}: a 4200-character name */
	int status;
	const char *needle;     /* must appear in the line (placeholders too) */
	enum setup setup;
	const char *text;       /* SYSTEM, CONFIG: the file's text */
	size_t len;             /* the text's length; 0: strlen */
	unsigned flags;
};

#define A16 "aaaaaaaaaaaaaaaa"
#define A256 A16 A16 A16 A16 A16 A16 A16 A16 A16 A16 A16 A16 A16 A16 A16 A16

static const struct bad_case cases[] = {
	/* --method */
	{ "--method dise", 2, "unknown method 'dise' (methods: dice", PLAIN, NULL, 0, 0 },
	{ "--method DICE", 2, "unknown method 'DICE' (methods: ", PLAIN, NULL, 0, 0 },
	{ "--method ''", 2, "--method: no method named (methods: ", PLAIN, NULL, 0, 0 },
	{ "--method ,", 2, "--method: no method named", PLAIN, NULL, 0, 0 },
	{ "--method dice,nope", 2, "unknown method 'nope'", PLAIN, NULL, 0, 0 },
	{ "--method dice,house", 2, "--method: 2 methods named for 1 level (one method per level", PLAIN, NULL, 0, 0 },
	{ "--levels 2 --method dice,house,dice", 2, "3 methods named for 2 levels", PLAIN, NULL, 0, 0 },
	/* --seed */
	{ "--seed ''", 2, "--seed: the seed is empty", PLAIN, NULL, 0, 0 },
	{ "--seed " A256, 2, "--seed: the seed is longer than 255 characters", PLAIN, NULL, 0, 0 },
	/* --rooms */
	{ "--rooms abc", 2, "--rooms: 'abc' is not a whole number (expected 1 to 100000)", PLAIN, NULL, 0, 0 },
	{ "--rooms 0", 2, "--rooms: 0 is out of range (expected 1 to 100000)", PLAIN, NULL, 0, 0 },
	{ "--rooms -5", 2, "--rooms: -5 is out of range", PLAIN, NULL, 0, 0 },
	{ "--rooms 100001", 2, "--rooms: 100001 is out of range (expected 1 to 100000)", PLAIN, NULL, 0, 0 },
	{ "--rooms 99999999999999999999", 2, "--rooms: '99999999999999999999' is not a whole number", PLAIN, NULL, 0, 0 },
	{ "--rooms 1e3", 2, "--rooms: '1e3' is not a whole number", PLAIN, NULL, 0, 0 },
	{ "--rooms 12abc", 2, "--rooms: '12abc' is not a whole number", PLAIN, NULL, 0, 0 },
	{ "--rooms 0x10", 2, "--rooms: '0x10' is not a whole number", PLAIN, NULL, 0, 0 },
	{ "--rooms=", 2, "--rooms: '' is not a whole number", PLAIN, NULL, 0, 0 },
	{ "-n 2.5", 2, "--rooms: '2.5' is not a whole number", PLAIN, NULL, 0, 0 },
	/* --size */
	{ "--size 0x0", 2, "--size: 0x0 is out of range (each side 8 to 4000 squares, at most 4000000", PLAIN, NULL, 0, 0 },
	{ "--size 7x8", 2, "--size: 7x8 is out of range", PLAIN, NULL, 0, 0 },
	{ "--size 8x7", 2, "--size: 8x7 is out of range", PLAIN, NULL, 0, 0 },
	{ "--size 4001x8", 2, "--size: 4001x8 is out of range", PLAIN, NULL, 0, 0 },
	{ "--size 2001x2001", 2, "--size: 2001x2001 is out of range", PLAIN, NULL, 0, 0 },
	{ "--size 100000x100000", 2, "--size: 100000x100000 is out of range", PLAIN, NULL, 0, 0 },
	{ "--size -8x8", 2, "--size: -8x8 is out of range", PLAIN, NULL, 0, 0 },
	{ "--size 40", 2, "--size: '40' is not WxH (squares, e.g. 60x40)", PLAIN, NULL, 0, 0 },
	{ "--size 40x", 2, "--size: '40x' is not WxH", PLAIN, NULL, 0, 0 },
	{ "--size x40", 2, "--size: 'x40' is not WxH", PLAIN, NULL, 0, 0 },
	{ "--size 40x40x40", 2, "--size: '40x40x40' is not WxH", PLAIN, NULL, 0, 0 },
	{ "--size '40*40'", 2, "--size: '40*40' is not WxH", PLAIN, NULL, 0, 0 },
	{ "--size ''", 2, "--size: '' is not WxH", PLAIN, NULL, 0, 0 },
	{ "--size 99999999999999999999x8", 2, "--size: '99999999999999999999x8' is not WxH", PLAIN, NULL, 0, 0 },
	{ "--size 8x99999999999999999999", 2, "--size: '8x99999999999999999999' is not WxH", PLAIN, NULL, 0, 0 },
	/* --levels */
	{ "--levels 0", 2, "--levels: 0 is out of range (expected 1 to 99)", PLAIN, NULL, 0, 0 },
	{ "--levels 100", 2, "--levels: 100 is out of range (expected 1 to 99)", PLAIN, NULL, 0, 0 },
	{ "--levels -1", 2, "--levels: -1 is out of range", PLAIN, NULL, 0, 0 },
	{ "--levels two", 2, "--levels: 'two' is not a whole number", PLAIN, NULL, 0, 0 },
	/* --numbering, --completion, --log, --output, --system */
	{ "--numbering sideways", 2, "--numbering: unknown order 'sideways' (orders: entrance, reading)", PLAIN, NULL, 0, 0 },
	{ "--numbering ENTRANCE", 2, "--numbering: unknown order 'ENTRANCE'", PLAIN, NULL, 0, 0 },
	{ "--completion zsh", 2, "--completion: unknown shell 'zsh' (shells: bash)", PLAIN, NULL, 0, 0 },
	{ "--log ''", 2, "--log: the file name is empty", PLAIN, NULL, 0, 0 },
	{ "-o ''", 2, "--output: the file name is empty", PLAIN, NULL, 0, 0 },
	{ "--system ''", 2, "--system: the name is empty", PLAIN, NULL, 0, 0 },
	{ "--system nosuch", 2, "unknown table system 'nosuch' (systems: 5e, neutral)", PLAIN, NULL, 0, 0 },
	{ "--system .hidden", 2, "--system: '.hidden' is not a table system name", PLAIN, NULL, 0, 0 },
	{ "--system {D}/missing/", 2, "cannot open the table folder {D}/missing/", PLAIN, NULL, 0, 0 },
	{ "--system {D}/adir.json", 2, "the table folder {D}/adir.json holds no *.table files", PLAIN, NULL, 0, 0 },
	{ "--system {D}/file", 2, "cannot open the table folder {D}/file", PLAIN, NULL, 0, 0 },
	/* the dice and house options */
	{ "--room-shape square", 2, "--room-shape: unknown shape 'square' (expected round or alcove)", PLAIN, NULL, 0, 0 },
	{ "--loops -1", 2, "--loops: -1 is out of range (expected 0 to ", PLAIN, NULL, 0, 0 },
	{ "--loops many", 2, "--loops: 'many' is not a whole number", PLAIN, NULL, 0, 0 },
	{ "--hall-rate 2", 2, "--hall-rate: 2 is out of range (expected 0 to 1)", PLAIN, NULL, 0, 0 },
	{ "--hall-rate -0.1", 2, "--hall-rate: -0.1 is out of range", PLAIN, NULL, 0, 0 },
	{ "--hall-rate nan", 2, "--hall-rate: 'nan' is not a number (expected 0 to 1)", PLAIN, NULL, 0, 0 },
	{ "--hall-rate inf", 2, "--hall-rate: 'inf' is not a number", PLAIN, NULL, 0, 0 },
	{ "--hall-rate 1e999", 2, "--hall-rate: '1e999' is not a number", PLAIN, NULL, 0, 0 },
	{ "--hall-door-prob 1.5", 2, "--hall-door-prob: 1.5 is out of range (expected 0 to 1)", PLAIN, NULL, 0, 0 },
	{ "--room-door-prob x", 2, "--room-door-prob: 'x' is not a number", PLAIN, NULL, 0, 0 },
	{ "--max-room 8", 2, "--max-room: 8 is out of range (expected 9 to 4000000)", PLAIN, NULL, 0, 0 },
	{ "--max-room 0", 2, "--max-room: 0 is out of range", PLAIN, NULL, 0, 0 },
	/* unknown options, flags given values, missing values, stray arguments */
	{ "--frobnicate", 2, "unknown option '--frobnicate' (see mapsheet --help)", PLAIN, NULL, 0, 0 },
	{ "-Z", 2, "unknown option '-Z'", PLAIN, NULL, 0, 0 },
	{ "--room 3", 2, "option '--room' is ambiguous (it could be --rooms, ", PLAIN, NULL, 0, 0 },
	{ "--quiet=yes", 2, "option '--quiet' takes no value (found '--quiet=yes')", PLAIN, NULL, 0, 0 },
	{ "--no-stock=1", 2, "option '--no-stock' takes no value", PLAIN, NULL, 0, 0 },
	{ "--rooms", 2, "option '--rooms' needs a value", PLAIN, NULL, 0, F_NO_OUT },
	{ "-n", 2, "option '-n' needs a value", PLAIN, NULL, 0, F_NO_OUT },
	{ "--seed", 2, "option '--seed' needs a value", PLAIN, NULL, 0, F_NO_OUT },
	{ "-o {D}/out.json --method", 2, "option '--method' needs a value", PLAIN, NULL, 0, F_NO_OUT },
	{ "-o", 2, "option '-o' needs a value", PLAIN, NULL, 0, F_NO_OUT },
	{ "stray", 2, "unexpected argument 'stray' (options start with -", PLAIN, NULL, 0, 0 },
	{ "dice", 2, "unexpected argument 'dice'", PLAIN, NULL, 0, 0 },
	{ "-- --rooms 5", 2, "unexpected argument '--rooms'", PLAIN, NULL, 0, 0 },

	/* stocking tables: every malformed line is file:line:column */
	{ "--system {S}", 2, "zz_bad.table:2:7: 'abc' is not a whole number", SYSTEM, "table:x\nentry:abc:text\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:2:7: weight 0 is out of range (1 to 10000)", SYSTEM, "table:x\nentry:0:t\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:1:1: 'entry' outside a table", SYSTEM, "entry:1:an orphan\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:2:5: 'd0' is not a die", SYSTEM, "table:x\ndie:d0\nroll:1:a\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:3:6: roll 1-7 is outside 1 to 6", SYSTEM, "table:x\ndie:d6\nroll:1-7:a\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:4:6: roll 3-6 overlaps the roll line at line 3", SYSTEM,
	  "table:x\ndie:d6\nroll:1-3:a\nroll:3-6:b\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:1:7: table 'x' has no roll line for 4 (its die gives 1 to 6)", SYSTEM,
	  "table:x\ndie:d6\nroll:1-3:a\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:2:11: table 'x' calls 'nosuch', which is not a table", SYSTEM,
	  "table:x\nentry:1:a {nosuch}\n", 0, 0 },
	{ "--system {S}", 2, "calls itself in a loop", SYSTEM, "table:x\nentry:1:{y}\ntable:y\nentry:1:{x}\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:1:7: table 'dress' is already defined at ", SYSTEM, "table:dress\nentry:1:d\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:1:7: table 'x' has no entries", SYSTEM, "table:x\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:1:1: unknown directive 'bogus' (expected one of: ", SYSTEM, "bogus:1\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:1:1: the contents roll is already given at ", SYSTEM, "contents:d6\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:1:11: a wandering table of 200 rows is too long (at most 100)", SYSTEM,
	  "wandering:d200\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:2:1: NUL byte in a text file", SYSTEM, "table:x\n\0entry:1:a\n", 19, 0 },
	{ "--system {S}", 2, "zz_bad.table:2:1: a directive starts at the beginning of the line", SYSTEM,
	  "table:x\n  entry:1:a\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:3:9: empty entry text", SYSTEM, "# a comment\ntable:x\nentry:1:\n", 0, 0 },
	{ "--system {S}", 2, "zz_bad.table:1:4097: line longer than 4096 characters", SYSTEM, NULL, 2, 0 },
	{ "--system {S}", 2, "zz_bad.table: larger than 16 MiB, not a template", SYSTEM, NULL, 1, 0 },
	{ "--system {S}", 1, "stocking tables call tables more than 20000 times for one line", SYSTEM, NULL, 3, 0 },

	/* the config file */
	{ "", 2, "mapsheet/config:1:11: numbering: unknown order 'sideways'", CONFIG, "numbering:sideways\n", 0, 0 },
	{ "", 2, "mapsheet/config:1:1: unknown setting 'frob' (settings: paper, style, scale, dpi, numbering, system, party, party-level)", CONFIG, "frob:1\n", 0, 0 },
	{ "", 2, "mapsheet/config:2:1: expected 'directive:fields', found no ':'", CONFIG, "# mine\nnumbering\n", 0, 0 },
	{ "", 2, "mapsheet/config:2:1: a directive starts at the beginning", CONFIG, "dpi:300\n  numbering:reading\n", 0, 0 },
	{ "", 2, "mapsheet/config:2:3: unknown setting 'frob'", CONFIG, "  dpi:300\n  frob:1\n", 0, 0 },
	{ "", 2, "mapsheet/config:1:8: system: the value is empty", CONFIG, "system:\n", 0, 0 },
	/* empty and one-character names and values */
	{ "", 2, "mapsheet/config:1:10: paper: the value is empty", CONFIG, "paper:   \n", 0, 0 },
	{ "", 2, "mapsheet/config:1:1: no setting named before the ':' (settings: paper,", CONFIG, ":\n", 0, 0 },
	{ "", 2, "mapsheet/config:2:1: no setting named before the ':'", CONFIG, "dpi:300\n:a4\n", 0, 0 },
	{ "", 2, "mapsheet/config:1:1: unknown setting 'p' (settings: paper,", CONFIG, "p:a4\n", 0, 0 },
	{ "", 2, "mapsheet/config:1:7: paper: 'x' is not a paper size", CONFIG, "paper:x\n", 0, 0 },
	{ "", 2, "mapsheet/config:1:11: numbering: unknown order 'e'", CONFIG, "numbering:e\n", 0, 0 },
	{ "", 2, "mapsheet/config:2:1: unknown setting 'frob'", CONFIG, "numbering:reading\r\nfrob:2\r\n", 0, 0 },
	{ "", 2, "mapsheet/config:1:1: NUL byte in a text file", CONFIG, "\0numbering:reading\n", 19, 0 },
	{ "", 2, "unknown table system 'nosuch'", CONFIG, "system:nosuch\n", 0, 0 },

	/* output paths */
	{ "-o {D}/nodir/x.json", 1, "cannot write {D}/nodir/x.json: No such file or directory", PLAIN, NULL, 0, 0 },
	{ "-o {D}/file/x.json", 1, "cannot write {D}/file/x.json: Not a directory", PLAIN, NULL, 0, 0 },
	{ "-o {D}/adir.json", 2, "--output: {D}/adir.json is a folder; name a file in it", PLAIN, NULL, 0, 0 },
	{ "-o {D}/out.xyz", 2, "--output: cannot tell the format of '{D}/out.xyz' from its extension (formats: .pdf, .svg, .png, .txt, .json, .dd2vtt, .uvtt, .md, .zip, .module)",
	  PLAIN, NULL, 0, 0 },
	{ "-o {D}/out", 2, "--output: cannot tell the format of '{D}/out'", PLAIN, NULL, 0, 0 },
	{ "--format svg -o {D}/out.json", 2, "--format svg cannot write {D}/out.json, a name for json output; name a "
	  "file ending .svg, or leave out --format", PLAIN, NULL, 0, F_NO_OUT },
	{ "--format foundry -o {D}/out.json", 2, "name a file ending .zip", PLAIN, NULL, 0, F_NO_OUT },
	{ "-o {D}/", 2, "--output: {D}/ is a folder; name a file in it", PLAIN, NULL, 0, 0 },
	{ "-o {D}/{LONG}.json", 2, "output path is too long", PLAIN, NULL, 0, 0 },
	{ "--log {D}/nodir/x.log", 1, "cannot write {D}/nodir/x.log: No such file or directory", PLAIN, NULL, 0, 0 },
	{ "--log {D}/adir.json", 2, "--log: {D}/adir.json is a folder; name a file in it", PLAIN, NULL, 0, 0 },
	{ "--log {D}/out.json", 2, "--log: {D}/out.json is also the output file", PLAIN, NULL, 0, 0 },
	{ "--log {D}/adir.json/../out.json -o {D}/out.json", 2, "is also the output file", PLAIN, NULL, 0, 0 },
	{ "--log {D}/new.txt -o {D}/new.txt", 2, "--log: {D}/new.txt is also the output file", PLAIN, NULL, 0, 0 },
	{ "--system {S} --log {S}/rooms.table", 1, "--log: will not write {S}/rooms.table: this run reads it "
	  "(a stocking table of --system {S})", SYSTEM, NULL, 0, 0 },
	{ "--system {S} -o {D}/real.json", 1, "--output: will not write {D}/real.json: this run reads it", LINKED,
	  NULL, 0, 0 },
	{ "--log {D}/xdg/mapsheet/config", 1, "this run reads it (the config file)", CONFIG, "numbering:reading\n", 0, 0 },
};

#define NCASES ((int)(sizeof cases / sizeof cases[0]))

/* Copies text with {D}, {S} and {LONG} replaced. */
static void expand(const char *text, const char *dir, char *out, size_t size)
{
	size_t n = 0;
	out[0] = '\0';
	for (const char *p = text; *p && n + 1 < size;) {
		char piece[4400];
		size_t skip = 1;
		if (strncmp(p, "{D}", 3) == 0) {
			snprintf(piece, sizeof piece, "%s", dir);
			skip = 3;
		} else if (strncmp(p, "{S}", 3) == 0) {
			snprintf(piece, sizeof piece, "%s/sys", dir);
			skip = 3;
		} else if (strncmp(p, "{LONG}", 6) == 0) {
			memset(piece, 'x', 4200);
			piece[4200] = '\0';
			skip = 6;
		} else {
			piece[0] = *p;
			piece[1] = '\0';
		}
		n += (size_t)snprintf(out + n, size - n, "%s", piece);
		p += skip;
	}
}

static void sh(const char *fmt, const char *a, const char *b)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd, fmt, a, b);
	ck_assert_msg(system(cmd) == 0, "setup failed: %s", cmd);
}

/* Three tables of 1000 calls each over a table that adds nothing (an
 * empty variable), under the contents of every room the site leaves to
 * the stocking (the first entry of the trap, special and empty tables,
 * drawn ten thousand times in ten thousand and one). */
static void write_call_bomb(const char *path)
{
	struct { const char *name, *calls; } level[] = { { "bb", "{bc}" }, { "ba", "{bb}" }, { "bz", "{ba}" } };
	size_t size = 20000, n = 0;
	char *text = malloc(size);
	ck_assert_ptr_nonnull(text);
	n += (size_t)snprintf(text + n, size - n, "table:bc\nentry:1:{$key}\n");
	for (int k = 0; k < 3; k++) {
		n += (size_t)snprintf(text + n, size - n, "table:%s\nentry:1:", level[k].name);
		for (int i = 0; i < 1000; i++)
			n += (size_t)snprintf(text + n, size - n, "%s", level[k].calls);
		n += (size_t)snprintf(text + n, size - n, "\n");
	}
	ck_assert_int_eq(test_write_file(path, text, n), 0);
	free(text);
	char dir[600], cmd[1400];
	snprintf(dir, sizeof dir, "%s", path);
	*strrchr(dir, '/') = '\0';
	snprintf(cmd, sizeof cmd, "sed -i 's/^table:\\(trap\\|special\\|empty\\)$/&\\nentry:10000:Dust, and {bz}/' "
		 "'%s'/*.table", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* Makes the case folder. Returns the config home to use, or NULL. */
static const char *prepare(const struct bad_case *c, const char *dir, char *xdg, size_t size)
{
	char path[600];
	sh("rm -rf '%s' && mkdir -p '%s/adir.json'", dir, dir);
	snprintf(path, sizeof path, "%s/out.json", dir);
	ck_assert_int_eq(test_write_file(path, "{\"sentinel\": true}\n", 19), 0);
	snprintf(path, sizeof path, "%s/file", dir);
	ck_assert_int_eq(test_write_file(path, "a file, not a folder\n", 21), 0);
	if (c->setup == SYSTEM || c->setup == LINKED)
		sh("cp -R templates/tables/neutral '%s/sys'%s", dir, "");
	if (c->setup == SYSTEM) {
		snprintf(path, sizeof path, "%s/sys/zz_bad.table", dir);
		if (c->text) {
			ck_assert_int_eq(test_write_file(path, c->text, c->len ? c->len : strlen(c->text)), 0);
		} else if (c->len == 3) {
			write_call_bomb(path);
		} else if (c->len) {
			/* a file too big (len 1), or a line too long (len 2) */
			size_t big = c->len == 1 ? (size_t)17 << 20 : 5000;
			char *text = malloc(big);
			ck_assert_ptr_nonnull(text);
			memset(text, 'x', big);
			memcpy(text, "table:", 6);
			ck_assert_int_eq(test_write_file(path, text, big), 0);
			free(text);
		}
	}
	if (c->setup == LINKED) {
		snprintf(path, sizeof path, "%s/real.json", dir);
		const char *t = "table:zz_linked\nentry:1:A table that lives outside its folder.\n";
		ck_assert_int_eq(test_write_file(path, t, strlen(t)), 0);
		sh("ln -s ../real.json '%s/sys/zz_linked.table'%s", dir, "");
	}
	if (c->setup == CONFIG) {
		snprintf(xdg, size, "%s/xdg", dir);
		snprintf(path, sizeof path, "%s/mapsheet/config", xdg);
		ck_assert_int_eq(test_write_file(path, c->text, c->len ? c->len : strlen(c->text)), 0);
		return xdg;
	}
	return NULL;
}

static void run_case(int i)
{
	const struct bad_case *c = &cases[i];
	char dir[128], xdg[256], args[9000], raw[600], needle[1200];
	snprintf(dir, sizeof dir, BASE "/case-%03d", i);
	const char *config = prepare(c, dir, xdg, sizeof xdg);
	int has_out = strstr(c->args, "-o ") || strstr(c->args, "--output");
	snprintf(raw, sizeof raw, "--seed bad %s%s", c->args, (c->flags & F_NO_OUT) || has_out ? "" : " -o {D}/out.json");
	expand(raw, dir, args, sizeof args);
	expand(c->needle, dir, needle, sizeof needle);
	char *before = test_snapshot(dir);
	struct test_limits lim = { 30, 0, config };
	int rc = test_run_limited(args, &lim, OUT, ERR);
	char *after = test_snapshot(dir);
	char *err = test_slurp(ERR, NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(rc == c->status, "case %d '%s' exited %d, not %d; stderr: %s", i, c->args, rc, c->status, err);
	ck_assert_msg(strncmp(err, "mapsheet: ", 10) == 0, "case %d '%s': stderr: %s", i, c->args, err);
	const char *nl = strchr(err, '\n');
	ck_assert_msg(nl && nl[1] == '\0', "case %d '%s': not exactly one line: %s", i, c->args, err);
	ck_assert_msg(strstr(err, needle) != NULL, "case %d '%s': expected '%s' in: %s", i, c->args, needle, err);
	ck_assert_ptr_nonnull(before);
	ck_assert_ptr_nonnull(after);
	ck_assert_msg(strcmp(before, after) == 0, "case %d '%s' changed its folder:\nbefore:\n%s\nafter:\n%s", i,
		      c->args, before, after);
	size_t outlen;
	char *out = test_slurp(OUT, &outlen);
	ck_assert_msg(out && outlen == 0, "case %d '%s' wrote to stdout", i, c->args);
	free(out);
	free(err);
	free(before);
	free(after);
	/* the big cases leave nothing large behind */
	sh("rm -rf '%s'%s", dir, "");
}

START_TEST(test_bad_input)
{
	run_case(_i);
}
END_TEST

/* Every option that takes a value refuses an empty one, naming itself:
 * the common options and every method's own (a method merged later is
 * covered here without a new case). */
static void expect_refused(const char *name, const char *value)
{
	char args[512], needle[80];
	snprintf(args, sizeof args, "--seed bad --%s '%s' -o " BASE "/refused.json", name, value);
	snprintf(needle, sizeof needle, "--%s", name);
	unlink(BASE "/refused.json");
	struct test_limits lim = { 30, 0, NULL };
	int rc = test_run_limited(args, &lim, OUT, ERR);
	char *err = test_slurp(ERR, NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(rc == 2, "'%s' exited %d: %s", args, rc, err);
	const char *nl = strchr(err, '\n');
	ck_assert_msg(strncmp(err, "mapsheet: ", 10) == 0 && nl && nl[1] == '\0', "'%s': %s", args, err);
	ck_assert_msg(strstr(err, needle) != NULL, "'%s' does not name %s: %s", args, needle, err);
	ck_assert_msg(access(BASE "/refused.json", F_OK) != 0, "'%s' wrote its output", args);
	free(err);
}

START_TEST(test_every_option_refuses_empty)
{
	ck_assert_int_eq(system("mkdir -p " BASE " build/tests/xdg"), 0);
	int n = 0;
	for (int i = 0; cli_options[i].name; i++)
		if (cli_options[i].arg) {
			expect_refused(cli_options[i].name, "");
			n++;
		}
	for (int i = 0; method_table[i]; i++)
		for (const struct method_option *o = method_table[i]->options; o && o->name; o++)
			if (o->arg) {
				expect_refused(o->name, "");
				expect_refused(o->name, "no-such-value");
				n++;
			}
	ck_assert_int_gt(n, 10);
}
END_TEST

/* A full disk, as a file-size limit: the output cannot be written, the run
 * fails with one line, the existing file is untouched and no temporary
 * file is left beside it. The same for the roll log. */
static void full_disk(const char *args, const char *needle)
{
	const char *dir = BASE "/full";
	sh("rm -rf '%s' && mkdir -p '%s'", dir, dir);
	ck_assert_int_eq(test_write_file(BASE "/full/big.json", "precious\n", 9), 0);
	ck_assert_int_eq(test_write_file(BASE "/full/big.log", "old log\n", 8), 0);
	char *before = test_snapshot(dir);
	struct test_limits lim = { 60, 64 * 1024, NULL };
	int rc = test_run_limited(args, &lim, OUT, ERR);
	char *after = test_snapshot(dir);
	char *err = test_slurp(ERR, NULL);
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(rc == 1, "'%s' exited %d: %s", args, rc, err);
	const char *nl = strchr(err, '\n');
	ck_assert_msg(strncmp(err, "mapsheet: ", 10) == 0 && nl && nl[1] == '\0', "'%s': %s", args, err);
	ck_assert_msg(strstr(err, needle) != NULL, "'%s': expected '%s' in %s", args, needle, err);
	ck_assert_msg(strcmp(before, after) == 0, "'%s' changed the folder:\n%s\nafter:\n%s", args, before, after);
	free(before);
	free(after);
	free(err);
}

START_TEST(test_full_disk)
{
	/* a 300-room JSON is about 250 KiB, well past the 64 KiB limit */
	full_disk("--seed full --rooms 300 -o " BASE "/full/big.json",
		  "cannot write " BASE "/full/big.json: File too large");
	full_disk("--seed full --rooms 300 --log " BASE "/full/big.log -o " BASE "/full/big.json",
		  "cannot write " BASE "/full/big.log: File too large");
	/* a good run under the same limit still works */
	struct test_limits lim = { 60, 64 * 1024, NULL };
	ck_assert_int_eq(test_run_limited("--seed full --rooms 5 --no-stock -o " BASE "/full/small.json", &lim, OUT, ERR),
			 0);
}
END_TEST

static Suite *badinput_suite(void)
{
	Suite *s = suite_create("bad_options");
	TCase *tc = tcase_create("cases");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_bad_input, 0, NCASES);
	tcase_add_test(tc, test_every_option_refuses_empty);
	tcase_add_test(tc, test_full_disk);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(badinput_suite)
