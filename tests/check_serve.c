/* check_serve.c: mapsheet serve, over real HTTP: every download is the
 * bytes the command line writes for the same options (a zip holds the
 * files it writes, by their names); the preview is the sheet's first page,
 * drawn from the command line of the download picked, whose remake line
 * its footer prints and /remake gives; the key (text and JSON) carries the
 * premise, the secret only on the referee's copy;
 * a bad parameter is a 400 with the command line's own message, options
 * that read files are refused, the web's caps hold; unknown paths are 404,
 * other methods 405; the page and the option tables are served, every
 * method option in them, each with a label in a game master's words; 2,000 requests from 8 clients at once all
 * succeed and the server's memory stays flat; a request past
 * --request-seconds is a 503 and the server goes on; SIGTERM lets a request in flight finish and exits 0 (and under
 * make sanitize, with no leak or error reported). */
#include "httpget.h"
#include "testrun.h"
#include "testutil.h"

#include "base/sbuf.h"
#include "cli/cli_options.h"
#include "methods/gen.h"
#include "model/doc.h"

#include <jansson.h>

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DIR "build/tests/serve"

static struct served srv;

/* Starts the server with the options extra (NULL-ended, may be NULL). */
static void start_with(const char *const *extra)
{
	/* the PDFs' dates from here, the same for the server and the command */
	setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
	setenv("XDG_CONFIG_HOME", "/nonexistent/mapsheet-test", 1);
	ck_assert_int_eq(served_start(&srv, extra), 0);
}

static void start(void)
{
	start_with(NULL);
}

static double seconds_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void stop_ok(void)
{
	ck_assert_int_eq(served_stop(&srv), 0);
}

static void get_ok(const char *path, struct http_reply *r)
{
	ck_assert_int_eq(http_get(srv.port, path, r), 0);
	ck_assert_msg(r->status == 200, "%s: %d %s", path, r->status, r->body);
}

/* The stored entries of a zip: calls back with each name and its bytes. */
static int zip_entries(const char *zip, size_t len, char names[][128], const char **data, size_t *sizes, int max)
{
	size_t at = 0;
	int n = 0;
	while (at + 30 <= len && n < max) {
		const unsigned char *h = (const unsigned char *)zip + at;
		if (h[0] != 'P' || h[1] != 'K' || h[2] != 3 || h[3] != 4)
			break;
		uint32_t size = (uint32_t)h[18] | (uint32_t)h[19] << 8 | (uint32_t)h[20] << 16 | (uint32_t)h[21] << 24;
		unsigned nlen = h[26] | h[27] << 8, xlen = h[28] | h[29] << 8;
		ck_assert_uint_eq(h[8] | h[9] << 8, 0);   /* stored */
		ck_assert_uint_lt(nlen, 128);
		memcpy(names[n], h + 30, nlen);
		names[n][nlen] = '\0';
		data[n] = zip + at + 30 + nlen + xlen;
		sizes[n] = size;
		at += 30 + nlen + xlen + size;
		n++;
	}
	return n;
}

/* The download for format in query equals what the command line writes
 * for args in its own folder: the one file, or every file of the zip. */
static void check_download(const char *format, const char *query, const char *const *args, const char *file,
			   int files)
{
	char path[512], dir[256], name[2400], disp[300];
	snprintf(path, sizeof path, "/download?format=%s&%s", format, query);
	snprintf(dir, sizeof dir, DIR "/%s", format);
	struct http_reply r;
	get_ok(path, &r);
	ck_assert_int_eq(run_cli_in(dir, args, NULL), 0);
	ck_assert_ptr_nonnull(http_header(&r, "Content-Disposition", disp, sizeof disp));
	if (files == 1) {
		snprintf(name, sizeof name, "attachment; filename=\"%s\"", file);
		ck_assert_str_eq(disp, name);
		snprintf(name, sizeof name, "%s/%s", dir, file);
		size_t len;
		char *want = test_slurp(name, &len);
		ck_assert_ptr_nonnull(want);
		ck_assert_msg(len == r.len && memcmp(want, r.body, len) == 0, "%s: %zu bytes served, %zu written", format,
			      r.len, len);
		free(want);
	} else {
		ck_assert_ptr_nonnull(strstr(disp, ".zip\""));
		char names[16][128];
		const char *data[16];
		size_t sizes[16];
		int n = zip_entries(r.body, r.len, names, data, sizes, 16);
		ck_assert_int_eq(n, files);
		for (int i = 0; i < n; i++) {
			snprintf(name, sizeof name, "%s/%s", dir, names[i]);
			size_t len;
			char *want = test_slurp(name, &len);
			ck_assert_msg(want != NULL, "%s: %s is not what the command line wrote", format, names[i]);
			ck_assert_msg(len == sizes[i] && memcmp(want, data[i], len) == 0, "%s: %s differs", format, names[i]);
			free(want);
		}
		ck_assert_str_eq(names[0], file);
	}
	http_reply_free(&r);
}

