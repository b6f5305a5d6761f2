/* check_browser.c: `mapsheet serve` in a real browser, as a game master
 * uses it. Headless Chromium (tests/cdp.c) loads the page the server gives
 * out, which shows a map at once; picking the cards method and typing a
 * seed redraws the preview (another SVG, with rooms drawn in it), the key
 * lists numbered rooms, the site's premise shows above it with the secret
 * in an aside, the address bar and the remake command line follow the
 * choices, one command line in the copy box and on the preview's footer,
 * for the download picked; the controls' captions are the option tables'
 * labels, not the command line's help; the address loaded again (a
 * bookmark) shows the same map and choices; a bad number of rooms shows
 * one line of error, the command line's own message, gone when the number
 * is good again; the players' handout shows the premise alone and a key
 * without its occupants. The page loads nothing from elsewhere and reports
 * no script errors; screenshots are left in build/tests/browser/page.png
 * (its preview has ink on it) and page-player.png. SIGTERM ends the server
 * with status 0.
 * Without Chromium the suite fails (CI installs it) unless
 * MAPSHEET_NO_BROWSER=1 leaves the browser's test out. */
#include "cdp.h"
#include "httpget.h"
#include "testutil.h"

#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define OUT_DIR "build/tests/browser"
/* how long the page may take to show a new map, and the browser to answer
 * one command (a sanitizer build is slow, and make check runs suites side
 * by side on two cores) */
#define SETTLE_SECONDS 30.0
#define STEP_SECONDS 30.0

static char *eval_str(struct cdp *c, const char *expression)
{
	char *s = cdp_eval_string(c, expression);
	ck_assert_msg(s != NULL, "%s: %s", expression, cdp_error(c));
	return s;
}

static long eval_long(struct cdp *c, const char *expression)
{
	json_t *v = cdp_eval(c, expression);
	ck_assert_msg(json_is_integer(v), "%s: %s", expression, cdp_error(c));
	long n = (long)json_integer_value(v);
	json_decref(v);
	return n;
}

/* Sets a form control the way picking or typing does: the value, then the
 * input and change events. */
static void set_control(struct cdp *c, const char *selector, const char *value)
{
	char script[512];
	snprintf(script, sizeof script,
		 "(function () { var el = document.querySelector('%s');"
		 " if (!el) throw new Error('the page has no %s');"
		 " el.value = '%s'; if (el.value !== '%s') throw new Error('%s does not take %s');"
		 " el.dispatchEvent(new Event('input', { bubbles: true }));"
		 " el.dispatchEvent(new Event('change', { bubbles: true })); return el.value; })()",
		 selector, selector, value, value, selector, value);
	char *got = cdp_eval_string(c, script);
	ck_assert_msg(got != NULL, "setting %s to %s: %s", selector, value, cdp_error(c));
	free(got);
}

/* Waits until the page is ready and its remake command line holds `want`:
 * the page has caught up with the last change. */
static void wait_settled(struct cdp *c, const char *want)
{
	char cond[512];
	snprintf(cond, sizeof cond,
		 "document.body.dataset.state == 'ready' && document.getElementById('remake')"
		 " && document.getElementById('remake').textContent.indexOf('%s') >= 0",
		 want);
	if (cdp_wait(c, cond, SETTLE_SECONDS) != 0) {
		json_t *v = cdp_eval(c, "[document.body.dataset.state, (document.getElementById('remake') || {}).textContent,"
					" (document.getElementById('error') || {}).textContent]");
		char *seen = v ? json_dumps(v, JSON_COMPACT) : NULL;
		ck_abort_msg("the page did not show %s: state, remake, error = %s (%s)", want, seen ? seen : "?",
			     cdp_error(c));
		free(seen);
		json_decref(v);
	}
}

#define PREVIEW_SVG "document.querySelector('#preview svg')"
#define PREVIEW_MARKUP "(" PREVIEW_SVG " ? " PREVIEW_SVG ".outerHTML : '')"
/* the key as it shows: a line for each block */
#define KEY_TEXT "(document.getElementById('key') || {}).innerText || ''"

/* The share of dark pixels (walls, numbers) in a box of a PNG. */
static double ink_in(const char *png, int x0, int y0, int x1, int y1)
{
	cairo_surface_t *s = cairo_image_surface_create_from_png(png);
	ck_assert_msg(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, "%s is not a PNG", png);
	cairo_surface_flush(s);
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s);
	const unsigned char *data = cairo_image_surface_get_data(s);
	x0 = x0 < 0 ? 0 : x0;
	y0 = y0 < 0 ? 0 : y0;
	x1 = x1 > w ? w : x1;
	y1 = y1 > h ? h : y1;
	long dark = 0, all = 0;
	for (int y = y0; y < y1; y++) {
		const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
		for (int x = x0; x < x1; x++, all++) {
			uint32_t px = row[x];
			unsigned r = (px >> 16) & 0xff, g = (px >> 8) & 0xff, b = px & 0xff;
			if (r + g + b < 3 * 96)
				dark++;
		}
	}
	cairo_surface_destroy(s);
	return all ? (double)dark / (double)all : 0.0;
}

