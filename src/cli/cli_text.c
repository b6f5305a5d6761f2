/* cli_text.c: text helpers of the command line: UTF-8 checks of option
 * values, quoting arguments for a POSIX shell (the remake line), and the
 * edit distance behind "did you mean --seed?". */
#include "cli/cli_text.h"

#include <string.h>

size_t cli_utf8_invalid_at(const char *text)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0;
	while (s[i]) {
		unsigned c = s[i];
		size_t n;
		unsigned min, cp;
		if (c < 0x80) {
			i++;
			continue;
		} else if ((c & 0xe0) == 0xc0) {
			n = 1, min = 0x80, cp = c & 0x1f;
		} else if ((c & 0xf0) == 0xe0) {
			n = 2, min = 0x800, cp = c & 0x0f;
		} else if ((c & 0xf8) == 0xf0) {
			n = 3, min = 0x10000, cp = c & 0x07;
		} else {
			return i;
		}
		for (size_t k = 1; k <= n; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return i;
			cp = (cp << 6) | (s[i + k] & 0x3f);
		}
		/* overlong forms, UTF-16 surrogates and values past U+10FFFF */
		if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
			return i;
		i += n + 1;
	}
	return CLI_UTF8_OK;
}

/* Characters no shell (sh, bash, zsh) treats specially anywhere in a word. */
static int shell_plain(const char *a)
{
	static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,/:+=";
	/* zsh expands a word starting with '=' to a command's path */
	return a[0] != '\0' && a[0] != '=' && strspn(a, safe) == strlen(a);
}

size_t cli_shell_quote(char *out, size_t size, const char *arg)
{
	size_t n = 0;
	/* the length is counted past size, so callers can tell truncation */
#define PUT(ch) do { if (n + 1 < size) out[n] = (ch); n++; } while (0)
	if (shell_plain(arg)) {
		for (const char *p = arg; *p; p++)
			PUT(*p);
	} else {
		/* single quotes keep every byte; a quote is closed, escaped, reopened */
		PUT('\'');
		for (const char *p = arg; *p; p++) {
			if (*p == '\'') {
				PUT('\'');
				PUT('\\');
				PUT('\'');
				PUT('\'');
			} else {
				PUT(*p);
			}
		}
		PUT('\'');
	}
#undef PUT
	if (size)
		out[n < size ? n : size - 1] = '\0';
	return n;
}

int cli_edit_distance(const char *a, const char *b)
{
	/* optimal string alignment: insertions, deletions, substitutions and
	 * swaps of two neighbours each cost 1 ("--metod", "--sede") */
	enum { MAX = 64 };
	size_t la = strlen(a), lb = strlen(b);
	if (la >= MAX || lb >= MAX)
		return MAX;
	int d[MAX][MAX];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			int cost = a[i - 1] != b[j - 1];
			int best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < best)
				best = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}