START_TEST(test_downloads_are_the_commands_bytes)
{
	start();
	const char *q = "seed=dl1&method=cards&rooms=6";
	check_download("pdf", q, (const char *const[]){ "--seed", "dl1", "--method", "cards", "--rooms", "6", "--output",
							"mapsheet-dl1.pdf", NULL }, "mapsheet-dl1.pdf", 1);
	check_download("handout", q, (const char *const[]){ "--seed", "dl1", "--method", "cards", "--rooms", "6",
							    "--player", "--output", "mapsheet-dl1-handout.pdf", NULL },
		       "mapsheet-dl1-handout.pdf", 1);
	check_download("json", q, (const char *const[]){ "--seed", "dl1", "--method", "cards", "--rooms", "6", "--output",
							 "mapsheet-dl1.json", NULL }, "mapsheet-dl1.json", 1);
	check_download("txt", q, (const char *const[]){ "--seed", "dl1", "--method", "cards", "--rooms", "6", "--output",
							"mapsheet-dl1.txt", NULL }, "mapsheet-dl1.txt", 1);
	/* the sheet's pages, the key and its map, one tabletop file a level */
	check_download("svg", q, (const char *const[]){ "--seed", "dl1", "--method", "cards", "--rooms", "6", "--output",
							"mapsheet-dl1.svg", NULL }, "mapsheet-dl1.svg", 2);
	check_download("md", q, (const char *const[]){ "--seed", "dl1", "--method", "cards", "--rooms", "6", "--output",
						       "mapsheet-dl1.md", NULL }, "mapsheet-dl1.md", 2);
	check_download("png", "seed=dl1&rooms=4&dpi=30&no-key=1", (const char *const[]){ "--seed", "dl1", "--rooms", "4",
		       "--dpi", "30", "--no-key", "--output", "mapsheet-dl1.png", NULL }, "mapsheet-dl1.png", 1);
	check_download("uvtt", "seed=dl1&rooms=4&levels=2&grid-pixels=10", (const char *const[]){ "--seed", "dl1",
		       "--rooms", "4", "--levels", "2", "--grid-pixels", "10", "--output", "mapsheet-dl1.uvtt", NULL },
		       "mapsheet-dl1-1.uvtt", 2);
	/* the two tabletop modules, each one file as the command line writes it */
	check_download("foundry", "seed=dl1&rooms=4&levels=2&system=5e", (const char *const[]){ "--seed", "dl1",
		       "--rooms", "4", "--levels", "2", "--system", "5e", "--output", "mapsheet-dl1.zip", NULL },
		       "mapsheet-dl1.zip", 1);
	check_download("encounterplus", "seed=dl1&rooms=4&levels=2&system=5e", (const char *const[]){ "--seed", "dl1",
		       "--rooms", "4", "--levels", "2", "--system", "5e", "--output", "mapsheet-dl1.module", NULL },
		       "mapsheet-dl1.module", 1);
	check_download("booklet", "seed=dl1&rooms=4&levels=2", (const char *const[]){ "--seed", "dl1", "--rooms", "4",
		       "--levels", "2", "--output", "mapsheet-dl1-booklet.pdf", NULL }, "mapsheet-dl1-booklet.pdf", 1);
	stop_ok();
}
END_TEST

static void refused(const char *path, const char *text);

/* The remake line the preview's footer prints, from its header, with the
 * %XX escapes undone, into out. */
static const char *footer_line(const struct http_reply *r, char *out, size_t size)
{
	char raw[4096];
	ck_assert_ptr_nonnull(http_header(r, "X-Mapsheet-Remake", raw, sizeof raw));
	size_t n = 0;
	for (const char *p = raw; *p && n + 1 < size; p++) {
		unsigned v;
		if (*p == '%' && sscanf(p + 1, "%2x", &v) == 1) {
			out[n++] = (char)v;
			p += 2;
		} else {
			out[n++] = *p;
		}
	}
	out[n] = '\0';
	return out;
}

/* One command line: for each download picked (none: the PDF sheet), the
 * preview's footer prints the line /remake gives for it. */
static void footer_is_remake(const char *query)
{
	char path[600], line[4096];
	struct http_reply map, remake;
	snprintf(path, sizeof path, "/map.svg?%s", query);
	get_ok(path, &map);
	snprintf(path, sizeof path, "/remake?%s", query);
	get_ok(path, &remake);
	remake.body[strcspn(remake.body, "\n")] = '\0';
	ck_assert_msg(strcmp(footer_line(&map, line, sizeof line), remake.body) == 0, "%s: the footer says %s, /remake %s",
		      query, line, remake.body);
	http_reply_free(&map);
	http_reply_free(&remake);
}