/* The page reported no problem, but the browser's own request for a
 * favicon, which a page without one answers with 404. */
static void assert_no_problems(struct cdp *c)
{
	const char *p = cdp_page_problems(c);
	while (*p) {
		size_t len = strcspn(p, "\n");
		int favicon = len > 13 && strncmp(p + len - 13, "/favicon.ico)", 13) == 0;
		ck_assert_msg(favicon, "the page reported: %.*s", (int)len, p);
		p += len + (p[len] == '\n');
	}
}

/* The preview of the page's query, fetched as the page fetches it: the
 * remake line its footer prints (its X-Mapsheet-Remake header) is the
 * copy box's, and holds want. */
static void footer_is_copy_box(struct cdp *c, const char *want)
{
	char *footer = eval_str(c, "fetch('/map.svg' + location.search, { cache: 'no-store' })"
				   ".then(function (r) { return decodeURIComponent(r.headers.get('X-Mapsheet-Remake') || ''); })");
	char *box = eval_str(c, "document.getElementById('remake').textContent");
	ck_assert_msg(strcmp(footer, box) == 0, "the preview's footer says %s, the copy box %s", footer, box);
	ck_assert_msg(strstr(box, want) != NULL, "the copy box says %s, not %s", box, want);
	free(footer);
	free(box);
}

