/* monotonic.c: the run's clock (monotonic.h). */
#include "base/monotonic.h"

#include <time.h>

double monotonic_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}
