/* run.c: one run of the command: picks the output format, generates the
 * levels (or reads the --input maps), builds their keys and writes the
 * output, to files or (for the local server) to memory. main.c and the
 * server (serve_*.c) both come here, so that they make the same bytes. */
#include "app/run.h"

#include "app/output.h"

#include "base/atomic.h"
#include "base/deadline.h"
#include "model/handout.h"
#include "app/input_set.h"
#include "app/inputs.h"
#include "app/level_keys.h"
#include "site/site.h"
#include "methods/levels.h"
#include "base/mem.h"
#include "base/monotonic.h"
#include "read/read_map.h"
#include "render.h"
#include "base/report.h"
#include "names/site_name.h"
#include "stock/stock_encounter.h"
#include "stock/stock_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A file the run would write that is a folder: a usage error, found
 * before anything is generated. */
static int check_not_folder(const char *option, const char *path, struct err *e)
{
	struct stat st;
	if (path && strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return err_usage(e, "--%s: %s is a folder; name a file in it", option, path);
	return 0;
}

/* Picks the output format before anything is generated, so a bad name or
 * extension is a usage error and nothing is written. written: the format
 * the server writes in instead (run_env), or NULL; --player is refused
 * for what is written. */
static const struct output_format *choose_format(const struct cli *c, const struct output_format *written,
						       const char **path, int in_memory, struct err *e)
{
	char names[200];
	const struct output_format *f;
	*path = c->output ? c->output : "-";
	if (!in_memory && (check_not_folder("output", c->output, e) < 0 || check_not_folder("log", c->log_path, e) < 0))
		return NULL;
	if (c->format) {
		f = output_find(c->format);
		if (!f) {
			output_names(names, sizeof names, 0);
			err_usage(e, "--format: unknown format '%s' (formats: %s)", c->format, names);
		}
		/* a file named for another format would hold what its name denies */
		const struct output_format *named = c->output && strcmp(c->output, "-") != 0 ? output_for_path(c->output)
											   : NULL;
		if (f && named && !output_takes_extension_of(f, named)) {
			err_usage(e, "--format %s cannot write %s, a name for %s output; name a file ending .%s, or leave "
				  "out --format", c->format, c->output, named->name, output_extension(f));
			return NULL;
		}
	} else if (!c->output || strcmp(c->output, "-") == 0) {
		f = output_find("txt");
	} else {
		f = output_for_path(c->output);
		if (!f) {
			output_names(names, sizeof names, 1);
			err_usage(e, "--output: cannot tell the format of '%s' from its extension (formats: %s)",
				  c->output, names);
		}
	}
	/* the drawn outputs honour --player; text and JSON are the referee's
	 * (the page's key has a players' copy of its own) */
	const struct output_format *w = written ? written : f;
	if (f && c->sheet.player && !w->draws && !w->players) {
		err_usage(e, "--player: %s output is the referee's, secrets and all; the players' handout is drawn: "
			  "name a .pdf, .svg, .png, .md or .dd2vtt file", w->name);
		return NULL;
	}
	if (f && strcmp(*path, "-") == 0 && !f->streams) {
		err_usage(e, "--output: %s cannot be written to standard output; name a file", f->name);
		return NULL;
	}
	return f;
}

/* Turns levels[0..n-1] into the players' views (handout.h) and returns how
 * many are on the handout; a level the players cannot reach is named on
 * stderr, and asking for it alone (--level K) is an error. */
static int players_levels(const struct cli *c, struct level *levels, int n, struct log *log, struct err *e)
{
	int shown = handout_levels(levels, n, c->sheet.player_secret_rooms, e);
	if (shown < 0)
		return -1;
	if (c->only_level > shown) {
		char has[40];
		snprintf(has, sizeof has, shown > 1 ? "levels 1 to %d" : "level %d only", shown);
		return err_usage(e, "--level %d: the players cannot reach level %d without finding a secret door "
				 "(the handout has %s; --player-secret-rooms shows every level)", c->only_level,
				 c->only_level, has);
	}
	if (shown < n && c->only_level == 0)
		log_warn(log, "the players' handout ends at level %d: the stairs to level %d are behind a secret door "
			 "(--player-secret-rooms shows the levels below)", shown, shown + 1);
	return shown;
}

/* Generates the run's levels, builds their keys and names the site; d
 * gets the levels to print. The roll log is committed before the output,
 * so a log that cannot be written fails the run before an existing output
 * is replaced. */
static int generate_levels(const struct cli *c, struct level *levels, struct log *log, struct report *rep,
			   struct atomic_file *logfile, char *site, const struct site_tables *tables,
			   struct site_plan *plan, struct doc *d, struct err *e)
{
	/* --level K: every level of the booklet, as the whole booklet has them
	 * (the premise's threads lie on any of them, and the premise names
	 * their rooms); K is printed alone */
	int n = c->levels;
	if (levels_generate(levels, n, c->methods, c->nmethods, &c->params, c->seed, c->key.numbering, log, rep,
			    e) < 0)
		return -1;
	/* a fixed grid that held fewer rooms than asked for, and no method said so */
	if (c->rooms_given && c->size_given && log->warnings == 0)
		levels_warn_short(levels, n, c->params.rooms, log);
	/* the site: its premise and inhabitants, each room's use, kind, name
	 * and feature, on the whole levels, so the handout draws them alike */
	if (level_site_plan(plan, tables, levels, n, c->seed, &c->key, e) < 0)
		return -1;
	/* the players' handout: every level the players reach, as they see it */
	int shown = n;
	if (c->sheet.player && (shown = players_levels(c, levels, n, log, e)) < 0)
		return -1;
	if (level_keys_build(levels, shown, &c->key, plan, tables, c->seed, rep, e) < 0)
		return -1;
	if (c->log_path && log->steps != stderr && atomic_commit(logfile, e) < 0) {
		log->steps = NULL;
		return -1;
	}
	log->steps = NULL;
	if (site_name_make(c->params.template_dirs, c->methods[0]->name, c->seed, site, SITE_NAME_LEN, e) < 0)
		return -1;
	if (plan->name[0])
		snprintf(site, SITE_NAME_LEN, "%s", plan->name);
	d->story = plan->premise;
	d->secret = c->sheet.player ? NULL : plan->secret;
	/* where the premise's threads are: the referee's, on a stocked key */
	if (c->key.stock && !c->sheet.player)
		d->threads = site_threads_placed(plan, &d->nthreads);
	d->factions = plan->factions;
	d->nfactions = plan->nfactions;
	d->levels = levels;
	d->nlevels = c->sheet.player ? shown : c->levels;
	d->total_levels = d->nlevels;
	if (c->only_level > 0) {
		d->levels = &levels[c->only_level - 1];
		d->nlevels = 1;
	}
	return 0;
}

/* The levels of d key at most max rooms each (0: any number). */
static int check_rooms_made(const struct doc *d, int max, struct err *e)
{
	for (int k = 0; max > 0 && k < d->nlevels; k++) {
		const struct level *lv = &d->levels[k];
		if (lv->key.n > max)
			return err_usage(e, "level %d: the %s method made %d rooms on %d x %d squares, more than the %d a level "
					 "this run takes (a smaller --size, fewer --rooms, or the command line)", lv->map.depth,
					 lv->map.method ? lv->map.method : "map", lv->key.n, lv->map.w, lv->map.h, max);
	}
	return 0;
}

/* Reads the --input maps into rd, one booklet of all their levels, and
 * points d at it: every level, or level K of --level K; the players' view
 * for --player. */
static int input_levels(const struct cli *c, struct read_json_doc *rd, struct log *log, struct doc *d,
			struct err *e)
{
	struct input_set_options o = { (enum input_format)c->input_format, c->sheet.player,
				       c->sheet.player_secret_rooms, c->only_level == 0 };
	int cut;
	if (input_set_read(c->inputs, c->ninputs, &o, rd, &cut, log, e) < 0)
		return -1;
	if (c->only_level > rd->nlevels) {
		char has[40];
		snprintf(has, sizeof has, rd->nlevels > 1 ? "levels 1 to %d" : "level %d only", rd->nlevels);
		if (cut)
			return err_usage(e, "--level %d: the players cannot reach level %d without finding a secret door "
					 "(the handout has %s; --player-secret-rooms shows every level)", c->only_level,
					 c->only_level, has);
		if (c->ninputs == 1)
			return err_usage(e, "--level %d: %s has %d level%s", c->only_level, c->inputs[0], rd->nlevels,
					 rd->nlevels == 1 ? "" : "s");
		return err_usage(e, "--level %d: the %d --input files hold %s", c->only_level, c->ninputs, has);
	}
	d->seed = rd->seed;
	d->site = rd->site;
	d->story = rd->story;
	d->secret = rd->secret;
	d->factions = rd->factions;
	if (!c->sheet.player) {
		d->threads = rd->threads;
		d->nthreads = rd->nthreads;
	}
	d->party = rd->party.party > 0 ? &rd->party : NULL;
	d->nfactions = rd->nfactions;
	if (!d->sheet.title)
		d->sheet.title = rd->title;
	d->levels = rd->levels;
	d->nlevels = rd->nlevels;
	d->total_levels = rd->nlevels;
	if (c->only_level > 0) {
		d->levels = &rd->levels[c->only_level - 1];
		d->nlevels = 1;
	}
	return 0;
}

/* The party generated keys were stocked for, when the system sizes
 * fights; the credit stays the tables'. Returns 1 when p is filled. */
static int stocked_for_party(const struct cli *c, struct key_party *p)
{
	const struct stock_tables *t = c->key.tables;
	if (!t || !c->key.stock || c->sheet.player || !stock_sizes_fights(t))
		return 0;
	/* a folder given by path is named by its last part */
	char name[sizeof p->system];
	snprintf(name, sizeof name, "%s", c->key.system ? c->key.system : "neutral");
	size_t len = strlen(name);
	while (len > 1 && name[len - 1] == '/')
		name[--len] = '\0';
	const char *slash = strrchr(name, '/');
	snprintf(p->system, sizeof p->system, "%s", slash && slash[1] ? slash + 1 : name);
	p->party = c->key.party > 0 ? c->key.party : KEY_PARTY_DEFAULT;
	p->level = c->key.party_level > 0 ? c->key.party_level : 1;
	p->deeper = t->fig.deeper;
	p->credit = t->fig.credit;
	p->compendium = t->fig.compendium;
	return 1;
}

int run_command(struct cli *c, const struct run_env *env, struct err *e)
{
	const char *path;
	const struct output_format *fmt = choose_format(c, env ? env->format : NULL, &path, env != NULL, e);
	if (!fmt)
		return -1;
	if (env && env->format)
		fmt = env->format;
	/* fontconfig starts on its configuration while the inputs are read and
	 * the run's memory is mapped in */
	if (fmt->sheet || fmt->draws)
		render_start_fonts();
	if (!env)
		mem_map_ahead(c->ninputs ? input_set_estimate(c->inputs, c->ninputs)
					 : mem_run_estimate(c->levels, c->params.w, c->params.h, c->params.rooms,
							    fmt->sheet || fmt->draws));
	/* the stocking tables, loaded once: checked here, read by every key;
	 * the server's were loaded when it started, and it writes no file */
	struct stock_tables tables;
	stock_tables_init(&tables);
	if ((!env && inputs_check_run(c, path, &tables, e) < 0) ||
	    ((fmt->sheet || fmt->draws) && render_validate(&c->sheet, c->params.template_dirs, e) < 0)) {
		stock_tables_free(&tables);
		return -1;
	}
	c->key.tables = !c->key.stock ? NULL : env ? env->tables : &tables;
	if (c->party_given && !c->ninputs && c->key.tables && !stock_sizes_fights(c->key.tables)) {
		stock_tables_free(&tables);
		c->key.tables = NULL;
		return err_usage(e, "--party and --party-level size fights, which the %s system does not roll; give "
				 "--system 5e (or leave out --system, and 5e is taken)", c->key.system);
	}
	if (c->seed_drawn && !c->quiet)
		fprintf(stderr, "mapsheet: seed %s (remake with --seed %s)\n", c->seed, c->seed);

	struct atomic_file logfile = { 0 };
	struct log log = { NULL, c->quiet ? NULL : stderr, 0 };
	/* progress only on a terminal, so that pipes and logs stay clean */
	struct report rep = { c->verbose ? stderr : NULL, !c->quiet && isatty(STDERR_FILENO) ? stderr : NULL, 0, &log,
			      env ? env->deadline : NULL };
	double t0 = monotonic_seconds();
	if (c->log_path) {
		if (strcmp(c->log_path, "-") == 0) {
			log.steps = stderr;
		} else {
			if (atomic_open(&logfile, c->log_path, e) < 0) {
				stock_tables_free(&tables);
				return -1;
			}
			log.steps = logfile.f;
		}
	}
	log_step(&log, "mapsheet %s, seed %s", MAPSHEET_VERSION, c->seed);

	struct read_json_doc rd = { 0 };
	struct key_party party = { 0 };
	char *story_gm = NULL, *secret_gm = NULL;
	struct level *levels = NULL;
	int nalloc = 0, rc = -1;
	char site[SITE_NAME_LEN];
	struct site_tables site_tables = { 0 };
	struct site_plan plan = { 0 };
	struct doc d = { .seed = c->seed, .site = site, .command = c->command, .sheet = c->sheet,
			 .template_dirs = c->params.template_dirs, .report = &rep, .memory = env ? env->memory : NULL };
	if (c->ninputs) {
		if (input_levels(c, &rd, &log, &d, e) < 0)
			goto out;
		if (c->log_path && log.steps != stderr && atomic_commit(&logfile, e) < 0) {
			log.steps = NULL;
			goto out;
		}
		log.steps = NULL;
	} else {
		if (!(levels = calloc((size_t)c->levels, sizeof *levels))) {
			err_set(e, "out of memory");
			goto out;
		}
		nalloc = c->levels;
		if (!env && site_tables_load(&site_tables, c->params.template_dirs, e) < 0)
			goto out;
		if (generate_levels(c, levels, &log, &rep, &logfile, site, env ? env->site : &site_tables, &plan, &d,
				    e) < 0 ||
		    check_rooms_made(&d, env ? env->max_rooms : 0, e) < 0)
			goto out;
		if (stocked_for_party(c, &party))
			d.party = &party;
	}
	if (doc_threads_annotate(&d, &story_gm, &secret_gm, e) < 0)
		goto out;
	d.story_gm = story_gm;
	d.secret_gm = secret_gm;
	/* the tabletop modules' grid and system, on both copies */
	const struct stock_tables *tt = env ? env->tables : &tables;
	if (tt && c->key.stock) {
		d.grid_feet = tt->fig.square_feet;
		d.system = party.system[0] ? party.system : c->key.system ? c->key.system : "neutral";
	}
	if (deadline_check(rep.deadline, e) < 0 || fmt->write(&d, path, e) < 0)
		goto out;
	report_done(&rep);
	report_info(&rep, "wrote %s (%s) in %.2f s, seed %s", path, fmt->name, monotonic_seconds() - t0, c->seed);
	rc = 0;
out:
	report_done(&rep);
	if (log.steps && log.steps != stderr)
		atomic_abort(&logfile);
	if (levels)
		levels_free(levels, nalloc);
	free(levels);
	read_json_doc_free(&rd);
	free(story_gm);
	free(secret_gm);
	site_plan_free(&plan);
	site_tables_free(&site_tables);
	stock_tables_free(&tables);
	c->key.tables = NULL;
	return rc;
}

