/* cdp.h: a small Chrome DevTools Protocol client for the browser tests. It
 * starts a headless Chromium that speaks the protocol on its fds 3 and 4
 * (--remote-debugging-pipe; here both are one socket), one JSON message per
 * NUL-terminated record, opens one page and
 * drives it: navigate, evaluate script, take a screenshot. Every wait has a
 * deadline. A keeper process ends the browser (its whole process group)
 * and removes its temporary profile folder however the test process ends:
 * cdp_close, a failed assertion's exit, a crash or a kill. */
#ifndef MAPSHEET_CDP_H
#define MAPSHEET_CDP_H

#include <jansson.h>
#include <stddef.h>

struct cdp;

struct cdp_options {
	const char *browser;  /* the program; NULL: cdp_find_browser() */
	int width, height;    /* the window in CSS pixels; 0: 1280 by 1024 */
	double timeout;       /* seconds any one command may take; 0: 10 */
};

/* The Chromium to run, malloc'ed: $MAPSHEET_CHROMIUM if set, else
 * /usr/lib/chromium/chromium (Debian's program behind its wrapper script),
 * else chromium, chromium-browser or google-chrome found in $PATH. NULL
 * when there is none. */
char *cdp_find_browser(void);

/* Starts the browser and opens a blank page. NULL on failure, with the
 * reason in err (nothing is left running, no folder is left behind). */
struct cdp *cdp_open(const struct cdp_options *opt, char *err, size_t errlen);

/* Loads url in the page and waits for its load event. 0, or -1 with
 * cdp_error (a refused connection, a timeout, a browser that died). */
int cdp_navigate(struct cdp *c, const char *url);

/* Evaluates a script expression in the page, awaiting a promise it
 * returns; the value as JSON (a new reference; JSON null for undefined),
 * or NULL with cdp_error when it threw or the browser failed. */
json_t *cdp_eval(struct cdp *c, const char *expression);

/* cdp_eval for a string result: malloc'ed, or NULL (not a string too). */
char *cdp_eval_string(struct cdp *c, const char *expression);

/* Waits until the expression is truthy in the page, trying every 20 ms for
 * at most `seconds`. 0, or -1 with cdp_error naming the expression. */
int cdp_wait(struct cdp *c, const char *condition, double seconds);

/* Writes what the window shows of the page to a PNG file, through a
 * temporary file renamed into place. 0, or -1 with cdp_error. */
int cdp_screenshot(struct cdp *c, const char *png_path);

/* Why the last call failed. */
const char *cdp_error(const struct cdp *c);

/* What the page itself reported since the last cdp_navigate: uncaught
 * exceptions, console errors and failed loads, one a line ("" if none). */
const char *cdp_page_problems(const struct cdp *c);

/* Closes the browser and removes its profile folder; waits for both (at
 * most a few seconds). Returns 0, or -1 if the browser had to be killed or
 * failed. Frees c; NULL is allowed. */
int cdp_close(struct cdp *c);

#endif
