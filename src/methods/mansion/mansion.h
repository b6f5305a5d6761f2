/* mansion.h: the mansion method (mansion.c): its parameters. Its stages
 * share mansion_int.h. */
#ifndef MAPSHEET_MANSION_H
#define MAPSHEET_MANSION_H

#include "methods/mansion/mansion_params.h"

#endif
