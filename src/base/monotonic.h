/* monotonic.h: the run's clock, seconds on the system's monotonic clock
 * (never set back), for timings (--verbose) and the local server's
 * deadline (deadline.h). Only differences between two readings mean
 * anything. */
#ifndef MAPSHEET_MONOTONIC_H
#define MAPSHEET_MONOTONIC_H

/* Seconds on the monotonic clock. */
double monotonic_seconds(void);

#endif
