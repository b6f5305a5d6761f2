/* cli_suggest.c: "did you mean": the option a misspelt or misremembered
 * name stands for, shared by the command line and the page of mapsheet
 * serve. A near spelling (one edit in a short name, two in a longer one)
 * counts when only one option is that near; a game master's own word for
 * an option ("player-level" for the party's level) counts outright. */
#include "cli/cli_options.h"

#include "cli/cli_text.h"

#include <string.h>

/* Words game masters use for an option, and the option they mean. */
static const char *const gm_words[][2] = {
	{ "player-level", "party-level" },
	{ "players-level", "party-level" },
	{ "character-level", "party-level" },
	{ "characters-level", "party-level" },
	{ "pc-level", "party-level" },
	{ "players", "party" },
	{ "party-size", "party" },
	{ "characters", "party" },
	{ "pcs", "party" },
	{ "game", "system" },
	{ "game-system", "system" },
	{ "rules", "system" },
	{ "paper-size", "paper" },
	{ "page-size", "paper" },
	{ "handout", "player" },
	{ "out", "output" },
};

struct nearest {
	const char *name;
	int best, ties, limit;
	const char *found;
};

static void consider(struct nearest *n, const char *option, int (*keep)(const char *name))
{
	if (keep && !keep(option))
		return;
	int d = cli_edit_distance(n->name, option);
	if (d > n->limit)
		return;
	if (d < n->best) {
		n->best = d;
		n->found = option;
		n->ties = 0;
	} else if (d == n->best && strcmp(option, n->found) != 0) {
		n->ties++;
	}
}

const char *cli_option_suggest(const char *name, int (*keep)(const char *name))
{
	for (size_t i = 0; i < sizeof gm_words / sizeof gm_words[0]; i++)
		if (strcmp(name, gm_words[i][0]) == 0)
			return !keep || keep(gm_words[i][1]) ? gm_words[i][1] : NULL;
	size_t len = strlen(name);
	if (len == 0)
		return NULL;
	struct nearest n = { name, 99, 0, len >= 6 ? 2 : 1, NULL };
	for (int i = 0; cli_options[i].name; i++)
		consider(&n, cli_options[i].name, keep);
	for (int i = 0; method_table[i]; i++)
		for (const struct method_option *o = method_table[i]->options; o && o->name; o++)
			consider(&n, o->name, keep);
	return n.found && n.ties == 0 ? n.found : NULL;
}
