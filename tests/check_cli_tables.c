/* check_cli_tables.c: the option tables are the one source of the parser,
 * the bash completion and the man page: every value the completion offers
 * is accepted, the completion script run in bash offers values after the
 * options that take them, and man/mapsheet.1 and the tables list the same
 * options with the same argument names. */
#include "cli/cli_options.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DIR "build/tests/tables"
#define SCRIPT DIR "/completion.bash"

/* The words bash's COMPREPLY holds after completing `line` (the last word,
 * possibly empty, is the one being completed), one a line. */
static char *complete(const char *const *words)
{
	char cmd[2048] = "bash -c 'source " SCRIPT "; COMP_WORDS=(mapsheet";
	int n = 1;
	for (; words[n - 1]; n++) {
		strcat(cmd, " \"");
		strcat(cmd, words[n - 1]);
		strcat(cmd, "\"");
	}
	char tail[200];
	snprintf(tail, sizeof tail, "); COMP_CWORD=%d; _mapsheet; printf \"%%s\\n\" \"${COMPREPLY[@]}\"' > " DIR
		 "/reply 2>&1", n - 1);
	strcat(cmd, tail);
	ck_assert_int_eq(system(cmd), 0);
	char *reply = test_slurp(DIR "/reply", NULL);
	ck_assert_ptr_nonnull(reply);
	return reply;
}

/* Whether the reply holds word as a whole line. */
static int offers(const char *reply, const char *word)
{
	size_t len = strlen(word);
	for (const char *p = reply; (p = strstr(p, word)); p++)
		if ((p == reply || p[-1] == '\n') && p[len] == '\n')
			return 1;
	return 0;
}

/* Checks the reply after `--OPTION ""` offers each of the space-separated
 * words, and no option names. */
static void offers_all(const char *option, const char *words)
{
	char opt[64];
	snprintf(opt, sizeof opt, "--%s", option);
	const char *line[] = { opt, "", NULL };
	char *reply = complete(line);
	ck_assert_msg(strstr(reply, "--") == NULL, "%s offers option names: %s", opt, reply);
	char copy[512];
	snprintf(copy, sizeof copy, "%s", words);
	char *save = NULL;
	for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
		ck_assert_msg(offers(reply, w), "%s does not offer %s: %s", opt, w, reply);
	free(reply);
}

START_TEST(test_completion_offers_values)
{
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	ck_assert_int_eq(test_run("--completion bash", SCRIPT, NULL), 0);
	/* every method option: its values, or nothing (never option names) */
	for (int i = 0; method_table[i]; i++)
		for (const struct method_option *o = method_table[i]->options; o && o->name; o++) {
			if (!o->arg)
				continue;
			if (o->values) {
				offers_all(o->name, o->values);
			} else if (!strstr(o->arg, "DIR") && strcmp(o->name, "themes") != 0) {
				char opt[64];
				snprintf(opt, sizeof opt, "--%s", o->name);
				const char *line[] = { opt, "", NULL };
				char *reply = complete(line);
				ck_assert_msg(reply[0] == '\n' || reply[0] == '\0', "%s offers %s", opt, reply);
				free(reply);
			}
		}
	offers_all("method", "dice mansion cards tiles house");
	offers_all("format", "pdf pdf-cairo svg png txt json md dd2vtt encounterplus");
	offers_all("scale", "fit 4 5");
	offers_all("style", "classic blueprint inksaver hatched");
	offers_all("paper", "letter legal tabloid ledger a4 a3 a2 a1 a0");
	offers_all("system", "neutral");
	offers_all("themes", "cards");
	offers_all("numbering", "entrance reading");
	offers_all("md-image", "svg png");
	/* a comma list: the next name after the comma */
	const char *after_comma[] = { "--method", "dice,", NULL };
	char *reply = complete(after_comma);
	ck_assert_msg(offers(reply, "dice,mansion") && offers(reply, "dice,house"), "%s", reply);
	free(reply);
	const char *partial[] = { "-m", "dice,ma", NULL };
	reply = complete(partial);
	ck_assert_str_eq(reply, "dice,mansion\n");
	free(reply);
	const char *joins[] = { "--method", "cards", "--joins", "bridge,is", NULL };
	reply = complete(joins);
	ck_assert_str_eq(reply, "bridge,island\n");
	free(reply);
	/* --name=value, which bash splits at the = */
	const char *equals[] = { "--packing", "=", "f", NULL };
	reply = complete(equals);
	ck_assert_str_eq(reply, "fill\n");
	free(reply);
	const char *just_equals[] = { "--numbering", "=", NULL };
	reply = complete(just_equals);
	ck_assert_msg(offers(reply, "entrance") && offers(reply, "reading"), "%s", reply);
	free(reply);
	/* a style file or a folder of tables */
	const char *style_file[] = { "--style", "templates/styles/cl", NULL };
	reply = complete(style_file);
	ck_assert_str_eq(reply, "templates/styles/classic.style\n");
	free(reply);
	const char *system_dir[] = { "--system", "templates/tables/neu", NULL };
	reply = complete(system_dir);
	ck_assert_str_eq(reply, "templates/tables/neutral\n");
	free(reply);
	/* a prefix of a value, and option names where an option goes */
	const char *prefix[] = { "--room-shape", "al", NULL };
	reply = complete(prefix);
	ck_assert_str_eq(reply, "alcove\n");
	free(reply);
	const char *names[] = { "--seed", "x", "--roo", NULL };
	reply = complete(names);
	ck_assert_msg(offers(reply, "--rooms") && offers(reply, "--room-shape") && offers(reply, "--room-door-prob"),
		      "%s", reply);
	free(reply);
}
END_TEST

