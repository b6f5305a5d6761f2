/* serve_make.c: a request for a map answered: its query parsed by the
 * command line's parser (serve_args.c), the web's caps checked, and the run
 * made by run.c into memory, in the format the request asks for: the
 * preview (the sheet's map page, SVG, with the remake line of the download
 * picked on its footer and in its answer's header), the key (serve_key.c),
 * the remake line, or a download (one file, or a zip of the files the
 * command line would write). Nothing is written to disk. A run past the
 * server's deadline stops at its next step and is answered 503. */
#include "serve/serve_int.h"

#include "base/atomic.h"
#include "base/deadline.h"
#include "export/export.h"
#include "app/output.h"
#include "app/run.h"

#include <malloc.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The downloads: what each adds to the command line and its file name. */
struct download {
	const char *name;       /* format=NAME */
	const char *ext;        /* the output file's extension */
	const char *flag;       /* an option it adds, or NULL */
	const char *suffix;     /* after the file name's seed */
	int min_levels;
};

static const struct download downloads[] = {
	{ "pdf", "pdf", NULL, "", 1 },
	{ "handout", "pdf", "--player", "-handout", 1 },
	{ "booklet", "pdf", NULL, "-booklet", 2 },
	{ "svg", "svg", NULL, "", 1 },
	{ "png", "png", NULL, "", 1 },
	{ "uvtt", "uvtt", NULL, "", 1 },
	{ "foundry", "zip", NULL, "", 1 },
	{ "encounterplus", "module", NULL, "", 1 },
	{ "md", "md", NULL, "", 1 },
	{ "json", "json", NULL, "", 1 },
	{ "txt", "txt", NULL, "", 1 },
	{ NULL, NULL, NULL, NULL, 0 }
};

/* The answer "mapsheet: MESSAGE" with the status. */
static int answer_text(struct serve_answer *a, int status, const char *fmt, ...)
{
	va_list ap;
	char buf[1200];
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	a->status = status;
	a->type = "text/plain; charset=utf-8";
	a->body = strdup(buf);
	a->len = a->body ? strlen(a->body) : 0;
	return a->body ? 0 : -1;
}

static int answer_error(struct serve_answer *a, const struct err *e)
{
	return answer_text(a, e->kind == ERR_USAGE ? 400 : 500, "mapsheet: %s\n", e->msg[0] ? e->msg : "unknown error");
}

/* "mapsheet-SEED" with what is not a letter, digit, - or _ made '-'. */
static void file_base(const char *seed, char *out, size_t size)
{
	size_t n = (size_t)snprintf(out, size, "mapsheet-");
	for (const char *p = seed; *p && n + 1 < size && p - seed < 40; p++) {
		char ch = *p;
		int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' ||
			 ch == '-';
		out[n++] = ok ? ch : '-';
	}
	out[n] = '\0';
}

const char *serve_download_name(int i)
{
	return i >= 0 && i < (int)(sizeof downloads / sizeof downloads[0]) ? downloads[i].name : NULL;
}

static void download_names(char *out, size_t size)
{
	out[0] = '\0';
	for (int i = 0; downloads[i].name; i++)
		snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? ", " : "", downloads[i].name);
}

static const struct download *find_download(const char *name)
{
	for (int i = 0; downloads[i].name; i++)
		if (strcmp(downloads[i].name, name) == 0)
			return &downloads[i];
	return NULL;
}

static const struct stock_tables *find_tables(const struct serve_ctx *ctx, const char *system, struct err *e)
{
	char names[600] = "";
	for (int i = 0; i < ctx->nsystems; i++) {
		if (strcmp(ctx->systems[i].name, system) == 0)
			return &ctx->systems[i].tables;
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "", ctx->systems[i].name);
	}
	err_usage(e, "unknown table system '%.100s' (systems: %s)", system, names);
	return NULL;
}

/* Moves the run's files into the answer: the one file, or a zip. */
static int take_files(struct memfiles *mf, const char *zip_name, struct serve_answer *a)
{
	if (mf->n == 1) {
		const char *slash = strrchr(mf->v[0].name, '/');
		snprintf(a->filename, sizeof a->filename, "%s", slash ? slash + 1 : mf->v[0].name);
		a->body = mf->v[0].data;
		a->len = mf->v[0].len;
		mf->v[0].data = NULL;
		a->type = serve_type_for(a->filename);
		return 0;
	}
	snprintf(a->filename, sizeof a->filename, "%s", zip_name);
	a->type = "application/zip";
	a->body = serve_zip(mf, &a->len);
	return a->body ? 0 : -1;
}

