/* check_cdp.c: the browser driver of the browser tests (tests/cdp.c), on
 * a static page of its own (tests/browser/fixture.html): it loads the page,
 * changes a select and a text box as a user would, reads the redrawn DOM
 * and takes a screenshot whose pixels show the page; it reports the page's
 * own errors, a refused address, a script that throws and a wait that runs
 * out. A browser that is missing, exits at once or never answers fails in
 * bounded time with a reason, and no browser and no profile folder outlive
 * a test, even one whose process is killed. Without Chromium the suite
 * fails (CI installs it) unless MAPSHEET_NO_BROWSER=1 says to leave out
 * the tests that need it. */
#include "cdp.h"
#include "testutil.h"

#include <cairo.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define OUT_DIR "build/tests/cdp"
/* Bounds for a loaded machine (make check runs suites side by side on
 * two cores): how long a step may take before it counts as hung, and how
 * late a timeout or a failure may be told and still count as bounded. */
#define STEP_SECONDS 30.0
#define SETTLE_SECONDS 20.0
#define LATE_SECONDS 10.0

static double seconds_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The browser's folders go under a folder of the test's own, so a test
 * can see them go: made in /tmp, as the browser's sockets need a short
 * path (a Unix socket's is at most 107 bytes, and a build tree can lie
 * deep, as make distcheck's does), its name in dir. */
static void use_own_tmpdir(char *dir, size_t size)
{
	mkdir(OUT_DIR, 0777);
	snprintf(dir, size, "/tmp/mapsheet-cdp-test-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	setenv("TMPDIR", dir, 1);
}

static int entries_in(const char *dir)
{
	DIR *d = opendir(dir);
	int n = 0;
	if (!d)
		return -1;
	for (struct dirent *e; (e = readdir(d));)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

static struct cdp *open_browser(void)
{
	char err[1024];
	struct cdp *c = cdp_open(&(struct cdp_options){ .timeout = STEP_SECONDS }, err, sizeof err);
	ck_assert_msg(c != NULL, "%s", err);
	return c;
}

static char *fixture_url(void)
{
	char cwd[PATH_MAX];
	ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
	size_t size = strlen(cwd) + 64;
	char *url = malloc(size);
	ck_assert_ptr_nonnull(url);
	snprintf(url, size, "file://%s/tests/browser/fixture.html", cwd);
	return url;
}

static long eval_long(struct cdp *c, const char *expression)
{
	json_t *v = cdp_eval(c, expression);
	ck_assert_msg(json_is_integer(v), "%s: %s", expression, cdp_error(c));
	long n = (long)json_integer_value(v);
	json_decref(v);
	return n;
}

static void assert_eval_str(struct cdp *c, const char *expression, const char *want)
{
	char *s = cdp_eval_string(c, expression);
	ck_assert_msg(s != NULL, "%s: %s", expression, cdp_error(c));
	ck_assert_msg(strcmp(s, want) == 0, "%s is \"%s\", not \"%s\"", expression, s, want);
	free(s);
}

/* Sets a form control the way typing or picking does: the value, then the
 * input and change events the page listens to. Returns the body's
 * data-state as the events left it, read in the same evaluation: the page
 * may redraw before another evaluation reaches it, as soon as 50 ms later
 * and on a loaded machine long before (malloc'd). */
static char *set_control_state(struct cdp *c, const char *selector, const char *value)
{
	char script[512];
	snprintf(script, sizeof script,
		 "(function () { var el = document.querySelector('%s'); el.value = '%s';"
		 " el.dispatchEvent(new Event('input', { bubbles: true }));"
		 " el.dispatchEvent(new Event('change', { bubbles: true }));"
		 " return el.value === '%s' ? document.body.dataset.state : 'not taken: ' + el.value; })()",
		 selector, value, value);
	char *state = cdp_eval_string(c, script);
	ck_assert_msg(state != NULL, "setting %s: %s", selector, cdp_error(c));
	ck_assert_msg(strncmp(state, "not taken", 9) != 0, "setting %s to %s: %s", selector, value, state);
	return state;
}

static void set_control(struct cdp *c, const char *selector, const char *value)
{
	free(set_control_state(c, selector, value));
}

/* The colour at (x, y) of a PNG as 0xRRGGBB, and its size. */
static unsigned png_pixel(const char *path, int x, int y, int *w, int *h)
{
	cairo_surface_t *s = cairo_image_surface_create_from_png(path);
	ck_assert_msg(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, "%s is not a PNG", path);
	cairo_surface_flush(s);
	*w = cairo_image_surface_get_width(s);
	*h = cairo_image_surface_get_height(s);
	ck_assert(x >= 0 && y >= 0 && x < *w && y < *h);
	const unsigned char *row = cairo_image_surface_get_data(s) + (size_t)y * (size_t)cairo_image_surface_get_stride(s);
	unsigned px = ((const uint32_t *)(const void *)row)[x] & 0xffffffu;
	cairo_surface_destroy(s);
	return px;
}

/* The fixture page: loaded, changed as a user would, read, photographed. */
static void drive_fixture(struct cdp *c)
{
	char *url = fixture_url();
	ck_assert_msg(cdp_navigate(c, url) == 0, "%s", cdp_error(c));
	free(url);
	ck_assert_msg(cdp_wait(c, "document.body.dataset.state == 'ready'", SETTLE_SECONDS) == 0, "%s", cdp_error(c));
	ck_assert_int_eq(eval_long(c, "document.querySelectorAll('#preview svg rect').length"), 3);
	assert_eval_str(c, "document.getElementById('key').textContent", "3 squares");
	char *before = cdp_eval_string(c, "document.getElementById('preview').innerHTML");
	ck_assert_ptr_nonnull(before);

	/* a choice in the select redraws after a delay: busy, then ready */
	char *state = set_control_state(c, "select[name=shape]", "circles");
	ck_assert_str_eq(state, "busy");
	free(state);
	ck_assert_msg(cdp_wait(c, "document.body.dataset.state == 'ready'", SETTLE_SECONDS) == 0, "%s", cdp_error(c));
	ck_assert_int_eq(eval_long(c, "document.querySelectorAll('#preview svg circle').length"), 3);
	ck_assert_int_eq(eval_long(c, "document.querySelectorAll('#preview svg rect').length"), 0);
	set_control(c, "input[name=count]", "5");
	ck_assert_msg(cdp_wait(c, "document.body.dataset.state == 'ready'", SETTLE_SECONDS) == 0, "%s", cdp_error(c));
	assert_eval_str(c, "document.getElementById('key').textContent", "5 circles");
	char *after = cdp_eval_string(c, "document.getElementById('preview').innerHTML");
	ck_assert_ptr_nonnull(after);
	ck_assert_str_ne(before, after);
	free(before);
	free(after);

	/* the screenshot is the page: the window's width, the red block red,
	 * white beside it */
	json_t *box = cdp_eval(c, "(function () { var r = document.getElementById('block')"
				  ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()");
	ck_assert_msg(json_is_array(box), "%s", cdp_error(c));
	int bx = (int)json_number_value(json_array_get(box, 0)), by = (int)json_number_value(json_array_get(box, 1));
	json_decref(box);
	remove(OUT_DIR "/fixture.png");
	ck_assert_msg(cdp_screenshot(c, OUT_DIR "/fixture.png") == 0, "%s", cdp_error(c));
	int w, h;
	ck_assert_uint_eq(png_pixel(OUT_DIR "/fixture.png", bx, by, &w, &h), 0xff0000u);
	ck_assert_uint_eq(png_pixel(OUT_DIR "/fixture.png", bx + 300, by, &w, &h), 0xffffffu);
	ck_assert_int_eq(w, 1280);
	ck_assert_int_ge(h, 400);

	ck_assert_str_eq(cdp_page_problems(c), "");
}

/* A loopback port nothing listens on: one the system just gave out. */
static int closed_port(void)
{
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	ck_assert_int_ge(fd, 0);
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof a;
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
	ck_assert_int_eq(getsockname(fd, (struct sockaddr *)&a, &len), 0);
	close(fd);
	return ntohs(a.sin_port);
}

/* What goes wrong in a page is told, and the browser goes on. */
static void meet_problems(struct cdp *c)
{
	/* what the page reports: an uncaught exception and a console error */
	ck_assert_msg(cdp_navigate(c, "data:text/html,<script>console.error('lost the key');"
				      "throw new Error('no map here');</script>") == 0, "%s", cdp_error(c));
	ck_assert_msg(cdp_wait(c, "document.readyState == 'complete'", SETTLE_SECONDS) == 0, "%s", cdp_error(c));
	const char *problems = cdp_page_problems(c);
	ck_assert_msg(strstr(problems, "lost the key") != NULL, "%s", problems);
	ck_assert_msg(strstr(problems, "no map here") != NULL, "%s", problems);

	/* a script that throws, and a rejected promise */
	ck_assert_ptr_null(cdp_eval(c, "null.rooms"));
	ck_assert_msg(strstr(cdp_error(c), "the script threw: TypeError") != NULL, "%s", cdp_error(c));
	ck_assert_ptr_null(cdp_eval(c, "Promise.reject(new Error('no seed'))"));
	ck_assert_msg(strstr(cdp_error(c), "no seed") != NULL, "%s", cdp_error(c));

	/* a wait that never comes true ends in its time */
	double t0 = seconds_now();
	ck_assert_int_eq(cdp_wait(c, "document.body.dataset.state == 'ready'", 0.3), -1);
	double took = seconds_now() - t0;
	ck_assert_msg(took >= 0.3 && took < LATE_SECONDS, "%.2f s", took);
	ck_assert_msg(strstr(cdp_error(c), "timed out after 0.3 s waiting for document.body") != NULL, "%s",
		      cdp_error(c));

	/* a refused address; other sites do not resolve */
	char refused[64];
	snprintf(refused, sizeof refused, "http://127.0.0.1:%d/", closed_port());
	ck_assert_int_eq(cdp_navigate(c, refused), -1);
	ck_assert_msg(strstr(cdp_error(c), "ERR_CONNECTION_REFUSED") != NULL, "%s", cdp_error(c));
	ck_assert_int_eq(cdp_navigate(c, "http://example.com/"), -1);
	ck_assert_msg(strstr(cdp_error(c), "ERR_NAME_NOT_RESOLVED") != NULL, "%s", cdp_error(c));

	/* and it still works after all that */
	json_t *v = cdp_eval(c, "new Promise(function (ok) { setTimeout(function () { ok(6 * 7); }, 10); })");
	ck_assert_msg(json_integer_value(v) == 42, "%s", cdp_error(c));
	json_decref(v);
}

/* One browser for both (it takes a second to start). */
START_TEST(test_fixture_and_problems)
{
	char tmpdir[64];
	use_own_tmpdir(tmpdir, sizeof tmpdir);
	struct cdp *c = open_browser();
	drive_fixture(c);
	meet_problems(c);
	ck_assert_int_eq(cdp_close(c), 0);
	ck_assert_int_eq(entries_in(tmpdir), 0);
	ck_assert_int_eq(rmdir(tmpdir), 0);
}
END_TEST

/* A test process killed while its browser runs leaves nothing behind. */
START_TEST(test_killed_test_process)
{
	char tmpdir[64];
	use_own_tmpdir(tmpdir, sizeof tmpdir);
	fflush(NULL);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		char err[1024];
		struct cdp *c = cdp_open(&(struct cdp_options){ .timeout = STEP_SECONDS }, err, sizeof err);
		char *url = fixture_url();
		if (!c || cdp_navigate(c, url) != 0 || entries_in(tmpdir) != 1)
			_exit(1);
		kill(getpid(), SIGKILL);
		_exit(2);
	}
	int st;
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert_msg(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "the browser did not start (status %d)", st);
	double end = seconds_now() + SETTLE_SECONDS;
	while (entries_in(tmpdir) != 0 && seconds_now() < end)
		nanosleep(&(struct timespec){ 0, 20000000L }, NULL);
	ck_assert_int_eq(entries_in(tmpdir), 0);
	ck_assert_int_eq(rmdir(tmpdir), 0);
}
END_TEST

START_TEST(test_missing_browser)
{
	char tmpdir[64];
	use_own_tmpdir(tmpdir, sizeof tmpdir);
	char err[1024];
	struct cdp_options opt = { .browser = "/nonexistent/chromium" };
	ck_assert_ptr_null(cdp_open(&opt, err, sizeof err));
	ck_assert_msg(strstr(err, "cannot run the browser /nonexistent/chromium: No such file") != NULL, "%s", err);
	ck_assert_int_eq(entries_in(tmpdir), 0);
	ck_assert_int_eq(rmdir(tmpdir), 0);
}
END_TEST

START_TEST(test_browser_that_exits)
{
	char tmpdir[64];
	use_own_tmpdir(tmpdir, sizeof tmpdir);
	char err[1024];
	struct cdp_options opt = { .browser = "/bin/false" };
	double t0 = seconds_now();
	ck_assert_ptr_null(cdp_open(&opt, err, sizeof err));
	ck_assert_msg(seconds_now() - t0 < LATE_SECONDS, "%.2f s", seconds_now() - t0);
	ck_assert_msg(strstr(err, "could not open a page: the browser ended") != NULL, "%s", err);
	ck_assert_int_eq(entries_in(tmpdir), 0);
	ck_assert_int_eq(rmdir(tmpdir), 0);
}
END_TEST

START_TEST(test_browser_that_never_answers)
{
	char tmpdir[64];
	use_own_tmpdir(tmpdir, sizeof tmpdir);
	/* a program that starts and says nothing */
	const char *script = "#!/bin/sh\necho $$ > \"$MUTE_BROWSER_PID\"\nexec sleep 60\n";
	FILE *f = fopen(OUT_DIR "/mute-browser", "w");
	ck_assert_ptr_nonnull(f);
	fputs(script, f);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(chmod(OUT_DIR "/mute-browser", 0755), 0);
	setenv("MUTE_BROWSER_PID", OUT_DIR "/mute.pid", 1);
	remove(OUT_DIR "/mute.pid");

	char err[1024];
	struct cdp_options opt = { .browser = OUT_DIR "/mute-browser", .timeout = 0.5 };
	double t0 = seconds_now();
	ck_assert_ptr_null(cdp_open(&opt, err, sizeof err));
	double took = seconds_now() - t0;
	ck_assert_msg(took >= 0.5 && took < LATE_SECONDS, "%.2f s", took);
	ck_assert_msg(strstr(err, "timed out after 0.5 s waiting for Target.createTarget") != NULL, "%s", err);
	ck_assert_int_eq(entries_in(tmpdir), 0);
	ck_assert_int_eq(rmdir(tmpdir), 0);
	/* the program was ended, and reaped */
	char *pid_text = test_slurp(OUT_DIR "/mute.pid", NULL);
	ck_assert_ptr_nonnull(pid_text);
	pid_t mute = (pid_t)atol(pid_text);
	free(pid_text);
	ck_assert_int_gt(mute, 1);
	ck_assert_int_eq(kill(mute, 0), -1);
	ck_assert_int_eq(errno, ESRCH);
}
END_TEST

static Suite *cdp_suite(void)
{
	Suite *s = suite_create("cdp");
	TCase *tc = tcase_create("failures");
	tcase_set_timeout(tc, 30);
	mkdir("build/tests", 0777);
	mkdir(OUT_DIR, 0777);
	tcase_add_test(tc, test_missing_browser);
	tcase_add_test(tc, test_browser_that_exits);
	tcase_add_test(tc, test_browser_that_never_answers);
	suite_add_tcase(s, tc);
	const char *no_browser = getenv("MAPSHEET_NO_BROWSER");
	if (no_browser && strcmp(no_browser, "1") == 0) {
		fprintf(stderr, "check_cdp: MAPSHEET_NO_BROWSER=1: the tests in a browser are left out\n");
		return s;
	}
	TCase *browser = tcase_create("browser");
	tcase_set_timeout(browser, 180);
	tcase_add_test(browser, test_fixture_and_problems);
	tcase_add_test(browser, test_killed_test_process);
	suite_add_tcase(s, browser);
	return s;
}

TEST_MAIN(cdp_suite)
