/* cli_help.c: --help, written from the same option tables the parser uses,
 * so the two never disagree. */
#include "cli/cli_options.h"

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
	fputs(" (options: --help-methods)\n"
	      "\nDefaults for --paper, --style, --scale, --dpi, --numbering, --system, --party\n"
	      "and --party-level can come from ~/.config/mapsheet/config; every output\n"
	      "records the command that remakes it, those settings included.\n"
	      "\nExamples:\n"
	      "  mapsheet --seed goblin-warrens --rooms 30 -o warrens.pdf    a sheet to print\n"
	      "  mapsheet --seed goblin-warrens --rooms 30 --player -o handout.pdf\n"
	      "  mapsheet --method cards --levels 3 -o crypt.dd2vtt          for a tabletop\n"
	      "  mapsheet --method mansion -o manor.md                       notes in Markdown\n"
	      "  mapsheet serve [--port 8750] [--bind 127.0.0.1]             a page to roll on\n"
	      "\nSee mapsheet(1) for every option and mapsheet-templates(5) for the data files.\n", f);
}

void cli_help_methods(FILE *f)
{
	fputs("Usage: mapsheet --method NAME [OPTION]...\n"
	      "Each method's own options; they apply when that method makes a level, and\n"
	      "are refused when no level of the run uses that method.\n", f);
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

/* Writes words to the script for compgen -W, keeping only words of
 * characters that need no quoting inside "..." (names from a user's own
 * folders could hold anything). */
static void completion_words(FILE *f, const char *words)
{
	int first = 1;
	for (const char *p = words; *p;) {
		size_t n = strcspn(p, " ,\n\t");
		size_t plain = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.+");
		if (n > 0 && plain >= n) {
			fprintf(f, "%s%.*s", first ? "" : " ", (int)n, p);
			first = 0;
		}
		p += n;
		p += strspn(p, " ,\n\t");
	}
}

/* One case of the script: the option's names, then what its value offers:
 * words (after the last comma when comma_list) and, with also ("-f" or
 * "-d"), file or folder names once a '/' is typed; files, folders or
 * nothing. */
static void completion_case(FILE *f, const char *name, int short_name, const char *arg, const char *words,
			    int comma_list, const char *also)
{
	fprintf(f, "\t--%s", name);
	if (short_name)
		fprintf(f, "|-%c", short_name);
	fputs(")\n", f);
	if (words) {
		if (comma_list)
			fputs("\t\tcase $cur in *,*) pre=${cur%,*},; cur=${cur##*,} ;; esac\n", f);
		fputs("\t\tCOMPREPLY=($(compgen -P \"$pre\" -W \"", f);
		completion_words(f, words);
		fputs("\" -- \"$cur\")", f);
		if (also)
			fprintf(f, " $(case $cur in */*) compgen %s -- \"$cur\" ;; esac)", also);
		fputs("); return ;;\n", f);
	} else if (strstr(arg, "DIR")) {
		fputs("\t\tCOMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n", f);
	} else if (strstr(arg, "FILE")) {
		fputs("\t\tCOMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n", f);
	} else {
		fputs("\t\tCOMPREPLY=(); return ;;\n", f);
	}
}

void cli_completion_bash(FILE *f, const struct cli_completion_lists *lists)
{
	fputs("# bash completion for mapsheet (made by mapsheet --completion bash)\n"
	      "_mapsheet() {\n"
	      "\tlocal cur prev pre=\n"
	      "\tcur=${COMP_WORDS[COMP_CWORD]}\n"
	      "\tprev=${COMP_WORDS[COMP_CWORD-1]}\n"
	      "\t# --name=value: bash splits the word at the =\n"
	      "\tif [ \"$cur\" = = ]; then cur=; elif [ \"$prev\" = = ] && [ $COMP_CWORD -ge 2 ]; then\n"
	      "\t\tprev=${COMP_WORDS[COMP_CWORD-2]}\n"
	      "\tfi\n", f);
	/* mapsheet serve: its own options, each with a value */
	fputs("\tif [ \"${COMP_WORDS[1]}\" = serve ]; then\n\t\tcase $prev in\n\t\t", f);
	for (int i = 0; cli_serve_options[i].name; i++)
		fprintf(f, "%s--%s", i ? "|" : "", cli_serve_options[i].name);
	fputs(") COMPREPLY=(); return ;;\n\t\tesac\n\t\tCOMPREPLY=($(compgen -W \"", f);
	for (int i = 0; cli_serve_options[i].name; i++)
		fprintf(f, "%s--%s", i ? " " : "", cli_serve_options[i].name);
	fputs("\" -- \"$cur\"))\n\t\treturn\n\tfi\n\tcase $prev in\n", f);
	char methods[512] = "";
	for (int i = 0; method_table[i]; i++)
		snprintf(methods + strlen(methods), sizeof methods - strlen(methods), "%s%s", i ? " " : "",
			 method_table[i]->name);
	for (int i = 0; cli_options[i].name; i++) {
		const struct cli_option *o = &cli_options[i];
		if (!o->arg)
			continue;
		const char *words = o->values, *also = NULL;
		if (strcmp(o->name, "method") == 0) {
			words = methods;
		} else if (strcmp(o->name, "format") == 0 && lists) {
			words = lists->formats;
		} else if (strcmp(o->name, "style") == 0 && lists) {
			words = lists->styles;
			also = "-f";        /* or a style file */
		} else if (strcmp(o->name, "system") == 0 && lists) {
			words = lists->systems;
			also = "-d";        /* or a folder of tables */
		}
		completion_case(f, o->name, o->short_name, o->arg, words, strcmp(o->name, "method") == 0, also);
	}
	for (int i = 0; method_table[i]; i++)
		for (const struct method_option *o = method_table[i]->options; o && o->name; o++)
			if (o->arg)
				completion_case(f, o->name, 0, o->arg,
						strcmp(o->name, "themes") == 0 && lists ? lists->themes : o->values,
						o->comma_list, NULL);
	fputs("\tesac\n\tCOMPREPLY=($(compgen -W \"", f);
	for (int i = 0; cli_options[i].name; i++)
		fprintf(f, "%s--%s", i ? " " : "", cli_options[i].name);
	for (int i = 0; method_table[i]; i++)
		for (const struct method_option *o = method_table[i]->options; o && o->name; o++)
			fprintf(f, " --%s", o->name);
	fputs("\" -- \"$cur\"))\n}\ncomplete -o filenames -F _mapsheet mapsheet\n", f);
}
