/* cli_text.h: text helpers of the command line: UTF-8 checks, quoting for
 * a POSIX shell, and the edit distance behind "did you mean". */
#ifndef MAPSHEET_CLI_TEXT_H
#define MAPSHEET_CLI_TEXT_H

#include <stddef.h>

#define CLI_UTF8_OK ((size_t)-1)

/* The byte offset (0-based) of the first byte of text that is not part of
 * well-formed UTF-8 (no overlong forms, surrogates or values past
 * U+10FFFF), or CLI_UTF8_OK. */
size_t cli_utf8_invalid_at(const char *text);

/* Writes arg to out as one word for sh, bash and zsh: unchanged when it has
 * only characters no shell treats specially, else in single quotes with
 * each ' written as '\''. Returns the length of the whole quoted word (as
 * snprintf does: more than size - 1 means out holds a cut copy). */
size_t cli_shell_quote(char *out, size_t size, const char *arg);

/* Edits (insert, delete, replace, swap neighbours) turning a into b. */
int cli_edit_distance(const char *a, const char *b);

#endif
