/* check_render_premise.c: the site's premise is in every output and the
 * game master's secret in every referee's output, never on the players'
 * handout. Through the program: the text preview, the Markdown key, the
 * PDF sheet, the one-page sheet and a booklet of three levels (read back
 * with pdftotext) hold the premise and the secret under its heading; their
 * players' copies (--player) hold the premise but neither the secret nor a
 * "Who:" line of the key's occupants, and the text preview refuses
 * --player. The SVG and PNG sheets are drawn from the same scene as the
 * PDF (their text is glyph outlines, not text to read back), so the scene
 * is checked: the premise and secret head the first level's key, a sheet
 * without key (the handout, --no-key) and a poster's assembly page carry
 * them, a booklet's cover holds them once, and a players' copy never sets
 * the secret even when the document holds one. */
#include "testutil.h"

#include "model/doc.h"
#include "render.h"
#include "render_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR "build/tests/premise"
#define SEED "premise-7"

/* text without its white space: lines wrapped anywhere compare equal */
static char *squeeze(const char *text)
{
	char *out = malloc(strlen(text) + 1), *o = out;
	ck_assert_ptr_nonnull(out);
	for (const char *p = text; *p; p++)
		if (!isspace((unsigned char)*p))
			*o++ = *p;
	*o = '\0';
	return out;
}

/* text without the rooms the game master's copy names after the premise's
 * sentences ("(level 2, room 9)"), malloc'd: the premise as the players
 * read it. */
static char *unref(const char *text)
{
	char *out = malloc(strlen(text) + 1), *o = out;
	ck_assert_ptr_nonnull(out);
	for (const char *p = text; *p; p++) {
		const char *q = p;
		while (isspace((unsigned char)*q))
			q++;
		if (*q == '(' && !strncmp(q + 1 + strspn(q + 1, " \n"), "level", 5) && strchr(q, ')')) {
			p = strchr(q, ')');
			continue;
		}
		*o++ = *p;
	}
	*o = '\0';
	return out;
}

/* Whether haystack holds needle once both are squeezed. */
static int holds(const char *haystack, const char *needle)
{
	char *h = squeeze(haystack), *n = squeeze(needle);
	int found = strstr(h, n) != NULL;
	free(h);
	free(n);
	return found;
}

static char *slurp_ok(const char *path)
{
	char *text = test_slurp(path, NULL);
	ck_assert_msg(text != NULL, "cannot read %s", path);
	return text;
}

/* The text of a PDF in the order it was drawn (pdftotext -raw keeps a
 * cover's premise whole beside its aside). */
static char *pdf_text(const char *pdf)
{
	char cmd[600], txt[300];
	snprintf(txt, sizeof txt, "%s.txt", pdf);
	snprintf(cmd, sizeof cmd, "pdftotext -raw -enc UTF-8 '%s' '%s'", pdf, txt);
	ck_assert_msg(system(cmd) == 0, "%s", cmd);
	return slurp_ok(txt);
}

/* The premise as the JSON gives it ("story"), unescaped enough for prose. */
static char *json_story(const char *json)
{
	const char *p = strstr(json, "\"story\": \"");
	ck_assert_ptr_nonnull(p);
	p += strlen("\"story\": \"");
	char *out = malloc(strlen(p) + 1), *o = out;
	ck_assert_ptr_nonnull(out);
	for (; *p && *p != '"'; p++) {
		if (*p == '\\' && p[1])
			p++;
		*o++ = *p;
	}
	*o = '\0';
	return out;
}

/* The paragraph of text that starts with lead, its lines joined: up to the
 * blank line after it. */
static char *paragraph(const char *text, const char *lead)
{
	const char *p = strstr(text, lead);
	ck_assert_msg(p != NULL, "no \"%s\" in %.300s", lead, text);
	p += strlen(lead);
	const char *end = strstr(p, "\n\n");
	size_t n = end ? (size_t)(end - p) : strlen(p);
	char *out = malloc(n + 1);
	ck_assert_ptr_nonnull(out);
	for (size_t i = 0; i < n; i++)
		out[i] = p[i] == '\n' ? ' ' : p[i];
	out[n] = '\0';
	return out;
}