START_TEST(test_preview_key_remake)
{
	start();
	struct http_reply r, svg;
	char type[100], line[4096];
	get_ok("/map.svg?seed=pv&method=mansion&rooms=9&format=svg", &svg);
	ck_assert_str_eq(http_header(&svg, "Content-Type", type, sizeof type), "image/svg+xml");
	ck_assert_ptr_nonnull(http_header(&svg, "Server-Timing", type, sizeof type));
	/* the sheet's first page, the map, as the command line draws it: with
	 * the SVG picked, the very bytes, its footer's remake line and all */
	ck_assert_int_eq(run_cli_in(DIR "/pv", (const char *const[]){ "--seed", "pv", "--method", "mansion", "--rooms",
								   "9", "--output", "mapsheet-pv.svg", NULL }, NULL), 0);
	size_t len;
	char *want = test_slurp(DIR "/pv/mapsheet-pv.svg", &len);
	ck_assert_ptr_nonnull(want);
	ck_assert(len == svg.len && memcmp(want, svg.body, len) == 0);
	free(want);
	ck_assert_str_eq(footer_line(&svg, line, sizeof line),
			 "mapsheet --seed pv --method mansion --rooms 9 --output mapsheet-pv.svg");
	/* none picked: the PDF sheet's line on the footer, the same as /remake's */
	get_ok("/map.svg?seed=pv&method=mansion&rooms=9", &r);
	ck_assert_str_eq(footer_line(&r, line, sizeof line),
			 "mapsheet --seed pv --method mansion --rooms 9 --output mapsheet-pv.pdf");
	ck_assert_msg(r.len != svg.len || memcmp(r.body, svg.body, r.len) != 0, "the footer did not change");
	http_reply_free(&r);
	http_reply_free(&svg);
	static const char *const picked[] = { "", "&format=pdf", "&format=svg", "&format=handout", "&format=png",
					      "&format=json", "&format=md", "&format=uvtt", "&format=txt", "&format=foundry",
					      "&format=encounterplus",
					      "&levels=2&format=booklet", "&title=Gr%C3%BCne%20Halle%2C%20100%25" };
	for (size_t i = 0; i < sizeof picked / sizeof picked[0]; i++) {
		char query[200];
		snprintf(query, sizeof query, "seed=pv&method=mansion&rooms=9%s", picked[i]);
		footer_is_remake(query);
	}
	get_ok("/map.svg?seed=pv&rooms=4&format=handout", &r);
	ck_assert_str_eq(footer_line(&r, line, sizeof line), "mapsheet --seed pv --rooms 4 --player --output "
							     "mapsheet-pv-handout.pdf");
	http_reply_free(&r);
	get_ok("/map.svg?seed=pv&rooms=4&title=Gr%C3%BCne%20Halle", &r);
	ck_assert_str_eq(footer_line(&r, line, sizeof line), "mapsheet --seed pv --rooms 4 --title 'Grüne Halle' "
							     "--output mapsheet-pv.pdf");
	http_reply_free(&r);
	refused("/map.svg?seed=pv&format=nope", "format=nope: unknown download");
	refused("/map.svg?seed=pv&format=booklet", "a booklet has 2 levels or more");
	/* the key and the remake line answer no footer */
	get_ok("/key.txt?seed=pv&rooms=4&format=handout", &r);
	ck_assert_ptr_null(http_header(&r, "X-Mapsheet-Remake", line, sizeof line));
	http_reply_free(&r);

	get_ok("/key.txt?seed=pv&method=mansion&rooms=9", &r);
	ck_assert_ptr_nonnull(strstr(r.body, "mansion, seed pv, level 1 of 1: "));
	ck_assert_ptr_nonnull(strstr(r.body, "\n1. "));
	ck_assert_ptr_nonnull(strstr(r.body, "\n9. "));
	ck_assert_ptr_null(strstr(r.body, "+---"));
	http_reply_free(&r);

	get_ok("/remake?seed=pv&method=mansion&rooms=9&player=1&title=Grey%20Hall", &r);
	ck_assert_str_eq(r.body, "mapsheet --seed pv --method mansion --rooms 9 --player --title 'Grey Hall' "
				 "--output mapsheet-pv.pdf\n");
	http_reply_free(&r);
	/* '+' is a space, %25 a % */
	get_ok("/remake?seed=pv&title=Grey+Hall%2C+100%25", &r);
	ck_assert_str_eq(r.body, "mapsheet --seed pv --title 'Grey Hall, 100%' --output mapsheet-pv.pdf\n");
	http_reply_free(&r);
	/* no seed: one is drawn, and said first */
	get_ok("/remake?rooms=5", &r);
	ck_assert_msg(strncmp(r.body, "mapsheet --seed ", 16) == 0 && strstr(r.body, " --rooms 5 --output mapsheet-"),
		      "%s", r.body);
	http_reply_free(&r);
	stop_ok();
}
END_TEST

/* The pages of the PDF in body (len bytes), as pdfinfo reads them. */
static int pdf_pages(const char *body, size_t len)
{
	ck_assert_int_eq(test_write_file(DIR "/pages.pdf", body, len), 0);
	FILE *p = popen("pdfinfo " DIR "/pages.pdf 2>/dev/null", "r");
	ck_assert_ptr_nonnull(p);
	char line[300];
	int n = -1;
	while (fgets(line, sizeof line, p))
		if (strncmp(line, "Pages:", 6) == 0)
			n = atoi(line + 6);
	pclose(p);
	return n;
}

/* The preview's page says which page of the download it is: of several
 * levels, a PDF is a booklet whose cover comes first, and the preview is
 * its page 2 of all the booklet's. */
START_TEST(test_preview_numbered_as_download)
{
	start();
	static const char *const picked[] = { "pdf", "booklet", "handout" };
	for (size_t i = 0; i < sizeof picked / sizeof picked[0]; i++) {
		char path[300], want[100];
		struct http_reply map, pdf;
		snprintf(path, sizeof path, "/download?seed=pv&rooms=4&levels=3&player-secret-rooms=%d&format=%s",
			 strcmp(picked[i], "handout") == 0, picked[i]);
		get_ok(path, &pdf);
		int pages = pdf_pages(pdf.body, pdf.len);
		ck_assert_int_gt(pages, 3);
		snprintf(path, sizeof path, "/map.svg?seed=pv&rooms=4&levels=3&player-secret-rooms=%d&format=%s",
			 strcmp(picked[i], "handout") == 0, picked[i]);
		get_ok(path, &map);
		snprintf(want, sizeof want, ", page 2 of %d</title>", pages);
		ck_assert_msg(strstr(map.body, want) != NULL, "format=%s: the download has %d pages, the preview says %.200s",
			      picked[i], pages, strstr(map.body, "<title>"));
		http_reply_free(&map);
		http_reply_free(&pdf);
	}
	stop_ok();
}
END_TEST

