/* read_map.c: the file given to --input, whatever made it: read whole and
 * bounded in size, parsed once with jansson, its format detected from the
 * content (or named by --input-format), and handed to that format's
 * reader (read_formats.h). */
#include "read/read_map.h"
#include "read/read_formats.h"

#include "base/mem.h"
#include "base/slurp.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const format_names[INPUT_NFORMATS] = { "auto", "mapsheet", "watabou", "donjon" };

int input_format_find(const char *name)
{
	for (int f = 0; f < INPUT_NFORMATS; f++)
		if (strcmp(name, format_names[f]) == 0)
			return f;
	return -1;
}

/* The format a parsed document is in, from the fields only its maker
 * writes, or INPUT_AUTO when none matches. */
static enum input_format detect(json_t *root)
{
	json_t *format = json_object_get(root, "format");
	if (json_is_string(format) && strcmp(json_string_value(format), "mapsheet") == 0)
		return INPUT_MAPSHEET;
	if (json_is_array(json_object_get(root, "cells")) && json_is_object(json_object_get(root, "cell_bit")))
		return INPUT_DONJON;
	if (json_is_array(json_object_get(root, "rects")) && json_is_string(json_object_get(root, "version")))
		return INPUT_WATABOU;
	return INPUT_AUTO;
}

static int read_text(const char *name, const char *text, size_t len, enum input_format f, struct read_json_doc *out,
		     struct log *log, struct err *e)
{
	size_t blank = 0;
	while (blank < len && strchr(" \t\r\n", text[blank]) && text[blank])
		blank++;
	if (blank >= len)
		return err_usage(e, "%s: the file is empty%s (a map file is a JSON object, as -o x.json writes it)", name,
				 len ? " but for blanks" : "");
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		return err_at(e, name, 1, 1, "the file starts with a byte order mark (U+FEFF), which JSON does not "
			      "allow; save it as UTF-8 without one");
	if (read_scan_bounds(name, text, len, e) < 0)
		return -1;
	json_error_t je;
	json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (!root && strstr(je.text, "JSON_ALLOW_NUL"))
		return err_at(e, name, je.line, je.column, "\\u0000, a NUL character, in a text (not allowed in a map "
			      "file)");
	/* (jansson quotes the text near the fault; err.c escapes what is not
	 * printable in it) */
	if (!root)
		return err_at(e, name, je.line, je.column, "%s (not valid JSON)", je.text);
	if (!json_is_object(root)) {
		json_decref(root);
		return err_usage(e, "%s: top level: not an object (a map file is a JSON object)", name);
	}
	if (f == INPUT_AUTO && (f = detect(root)) == INPUT_AUTO) {
		json_decref(root);
		return err_usage(e, "%s: not a map this mapsheet reads (a mapsheet map, a One Page Dungeon export or "
				 "a donjon export); name its format with --input-format mapsheet|watabou|donjon", name);
	}
	int rc = f == INPUT_MAPSHEET ? read_mapsheet_root(name, root, out, log, e)
		: f == INPUT_WATABOU ? read_watabou_root(name, root, out, log, e)
		: read_donjon_root(name, root, out, log, e);
	json_decref(root);
	if (rc < 0)
		read_json_doc_free(out);
	return rc;
}

int read_map_text(const char *name, const char *text, size_t len, enum input_format f, struct read_json_doc *out,
		  struct log *log, struct err *e)
{
	memset(out, 0, sizeof *out);
	/* jansson's values: hundreds of thousands of small blocks, freed together */
	mem_bulk_frees(1);
	int rc = read_text(name, text, len, f, out, log, e);
	mem_bulk_frees(0);
	return rc;
}

/* The whole file into memory: standard input for "-", else only a regular
 * file (never a FIFO or device that could block), at most
 * READ_JSON_MAX_FILE bytes either way. */
static char *slurp(const char *path, size_t *len, struct err *e)
{
	int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		err_usage(e, "%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	struct stat st;
	if (fd != STDIN_FILENO) {
		if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
			err_usage(e, "%s: not a regular file (--input reads a map file, or - for standard input)", path);
			close(fd);
			return NULL;
		}
		if (st.st_size > READ_JSON_MAX_FILE) {
			err_usage(e, "%s: larger than %ld MB, too large for a map file", path,
				  READ_JSON_MAX_FILE / (1024 * 1024));
			close(fd);
			return NULL;
		}
		int fl = fcntl(fd, F_GETFL);
		if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0) {
			err_set(e, "cannot read %s: %s", path, strerror(errno));
			close(fd);
			return NULL;
		}
	}
	/* a regular file's size is known: one block, filled by one read */
	char *buf;
	int rc = slurp_fd(fd, fd != STDIN_FILENO ? (size_t)st.st_size : 0, (size_t)READ_JSON_MAX_FILE, &buf, len);
	int saved = errno;
	if (fd != STDIN_FILENO)
		close(fd);
	if (rc == 0)
		return buf;
	if (saved == EFBIG)
		err_usage(e, "%s: larger than %ld MB, too large for a map file", path, READ_JSON_MAX_FILE / (1024 * 1024));
	else if (saved == ENOMEM)
		err_set(e, "out of memory reading %s", path);
	else
		err_set(e, "cannot read %s: %s", path, strerror(saved));
	return NULL;
}

int read_map_file(const char *path, enum input_format f, struct read_json_doc *out, struct log *log,
		  struct err *e)
{
	memset(out, 0, sizeof *out);
	size_t len;
	char *text = slurp(path, &len, e);
	if (!text)
		return -1;
	int rc = read_map_text(path, text, len, f, out, log, e);
	free(text);
	return rc;
}
