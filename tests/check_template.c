/* check_template.c: the template parser, line by line: fields by type,
 * optional fields, text fields, comments, file:line:column errors, and a
 * file indented as a whole (an example copied from a man page). */
#include "testutil.h"

#include "template/template.h"

#include <string.h>

struct seen {
	char name[64];
	long weight;
	double ratio;
	char text[128];
	int nf;
	int calls;
};

static int on_tile(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct seen *s = ctx;
	(void)pos;
	(void)e;
	snprintf(s->name, sizeof s->name, "%s", f[0].text);
	s->weight = f[1].i;
	s->nf = nf;
	s->text[0] = '\0';
	if (nf > 2)
		snprintf(s->text, sizeof s->text, "%s", f[2].text);
	s->calls++;
	return 0;
}

static int on_ratio(void *ctx, const struct tpl_pos *pos, const struct tpl_field *f, int nf, struct err *e)
{
	struct seen *s = ctx;
	(void)nf;
	if (f[0].r > 1.0)
		return tpl_error(e, pos, f[0].col, "ratio %s is above 1", f[0].text);
	s->ratio = f[0].r;
	s->calls++;
	return 0;
}

static const struct tpl_directive dirs[] = {
	{ "tile", "str int ?text", on_tile, 0 },
	{ "ratio", "real", on_ratio, 0 },
	{ NULL, NULL, NULL, 0 }
};

static int parse(const char *line, struct seen *s, struct err *e)
{
	struct tpl_pos pos = { "t.txt", 3 };
	return tpl_parse_line(&pos, line, strlen(line), dirs, s, e);
}

START_TEST(test_fields)
{
	struct seen s = { 0 };
	struct err e;
	ck_assert_int_eq(parse("tile:crypt:3:a text: with colons", &s, &e), 0);
	ck_assert_str_eq(s.name, "crypt");
	ck_assert_int_eq(s.weight, 3);
	ck_assert_str_eq(s.text, "a text: with colons");
	ck_assert_int_eq(parse("tile:hall:2", &s, &e), 0);
	ck_assert_int_eq(s.nf, 2);
	ck_assert_int_eq(parse("ratio:0.25\r", &s, &e), 0);
	ck_assert_double_eq(s.ratio, 0.25);
	ck_assert_int_eq(parse("   # a comment", &s, &e), 0);
	ck_assert_int_eq(parse("", &s, &e), 0);
	ck_assert_int_eq(s.calls, 3);
}
END_TEST

START_TEST(test_errors_name_position)
{
	struct seen s = { 0 };
	struct err e;
	ck_assert_int_eq(parse("tile:crypt:x3", &s, &e), -1);
	ck_assert_str_eq(e.msg, "t.txt:3:12: 'x3' is not a whole number");
	ck_assert_int_eq(parse("tyle:crypt:3", &s, &e), -1);
	ck_assert_str_eq(e.msg, "t.txt:3:1: unknown directive 'tyle' (expected one of: tile, ratio)");
	ck_assert_int_eq(parse("tile:crypt", &s, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "t.txt:3:11: 'tile' needs int field 2"));
	ck_assert_int_eq(parse("ratio:0.5:9", &s, &e), -1);
	ck_assert_str_eq(e.msg, "t.txt:3:11: too many fields for 'ratio' (spec: real)");
	ck_assert_int_eq(parse("ratio:1.5", &s, &e), -1);
	ck_assert_str_eq(e.msg, "t.txt:3:7: ratio 1.5 is above 1");
	ck_assert_int_eq(parse("no colon here", &s, &e), -1);
	ck_assert_int_eq(parse("ratio:nan", &s, &e), -1);
	ck_assert_int_eq(parse("tile:a:99999999999999999999", &s, &e), -1);
	ck_assert_int_eq(s.calls, 0);
	ck_assert_int_eq(e.kind, ERR_USAGE);
}
END_TEST

START_TEST(test_text_counts_lines)
{
	struct seen s = { 0 };
	struct err e;
	const char *text = "# header\ntile:a:1\n\nratio:2\n";
	ck_assert_int_eq(tpl_parse_text("x.tpl", text, strlen(text), dirs, &s, &e), -1);
	ck_assert_str_eq(e.msg, "x.tpl:4:7: ratio 2 is above 1");
	ck_assert_int_eq(tpl_parse_file("/nonexistent/file", dirs, &s, &e), -1);
	ck_assert_int_eq(e.kind, ERR_RUNTIME);
}
END_TEST

/* A file indented as a whole (an example copied from man) reads as if it
 * were not, its columns still counted from the line's start; a field keeps
 * its own leading spaces; a directive indented otherwise is refused. */
START_TEST(test_indented_file)
{
	struct seen s = { 0 };
	struct err e;
	const char *text = "\n       # a comment\n       tile:a:1:  two spaces kept\n\n       ratio:0.5\n";
	ck_assert_uint_eq(tpl_indent(text, strlen(text)), 7);
	ck_assert_int_eq(tpl_parse_text("x.tpl", text, strlen(text), dirs, &s, &e), 0);
	ck_assert_int_eq(s.calls, 2);
	ck_assert_str_eq(s.name, "a");
	ck_assert_str_eq(s.text, "  two spaces kept");
	ck_assert_double_eq(s.ratio, 0.5);
	text = "  tile:a:x\n";
	ck_assert_int_eq(tpl_parse_text("x.tpl", text, strlen(text), dirs, &s, &e), -1);
	ck_assert_str_eq(e.msg, "x.tpl:1:10: 'x' is not a whole number");
	text = "  tile:a:1\n   ratio:0.5\n";
	ck_assert_int_eq(tpl_parse_text("x.tpl", text, strlen(text), dirs, &s, &e), -1);
	ck_assert_ptr_nonnull(strstr(e.msg, "x.tpl:2:1: a directive starts after 2 spaces here"));
	text = "tile:a:1\n  ratio:0.5\n";
	ck_assert_int_eq(tpl_parse_text("x.tpl", text, strlen(text), dirs, &s, &e), -1);
	ck_assert_str_eq(e.msg, "x.tpl:2:1: a directive starts at the beginning of the line");
	/* a tab is no indentation */
	text = "\ttile:a:1\n";
	ck_assert_uint_eq(tpl_indent(text, strlen(text)), 0);
	ck_assert_int_eq(tpl_parse_text("x.tpl", text, strlen(text), dirs, &s, &e), -1);
	ck_assert_str_eq(e.msg, "x.tpl:1:1: a directive starts at the beginning of the line");
	text = "  \ttile:a:1\n";
	ck_assert_int_eq(tpl_parse_text("x.tpl", text, strlen(text), dirs, &s, &e), -1);
	/* one line at a time, a directive starts at the beginning */
	ck_assert_int_eq(parse("  tile:a:1", &s, &e), -1);
	ck_assert_str_eq(e.msg, "t.txt:3:1: a directive starts at the beginning of the line");
}
END_TEST

static Suite *template_suite(void)
{
	Suite *s = suite_create("template");
	TCase *tc = tcase_create("parser");
	tcase_add_test(tc, test_fields);
	tcase_add_test(tc, test_errors_name_position);
	tcase_add_test(tc, test_text_counts_lines);
	tcase_add_test(tc, test_indented_file);
	suite_add_tcase(s, tc);
	return s;
}

TEST_MAIN(template_suite)
