/* cli_config.c: the config file ($XDG_CONFIG_HOME/mapsheet/config): lines
 * "setting: value" giving defaults for a few options. Each value is checked
 * as its option's value would be, and a bad one is reported at its place in
 * the file (PATH:LINE:COL). Like a template, the file may be indented as
 * a whole (the man page's example pasted as shown). The settings are kept
 * in struct cli so that the remake line can carry them. */
#include "cli/cli_options.h"

#include "cli/cli_text.h"
#include "template/template.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Settings a config file may give: defaults for options of these names. */
static const char *const config_settings[] = { "paper", "style", "scale", "dpi", "numbering", "system", "party",
						"party-level", NULL };

int cli_config_path(char *path, size_t size)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	int n;
	/* the XDG rules: a relative XDG_CONFIG_HOME is invalid and ignored */
	if (xdg && xdg[0] == '/')
		n = snprintf(path, size, "%s/mapsheet/config", xdg);
	else if (home && home[0])
		n = snprintf(path, size, "%s/.config/mapsheet/config", home);
	else
		return -1;
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

static int is_blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

struct config_line {
	struct cli *cli;
	const char *setting;        /* the setting the line gives: "paper" */
};

static int config_apply(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct config_line *cl = ctx;
	struct cli *c = cl->cli;
	(void)nf;
	const char *text = f[0].text;
	int col = f[0].col;
	while (is_blank(*text)) {
		text++;
		col++;
	}
	size_t len = strlen(text);
	while (len > 0 && is_blank(text[len - 1]))
		len--;
	/* the field's text lives only during this call, and options such as
	 * --paper keep a pointer to their value: keep a copy in the cli */
	if (c->nconfig >= CLI_MAX_CONFIG)
		return tpl_error(e, pos, 1, "more than %d settings", CLI_MAX_CONFIG);
	struct cli_setting *s = &c->config[c->nconfig];
	if (len >= sizeof s->value)
		return tpl_error(e, pos, col, "a value longer than %zu characters", sizeof s->value - 1);
	memcpy(s->value, text, len);
	s->value[len] = '\0';
	s->option = cl->setting;
	size_t bad = cli_utf8_invalid_at(s->value);
	if (bad != CLI_UTF8_OK)
		return tpl_error(e, pos, col + (int)bad, "%s: the value is not valid UTF-8 (at byte offset %zu)",
				 s->option, bad);
	if (len == 0)
		return tpl_error(e, pos, col, "%s: the value is empty", s->option);
	const struct cli_option *o = cli_option_find(s->option);
	if (o->apply(c, s->value, e) < 0) {
		/* "--paper: 'a5' is not ..." reads as typed on the command line:
		 * name the setting as the file does */
		char msg[sizeof e->msg];
		snprintf(msg, sizeof msg, "%s", strncmp(e->msg, "--", 2) == 0 ? e->msg + 2 : e->msg);
		return tpl_error(e, pos, col, "%s", msg);
	}
	c->nconfig++;
	return 0;
}

/* The setting a line names ("paper" in "paper: a4"), or NULL. */
static const char *line_setting(const char *line, size_t len)
{
	size_t n = strcspn(line, ":\n");
	if (n >= len)
		return NULL;
	for (int k = 0; config_settings[k]; k++)
		if (strlen(config_settings[k]) == n && strncmp(config_settings[k], line, n) == 0)
			return config_settings[k];
	return NULL;
}

int cli_config_parse_text(struct cli *c, const char *name, const char *text, size_t len, struct err *e)
{
	struct tpl_pos pos = { name, 0 };
	int rc = 0;
	/* indented as a whole (pasted from the man page): the setting after the indentation */
	size_t indent = tpl_indent(text, len);
	for (size_t i = 0; i < len && rc == 0;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - text) : len, word = i;
		while (word < end && word < i + indent && text[word] == ' ')
			word++;
		pos.line++;
		struct config_line cl = { c, line_setting(text + word, end - word) };
		if (cl.setting) {
			const struct tpl_directive dirs[] = { { cl.setting, "text", config_apply, 0 }, { NULL, NULL, NULL, 0 } };
			rc = tpl_parse_indented(&pos, text + i, end - i, indent, dirs, &cl, e);
			i = end + 1;
			continue;
		}
		const struct tpl_directive none[] = { { NULL, NULL, NULL, 0 } };
		rc = tpl_parse_indented(&pos, text + i, end - i, indent, none, &cl, e);
		if (rc < 0 && strstr(e->msg, "unknown directive")) {
			char avail[200] = "";
			for (int k = 0; config_settings[k]; k++)
				snprintf(avail + strlen(avail), sizeof avail - strlen(avail), "%s%s", avail[0] ? ", " : "",
					 config_settings[k]);
			size_t n = strcspn(text + word, ":\n");
			int col = (int)(word - i) + 1;
			if (n == 0)
				rc = tpl_error(e, &pos, col, "no setting named before the ':' (settings: %s)", avail);
			else
				rc = tpl_error(e, &pos, col, "unknown setting '%.*s' (settings: %s)", (int)(n < 60 ? n : 60),
					       text + word, avail);
		}
		i = end + 1;
	}
	return rc;
}

int cli_read_config(struct cli *c, struct err *e)
{
	char path[1024];
	if (cli_config_path(path, sizeof path) < 0 || access(path, F_OK) != 0)
		return 0;
	size_t len;
	char *text = tpl_read_file(path, &len, e);
	if (!text)
		return -1;
	int rc = cli_config_parse_text(c, path, text, len, e);
	free(text);
	return rc;
}