/* Every value a table offers is one its option accepts. */
START_TEST(test_offered_values_accepted)
{
	for (int i = 0; method_table[i]; i++)
		for (const struct method_option *o = method_table[i]->options; o && o->name; o++) {
			if (!o->values)
				continue;
			char copy[256];
			snprintf(copy, sizeof copy, "%s", o->values);
			char *save = NULL;
			for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
				struct gen_params p;
				struct err e = { ERR_NONE, "" };
				gen_params_default(&p);
				p.template_dirs = test_template_dirs();
				ck_assert_msg(o->apply(&p, w, &e) == 0, "--%s %s: %s", o->name, w, e.msg);
			}
			struct gen_params p;
			struct err e = { ERR_NONE, "" };
			gen_params_default(&p);
			ck_assert_int_lt(o->apply(&p, "no-such-value", &e), 0);
		}
	for (int i = 0; cli_options[i].name; i++) {
		if (!cli_options[i].values)
			continue;
		char copy[256];
		snprintf(copy, sizeof copy, "%s", cli_options[i].values);
		char *save = NULL;
		for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			char args[200];
			/* through the program, so that the renderer's checks run too */
			if (strcmp(cli_options[i].name, "completion") == 0) {
				snprintf(args, sizeof args, "--completion %s", w);
			} else if (strcmp(cli_options[i].name, "input-format") == 0) {
				/* a file of any format is refused by another, so only
				 * the parser's verdict on the name is asked here */
				snprintf(args, sizeof args, "-q --input-format %s --input " DIR "/none.json -o " DIR
					 "/v.json", w);
				ck_assert_int_eq(test_run(args, NULL, DIR "/err.txt"), 2);
				char *err = test_slurp(DIR "/err.txt", NULL);
				ck_assert_msg(strstr(err, "cannot open") != NULL, "mapsheet %s: %s", args, err);
				free(err);
				continue;
			}
			snprintf(args, sizeof args, "-q --rooms 3 --%s %s -o " DIR "/v.json", cli_options[i].name, w);
			ck_assert_msg(test_run(args, NULL, NULL) == 0, "mapsheet %s was refused", args);
		}
	}
}
END_TEST

/* The man page's text with roff's escapes for '-' undone. */
static char *man_text(void)
{
	char *man = test_slurp("man/mapsheet.1", NULL);
	ck_assert_ptr_nonnull(man);
	char *w = man;
	for (const char *r = man; *r; r++) {
		if (r[0] == '\\' && r[1] == '-')
			continue;
		*w++ = *r;
	}
	*w = '\0';
	return man;
}

/* The tag line of the man page's .TP entry for --name, plain: font escapes
 * and quotes removed ("--scale N|fit"), or NULL. */
static int man_tag(const char *man, const char *name, char *tag, size_t size)
{
	char want[80];
	snprintf(want, sizeof want, "--%s", name);
	for (const char *p = strstr(man, "\n.TP\n"); p; p = strstr(p + 1, "\n.TP\n")) {
		const char *line = p + 5, *end = strchr(line, '\n');
		if (!end)
			break;
		for (const char *q = line; (q = strstr(q, want)) && q < end; q++) {
			char after = q[strlen(want)];
			if (after != ' ' && after != '"' && after != '\n' && after != ',')
				continue;
			size_t n = 0;
			for (const char *r = line; r < end && n + 1 < size; r++) {
				if (r[0] == '\\' && r[1] == 'f') {
					r += 2;
					continue;
				}
				if (*r != '"')
					tag[n++] = *r;
			}
			tag[n] = '\0';
			return 1;
		}
	}
	return 0;
}