/* The paragraph of text that starts with lead, up to the blank line after
 * it, its lines joined by spaces (malloc'd). */
static char *paragraph_after(const char *text, const char *lead)
{
	const char *p = strstr(text, lead);
	ck_assert_msg(p != NULL, "no \"%s\" in %.300s", lead, text);
	p += strlen(lead);
	const char *end = strstr(p, "\n\n");
	size_t n = end ? (size_t)(end - p) : strlen(p);
	char *out = strndup(p, n);
	ck_assert_ptr_nonnull(out);
	for (char *q = out; *q; q++)
		*q = *q == '\n' ? ' ' : *q;
	return out;
}

/* text without the rooms the game master's copy names after the premise's
 * sentences (" (level 2, room 9)") and without its white space: the
 * premise as the players read it, however wrapped (malloc'd). */
static char *players_words(const char *text)
{
	char *out = malloc(strlen(text) + 1), *o = out;
	ck_assert_ptr_nonnull(out);
	for (const char *p = text; *p; p++) {
		/* " (level 1, room 7)", wherever the lines wrap */
		if ((*p == ' ' || *p == '\n') && !strncmp(p + 1, "(level ", 7) && strchr(p, ')')) {
			p = strchr(p, ')');
			continue;
		}
		if (*p != ' ' && *p != '\n')
			*o++ = *p;
	}
	*o = '\0';
	return out;
}

/* The page's key: the title, the premise and the secret under its heading
 * over the referee's key, as the text preview prints them; the players'
 * copy (player=1), refused by the preview, has the premise without the
 * secret or the key's occupants. The same in /key.json, which the page
 * sets: the premise and secret as fields, the key's text without them. */
START_TEST(test_key_premise_and_secret)
{
	start();
	mkdir(DIR "/ks", 0777);
	ck_assert_int_eq(run_cli_in(DIR "/ks", (const char *const[]){ "--seed", "ks", "--output", "ks.txt", NULL }, NULL),
			 0);
	char *preview = test_slurp(DIR "/ks/ks.txt", NULL);
	ck_assert_ptr_nonnull(preview);
	const char *level = strstr(preview, ", level 1 of ");
	ck_assert_ptr_nonnull(level);
	while (level > preview && level[-1] != '\n')
		level--;
	level--;
	char *head = strndup(preview, (size_t)(level - preview) + 1);
	char *secret = paragraph_after(preview, DOC_SECRET_HEADING ": ");
	/* the premise: the paragraph under the title, up to the secret's */
	const char *title_end = strchr(preview, '\n');
	char *premise = strndup(title_end + 1, (size_t)(strstr(preview, "\n\n" DOC_SECRET_HEADING) - title_end - 1));
	ck_assert_uint_gt(strlen(premise), 100);
	ck_assert_uint_gt(strlen(secret), 20);

	struct http_reply r;
	get_ok("/key.txt?seed=ks", &r);
	ck_assert_msg(strncmp(r.body, head, strlen(head)) == 0, "the key's head is not the preview's: %.600s", r.body);
	ck_assert_ptr_nonnull(strstr(r.body, "Who:"));
	http_reply_free(&r);
	get_ok("/key.txt?seed=ks&player=1", &r);
	char *body = players_words(r.body), *plain = players_words(premise);
	ck_assert_msg(strstr(body, plain) != NULL, "the players' key has no premise: %.600s", r.body);
	ck_assert_msg(strstr(r.body, "(level ") == NULL, "the players' key names a thread's room: %.600s", r.body);
	free(body);
	free(plain);
	ck_assert_ptr_null(strstr(r.body, DOC_SECRET_HEADING));
	ck_assert_ptr_null(strstr(r.body, "Who:"));
	ck_assert_ptr_null(strstr(r.body, "seed ks"));
	ck_assert_ptr_nonnull(strstr(r.body, "The players' copy has no key"));
	http_reply_free(&r);

	char type[100];
	struct sbuf want;
	sbuf_init(&want);
	get_ok("/key.json?seed=ks", &r);
	ck_assert_str_eq(http_header(&r, "Content-Type", type, sizeof type), "application/json");
	for (char *q = premise; *q; q++)
		*q = *q == '\n' ? ' ' : *q;
	sbuf_add(&want, "\"premise\":");
	sbuf_add_json(&want, premise);
	sbuf_add(&want, ",\"secret_heading\":\"" DOC_SECRET_HEADING "\",\"secret\":");
	sbuf_add_json(&want, secret);
	sbuf_add(&want, ",\"key\":\"dice, seed ks, level 1 of 1: ");
	ck_assert_msg(strstr(r.body, sbuf_cstr(&want)) != NULL, "/key.json is %.800s", r.body);
	ck_assert_ptr_nonnull(strstr(r.body, "Who:"));
	http_reply_free(&r);
	get_ok("/key.json?seed=ks&player=1", &r);
	sbuf_reset(&want);
	sbuf_add(&want, "\"premise\":");
	/* the players' premise: the game master's without its threads' rooms */
	for (char *q; (q = strstr(premise, " (level ")) && strchr(q, ')');)
		memmove(q, strchr(q, ')') + 1, strlen(strchr(q, ')') + 1) + 1);
	sbuf_add_json(&want, premise);
	sbuf_add(&want, ",\"secret_heading\":null,\"secret\":null,\"key\":");
	ck_assert_msg(strstr(r.body, sbuf_cstr(&want)) != NULL, "/key.json?player=1 is %.800s", r.body);
	ck_assert_ptr_null(strstr(r.body, secret));
	ck_assert_ptr_null(strstr(r.body, "Who:"));
	http_reply_free(&r);
	sbuf_free(&want);
	free(preview);
	free(head);
	free(secret);
	free(premise);
	stop_ok();
}
END_TEST