START_TEST(test_roll_maps_in_a_browser)
{
	mkdir("build/tests", 0777);
	mkdir(OUT_DIR, 0777);
	struct served srv;
	/* a map's request may take long on a loaded machine; past the
	 * server's deadline it would be answered 503 */
	ck_assert_msg(served_start(&srv, (const char *const[]){ "--request-seconds", "120", NULL }) == 0,
		      "mapsheet serve did not start");
	char url[64], err[1024];
	snprintf(url, sizeof url, "http://127.0.0.1:%d/", srv.port);
	struct cdp *c = cdp_open(&(struct cdp_options){ .width = 1280, .height = 1300, .timeout = STEP_SECONDS }, err,
				 sizeof err);
	ck_assert_msg(c != NULL, "%s", err);
	ck_assert_msg(cdp_navigate(c, url) == 0, "%s", cdp_error(c));
	ck_assert_msg(cdp_wait(c, "document.body.dataset.state == 'ready'", SETTLE_SECONDS) == 0, "%s", cdp_error(c));

	/* a map at once */
	char *svg_before = eval_str(c, PREVIEW_MARKUP);
	char *key_before = eval_str(c, KEY_TEXT);
	ck_assert_msg(strlen(svg_before) > 1000, "no map in #preview at first: %.200s", svg_before);

	/* the cards method and a seed of our own */
	set_control(c, "select[name=method]", "cards");
	set_control(c, "input[name=seed]", "lantern-17");
	wait_settled(c, "lantern-17");
	char *svg_after = eval_str(c, PREVIEW_MARKUP);
	char *key_after = eval_str(c, KEY_TEXT);
	ck_assert_msg(strcmp(svg_before, svg_after) != 0, "the preview did not change");
	ck_assert_msg(strcmp(key_before, key_after) != 0, "the key did not change: %.200s", key_after);
	/* rooms drawn: walls, doors and numbers make many paths */
	long paths = eval_long(c, PREVIEW_SVG ".querySelectorAll('path').length");
	ck_assert_msg(paths >= 20, "the preview has %ld path elements", paths);
	/* numbered rooms in the key: rooms 1, 2 and 3 each begin a line (not
	 * indented, as the lines of a wandering monster table are) */
	long numbered = eval_long(c, "(function () { var seen = {};"
				     " (" KEY_TEXT ").split('\\n').forEach(function (l) {"
				     "  var m = /^(?:room\\s+)?(\\d+)[.:)\\s]/i.exec(l); if (m) seen[m[1]] = 1; });"
				     " return seen[1] && seen[2] && seen[3] ? Object.keys(seen).length : 0; })()");
	ck_assert_msg(numbered >= 3, "the key shows no rooms numbered 1, 2, 3: %.300s", key_after);
	/* the site over the key: its premise, and the secret in the game
	 * master's aside */
	char *premise = eval_str(c, "(document.getElementById('premise') || {}).textContent || ''");
	ck_assert_msg(strlen(premise) > 100, "the page shows no premise: \"%s\"", premise);
	ck_assert_msg(strstr(key_after, premise) == NULL, "the key repeats the premise");
	ck_assert_msg(eval_long(c, "document.getElementById('site-box').hidden ? 0 :"
				   " document.getElementById('site-box').compareDocumentPosition("
				   "document.getElementById('key-box')) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : 0") == 1,
		      "the premise is not shown above the key");
	long secret_len = eval_long(c, "document.getElementById('secret-box').hidden ? 0 :"
				       " document.getElementById('secret').textContent.length");
	ck_assert_msg(secret_len > 20, "the referee's page shows no secret");

	/* the address bar holds the choices; the remake line repeats them */
	char *search = eval_str(c, "location.search");
	ck_assert_msg(strstr(search, "method=cards") != NULL, "location.search is %s", search);
	ck_assert_msg(strstr(search, "seed=lantern-17") != NULL, "location.search is %s", search);
	char *remake = eval_str(c, "document.getElementById('remake').textContent");
	ck_assert_msg(strstr(remake, "mapsheet") != NULL && strstr(remake, "--method cards") != NULL &&
			      strstr(remake, "--seed lantern-17") != NULL,
		      "#remake is %s", remake);
	ck_assert_msg(strchr(remake, '\n') == NULL, "#remake is more than one line: %s", remake);

	/* one command line: the copy box holds the line the preview's footer
	 * prints, the PDF sheet's at first, then the download picked */
	footer_is_copy_box(c, "--output mapsheet-lantern-17.pdf");
	set_control(c, "#remake-format", "svg");
	wait_settled(c, "--output mapsheet-lantern-17.svg");
	footer_is_copy_box(c, "--output mapsheet-lantern-17.svg");
	char *picked = eval_str(c, "location.search");
	ck_assert_msg(strstr(picked, "format=svg") != NULL, "location.search is %s", picked);
	free(picked);
	set_control(c, "#remake-format", "handout");
	wait_settled(c, "--player --output mapsheet-lantern-17-handout.pdf");
	footer_is_copy_box(c, "--player --output mapsheet-lantern-17-handout.pdf");
	set_control(c, "#remake-format", "pdf");
	wait_settled(c, "--output mapsheet-lantern-17.pdf");

	/* the controls' captions are the labels, in a game master's words, not
	 * the command line's help */
	char *controls = eval_str(c, "document.getElementById('controls').innerText");
	static const char *const shown[] = { "Squares per inch", "Game system", "Zone themes",
					     "Players' handout: no secrets, no key" };
	for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++)
		ck_assert_msg(strstr(controls, shown[i]) != NULL, "no '%s' on the page", shown[i]);
	static const char *const hidden[] = { "N|fit", "stocking tables: neutral (default) or a folder",
					      "templates/themes", "the players' handout: no secrets" };
	for (size_t i = 0; i < sizeof hidden / sizeof hidden[0]; i++)
		ck_assert_msg(strstr(controls, hidden[i]) == NULL, "the page shows the command line's '%s'", hidden[i]);
	/* the party's options are offered with a system that sizes fights
	 * only: not with the default (neutral), but with 5e */
	ck_assert_msg(strstr(controls, "Characters in the party") == NULL, "the party is offered without a game system "
		      "that sizes fights");
	free(controls);
	set_control(c, "select[name=system]", "5e");
	wait_settled(c, "--system 5e");
	controls = eval_str(c, "document.getElementById('controls').innerText");
	ck_assert_msg(strstr(controls, "Characters in the party") && strstr(controls, "The characters' level"),
		      "5e picked, and the party is not offered");
	free(controls);
	set_control(c, "select[name=system]", "");
	ck_assert_msg(cdp_wait(c, "document.body.dataset.state == 'ready' && "
			       "document.getElementById('remake').textContent.indexOf('--system') < 0", SETTLE_SECONDS) == 0,
		      "%s", cdp_error(c));

	/* what a game master sees */
	json_t *box = cdp_eval(c, "(function () { var r = " PREVIEW_SVG ".getBoundingClientRect();"
				  " return [r.left + scrollX, r.top + scrollY, r.right + scrollX, r.bottom + scrollY]; })()");
	ck_assert_msg(json_is_array(box), "%s", cdp_error(c));
	int bx0 = (int)json_number_value(json_array_get(box, 0)), by0 = (int)json_number_value(json_array_get(box, 1));
	int bx1 = (int)json_number_value(json_array_get(box, 2)), by1 = (int)json_number_value(json_array_get(box, 3));
	json_decref(box);
	ck_assert_msg(bx1 - bx0 >= 300 && by1 - by0 >= 200, "the preview is %d by %d pixels", bx1 - bx0, by1 - by0);
	ck_assert_msg(cdp_screenshot(c, OUT_DIR "/page.png") == 0, "%s", cdp_error(c));
	double ink = ink_in(OUT_DIR "/page.png", bx0, by0, bx1, by1);
	ck_assert_msg(ink > 0.005 && ink < 0.6, "%.1f%% of the preview is dark", 100.0 * ink);
	printf("cards, seed lantern-17: %ld paths in the preview, %.1f%% of it dark, %ld rooms numbered in the key; "
	       "the screenshot is " OUT_DIR "/page.png\n", paths, 100.0 * ink, numbered);

	/* nothing failed to load, no script error, nothing from elsewhere */
	assert_no_problems(c);

	/* the address bar as a bookmark: the same map, the same choices */
	char *href = eval_str(c, "location.href");
	ck_assert_msg(cdp_navigate(c, href) == 0, "%s", cdp_error(c));
	ck_assert_msg(cdp_wait(c, "document.body.dataset.state == 'ready'", SETTLE_SECONDS) == 0, "%s", cdp_error(c));
	char *svg_again = eval_str(c, PREVIEW_MARKUP);
	ck_assert_msg(strcmp(svg_again, svg_after) == 0, "%s shows another map", href);
	char *choices = eval_str(c, "document.querySelector('select[name=method]').value + ' ' +"
				    " document.querySelector('input[name=seed]').value");
	ck_assert_str_eq(choices, "cards lantern-17");
	assert_no_problems(c);

	/* a bad number of rooms: one line in #error */
	set_control(c, "input[name=rooms]", "0");
	if (cdp_wait(c, "(document.getElementById('error') || {}).textContent.trim()", SETTLE_SECONDS) != 0)
		ck_abort_msg("no message in #error for rooms=0: %s", cdp_error(c));
	char *error = eval_str(c, "document.getElementById('error').textContent.trim()");
	ck_assert_msg(strncmp(error, "mapsheet: ", 10) == 0 && strstr(error, "rooms") != NULL && !strchr(error, '\n'),
		      "#error is \"%s\"", error);
	/* the command line's own message */
	ck_assert_int_eq(test_run("--method cards --seed lantern-17 --rooms 0 -o " OUT_DIR "/refused.svg", NULL,
				  OUT_DIR "/refused.err"), 2);
	char *cli_error = test_slurp(OUT_DIR "/refused.err", NULL);
	ck_assert_ptr_nonnull(cli_error);
	cli_error[strcspn(cli_error, "\n")] = '\0';
	ck_assert_str_eq(error, cli_error);
	free(cli_error);
	/* and it goes when the number is good again */
	set_control(c, "input[name=rooms]", "12");
	wait_settled(c, "--rooms 12");
	char *error_after = eval_str(c, "document.getElementById('error').textContent.trim()");
	ck_assert_msg(error_after[0] == '\0', "#error still says \"%s\"", error_after);

	/* the players' handout: the premise, without the secret or the key's
	 * occupants, and no error */
	char *checked = eval_str(c, "(function () { var el = document.querySelector('input[name=player]');"
				    " el.checked = true; el.dispatchEvent(new Event('change', { bubbles: true }));"
				    " return String(el.checked); })()");
	ck_assert_str_eq(checked, "true");
	wait_settled(c, "--player");
	char *players = eval_str(c, "[document.getElementById('error').textContent.trim(),"
				    " document.getElementById('premise').textContent.length > 100,"
				    " document.getElementById('secret-box').hidden,"
				    " document.getElementById('secret').textContent,"
				    " (" KEY_TEXT ").indexOf('Who:') < 0].join('|')");
	ck_assert_msg(strcmp(players, "|true|true||true") == 0, "the players' page (error|premise|secret hidden|"
		      "secret|no occupants): %s", players);
	ck_assert_msg(cdp_screenshot(c, OUT_DIR "/page-player.png") == 0, "%s", cdp_error(c));
	ck_assert_int_eq(cdp_close(c), 0);
	/* SIGTERM ends the server cleanly */
	ck_assert_int_eq(served_stop(&srv), 0);
	free(svg_before);
	free(svg_after);
	free(key_before);
	free(key_after);
	free(search);
	free(remake);
	free(error);
	free(error_after);
	free(premise);
	free(checked);
	free(players);
	free(href);
	free(svg_again);
	free(choices);
}
END_TEST

static Suite *browser_suite(void)
{
	Suite *s = suite_create("browser");
	TCase *tc = tcase_create("browser");
	tcase_set_timeout(tc, 300);
	const char *no_browser = getenv("MAPSHEET_NO_BROWSER");
	if (no_browser && strcmp(no_browser, "1") == 0)
		fprintf(stderr, "check_browser: MAPSHEET_NO_BROWSER=1: the test in a browser is left out\n");
	else
		tcase_add_test(tc, test_roll_maps_in_a_browser);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(browser_suite)
