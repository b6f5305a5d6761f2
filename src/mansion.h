/* mansion.h: the mansion method's parameters (see src/mansion.c). */
#ifndef MAPSHEET_MANSION_H
#define MAPSHEET_MANSION_H

enum mansion_rule {
	MANSION_RULE_BORDERS2,  /* squares bordering two used squares first */
	MANSION_RULE_FILL       /* most used neighbours first: holes, U, L */
};

struct mansion_params {
	enum mansion_rule rule;
	double room_door_prob;  /* chance of a door between two touching rooms */
};

#endif
