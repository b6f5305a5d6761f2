/* cli_help.c: --help, written from the same option tables the parser uses,
 * so the two never disagree. */
#include "cli_options.h"

#include <string.h>

#define HELP_WIDTH 79
#define HELP_LEFT 24

/* One option: its names on the left, the help text beside them, wrapped at
 * HELP_WIDTH columns (on the next line when the names are too long). */
static void help_option(FILE *f, int short_name, const char *name, const char *arg, const char *help)
{
	char left[64];
	if (short_name)
		snprintf(left, sizeof left, "-%c, --%s%s%s", short_name, name, arg ? " " : "", arg ? arg : "");
	else
		snprintf(left, sizeof left, "    --%s%s%s", name, arg ? " " : "", arg ? arg : "");
	if (strlen(left) > HELP_LEFT)
		fprintf(f, "  %s\n  %-*s", left, HELP_LEFT, "");
	else
		fprintf(f, "  %-*s", HELP_LEFT, left);
	const char *p = help;
	int room = HELP_WIDTH - HELP_LEFT - 4;
	while (*p) {
		int n = (int)strlen(p);
		if (n > room) {
			n = room;
			while (n > 0 && p[n] != ' ')
				n--;
			if (n == 0)
				n = room;
		}
		fprintf(f, "  %.*s\n", n, p);
		p += n;
		while (*p == ' ')
			p++;
		if (*p)
			fprintf(f, "  %-*s", HELP_LEFT, "");
	}
}

void cli_help(FILE *f)
{
	static const char *const headings[] = { "General", "The map", "The key", "The sheet", "Output" };
	static const enum cli_group order[] = { GROUP_MAP, GROUP_KEY, GROUP_SHEET, GROUP_OUTPUT, GROUP_GENERAL };
	fputs("Usage: mapsheet [OPTION]...\n"
	      "Generate a dungeon or building map and print it with a numbered room key.\n", f);
	for (size_t g = 0; g < sizeof order / sizeof order[0]; g++) {
		fprintf(f, "\n%s:\n", headings[order[g]]);
		for (int i = 0; cli_options[i].name; i++)
			if (cli_options[i].group == order[g])
				help_option(f, cli_options[i].short_name, cli_options[i].name, cli_options[i].arg,
					    cli_options[i].help);
	}
	fputs("\nMethods:", f);
	for (int i = 0; method_table[i]; i++)
		fprintf(f, " %s", method_table[i]->name);
	fputs("\n  (each method's own options: mapsheet --help-methods)\n"
	      "\nExamples:\n"
	      "  mapsheet --seed goblin-warrens --rooms 30 -o warrens.pdf    a sheet to print\n"
	      "  mapsheet --seed goblin-warrens --rooms 30 --player -o handout.pdf\n"
	      "  mapsheet --method cards --levels 3 -o crypt.dd2vtt          for a tabletop\n"
	      "  mapsheet --method mansion -o manor.md                       notes in Markdown\n"
	      "\nSee mapsheet(1) for every option and mapsheet-templates(5) for the data files.\n", f);
}

void cli_help_methods(FILE *f)
{
	fputs("Usage: mapsheet --method NAME [OPTION]...\n"
	      "Each method's own options; they apply when that method makes a level.\n", f);
	for (int i = 0; method_table[i]; i++) {
		const struct method *m = method_table[i];
		fprintf(f, "\n%s: %s\n", m->name, m->summary);
		if (!m->options || !m->options->name)
			fputs("  (no options of its own)\n", f);
		for (const struct method_option *o = m->options; o && o->name; o++)
			help_option(f, 0, o->name, o->arg, o->help);
	}
	fputs("\nSee mapsheet(1), METHODS, for each procedure and its defaults.\n", f);
}

/* Values offered for an option's argument: a word list, or a command whose
 * output's first column lists them, or files. */
static const char *completion_values(const char *name)
{
	if (strcmp(name, "method") == 0)
		return "$(mapsheet --list-methods 2>/dev/null | cut -d' ' -f1)";
	if (strcmp(name, "style") == 0)
		return "$(mapsheet --list-styles 2>/dev/null | cut -d' ' -f1)";
	if (strcmp(name, "paper") == 0)
		return "letter a4 a3 legal tabloid";
	if (strcmp(name, "numbering") == 0)
		return "entrance reading";
	if (strcmp(name, "completion") == 0)
		return "bash";
	if (strcmp(name, "md-image") == 0)
		return "svg png";
	return NULL;
}

void cli_completion_bash(FILE *f)
{
	fputs("# bash completion for mapsheet (made by mapsheet --completion bash)\n"
	      "_mapsheet() {\n"
	      "\tlocal cur prev\n"
	      "\tcur=${COMP_WORDS[COMP_CWORD]}\n"
	      "\tprev=${COMP_WORDS[COMP_CWORD-1]}\n"
	      "\tcase $prev in\n", f);
	for (int i = 0; cli_options[i].name; i++) {
		const struct cli_option *o = &cli_options[i];
		if (!o->arg)
			continue;
		const char *values = completion_values(o->name);
		fprintf(f, "\t--%s", o->name);
		if (o->short_name)
			fprintf(f, "|-%c", o->short_name);
		if (values)
			fprintf(f, ")\n\t\tCOMPREPLY=($(compgen -W \"%s\" -- \"$cur\")); return ;;\n", values);
		else if (strstr(o->arg, "FILE") || strstr(o->arg, "DIR"))
			fputs(")\n\t\tCOMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n", f);
		else
			fputs(")\n\t\tCOMPREPLY=(); return ;;\n", f);
	}
	fputs("\tesac\n\tCOMPREPLY=($(compgen -W \"", f);
	for (int i = 0; cli_options[i].name; i++)
		fprintf(f, "%s--%s", i ? " " : "", cli_options[i].name);
	for (int i = 0; method_table[i]; i++)
		for (const struct method_option *o = method_table[i]->options; o && o->name; o++)
			fprintf(f, " --%s", o->name);
	fputs("\" -- \"$cur\"))\n}\ncomplete -o filenames -F _mapsheet mapsheet\n", f);
}