/* Parses the argv under the lock (getopt_long keeps its place in globals). */
static int parse(struct serve_ctx *ctx, struct serve_args *sa, struct cli *c, struct err *e)
{
	pthread_mutex_lock(&ctx->parse_lock);
	int rc = cli_parse(c, sa->argc, sa->argv, ctx->template_dirs, &ctx->checks, e);
	pthread_mutex_unlock(&ctx->parse_lock);
	if (rc < 0)
		return -1;
	if (c->action != CLI_RUN)
		return err_usage(e, "the page makes maps only");
	return serve_check_limits(c, e);
}

/* Adds the output the request asks for to the argv, as the command line
 * would name it, and what the answer is called. A download, the preview
 * and the remake line are those of the download format= picks (the PDF
 * sheet when none is given): the preview is drawn from the same command
 * line, so the remake line on its footer is the one the page offers to
 * copy; only its file (preview, SVG) differs. The key is the text or JSON
 * key's, the referee's whatever download is picked. */
static int add_output(struct serve_args *sa, enum serve_output what, const struct download **dl, char *zip_name,
		      size_t zsize, char *preview, size_t psize, struct err *e)
{
	char base[80], file[200], names[200];
	file_base(sa->seed, base, sizeof base);
	download_names(names, sizeof names);
	*dl = find_download("pdf");
	if (what == SERVE_DOWNLOAD && !sa->format)
		return err_usage(e, "/download: no format= given (formats: %s)", names);
	if (what == SERVE_KEY) {
		*dl = find_download("txt");
	} else if (what == SERVE_KEY_JSON) {
		*dl = find_download("json");
	} else if (sa->format) {
		if (!(*dl = find_download(sa->format)))
			return err_usage(e, "format=%.60s: unknown download (formats: %s)", sa->format, names);
		if ((*dl)->flag && serve_args_add(sa, (*dl)->flag, e) < 0)
			return -1;
	}
	snprintf(file, sizeof file, "%s%s.%s", base, (*dl)->suffix, (*dl)->ext);
	snprintf(zip_name, zsize, "%s%s-%s.zip", base, (*dl)->suffix, (*dl)->ext);
	snprintf(preview, psize, "%s%s.svg", base, (*dl)->suffix);
	if (serve_args_add(sa, "--output", e) < 0 || serve_args_add(sa, file, e) < 0)
		return -1;
	return 0;
}

/* Whether the server can make a request of this cost: an answer that
 * cannot fit, or a peak past the whole budget, is refused at once (400);
 * no room in the budget within SERVE_MEMORY_WAIT_SECONDS is a 503. 0:
 * the peak is taken; 1: answered; -1: out of memory. */
static int afford(struct serve_ctx *ctx, const struct serve_cost *cost, const struct memfiles *mf,
		  struct serve_answer *a)
{
	struct err e = { ERR_NONE, "" };
	if (memfiles_room(mf, cost->answer_least, &e) < 0)
		return answer_error(a, &e) < 0 ? -1 : 1;
	size_t need = cost->peak >> 20, total = ctx->budget.total >> 20;
	if (cost->peak > ctx->budget.total)
		return answer_text(a, 400, "mapsheet: this request would take about %zu MB to make, more than the %zu MB the "
				   "page spends on requests; ask for fewer rooms or levels, or use the command line\n", need,
				   total) < 0 ? -1 : 1;
	if (serve_budget_take(&ctx->budget, cost->peak, SERVE_MEMORY_WAIT_SECONDS) < 0)
		return answer_text(a, 503, "mapsheet: the server is busy with other large requests (this one needs about %zu "
				   "MB of the %zu MB it spends at once); try again in a moment\n", need, total) < 0 ? -1 : 1;
	return 0;
}

