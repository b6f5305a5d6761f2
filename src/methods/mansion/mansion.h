/* mansion.h: the mansion method's parameters (see src/mansion.c). */
#ifndef MAPSHEET_MANSION_H
#define MAPSHEET_MANSION_H

enum mansion_rule {
	MANSION_RULE_BORDERS2,  /* squares bordering two used squares first */
	MANSION_RULE_FILL       /* most used neighbours first: holes, U, L */
};

struct mansion_params {
	enum mansion_rule rule;     /* --packing, default borders2 */
	double room_door_prob;      /* --touch-door-prob: door between two touching rooms, 0.5 */
	double hall_share;          /* --hall-share: share of spaces that are hallways, 0.25 */
	const char *names;          /* room-name table in templates/names/, "mansion" */
};

#endif