/* The answer to path is a 400 whose body is the command line's message
 * for args. */
static void same_message(const char *path, const char *const *args)
{
	struct http_reply r;
	ck_assert_int_eq(http_get(srv.port, path, &r), 0);
	ck_assert_int_eq(r.status, 400);
	ck_assert_int_eq(run_cli_in(DIR "/bad", args, DIR "/bad-err.txt"), 2);
	char *want = test_slurp(DIR "/bad-err.txt", NULL);
	ck_assert_ptr_nonnull(want);
	ck_assert_str_eq(r.body, want);
	free(want);
	http_reply_free(&r);
}

/* The answer to path is a 400 with a one-line message holding text. */
static void refused(const char *path, const char *text)
{
	struct http_reply r;
	ck_assert_int_eq(http_get(srv.port, path, &r), 0);
	ck_assert_msg(r.status == 400, "%s: %d", path, r.status);
	ck_assert_msg(strncmp(r.body, "mapsheet: ", 10) == 0 && strstr(r.body, text) != NULL, "%s: %s", path, r.body);
	ck_assert_ptr_eq(strchr(r.body, '\n'), r.body + r.len - 1);
	http_reply_free(&r);
}

START_TEST(test_bad_parameters)
{
	start();
	same_message("/map.svg?seed=b&rooms=abc", (const char *const[]){ "--seed", "b", "--rooms", "abc", NULL });
	same_message("/key.txt?seed=b&method=cave", (const char *const[]){ "--seed", "b", "--method", "cave", NULL });
	same_message("/map.svg?seed=b&paper=napkin", (const char *const[]){ "--seed", "b", "--paper", "napkin", NULL });
	same_message("/download?format=pdf&seed=b&zones=3", (const char *const[]){ "--seed", "b", "--zones", "3", NULL });
	same_message("/remake?seed=b&player=maybe", (const char *const[]){ "--seed", "b", "--player=maybe", NULL });
	same_message("/map.svg?seed=b&style=nosuch", (const char *const[]){ "--seed", "b", "--style", "nosuch", NULL });
	/* what reads a file, or is about the command itself */
	refused("/download?format=json&input=/etc/passwd", "--input is not taken by the page");
	refused("/map.svg?input-format=donjon", "--input-format is not taken by the page");
	refused("/map.svg?output=x.pdf", "--output is not taken by the page");
	refused("/map.svg?log=x.log", "--log is not taken by the page");
	refused("/map.svg?method=cards&deck=/tmp", "--deck is not taken by the page");
	refused("/map.svg?method=tiles&tiles=/tmp", "--tiles is not taken by the page");
	refused("/map.svg?style=../../etc/x", "--style: '../../etc/x' is a path");
	refused("/map.svg?system=/etc", "--system: '/etc' is a path");
	refused("/map.svg?verbose=1", "--verbose is not taken by the page");
	refused("/map.svg?roo=3", "unknown option '--roo'");
	/* did you mean, as on the command line, among the page's options */
	refused("/map.svg?player-level=3", "unknown option '--player-level'; did you mean --party-level?");
	refused("/map.svg?romos=3", "unknown option '--romos'; did you mean --rooms?");
	/* the web's caps */
	refused("/map.svg?rooms=1001", "at most 1000 rooms");
	refused("/map.svg?levels=11", "at most 10 levels");
	refused("/map.svg?size=600x100", "at most 500 squares a side");
	refused("/download?format=png&dpi=600", "at most 300 dots");
	/* house fills its grid: 6450 rooms on 500 x 500 squares for 1000 asked */
	refused("/key.txt?seed=w&method=house&rooms=1000&size=500x500", "the house method made 6450 rooms on 500 x 500 "
		"squares, more than the 1500 a level");
	refused("/download?format=png&dpi=300&paper=40x40in", "would be 144 million pixels; the page draws PNG pages of "
		"at most 20 million");
	refused("/download?format=zip", "unknown download");
	/* the query as sent: no NUL byte, no bad escape, no name twice */
	refused("/map.svg?seed=b&title=Grey%00Hall", "--title: the value holds %00, a NUL byte; a value is text "
		"without NUL bytes");
	refused("/remake?seed=b&title=100%zz", "--title: '%zz' is not an escape; a % is followed by two hex digits");
	refused("/remake?seed=b&title=100%2", "--title: '%2' is not an escape");
	refused("/remake?seed=b&ro%ms=5", "a parameter's name: '%ms' is not an escape");
	refused("/remake?seed=b&rooms=5&rooms=6", "--rooms: given twice ('5', then '6'); the page takes each parameter "
		"once");
	refused("/download?format=pdf&seed=b&format=svg", "format=: given twice ('pdf', then 'svg')");
	refused("/download?format=booklet&seed=b", "a booklet has 2 levels or more");
	stop_ok();
}
END_TEST