/* Markdown with its escapes taken out. */
static char *unescape_md(const char *md)
{
	char *out = malloc(strlen(md) + 1), *o = out;
	ck_assert_ptr_nonnull(out);
	for (const char *p = md; *p; p++)
		if (*p != '\\')
			*o++ = *p;
	*o = '\0';
	return out;
}

/* The game master's copy: the premise and the secret, each with the
 * rooms of its threads named (taken out to compare). */
static void gm_holds(const char *what, const char *text, const char *premise, const char *secret)
{
	char *plain = unref(text);
	ck_assert_msg(holds(plain, premise), "%s: no premise", what);
	ck_assert_msg(holds(plain, secret), "%s: no secret", what);
	ck_assert_msg(strstr(text, "(level ") != NULL, "%s: the premise names no thread's room", what);
	free(plain);
}

static void players_hold(const char *what, const char *text, const char *premise, const char *secret)
{
	ck_assert_msg(holds(text, premise), "%s: no premise", what);
	ck_assert_msg(!holds(text, secret), "%s: the players' copy tells the secret", what);
	ck_assert_msg(strstr(text, DOC_SECRET_HEADING) == NULL, "%s: the players' copy has the secret's heading", what);
	ck_assert_msg(strstr(text, "Who:") == NULL, "%s: the players' copy names who is in the rooms", what);
	ck_assert_msg(strstr(text, "(level ") == NULL, "%s: the players' copy names a thread's room", what);
	ck_assert_msg(strstr(text, KEY_ADVERSARIES_HEADING) == NULL, "%s: the players' copy has the roster", what);
}

