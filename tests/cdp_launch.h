/* cdp_launch.h: starting and ending the browser for cdp.c: a temporary
 * profile folder, the browser in its own process group with the protocol
 * on fds 3 and 4, and a keeper process that ends the group and removes the
 * folder when the test process lets go of it or dies. */
#ifndef MAPSHEET_CDP_LAUNCH_H
#define MAPSHEET_CDP_LAUNCH_H

#include <stddef.h>
#include <sys/types.h>

struct cdp_process {
	pid_t keeper;       /* the keeper, our child; the browser is its child */
	int fd;             /* our end of the protocol socket */
	int lifeline;       /* closing it (or dying) tells the keeper to end */
	char dir[256];      /* the temporary folder: profile/ and browser.log */
};

/* Starts browser (a path) headless with a window of width by height. 0, or
 * -1 with the reason in err and nothing left behind. */
int cdp_launch(const char *browser, int width, int height, struct cdp_process *p, char *err,
	       size_t errlen);

/* The last line the browser wrote to its log (into buf, "" if none): the
 * reason it gave when it failed to start or died. */
void cdp_launch_last_words(const struct cdp_process *p, char *buf, size_t size);

/* Lets go of the browser: the keeper gives a browser asked_to_close (by
 * Browser.close) a few seconds to exit by itself, then kills what is left
 * of its process group, removes the folder and exits. We wait for that. 0
 * if the browser exited by itself, -1 if it had to be killed. */
int cdp_launch_end(struct cdp_process *p, int asked_to_close);

#endif