START_TEST(test_paths_and_methods)
{
	start();
	struct http_reply r;
	char type[100];
	get_ok("/", &r);
	ck_assert_ptr_nonnull(strstr(r.body, "<form id=\"options\""));
	ck_assert_ptr_nonnull(strstr(r.body, "id=\"preview\""));
	ck_assert_ptr_null(strstr(r.body, "http://"));
	ck_assert_ptr_null(strstr(r.body, "https://"));
	http_reply_free(&r);
	get_ok("/static/mapsheet.js", &r);
	ck_assert_str_eq(http_header(&r, "Content-Type", type, sizeof type), "text/javascript; charset=utf-8");
	ck_assert_ptr_null(strstr(r.body, "https://"));
	http_reply_free(&r);
	get_ok("/static/mapsheet.css", &r);
	http_reply_free(&r);
	static const char *const missing[] = { "/nope", "/static/", "/static/../Makefile", "/static/nope.js",
					       "/map.svg/x", "/templates/serve/index.html",
					       "/static/LICENSE" };
	for (size_t i = 0; i < sizeof missing / sizeof missing[0]; i++) {
		ck_assert_int_eq(http_get(srv.port, missing[i], &r), 0);
		ck_assert_msg(r.status == 404, "%s: %d", missing[i], r.status);
		http_reply_free(&r);
	}
	static const char *const methods[] = { "POST", "PUT", "DELETE" };
	for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
		ck_assert_int_eq(http_request(srv.port, methods[i], "/map.svg?seed=x", &r), 0);
		ck_assert_int_eq(r.status, 405);
		ck_assert_str_eq(http_header(&r, "Allow", type, sizeof type), "GET, HEAD");
		http_reply_free(&r);
	}
	ck_assert_int_eq(http_request(srv.port, "HEAD", "/", &r), 0);
	ck_assert_int_eq(r.status, 200);
	ck_assert_uint_eq(r.len, 0);
	http_reply_free(&r);
	stop_ok();
}
END_TEST

/* Every method and each option of it is in /options.json: the page's
 * controls come from the tables, each with its label. */
START_TEST(test_options_json)
{
	start();
	struct http_reply r;
	get_ok("/options.json", &r);
	for (int i = 0; method_table[i]; i++) {
		char want[200];
		snprintf(want, sizeof want, "{\"name\":\"%s\",\"summary\":", method_table[i]->name);
		ck_assert_msg(strstr(r.body, want) != NULL, "no method %s", method_table[i]->name);
		for (const struct method_option *o = method_table[i]->options; o && o->name; o++) {
			snprintf(want, sizeof want, "{\"name\":\"%s\",\"arg\":", o->name);
			int file = o->arg && (strcmp(o->arg, "DIR") == 0 || strcmp(o->arg, "FILE") == 0);
			ck_assert_msg((strstr(r.body, want) != NULL) == !file, "option %s", o->name);
		}
	}
	static const char *const common[] = { "seed", "rooms", "levels", "style", "paper", "scale", "numbering",
					      "no-stock", "system", "player" };
	for (size_t i = 0; i < sizeof common / sizeof common[0]; i++) {
		char want[100];
		snprintf(want, sizeof want, "{\"name\":\"%s\",", common[i]);
		ck_assert_msg(strstr(r.body, want) != NULL, "option %s", common[i]);
	}
	ck_assert_ptr_null(strstr(r.body, "\"input\""));
	ck_assert_ptr_null(strstr(r.body, "\"input-format\""));
	ck_assert_ptr_nonnull(strstr(r.body, "\"values\":[\"blueprint\",\"classic\",\"hatched\",\"inksaver\"]"));
	/* the game system in a game master's words, and the systems whose
	 * fights are sized for a party: the page shows the party's options
	 * with those only */
	ck_assert_ptr_nonnull(strstr(r.body, "{\"name\":\"system\",\"arg\":\"NAME\",\"label\":\"Game system\""));
	ck_assert_ptr_nonnull(strstr(r.body, "\"party_systems\":[\"5e\"]"));
	/* every option the page shows has a label of its own, short, in other
	 * words than the command line's help (which stays for --help) */
	json_error_t jerr;
	json_t *root = json_loads(r.body, 0, &jerr);
	ck_assert_msg(root != NULL, "options.json: %s", jerr.text);
	json_t *lists[64];
	int nlists = 0;
	lists[nlists++] = json_object_get(root, "options");
	size_t i;
	json_t *m;
	json_array_foreach(json_object_get(root, "methods"), i, m)
		if (nlists < 64)
			lists[nlists++] = json_object_get(m, "options");
	int labelled = 0;
	for (int k = 0; k < nlists; k++) {
		json_t *o;
		json_array_foreach(lists[k], i, o) {
			const char *name = json_string_value(json_object_get(o, "name"));
			const char *label = json_string_value(json_object_get(o, "label"));
			const char *help = json_string_value(json_object_get(o, "help"));
			ck_assert_msg(label && label[0] && strlen(label) <= 40, "--%s: label %s", name, label ? label : "null");
			ck_assert_msg(help && strcmp(label, help) != 0 && !strstr(label, "--"), "--%s: label %s", name, label);
			labelled++;
		}
	}
	ck_assert_int_ge(labelled, 30);
	const struct cli_option *scale = cli_option_find("scale");
	ck_assert_str_eq(scale->help, "squares per inch, 1 to 16 (graph paper: 4), or fit");
	ck_assert_str_eq(scale->label, "Squares per inch");
	json_decref(root);
	http_reply_free(&r);
	stop_ok();
}
END_TEST

#define LOAD_CLIENTS 8
#define LOAD_EACH 250

#define LOAD_WARM_EACH 25
/* the server's growth over the 2,000 requests after the warm-up (where
 * glibc's arenas and caches settle; it grew by 0.2 to 0.5 MB in three
 * runs): a leak of 2 kB a request, a key or a preview, is more */