START_TEST(test_every_output)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	/* the premise from the JSON, the secret from the preview */
	ck_assert_int_eq(test_run("--seed " SEED " -o " DIR "/gm.json", NULL, NULL), 0);
	char *json = slurp_ok(DIR "/gm.json");
	char *premise = json_story(json);
	ck_assert_uint_gt(strlen(premise), 100);
	ck_assert_int_eq(test_run("--seed " SEED, DIR "/gm.txt", NULL), 0);
	char *txt = slurp_ok(DIR "/gm.txt");
	char *annotated = paragraph(txt, DOC_SECRET_HEADING ": "), *secret = unref(annotated);
	free(annotated);
	ck_assert_uint_gt(strlen(secret), 20);
	ck_assert_msg(!holds(premise, secret), "the secret is part of the premise");

	/* the text preview: title, premise, then the secret under its heading,
	 * all before the first level */
	const char *first_level = strstr(txt, ", level 1 of ");
	ck_assert_ptr_nonnull(first_level);
	while (first_level > txt && first_level[-1] != '\n')
		first_level--;
	char *head = strndup(txt, (size_t)(first_level - txt));
	gm_holds("txt", head, premise, secret);
	ck_assert_ptr_nonnull(strstr(head, "\n\n" DOC_SECRET_HEADING ": "));
	free(head);
	ck_assert_ptr_nonnull(strstr(txt, "Who:"));
	/* the preview is the referee's: --player is refused, nothing written */
	ck_assert_int_eq(test_run("--seed " SEED " --player -o " DIR "/pl.txt", NULL, DIR "/err.txt"), 2);
	ck_assert_int_lt(access(DIR "/pl.txt", F_OK), 0);

	/* Markdown: the secret a quote after the premise */
	ck_assert_int_eq(test_run("--seed " SEED " -o " DIR "/gm.md", NULL, NULL), 0);
	ck_assert_int_eq(test_run("--seed " SEED " --player -o " DIR "/pl.md", NULL, NULL), 0);
	char *raw = slurp_ok(DIR "/gm.md"), *md = unescape_md(raw);
	gm_holds("md", md, premise, secret);
	ck_assert_ptr_nonnull(strstr(raw, "\n> **" DOC_SECRET_HEADING ":** "));
	free(raw);
	free(md);
	raw = slurp_ok(DIR "/pl.md");
	md = unescape_md(raw);
	players_hold("md --player", md, premise, secret);
	free(raw);
	free(md);

	/* the sheet, the one-page sheet and a booklet of three levels */
	static const struct {
		const char *name, *args;
	} pdfs[] = { { "sheet", "" }, { "one-page", " --one-page" }, { "booklet", " --levels 3" } };
	for (size_t i = 0; i < sizeof pdfs / sizeof pdfs[0]; i++) {
		char args[300], path[200], what[80];
		snprintf(path, sizeof path, DIR "/gm-%s.pdf", pdfs[i].name);
		snprintf(args, sizeof args, "--seed " SEED "%s -o %s", pdfs[i].args, path);
		ck_assert_int_eq(test_run(args, NULL, NULL), 0);
		char *text = pdf_text(path);
		snprintf(what, sizeof what, "%s pdf", pdfs[i].name);
		gm_holds(what, text, premise, secret);
		ck_assert_ptr_nonnull(strstr(text, "Who:"));
		free(text);
		snprintf(path, sizeof path, DIR "/pl-%s.pdf", pdfs[i].name);
		snprintf(args, sizeof args, "--seed " SEED "%s --player -o %s", pdfs[i].args, path);
		ck_assert_int_eq(test_run(args, NULL, NULL), 0);
		text = pdf_text(path);
		snprintf(what, sizeof what, "%s pdf --player", pdfs[i].name);
		players_hold(what, text, premise, secret);
		free(text);
	}
	/* the booklet sets the secret's heading in capitals on its cover, and
	 * does not repeat the premise in the first level's key */
	char *booklet = pdf_text(DIR "/gm-booklet.pdf");
	ck_assert_ptr_nonnull(strstr(booklet, "WHAT THE PLAYERS DO NOT KNOW"));
	char *plain = unref(booklet);
	char *sq = squeeze(plain), *sp = squeeze(premise);
	free(plain);
	char *once = strstr(sq, sp);
	ck_assert_ptr_nonnull(once);
	ck_assert_ptr_null(strstr(once + 1, sp));
	free(sq);
	free(sp);
	free(booklet);

	/* the SVG and PNG sheets are written for both copies (their text is
	 * checked in the scene below) */
	ck_assert_int_eq(test_run("--seed " SEED " -o " DIR "/gm.svg", NULL, NULL), 0);
	ck_assert_int_eq(test_run("--seed " SEED " --player -o " DIR "/pl.svg", NULL, NULL), 0);
	ck_assert_int_eq(test_run("--seed " SEED " --player --dpi 30 -o " DIR "/pl.png", NULL, NULL), 0);
	free(json);
	free(premise);
	free(txt);
	free(secret);
}
END_TEST

#define PREMISE "Lamplighters dug these vaults under the old market to keep their oil from the rain."
#define SECRET "The guildmaster sold the oil to smugglers and walled the clerk up in vault nine."

/* Every text item of page p joined. */
static char *page_text(const struct scene_page *p)
{
	size_t n = 1;
	for (size_t i = 0; i < p->nitems; i++)
		if (p->items[i].kind == SCENE_TEXT)
			n += strlen(p->items[i].text) + 1;
	char *out = malloc(n);
	ck_assert_ptr_nonnull(out);
	out[0] = '\0';
	for (size_t i = 0; i < p->nitems; i++)
		if (p->items[i].kind == SCENE_TEXT) {
			strcat(out, p->items[i].text);
			strcat(out, " ");
		}
	return out;
}

/* Lays d out (after a cover when asked) into sc. */
static void lay_out(struct doc *d, int cover, struct scene *sc)
{
	struct measure ms;
	struct style st;
	struct err e;
	ck_assert_msg(measure_init(&ms, &e) == 0, "%s", e.msg);
	ck_assert_msg(render_load_style(&st, NULL, test_template_dirs(), &ms, &e) == 0, "%s", e.msg);
	scene_init(sc);
	ck_assert_msg(render_lay_out(d, &st, &ms, cover, sc, &e) == 0, "%s", e.msg);
	measure_free(&ms);
}