/* The option's argument as the man page names it: the table's first word
 * ("NAME" of "NAME[,...]"), or, for an option with a list of values, each
 * of them. */
static void check_entry(const char *man, const char *name, const char *arg, const char *values)
{
	char tag[400];
	ck_assert_msg(man_tag(man, name, tag, sizeof tag), "man/mapsheet.1 has no .TP entry for --%s", name);
	if (!arg)
		return;
	char word[32];
	size_t n = strspn(arg, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
	snprintf(word, sizeof word, "%.*s", (int)n, arg);
	if (strstr(tag, word))
		return;
	ck_assert_msg(values != NULL, "man/mapsheet.1's entry for --%s (%s) lacks its argument %s", name, tag, word);
	char copy[256];
	snprintf(copy, sizeof copy, "%s", values);
	char *save = NULL;
	for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
		ck_assert_msg(strstr(tag, w) != NULL, "man/mapsheet.1's entry for --%s (%s) lacks %s", name, tag, w);
}

static int in_tables(const char *name, size_t len)
{
	for (int i = 0; cli_options[i].name; i++)
		if (strlen(cli_options[i].name) == len && strncmp(cli_options[i].name, name, len) == 0)
			return 1;
	for (int i = 0; method_table[i]; i++)
		for (const struct method_option *o = method_table[i]->options; o && o->name; o++)
			if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
				return 1;
	for (int i = 0; cli_serve_options[i].name; i++)
		if (strlen(cli_serve_options[i].name) == len && strncmp(cli_serve_options[i].name, name, len) == 0)
			return 1;
	return 0;
}

START_TEST(test_man_page_and_tables_agree)
{
	char *man = man_text();
	/* every option of the tables has its entry, with its argument */
	for (int i = 0; cli_options[i].name; i++)
		check_entry(man, cli_options[i].name, cli_options[i].arg, cli_options[i].values);
	for (int i = 0; method_table[i]; i++)
		for (const struct method_option *o = method_table[i]->options; o && o->name; o++)
			check_entry(man, o->name, o->arg, o->values);
	for (int i = 0; cli_serve_options[i].name; i++)
		check_entry(man, cli_serve_options[i].name, cli_serve_options[i].arg, NULL);
	/* every --option the page names is in a table */
	int seen = 0;
	for (const char *p = strstr(man, "--"); p; p = strstr(p + 2, "--")) {
		size_t len = strspn(p + 2, "abcdefghijklmnopqrstuvwxyz0123456789-");
		if (len == 0)
			continue;
		ck_assert_msg(in_tables(p + 2, len), "man/mapsheet.1 names --%.*s, which no option table has", (int)len,
			      p + 2);
		seen++;
	}
	ck_assert_int_gt(seen, 40);
	/* the --format entry names every format the program has */
	char *entry = strstr(man, "\n.BR --format ");
	ck_assert_ptr_nonnull(entry);
	char *end = strstr(entry + 1, "\n.TP\n");
	ck_assert_ptr_nonnull(end);
	*end = '\0';
	ck_assert_int_eq(test_run("--format nosuch -o " DIR "/f.json", NULL, DIR "/formats"), 2);
	char *err = test_slurp(DIR "/formats", NULL), *list = err ? strstr(err, "(formats: ") : NULL;
	ck_assert_msg(list != NULL, "%s", err);
	char *save = NULL;
	for (char *w = strtok_r(list + 10, ", )\n", &save); w; w = strtok_r(NULL, ", )\n", &save)) {
		char bold[40];
		snprintf(bold, sizeof bold, "\n.B %s\n", w);
		char boldr[40];
		snprintf(boldr, sizeof boldr, "\n.BR %s ,", w);
		ck_assert_msg(strstr(entry, bold) || strstr(entry, boldr), "man/mapsheet.1 --format lacks %s", w);
	}
	free(err);
	free(man);
}
END_TEST

static Suite *tables_suite(void)
{
	Suite *s = suite_create("tables");
	TCase *tc = tcase_create("tables");
	tcase_set_timeout(tc, 60);
	mkdir("build/tests", 0777);
	mkdir(DIR, 0777);
	tcase_add_test(tc, test_completion_offers_values);
	tcase_add_test(tc, test_offered_values_accepted);
	tcase_add_test(tc, test_man_page_and_tables_agree);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(tables_suite)
