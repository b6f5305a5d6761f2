/* cdp.c: the Chrome DevTools Protocol client of cdp.h: commands and answers
 * as NUL-terminated JSON on one socket, matched by id, with a deadline on
 * every read and write; events update the page's load count and its list
 * of problems. The browser's process is cdp_launch.c's. */
#define _XOPEN_SOURCE 700 /* strdup */
#include "cdp.h"

#include "cdp_launch.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* an answer larger than this is refused (a full-page screenshot of a sheet
 * is a few MB) */
#define CDP_MAX_MESSAGE (64u << 20)

struct cdp {
	struct cdp_process proc;
	double timeout;
	long next_id;
	char *session;     /* the page's flat session id */
	char *in;          /* bytes read but not yet split into messages */
	size_t in_len, in_cap;
	int loads;         /* load events since the last navigation */
	int dead;          /* the connection is gone */
	int hung;          /* the browser missed a deadline */
	char *problems;    /* what the page reported, one a line */
	size_t problems_len;
	char error[1024];
};

static double now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int ms_until(double deadline)
{
	double left = deadline - now_seconds();
	return left <= 0 ? 0 : (int)(left * 1000.0) + 1;
}

static void set_error(struct cdp *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->error, sizeof c->error, fmt, ap);
	va_end(ap);
}

static void lost_browser(struct cdp *c, const char *what)
{
	char words[512];
	cdp_launch_last_words(&c->proc, words, sizeof words);
	c->dead = 1;
	set_error(c, "the browser %s%s%s", what, words[0] ? "; its last words: " : "", words);
}

static void add_problem(struct cdp *c, const char *text, const char *where)
{
	size_t n = strlen(text) + (where ? strlen(where) + 3 : 0) + 2;
	char *p = realloc(c->problems, c->problems_len + n + 1);
	if (!p)
		return;
	c->problems = p;
	c->problems_len += (size_t)snprintf(p + c->problems_len, n + 1, "%s%s%s%s\n", text,
					     where ? " (" : "", where ? where : "", where ? ")" : "");
}

static const char *str_at(json_t *obj, const char *key)
{
	return json_string_value(json_object_get(obj, key));
}

/* Notes what an event tells about the page. */
static void handle_event(struct cdp *c, json_t *msg)
{
	const char *method = str_at(msg, "method");
	json_t *params = json_object_get(msg, "params");
	if (!method)
		return;
	if (strcmp(method, "Page.loadEventFired") == 0) {
		c->loads++;
	} else if (strcmp(method, "Runtime.exceptionThrown") == 0) {
		json_t *d = json_object_get(params, "exceptionDetails");
		const char *text = str_at(json_object_get(d, "exception"), "description");
		add_problem(c, text ? text : str_at(d, "text") ? str_at(d, "text") : "an exception", str_at(d, "url"));
	} else if (strcmp(method, "Runtime.consoleAPICalled") == 0) {
		const char *type = str_at(params, "type");
		if (!type || (strcmp(type, "error") != 0 && strcmp(type, "assert") != 0))
			return;
		json_t *arg0 = json_array_get(json_object_get(params, "args"), 0);
		const char *text = str_at(arg0, "value") ? str_at(arg0, "value") : str_at(arg0, "description");
		add_problem(c, text ? text : "console.error", NULL);
	} else if (strcmp(method, "Log.entryAdded") == 0) {
		json_t *entry = json_object_get(params, "entry");
		const char *level = str_at(entry, "level");
		if (level && strcmp(level, "error") == 0)
			add_problem(c, str_at(entry, "text") ? str_at(entry, "text") : "an error", str_at(entry, "url"));
	} else if (strcmp(method, "Inspector.targetCrashed") == 0) {
		add_problem(c, "the page crashed", NULL);
	}
}