/* How many pages of sc hold text t, and the label of the first. */
static int pages_holding(const struct scene *sc, const char *t, const char **first)
{
	int n = 0;
	*first = NULL;
	for (int i = 0; i < sc->npages; i++) {
		char *text = page_text(&sc->pages[i]);
		if (holds(text, t)) {
			if (!n)
				*first = sc->pages[i].label;
			n++;
		}
		free(text);
	}
	return n;
}

/* Lays d out and finds the premise on one page only: the page labelled
 * `on`, or with on NULL, the page of the key's title, right under it. The
 * secret follows the premise there under its heading, or with secret 0 is
 * nowhere. */
static void expect(struct doc *d, int cover, const char *what, const char *on, int secret)
{
	struct scene sc;
	lay_out(d, cover, &sc);
	const char *at;
	int n = pages_holding(&sc, PREMISE, &at);
	ck_assert_msg(n == 1, "%s: the premise is on %d pages", what, n);
	if (on)
		ck_assert_msg(strcmp(at, on) == 0, "%s: the premise is on page %s, not %s", what, at, on);
	for (int i = 0; i < sc.npages; i++) {
		if (strcmp(sc.pages[i].label, at) != 0)
			continue;
		char *text = page_text(&sc.pages[i]);
		ck_assert_msg(on || holds(text, "Key " PREMISE), "%s: the premise is not under the key's title", what);
		if (secret)
			ck_assert_msg(holds(text, PREMISE " " DOC_SECRET_HEADING ": " SECRET) ||
					      (on && strcmp(on, "cover") == 0 && holds(text, PREMISE) && holds(text, SECRET)),
				      "%s: the secret does not follow the premise: %.400s", what, text);
		free(text);
	}
	int ns = pages_holding(&sc, SECRET, &at);
	ck_assert_msg(ns == (secret ? 1 : 0), "%s: the secret is on %d pages", what, ns);
	if (!secret)
		ck_assert_int_eq(pages_holding(&sc, DOC_SECRET_HEADING, &at), 0);
	scene_free(&sc);
}

START_TEST(test_scene)
{
	struct level lv[2];
	struct doc d;
	test_levels_doc(lv, 2, "dice", "premise-scene", NULL, &d);
	d.story = PREMISE;
	d.secret = SECRET;
	/* the referee's sheets: at the head of the first level's key */
	d.nlevels = 1;
	expect(&d, 0, "sheet", NULL, 1);
	d.sheet.one_page = 1;
	expect(&d, 0, "one-page sheet", NULL, 1);
	d.sheet.one_page = 0;
	/* --level 2 alone: its own key has them */
	d.levels = &lv[1];
	expect(&d, 0, "level 2 alone", NULL, 1);
	d.levels = lv;
	/* a sheet without key: the map page's header */
	d.sheet.no_key = 1;
	expect(&d, 0, "--no-key sheet", "1-map", 1);
	d.sheet.no_key = 0;
	/* a booklet: the cover only, not the first level's key again */
	d.nlevels = 2;
	expect(&d, 1, "booklet", "cover", 1);
	/* a poster without key: its assembly page */
	d.nlevels = 1;
	d.sheet.poster = 1;
	d.sheet.scale = 4;
	d.sheet.no_key = 1;
	expect(&d, 0, "--no-key poster", "1-map", 1);
	d.sheet.poster = 0;
	d.sheet.scale = 0;
	d.sheet.no_key = 0;
	/* the players' copy: the premise, never the secret, though the
	 * document still holds it */
	d.sheet.player = 1;
	expect(&d, 0, "players' sheet", "1-map", 0);
	d.sheet.one_page = 1;
	expect(&d, 0, "players' one-page sheet", "1-map", 0);
	d.sheet.one_page = 0;
	d.nlevels = 2;
	expect(&d, 1, "players' booklet", "cover", 0);
	d.nlevels = 1;
	d.sheet.poster = 1;
	d.sheet.scale = 4;
	expect(&d, 0, "players' poster", "1-map", 0);
	levels_free(lv, 2);
}
END_TEST

static Suite *premise_suite(void)
{
	Suite *s = suite_create("render_premise");
	TCase *tc = tcase_create("premise");
	tcase_set_timeout(tc, 240);
	tcase_add_test(tc, test_every_output);
	tcase_add_test(tc, test_scene);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(premise_suite)
