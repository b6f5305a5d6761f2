/* serve_options.c: GET /options.json: the option tables the page builds
 * its controls from, the same tables --help, the man page and the parser
 * read (cli_options.c and each method's options), so that a new option
 * appears on the page without editing the page. Each option has the
 * page's label (a game master's words, beside the command line's help in
 * the same table) for the page's caption. With them: the installed
 * styles, stocking systems and zone themes, the systems that size fights
 * for a party, the downloads, and the web's caps. */
#include "serve/serve_int.h"

#include "cli/cli_options.h"
#include "base/paths.h"
#include "base/sbuf.h"
#include "stock/stock_encounter.h"

#include <stdlib.h>
#include <string.h>

static const char *group_name(enum cli_group g)
{
	switch (g) {
	case GROUP_MAP:
		return "map";
	case GROUP_KEY:
		return "key";
	case GROUP_SHEET:
		return "sheet";
	case GROUP_OUTPUT:
		return "output";
	default:
		return "general";
	}
}

/* "a b c" or "a, b, c" as a JSON array of strings. */
static void add_words(struct sbuf *s, const char *words)
{
	char buf[2000];
	snprintf(buf, sizeof buf, "%s", words ? words : "");
	sbuf_add(s, "[");
	char *save = NULL;
	int n = 0;
	for (char *w = strtok_r(buf, ", ", &save); w; w = strtok_r(NULL, ", ", &save)) {
		sbuf_add(s, n++ ? "," : "");
		sbuf_add_json(s, w);
	}
	sbuf_add(s, "]");
}

/* The list of installed names an option's value is one of, if any. */
static const char *installed_names(const struct serve_ctx *ctx, const char *option, char *out, size_t size)
{
	if (strcmp(option, "style") == 0)
		paths_list(ctx->template_dirs, "styles", "style", out, size);
	else if (strcmp(option, "themes") == 0)
		paths_list(ctx->template_dirs, "themes", "txt", out, size);
	else if (strcmp(option, "system") == 0) {
		out[0] = '\0';
		for (int i = 0; i < ctx->nsystems; i++)
			snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? " " : "", ctx->systems[i].name);
	} else
		return NULL;
	return out;
}

static void add_option(struct sbuf *s, const struct serve_ctx *ctx, const char *name, const char *arg,
		       const char *help, const char *label, const char *values, int comma_list, const char *group)
{
	char names[2000];
	const char *installed = installed_names(ctx, name, names, sizeof names);
	sbuf_add(s, "{\"name\":");
	sbuf_add_json(s, name);
	sbuf_add(s, ",\"arg\":");
	if (arg)
		sbuf_add_json(s, arg);
	else
		sbuf_add(s, "null");
	sbuf_add(s, ",\"label\":");
	if (label)
		sbuf_add_json(s, label);
	else
		sbuf_add(s, "null");
	sbuf_add(s, ",\"help\":");
	sbuf_add_json(s, help ? help : "");
	if (group) {
		sbuf_add(s, ",\"group\":");
		sbuf_add_json(s, group);
	}
	sbuf_add(s, ",\"values\":");
	add_words(s, installed ? installed : values);
	sbuf_printf(s, ",\"comma_list\":%s}", comma_list ? "true" : "false");
}

char *serve_options_json(const struct serve_ctx *ctx, size_t *len)
{
	struct sbuf s;
	sbuf_init(&s);
	sbuf_add(&s, "{\"version\":");
	sbuf_add_json(&s, MAPSHEET_VERSION);
	sbuf_add(&s, ",\n\"options\":[");
	int n = 0;
	for (int i = 0; cli_options[i].name; i++) {
		const struct cli_option *o = &cli_options[i];
		const char *arg, *help;
		if (!serve_option_taken(o->name, &arg, &help))
			continue;
		sbuf_add(&s, n++ ? ",\n" : "\n");
		add_option(&s, ctx, o->name, o->arg, o->help, o->label, o->values, 0, group_name(o->group));
	}
	sbuf_add(&s, "],\n\"methods\":[");
	for (int i = 0; method_table[i]; i++) {
		const struct method *m = method_table[i];
		sbuf_add(&s, i ? ",\n{\"name\":" : "\n{\"name\":");
		sbuf_add_json(&s, m->name);
		sbuf_add(&s, ",\"summary\":");
		sbuf_add_json(&s, m->summary);
		sbuf_printf(&s, ",\"default_rooms\":%d,\"options\":[", m->default_rooms);
		int k = 0;
		for (const struct method_option *mo = m->options; mo && mo->name; mo++) {
			const char *arg, *help;
			if (!serve_option_taken(mo->name, &arg, &help))
				continue;
			sbuf_add(&s, k++ ? ",\n " : "\n ");
			add_option(&s, ctx, mo->name, mo->arg, mo->help, mo->label, mo->values, mo->comma_list, NULL);
		}
		sbuf_add(&s, "]}");
	}
	/* the systems whose fights are sized for a party: the page offers the
	 * party's options with them only */
	sbuf_add(&s, "],\n\"party_systems\":[");
	for (int i = 0, k = 0; i < ctx->nsystems; i++)
		if (stock_sizes_fights(&ctx->systems[i].tables)) {
			sbuf_add(&s, k++ ? "," : "");
			sbuf_add_json(&s, ctx->systems[i].name);
		}
	sbuf_add(&s, "],\n\"downloads\":[");
	for (int i = 0; serve_download_name(i); i++) {
		sbuf_add(&s, i ? "," : "");
		sbuf_add_json(&s, serve_download_name(i));
	}
	sbuf_add(&s, "],\n");
	sbuf_printf(&s, "\"limits\":{\"rooms\":%d,\"levels\":%d,\"side\":%d,\"area\":%ld,\"dpi\":%d,\"grid-pixels\":%d}}\n",
		    SERVE_MAX_ROOMS, SERVE_MAX_LEVELS, SERVE_MAX_SIDE, SERVE_MAX_AREA, SERVE_MAX_DPI,
		    SERVE_MAX_GRID_PIXELS);
	if (sbuf_failed(&s)) {
		sbuf_free(&s);
		return NULL;
	}
	*len = s.len;
	return sbuf_take(&s);
}
