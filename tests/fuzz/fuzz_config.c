/* fuzz_config.c: libFuzzer harness for the config file (cli_config.c): any
 * bytes, read as the config file's text, give its settings or one clean
 * line "fuzz.config:LINE:COL: ...", never a crash. The values are checked
 * as the program checks them (--paper by render/paper.c, --style by
 * loading the style from templates/, as main.c does). Settings that are
 * read must be what the cli promises: at most CLI_MAX_CONFIG, each a known
 * setting with a value that is valid UTF-8, not empty, trimmed of blanks,
 * one line, and the options that keep a pointer to their value pointing
 * into the cli's own copy. Seeds: tests/fuzz/corpus/config/. */
#include "cli/cli.h"
#include "cli/cli_options.h"
#include "cli/cli_text.h"
#include "paper.h"
#include "style.h"

#include "../../render/paper.c"
#include "../../render/style.c"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int config_paper(const char *value, struct err *e)
{
	struct paper p;
	return paper_parse(value, &p, e);
}

static int config_style(const char *value, const char *const *template_dirs, struct err *e)
{
	struct style st;
	return style_load(&st, value, template_dirs, e);
}

/* p is NULL or points at the value of one of c's settings (or, for a
 * system's name, at its installed name, kept in c too). */
static int kept_in_cli(const struct cli *c, const char *p)
{
	if (!p || p == c->system)
		return 1;
	for (int i = 0; i < c->nconfig; i++)
		if (p == c->config[i].value)
			return 1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a NUL after the text, as tpl_read_file gives it */
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	static const char *const tdirs[] = { "templates", NULL };
	static const struct cli_checks checks = { config_paper, config_style, 0 };
	static struct cli c;    /* some 13 KB: kept off the stack */
	memset(&c, 0, sizeof c);
	c.params.template_dirs = tdirs;
	c.key.template_dirs = tdirs;
	c.checks = &checks;
	struct err e = { ERR_NONE, "" };
	if (cli_config_parse_text(&c, "fuzz.config", text, size, &e) < 0) {
		if (strncmp(e.msg, "fuzz.config:", 12) != 0 || strchr(e.msg, '\n'))
			abort();
		free(text);
		return 0;
	}
	if (c.nconfig < 0 || c.nconfig > CLI_MAX_CONFIG)
		abort();
	for (int i = 0; i < c.nconfig; i++) {
		const struct cli_setting *s = &c.config[i];
		size_t len = strlen(s->value);
		if (!s->option || !cli_option_find(s->option) || len == 0 || len >= sizeof s->value ||
		    s->value[0] == ' ' || s->value[0] == '\t' || s->value[len - 1] == ' ' || s->value[len - 1] == '\t' ||
		    strchr(s->value, '\n') || cli_utf8_invalid_at(s->value) != CLI_UTF8_OK)
			abort();
	}
	if (!kept_in_cli(&c, c.sheet.paper) || !kept_in_cli(&c, c.sheet.style) || !kept_in_cli(&c, c.key.system))
		abort();
	free(text);
	return 0;
}
