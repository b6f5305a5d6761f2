/* deadline.c: the time limit on one run of the local server (deadline.h). */
#include "base/deadline.h"

#include "base/monotonic.h"

void deadline_start(struct deadline *dl, double seconds)
{
	dl->seconds = seconds;
	dl->at = monotonic_seconds() + seconds;
	dl->passed = 0;
}

int deadline_check(struct deadline *dl, struct err *e)
{
	if (!dl)
		return 0;
	if (!dl->passed && monotonic_seconds() < dl->at)
		return 0;
	dl->passed = 1;
	return err_set(e, "this request took longer than %g s; ask for fewer rooms or levels, or use the command line",
		       dl->seconds);
}
