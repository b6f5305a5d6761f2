/* template.c: the directive:field:field parser for every template file. A
 * file may be indented as a whole, as an example copied from man(1) is:
 * the leading spaces of its first directive line are its indentation, and
 * every directive line has them (the fields after the ':', a tile's row of
 * outside squares, keep every space of their own). */
#include "template/template.h"

#include "base/slurp.h"
#include "base/utf8.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TPL_MAX_FILE (16L * 1024 * 1024)

int tpl_error(struct err *e, const struct tpl_pos *pos, int col, const char *fmt, ...)
{
	char what[sizeof e->msg];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return err_at(e, pos->file, pos->line, col, "%s", what);
}

/* What a path that is not a regular file is, for the message. */
static const char *file_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO (named pipe)";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a regular file";
}

/* Opens path for reading only when it is a regular file: opened without
 * blocking (a FIFO with no writer would wait for ever), checked, then set
 * back to blocking reads. Returns the descriptor with the file's size in
 * *size, or -1 with e set. */
static int open_regular(const char *path, size_t *size, struct err *e)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		int saved = errno;
		struct stat st;
		if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
			err_usage(e, "%s: is %s, not a text file (expected a regular file)", path,
				  file_kind(st.st_mode));
		else
			err_set(e, "cannot read %s: %s", path, strerror(saved));
		return -1;
	}
	struct stat st;
	if (fstat(fd, &st) < 0) {
		err_set(e, "cannot read %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		err_usage(e, "%s: is %s, not a text file (expected a regular file)", path, file_kind(st.st_mode));
		close(fd);
		return -1;
	}
	int flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
		err_set(e, "cannot read %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	*size = (size_t)st.st_size;
	return fd;
}

/* Checks text as UTF-8; the first bad byte is an error at its line and
 * column (in bytes, as every template column is). */
static int check_utf8(const char *path, const char *text, size_t len, struct err *e)
{
	size_t bad = utf8_first_bad(text, len);
	if (bad == len)
		return 0;
	int line = 1;
	size_t line_start = 0;
	for (size_t i = 0; i < bad; i++)
		if (text[i] == '\n')
			line++, line_start = i + 1;
	char bytes[16] = "";
	size_t shown = 0;
	for (size_t i = bad; i < len && i < bad + 4 && shown + 4 < sizeof bytes; i++) {
		unsigned char c = (unsigned char)text[i];
		if (i > bad && (c < 0x80 || c > 0xbf))
			break;
		shown += (size_t)snprintf(bytes + shown, sizeof bytes - shown, "%s%02X", i > bad ? " " : "", c);
	}
	return err_at(e, path, line, (int)(bad - line_start) + 1,
		      "invalid UTF-8 (bytes %s): text files must be UTF-8 (no overlong forms, surrogates or "
		      "code points above U+10FFFF)", bytes);
}

char *tpl_read_file(const char *path, size_t *len, struct err *e)
{
	size_t size;
	int fd = open_regular(path, &size, e);
	if (fd < 0)
		return NULL;
	char *buf;
	size_t n;
	int rc = slurp_fd(fd, size, (size_t)TPL_MAX_FILE, &buf, &n);
	int saved = errno;
	close(fd);
	if (rc < 0) {
		if (saved == EFBIG)
			err_usage(e, "%s: larger than 16 MiB, not a template", path);
		else if (saved == ENOMEM)
			err_set(e, "out of memory reading %s", path);
		else
			err_set(e, "cannot read %s: read error", path);
		return NULL;
	}
	if (check_utf8(path, buf, n, e) < 0) {
		free(buf);
		return NULL;
	}
	if (len)
		*len = n;
	return buf;
}

static const struct tpl_directive *find_directive(const struct tpl_directive *dirs, const char *name)
{
	for (; dirs->name; dirs++)
		if (strcmp(dirs->name, name) == 0)
			return dirs;
	return NULL;
}

static int parse_int_field(const struct tpl_pos *pos, struct tpl_field *f, struct err *e)
{
	char *end;
	errno = 0;
	long v = strtol(f->text, &end, 10);
	if (f->text[0] == '\0' || *end != '\0')
		return tpl_error(e, pos, f->col, "'%s' is not a whole number", f->text);
	if (errno == ERANGE || v > 1000000000L || v < -1000000000L)
		return tpl_error(e, pos, f->col, "%s is out of range (at most 1000000000)", f->text);
	f->i = v;
	f->r = (double)v;
	return 0;
}

static int parse_real_field(const struct tpl_pos *pos, struct tpl_field *f, struct err *e)
{
	char *end;
	errno = 0;
	double v = strtod(f->text, &end);
	if (f->text[0] == '\0' || *end != '\0' || !isfinite(v))
		return tpl_error(e, pos, f->col, "'%s' is not a number", f->text);
	if (errno == ERANGE || fabs(v) > 1e9)
		return tpl_error(e, pos, f->col, "%s is out of range", f->text);
	f->r = v;
	f->i = (long)v;
	return 0;
}

/* Lists the directive names for an "unknown directive" message. */
static void list_directives(const struct tpl_directive *dirs, char *out, size_t size)
{
	size_t used = 0;
	out[0] = '\0';
	for (; dirs->name && used + 2 < size; dirs++) {
		int n = snprintf(out + used, size - used, "%s%s", used ? ", " : "", dirs->name);
		if (n < 0)
			break;
		used += (size_t)n;
	}
}

size_t tpl_indent(const char *text, size_t len)
{
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - text) : len, lead = i;
		while (lead < end && text[lead] == ' ')
			lead++;
		size_t first = lead;
		while (first < end && (text[first] == ' ' || text[first] == '\t' || text[first] == '\r'))
			first++;
		if (first < end && text[first] != '#')
			return first == lead ? lead - i : 0;
		i = end + 1;
	}
	return 0;
}

