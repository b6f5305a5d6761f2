/* thousands.c: numbers with commas between the thousands (thousands.h). */
#include "base/thousands.h"

#include <stdio.h>
#include <string.h>

const char *thousands(long n, char *buf, size_t size)
{
	char digits[32];
	snprintf(digits, sizeof digits, "%ld", n);
	size_t len = strlen(digits), start = digits[0] == '-', at = 0;
	if (size == 0)
		return buf;
	for (size_t i = 0; i < len && at + 1 < size; i++) {
		if (i > start && (len - i) % 3 == 0) {
			if (at + 2 >= size)
				break;
			buf[at++] = ',';
		}
		buf[at++] = digits[i];
	}
	buf[at] = '\0';
	return buf;
}