#define LOAD_RSS_GROWTH_KB (4 * 1024)

struct load_client {
	int id;
	int requests;
	int failed;
	char first_failure[240];
};

static void *load_client_run(void *arg)
{
	struct load_client *c = arg;
	for (int i = 0; i < c->requests; i++) {
		char path[200];
		/* one in 25 a drawn preview, the rest keys and remake lines */
		if (i % 25 == 0)
			snprintf(path, sizeof path, "/map.svg?seed=l%d-%d&rooms=4&no-stock=1", c->id, i);
		else if (i % 2)
			snprintf(path, sizeof path, "/key.txt?seed=l%d-%d&rooms=8", c->id, i);
		else
			snprintf(path, sizeof path, "/remake?seed=l%d-%d&method=house", c->id, i);
		struct http_reply r;
		if (http_get(srv.port, path, &r) < 0 || r.status != 200 || r.len == 0) {
			if (!c->failed++)
				snprintf(c->first_failure, sizeof c->first_failure, "%s: %d", path, r.status);
		}
		http_reply_free(&r);
	}
	return NULL;
}

/* LOAD_CLIENTS clients at once, each making `each` requests; none fails. */
static void load(int round, int each)
{
	pthread_t threads[LOAD_CLIENTS];
	struct load_client clients[LOAD_CLIENTS];
	for (int i = 0; i < LOAD_CLIENTS; i++) {
		clients[i] = (struct load_client){ .id = round * LOAD_CLIENTS + i, .requests = each };
		ck_assert_int_eq(pthread_create(&threads[i], NULL, load_client_run, &clients[i]), 0);
	}
	for (int i = 0; i < LOAD_CLIENTS; i++) {
		pthread_join(threads[i], NULL);
		ck_assert_msg(clients[i].failed == 0, "client %d: %d failed, first %s", i, clients[i].failed,
			      clients[i].first_failure);
	}
}

/* 2,000 requests from 8 clients, none failed, and the server's memory
 * flat: its RSS after them within LOAD_RSS_GROWTH_KB of what it was after
 * a warm-up of 200. The RSS after each thousand is printed. */
START_TEST(test_load)
{
#ifdef __SANITIZE_ADDRESS__
	/* under make sanitize: AddressSanitizer's quarantine would hold up to
	 * 256 MB of freed memory in the RSS; made small for the server here */
	setenv("ASAN_OPTIONS", "quarantine_size_mb=4:thread_local_quarantine_size_kb=64", 1);
#endif
	start();
	load(0, LOAD_WARM_EACH);
	long warm = served_rss_kb(&srv);
	ck_assert_int_gt(warm, 0);
	load(1, LOAD_EACH / 2);
	long half = served_rss_kb(&srv);
	load(2, LOAD_EACH / 2);
	long after = served_rss_kb(&srv);
	printf("serve load: RSS %ld kB after the warm-up, %ld kB after %d requests, %ld kB after %d\n", warm, half,
	       LOAD_CLIENTS * (LOAD_EACH / 2), after, LOAD_CLIENTS * LOAD_EACH);
	fflush(stdout);
#ifndef __SANITIZE_ADDRESS__
	/* (under AddressSanitizer the RSS is its allocator's: over five runs it
	 * grew 12 to 19 MB, the second thousand -0.1 to 7.3 MB, with no leak;
	 * there the server's leak check at exit, in stop_ok, stands for this) */
	ck_assert_msg(after - warm <= LOAD_RSS_GROWTH_KB, "the server grew from %ld kB to %ld kB over %d requests",
		      warm, after, LOAD_CLIENTS * LOAD_EACH);
#endif
	stop_ok();
}
END_TEST

/* A big request's memory goes back to the system once it is answered: the
 * PDF poster of a level of 1000 rooms (255 pages) lays out some 50 MB. */
START_TEST(test_big_request_memory_given_back)
{
	start();
	struct http_reply r;
	get_ok("/map.svg?seed=small&rooms=5", &r);
	http_reply_free(&r);
	long before = served_rss_kb(&srv);
	(void)before;
	get_ok("/download?format=pdf&seed=w&rooms=1000&poster=1&scale=2", &r);
	ck_assert(r.len > 1000000 && strncmp(r.body, "%PDF-", 5) == 0);
	http_reply_free(&r);
	long after = served_rss_kb(&srv);
#ifndef __SANITIZE_ADDRESS__
	/* (AddressSanitizer's allocator keeps freed memory its own way) */
	ck_assert_msg(after - before <= 24 * 1024, "the server grew from %ld kB to %ld kB", before, after);
#endif
	ck_assert_int_gt(after, 0);
	stop_ok();
}
END_TEST

struct slow_request {
	int port;
	struct http_reply r;
	int rc;
};

static void *slow_request_run(void *arg)
{
	struct slow_request *s = arg;
	s->rc = http_get(s->port, "/map.svg?seed=slow&method=dice&rooms=300&paper=12x14in", &s->r);
	return NULL;
}

/* SIGTERM while a big preview is being made: it is answered whole, then
 * the server exits 0; a second start gets a port again. */
