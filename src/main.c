/* main.c: the mapsheet command: parse options, generate, write, report. */
#include <stdio.h>

int main(void)
{
	fputs("mapsheet: not built yet\n", stderr);
	return 1;
}
