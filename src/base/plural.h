/* plural.h: the ending a counted noun takes in a message, so that a count
 * of one reads "1 room" and any other "0 rooms", "2 rooms". */
#ifndef MAPSHEET_PLURAL_H
#define MAPSHEET_PLURAL_H

static inline const char *plural_s(long n)
{
	return n == 1 ? "" : "s";
}

#endif
