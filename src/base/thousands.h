/* thousands.h: a number as a key prints it, with a comma between the
 * thousands ("5,400 XP", "12,000 gp"). */
#ifndef MAPSHEET_THOUSANDS_H
#define MAPSHEET_THOUSANDS_H

#include <stddef.h>

/* n into buf (32 bytes hold any long); returns buf. */
const char *thousands(long n, char *buf, size_t size);

#endif