static double clock_ms(clockid_t clock)
{
	struct timespec ts;
	clock_gettime(clock, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int serve_make(struct serve_ctx *ctx, enum serve_output what, const char *const *names, const char *const *values,
	       int n, struct serve_answer *a)
{
	double t0 = clock_ms(CLOCK_MONOTONIC), cpu0 = clock_ms(CLOCK_THREAD_CPUTIME_ID);
	struct deadline deadline;
	deadline_start(&deadline, ctx->request_seconds);
	memset(a, 0, sizeof *a);
	struct err e = { ERR_NONE, "" };
	struct serve_args sa;
	struct cli *c = malloc(sizeof *c);
	struct memfiles mf;
	memfiles_init(&mf);
	const struct download *dl = NULL;
	char zip_name[200], preview[200];
	int rc = 0;
	size_t taken = 0;
	if (!c) {
		rc = -1;
		goto out;
	}
	if (serve_args_build(&sa, names, values, n, &e) < 0 ||
	    add_output(&sa, what, &dl, zip_name, sizeof zip_name, preview, sizeof preview, &e) < 0 ||
	    parse(ctx, &sa, c, &e) < 0) {
		rc = answer_error(a, &e);
		goto done;
	}
	if (c->levels < dl->min_levels) {
		rc = answer_text(a, 400, "mapsheet: format=%s: a booklet has %d levels or more (levels=2 to %d); one "
				 "level is the sheet, format=pdf\n", dl->name, dl->min_levels, SERVE_MAX_LEVELS);
		goto done;
	}
	if (what == SERVE_REMAKE) {
		rc = answer_text(a, 200, "%s\n", c->command);
		goto done;
	}
	if (what == SERVE_PREVIEW) {
		/* drawn as SVG; c->command stays the download's, for the footer */
		c->output = preview;
		c->format = NULL;
	}
	c->quiet = 1;
	c->verbose = 0;
	mf.max_files = what == SERVE_PREVIEW ? 1 : 0;
	/* a PDF download of several levels is a booklet: the preview's footer
	 * numbers its page as the booklet does */
	mf.booklet_preview = what == SERVE_PREVIEW && strcmp(dl->ext, "pdf") == 0;
	mf.max_bytes = SERVE_MAX_ANSWER_BYTES;
	struct serve_cost cost;
	serve_cost_estimate(c, dl->name, what, &cost);
	if ((rc = afford(ctx, &cost, &mf, a)) != 0) {
		rc = rc < 0 ? -1 : 0;
		goto done;
	}
	taken = cost.peak;
	const struct output_format *key = what == SERVE_KEY ? &serve_key_txt : what == SERVE_KEY_JSON ? &serve_key_json
												     : NULL;
	struct run_env env = { .memory = &mf, .site = &ctx->site, .format = key,
			       .deadline = &deadline, .max_rooms = SERVE_MAX_ROOMS_MADE };
	if (c->key.stock && !(env.tables = find_tables(ctx, c->key.system, &e))) {
		rc = answer_error(a, &e);
		goto done;
	}
	if (run_command(c, &env, &e) < 0) {
		/* past the deadline: the server is busy, not the request wrong */
		rc = deadline.passed ? answer_text(a, 503, "mapsheet: %s\n", e.msg) : answer_error(a, &e);
		goto done;
	}
	if (mf.n < 1) {
		rc = answer_text(a, 500, "mapsheet: the run wrote nothing\n");
		goto done;
	}
	a->status = 200;
	rc = take_files(&mf, zip_name, a);
	if (rc == 0 && what == SERVE_PREVIEW && !(a->remake = strdup(c->command)))
		rc = -1;
	if (what != SERVE_DOWNLOAD)
		a->filename[0] = '\0';
done:
	serve_args_free(&sa);
out:
	memfiles_free(&mf);
	free(c);
#if defined(M_TRIM_THRESHOLD) && !defined(__SANITIZE_ADDRESS__)
	/* the run's memory, freed, goes back to the system (the heaps of a
	 * big layout would otherwise stay the server's); not under
	 * AddressSanitizer, whose allocator is not glibc's: there glibc's
	 * trim walked arenas malloc never set up, and crashed the server */
	malloc_trim(0);
#endif
	/* the answer keeps its bytes of the budget until it is sent */
	a->held = a->body && a->len < taken ? a->len : a->body ? taken : 0;
	serve_budget_give(&ctx->budget, taken - a->held);
	a->run_ms = clock_ms(CLOCK_MONOTONIC) - t0;
	a->cpu_ms = clock_ms(CLOCK_THREAD_CPUTIME_ID) - cpu0;
	return rc;
}