int tpl_parse_line(const struct tpl_pos *pos, const char *line, size_t len,
		   const struct tpl_directive *dirs, void *ctx, struct err *e)
{
	return tpl_parse_indented(pos, line, len, 0, dirs, ctx, e);
}

int tpl_parse_indented(const struct tpl_pos *pos, const char *line, size_t len, size_t indent,
		       const struct tpl_directive *dirs, void *ctx, struct err *e)
{
	char buf[TPL_MAX_LINE + 1];
	if (len > TPL_MAX_LINE)
		return tpl_error(e, pos, TPL_MAX_LINE + 1, "line longer than %d characters", TPL_MAX_LINE);
	memcpy(buf, line, len);
	buf[len] = '\0';
	if (len > 0 && buf[len - 1] == '\r')
		buf[--len] = '\0';
	if (memchr(buf, '\0', len))
		return tpl_error(e, pos, (int)strlen(buf) + 1, "NUL byte in a text file");
	size_t start = strspn(buf, " \t");
	if (buf[start] == '\0' || buf[start] == '#')
		return 0;
	if (start != indent || strspn(buf, " ") < start) {
		if (indent == 0)
			return tpl_error(e, pos, 1, "a directive starts at the beginning of the line");
		return tpl_error(e, pos, 1, "a directive starts after %zu spaces here, as the file's first directive "
				 "does (an indented file indents every directive alike)", indent);
	}
	/* the directive and its fields; columns still count from the line's start */
	char *word = buf + start;
	int col = (int)start + 1;
	char *colon = strchr(word, ':');
	if (!colon)
		return tpl_error(e, pos, col, "expected 'directive:fields', found no ':'");
	*colon = '\0';
	const struct tpl_directive *d = find_directive(dirs, word);
	if (!d) {
		char names[300];
		list_directives(dirs, names, sizeof names);
		return tpl_error(e, pos, col, "unknown directive '%s' (expected one of: %s)", word, names);
	}

	struct tpl_field fields[TPL_MAX_FIELDS];
	char spec[256];
	size_t spec_len = strnlen(d->spec, sizeof spec - 1);   /* a copy strtok_r may cut up */
	memcpy(spec, d->spec, spec_len);
	spec[spec_len] = '\0';
	int nf = 0, required = 0;
	char *rest = colon + 1, *save = NULL;
	for (char *type = strtok_r(spec, " ", &save); type; type = strtok_r(NULL, " ", &save)) {
		int optional = type[0] == '?';
		if (optional)
			type++;
		else
			required = nf + 1;
		if (nf >= TPL_MAX_FIELDS)
			return tpl_error(e, pos, col, "directive '%s' has too many fields", d->name);
		struct tpl_field *f = &fields[nf];
		if (!rest) {
			if (optional)
				break;
			return tpl_error(e, pos, (int)len + 1, "'%s' needs %s field %d (spec: %s)",
					 d->name, type, nf + 1, d->spec);
		}
		f->text = rest;
		f->col = (int)(rest - buf) + 1;
		f->i = 0;
		f->r = 0;
		if (strcmp(type, "text") == 0) {
			rest = NULL;
		} else {
			char *next = strchr(rest, ':');
			if (next) {
				*next = '\0';
				rest = next + 1;
			} else {
				rest = NULL;
			}
			if (strcmp(type, "int") == 0) {
				if (parse_int_field(pos, f, e) < 0)
					return -1;
			} else if (strcmp(type, "real") == 0) {
				if (parse_real_field(pos, f, e) < 0)
					return -1;
			} else if (strcmp(type, "str") != 0) {
				return tpl_error(e, pos, col, "directive '%s' has a bad spec '%s'", d->name, type);
			}
		}
		nf++;
	}
	if (nf < required)
		return tpl_error(e, pos, (int)len + 1, "'%s' needs %d fields (spec: %s)", d->name, required, d->spec);
	if (rest)
		return tpl_error(e, pos, (int)(rest - buf) + 1, "too many fields for '%s' (spec: %s)",
				 d->name, d->spec);
	return d->handle((char *)ctx + d->ctx_offset, pos, fields, nf, e);
}

int tpl_parse_text(const char *name, const char *text, size_t len, const struct tpl_directive *dirs,
		   void *ctx, struct err *e)
{
	struct tpl_pos pos = { name, 0 };
	size_t i = 0, indent = tpl_indent(text, len);
	while (i < len) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - text) : len;
		pos.line++;
		if (tpl_parse_indented(&pos, text + i, end - i, indent, dirs, ctx, e) < 0)
			return -1;
		i = end + 1;
	}
	return 0;
}

int tpl_parse_file(const char *path, const struct tpl_directive *dirs, void *ctx, struct err *e)
{
	size_t len;
	char *text = tpl_read_file(path, &len, e);
	if (!text)
		return -1;
	int rc = tpl_parse_text(path, text, len, dirs, ctx, e);
	free(text);
	return rc;
}
