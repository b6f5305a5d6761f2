/* mansion_params.h: the mansion method's parameters (--packing,
 * --touch-door-prob, --hall-share), the part of the method the rest of the
 * program sees in struct gen_params. */
#ifndef MAPSHEET_MANSION_PARAMS_H
#define MAPSHEET_MANSION_PARAMS_H

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