static int send_all(struct cdp *c, const char *data, size_t len, double deadline)
{
	while (len > 0) {
		struct pollfd pfd = { c->proc.fd, POLLOUT, 0 };
		int r = poll(&pfd, 1, ms_until(deadline));
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0) {
			c->hung = 1;
			set_error(c, "timed out sending to the browser");
			return -1;
		}
		ssize_t n = r < 0 ? -1 : send(c->proc.fd, data, len, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
			continue;
		if (n <= 0) {
			/* its end of the pipe is closed: it ended (before a
			 * command went out, or after: the same failure) */
			lost_browser(c, "ended");
			return -1;
		}
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

/* The next whole message, or NULL at the deadline or on a failure. */
static json_t *recv_message(struct cdp *c, double deadline)
{
	for (;;) {
		char *end = c->in_len ? memchr(c->in, '\0', c->in_len) : NULL;
		if (end) {
			size_t len = (size_t)(end - c->in);
			json_error_t je;
			json_t *msg = json_loadb(c->in, len, 0, &je);
			memmove(c->in, end + 1, c->in_len - len - 1);
			c->in_len -= len + 1;
			if (!msg) {
				set_error(c, "the browser sent bad JSON: %s", je.text);
				return NULL;
			}
			return msg;
		}
		if (c->dead)
			return NULL;
		if (c->in_cap - c->in_len < 65536) {
			if (c->in_cap >= CDP_MAX_MESSAGE) {
				set_error(c, "the browser sent a message over %u bytes", CDP_MAX_MESSAGE);
				return NULL;
			}
			size_t cap = c->in_cap ? c->in_cap * 2 : 262144;
			char *p = realloc(c->in, cap);
			if (!p) {
				set_error(c, "out of memory reading from the browser");
				return NULL;
			}
			c->in = p;
			c->in_cap = cap;
		}
		struct pollfd pfd = { c->proc.fd, POLLIN, 0 };
		int r = poll(&pfd, 1, ms_until(deadline));
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0) {
			c->hung = 1;
			set_error(c, "timed out waiting for the browser");
			return NULL;
		}
		ssize_t n = r < 0 ? -1 : recv(c->proc.fd, c->in + c->in_len, c->in_cap - c->in_len, MSG_DONTWAIT);
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
			continue;
		if (n <= 0) {
			lost_browser(c, "ended");
			return NULL;
		}
		c->in_len += (size_t)n;
	}
}

/* Sends a command (params stolen; the page's session unless browser_wide)
 * and returns its result (a new reference), handling events meanwhile;
 * NULL with c->error on an error answer, a timeout or a lost browser. */
static json_t *call(struct cdp *c, const char *method, json_t *params, int browser_wide, double seconds)
{
	double deadline = now_seconds() + seconds;
	long id = ++c->next_id;
	json_t *msg = json_pack("{s:I, s:s, s:o}", "id", (json_int_t)id, "method", method,
				"params", params ? params : json_object());
	if (msg && !browser_wide && c->session && json_object_set_new(msg, "sessionId", json_string(c->session)) != 0) {
		json_decref(msg);
		msg = NULL;
	}
	char *text = msg ? json_dumps(msg, JSON_COMPACT) : NULL;
	json_decref(msg);
	if (!text) {
		set_error(c, "out of memory for %s", method);
		return NULL;
	}
	if (c->dead) {
		free(text);
		return NULL;
	}
	int sent = send_all(c, text, strlen(text) + 1, deadline);
	free(text);
	if (sent != 0)
		return NULL;
	for (;;) {
		json_t *in = recv_message(c, deadline);
		if (!in) {
			if (strncmp(c->error, "timed out", 9) == 0)
				set_error(c, "timed out after %.1f s waiting for %s", seconds, method);
			return NULL;
		}
		json_t *in_id = json_object_get(in, "id");
		if (!json_is_integer(in_id)) {
			handle_event(c, in);
			json_decref(in);
			continue;
		}
		if (json_integer_value(in_id) != id) {
			json_decref(in);
			continue;
		}
		json_t *error = json_object_get(in, "error");
		if (error) {
			const char *m = str_at(error, "message");
			set_error(c, "%s failed: %s", method, m ? m : "(no message)");
			json_decref(in);
			return NULL;
		}
		json_t *result = json_incref(json_object_get(in, "result"));
		json_decref(in);
		if (!result)
			set_error(c, "%s: an answer without a result", method);
		return result;
	}
}

/* call() for commands whose result is not needed. */
static int command(struct cdp *c, const char *method, json_t *params)
{
	json_t *r = call(c, method, params, 0, c->timeout);
	json_decref(r);
	return r ? 0 : -1;
}

struct cdp *cdp_open(const struct cdp_options *opt, char *err, size_t errlen)
{
	char *browser = opt && opt->browser ? strdup(opt->browser) : cdp_find_browser();
	if (!browser) {
		snprintf(err, errlen, "no Chromium found ($MAPSHEET_CHROMIUM, /usr/lib/chromium/chromium, "
			 "chromium in $PATH): install it (make deps)");
		return NULL;
	}
	struct cdp *c = calloc(1, sizeof *c);
	if (!c) {
		free(browser);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	c->timeout = opt && opt->timeout > 0 ? opt->timeout : 10.0;
	int w = opt && opt->width > 0 ? opt->width : 1280;
	int h = opt && opt->height > 0 ? opt->height : 1024;
	int launched = cdp_launch(browser, w, h, &c->proc, err, errlen);
	free(browser);
	if (launched != 0) {
		free(c);
		return NULL;
	}
	json_t *target = call(c, "Target.createTarget", json_pack("{s:s}", "url", "about:blank"), 1, c->timeout);
	const char *target_id = str_at(target, "targetId");
	json_t *attached = target_id ? call(c, "Target.attachToTarget",
					    json_pack("{s:s, s:b}", "targetId", target_id, "flatten", 1), 1,
					    c->timeout)
				     : NULL;
	const char *session = str_at(attached, "sessionId");
	c->session = session ? strdup(session) : NULL;
	json_decref(target);
	json_decref(attached);
	if (!c->session || command(c, "Page.enable", NULL) != 0 || command(c, "Runtime.enable", NULL) != 0 ||
	    command(c, "Log.enable", NULL) != 0) {
		snprintf(err, errlen, "could not open a page: %s", c->error[0] ? c->error : "out of memory");
		cdp_close(c);
		return NULL;
	}
	return c;
}

int cdp_navigate(struct cdp *c, const char *url)
{
	double deadline = now_seconds() + c->timeout;
	c->loads = 0;
	free(c->problems);
	c->problems = NULL;
	c->problems_len = 0;
	json_t *r = call(c, "Page.navigate", json_pack("{s:s}", "url", url), 0, c->timeout);
	if (!r)
		return -1;
	const char *failed = str_at(r, "errorText");
	if (failed) {
		set_error(c, "could not load %s: %s", url, failed);
		json_decref(r);
		return -1;
	}
	json_decref(r);
	while (c->loads == 0) {
		json_t *in = recv_message(c, deadline);
		if (!in) {
			if (strncmp(c->error, "timed out", 9) == 0)
				set_error(c, "timed out after %.1f s waiting for %s to load", c->timeout, url);
			return -1;
		}
		if (!json_object_get(in, "id"))
			handle_event(c, in);
		json_decref(in);
	}
	return 0;
}

static json_t *evaluate(struct cdp *c, const char *expression, double seconds)
{
	json_t *r = call(c, "Runtime.evaluate",
			 json_pack("{s:s, s:b, s:b}", "expression", expression, "awaitPromise", 1, "returnByValue", 1),
			 0, seconds);
	if (!r)
		return NULL;
	json_t *details = json_object_get(r, "exceptionDetails");
	if (details) {
		const char *text = str_at(json_object_get(details, "exception"), "description");
		set_error(c, "the script threw: %s", text ? text : str_at(details, "text") ? str_at(details, "text") : "?");
		json_decref(r);
		return NULL;
	}
	json_t *value = json_object_get(json_object_get(r, "result"), "value");
	value = value ? json_incref(value) : json_null();
	json_decref(r);
	return value;
}

json_t *cdp_eval(struct cdp *c, const char *expression)
{
	return evaluate(c, expression, c->timeout);
}

char *cdp_eval_string(struct cdp *c, const char *expression)
{
	json_t *v = cdp_eval(c, expression);
	char *s = json_is_string(v) ? strdup(json_string_value(v)) : NULL;
	if (v && !json_is_string(v))
		set_error(c, "not a string: %s", expression);
	json_decref(v);
	return s;
}

int cdp_wait(struct cdp *c, const char *condition, double seconds)
{
	static const char fmt[] =
		"new Promise(function (done) {"
		" var end = Date.now() + %ld;"
		" (function poll() {"
		"  var ok = false;"
		"  try { ok = !!(%s); } catch (e) { ok = false; }"
		"  if (ok) done(true); else if (Date.now() > end) done(false); else setTimeout(poll, 20);"
		" })();"
		"})";
	size_t size = sizeof fmt + strlen(condition) + 32;
	char *script = malloc(size);
	if (!script) {
		set_error(c, "out of memory");
		return -1;
	}
	snprintf(script, size, fmt, (long)(seconds * 1000.0), condition);
	json_t *v = evaluate(c, script, seconds + c->timeout);
	free(script);
	int ok = json_is_true(v);
	if (v && !ok)
		set_error(c, "timed out after %.1f s waiting for %s", seconds, condition);
	json_decref(v);
	return ok ? 0 : -1;
}

static int base64_value(int ch)
{
	if (ch >= 'A' && ch <= 'Z')
		return ch - 'A';
	if (ch >= 'a' && ch <= 'z')
		return ch - 'a' + 26;
	if (ch >= '0' && ch <= '9')
		return ch - '0' + 52;
	return ch == '+' ? 62 : ch == '/' ? 63 : -1;
}

/* Decodes base64 text into a malloc'ed buffer; NULL if it is not base64. */
static unsigned char *base64_decode(const char *text, size_t *out_len)
{
	size_t len = strlen(text);
	unsigned char *out = malloc(len / 4 * 3 + 3);
	if (!out)
		return NULL;
	size_t n = 0;
	unsigned bits = 0;
	int have = 0;
	for (size_t i = 0; i < len && text[i] != '='; i++) {
		int v = base64_value((unsigned char)text[i]);
		if (v < 0) {
			free(out);
			return NULL;
		}
		bits = (bits << 6) | (unsigned)v;
		have += 6;
		if (have >= 8) {
			have -= 8;
			out[n++] = (unsigned char)(bits >> have);
			bits &= (1u << have) - 1;
		}
	}
	*out_len = n;
	return out;
}

int cdp_screenshot(struct cdp *c, const char *png_path)
{
	json_t *r = call(c, "Page.captureScreenshot",
			 json_pack("{s:s}", "format", "png"), 0, c->timeout);
	const char *data = str_at(r, "data");
	size_t len = 0;
	unsigned char *png = data ? base64_decode(data, &len) : NULL;
	json_decref(r);
	if (!png) {
		if (r)
			set_error(c, "the screenshot came without PNG data");
		return -1;
	}
	size_t tmp_size = strlen(png_path) + 8;
	char *tmp = malloc(tmp_size);
	FILE *f = tmp ? (snprintf(tmp, tmp_size, "%s.tmp", png_path), fopen(tmp, "wb")) : NULL;
	int ok = f && fwrite(png, 1, len, f) == len;
	if (f && fclose(f) != 0)
		ok = 0;
	if (ok && rename(tmp, png_path) != 0)
		ok = 0;
	if (!ok) {
		set_error(c, "cannot write %s: %s", png_path, strerror(errno));
		if (tmp)
			remove(tmp);
	}
	free(tmp);
	free(png);
	return ok ? 0 : -1;
}

const char *cdp_error(const struct cdp *c)
{
	return c->error;
}

const char *cdp_page_problems(const struct cdp *c)
{
	return c->problems ? c->problems : "";
}

int cdp_close(struct cdp *c)
{
	if (!c)
		return 0;
	int asked = !c->dead && !c->hung;
	if (asked) {
		/* it may close the connection before it answers: either will do */
		json_t *r = call(c, "Browser.close", NULL, 1, c->timeout < 3.0 ? c->timeout : 3.0);
		json_decref(r);
		asked = !c->hung;
	}
	int status = cdp_launch_end(&c->proc, asked);
	free(c->session);
	free(c->in);
	free(c->problems);
	free(c);
	return status;
}

char *cdp_find_browser(void)
{
	const char *env = getenv("MAPSHEET_CHROMIUM");
	if (env && *env)
		return strdup(env);
	if (access("/usr/lib/chromium/chromium", X_OK) == 0)
		return strdup("/usr/lib/chromium/chromium");
	static const char *const names[] = { "chromium", "chromium-browser", "google-chrome" };
	const char *path = getenv("PATH");
	for (size_t i = 0; path && i < sizeof names / sizeof names[0]; i++) {
		const char *dir = path;
		while (*dir) {
			size_t dlen = strcspn(dir, ":");
			size_t size = dlen + strlen(names[i]) + 2;
			char *candidate = malloc(size);
			if (!candidate)
				return NULL;
			snprintf(candidate, size, "%.*s/%s", (int)dlen, dir, names[i]);
			if (dlen > 0 && access(candidate, X_OK) == 0)
				return candidate;
			free(candidate);
			dir += dlen + (dir[dlen] == ':');
		}
	}
	return NULL;
}
