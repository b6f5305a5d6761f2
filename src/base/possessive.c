/* possessive.c: a thing said as someone's (possessive.h). */
#include "base/possessive.h"

#include <stdio.h>
#include <string.h>

int possessive_by_of(const char *owner)
{
	size_t n = strlen(owner);
	if (n == 0)
		return 0;
	char last = owner[n - 1];
	return last == 's' || last == 'x' || last == 'z' || strstr(owner, " of ") != NULL ||
	       strstr(owner, " the ") != NULL || strchr(owner, ',') != NULL;
}

void possessive(char *out, size_t size, const char *owner, const char *thing)
{
	if (possessive_by_of(owner))
		snprintf(out, size, "the %s of %s", thing, owner);
	else
		snprintf(out, size, "%s's %s", owner, thing);
}