START_TEST(test_sigterm_lets_requests_finish)
{
	start();
	struct slow_request s = { .port = srv.port };
	pthread_t t;
	ck_assert_int_eq(pthread_create(&t, NULL, slow_request_run, &s), 0);
	nanosleep(&(struct timespec){ 0, 150000000 }, NULL);
	stop_ok();
	pthread_join(t, NULL);
	ck_assert_int_eq(s.rc, 0);
	ck_assert_int_eq(s.r.status, 200);
	ck_assert_ptr_nonnull(strstr(s.r.body, "</svg>"));
	http_reply_free(&s.r);
	struct http_reply r;
	ck_assert_int_lt(http_get(srv.port, "/", &r), 0);
}
END_TEST

/* A request past --request-seconds is stopped at its next step and
 * answered 503 with one line; the server answers the next ones. The poster
 * of five levels of 1000 rooms, each piece a page of its own, takes
 * seconds; it is stopped well before. */
START_TEST(test_request_deadline)
{
	start_with((const char *const[]){ "--request-seconds", "0.25", NULL });
	struct http_reply r;
	double t0 = seconds_now();
	ck_assert_int_eq(http_get(srv.port, "/download?format=png&seed=dl&rooms=1000&levels=5&poster=1&scale=2&dpi=30",
				  &r), 0);
	double took = seconds_now() - t0;
	ck_assert_int_eq(r.status, 503);
	ck_assert_str_eq(r.body, "mapsheet: this request took longer than 0.25 s; ask for fewer rooms or levels, or use "
				 "the command line\n");
	ck_assert_msg(took < 4, "the request was stopped only after %.1f s", took);
	http_reply_free(&r);
	/* a preview of ten levels is stopped too */
	ck_assert_int_eq(http_get(srv.port, "/map.svg?seed=dl&rooms=1000&levels=10&paper=24x36in", &r), 0);
	ck_assert_int_eq(r.status, 503);
	http_reply_free(&r);
	/* and the server goes on */
	get_ok("/key.txt?seed=after&rooms=5&no-stock=1", &r);
	ck_assert_ptr_nonnull(strstr(r.body, "\n5. "));
	http_reply_free(&r);
	get_ok("/", &r);
	http_reply_free(&r);
	stop_ok();
}
END_TEST

START_TEST(test_serve_options)
{
	/* a bad --port or --bind is a usage error */
	ck_assert_int_eq(test_run("serve --port 70000", NULL, DIR "/err.txt"), 2);
	char *err = test_slurp(DIR "/err.txt", NULL);
	ck_assert_ptr_nonnull(strstr(err, "mapsheet: serve: --port: '70000' is not a port"));
	free(err);
	ck_assert_int_eq(test_run("serve --bind nowhere", NULL, DIR "/err.txt"), 2);
	ck_assert_int_eq(test_run("serve --request-seconds 0", NULL, DIR "/err.txt"), 2);
	err = test_slurp(DIR "/err.txt", NULL);
	ck_assert_ptr_nonnull(strstr(err, "mapsheet: serve: --request-seconds: '0' is not a time (seconds, 0.01 to 3600)"));
	ck_assert_ptr_nonnull(strstr(err, "[--request-seconds S]"));
	free(err);
	ck_assert_int_eq(test_run("serve --request-seconds 5m", NULL, DIR "/err.txt"), 2);
	/* the connections held and the deadlines of headers and answers */
	ck_assert_int_eq(test_run("serve --connections 4", NULL, DIR "/err.txt"), 2);
	err = test_slurp(DIR "/err.txt", NULL);
	ck_assert_ptr_nonnull(strstr(err, "mapsheet: serve: --connections: '4' is not a number of connections (8 to 65536)"));
	ck_assert_ptr_nonnull(strstr(err, "[--connections N]"));
	free(err);
	ck_assert_int_eq(test_run("serve --header-seconds none", NULL, DIR "/err.txt"), 2);
	err = test_slurp(DIR "/err.txt", NULL);
	ck_assert_ptr_nonnull(strstr(err, "mapsheet: serve: --header-seconds: 'none' is not a time (seconds, 0.01 to 3600)"));
	free(err);
	ck_assert_int_eq(test_run("serve --send-seconds 0", NULL, DIR "/err.txt"), 2);
	err = test_slurp(DIR "/err.txt", NULL);
	ck_assert_ptr_nonnull(strstr(err, "mapsheet: serve: --send-seconds: '0' is not a time (seconds, 0.01 to 3600)"));
	free(err);
	ck_assert_int_eq(test_run("serve --frobnicate", NULL, DIR "/err.txt"), 2);
	/* --help names serve */
	ck_assert_int_eq(test_run("--help", DIR "/out.txt", NULL), 0);
	char *help = test_slurp(DIR "/out.txt", NULL);
	ck_assert_ptr_nonnull(strstr(help, "mapsheet serve"));
	free(help);
}
END_TEST

static Suite *serve_suite(void)
{
	Suite *s = suite_create("serve");
	TCase *tc = tcase_create("serve");
	tcase_set_timeout(tc, 120);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	tcase_add_test(tc, test_downloads_are_the_commands_bytes);
	tcase_add_test(tc, test_preview_key_remake);
	tcase_add_test(tc, test_preview_numbered_as_download);
	tcase_add_test(tc, test_key_premise_and_secret);
	tcase_add_test(tc, test_bad_parameters);
	tcase_add_test(tc, test_paths_and_methods);
	tcase_add_test(tc, test_options_json);
	tcase_add_test(tc, test_load);
	tcase_add_test(tc, test_big_request_memory_given_back);
	tcase_add_test(tc, test_sigterm_lets_requests_finish);
	tcase_add_test(tc, test_request_deadline);
	tcase_add_test(tc, test_serve_options);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(serve_suite)
