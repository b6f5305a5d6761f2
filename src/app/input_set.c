/* input_set.c: several --input files made one booklet. Each file is read
 * whole (read_map.c), then its levels are moved to the end of the
 * booklet: their depths and the level numbers of their stairs shift by
 * the levels before them, so that a three-level file placed second still
 * leads from its own level 1 to its own level 2; its factions join the
 * booklet's after those of the files before, and its occupants' faction
 * numbers shift with them. Then each file's last level is joined by
 * stairs to the next file's first (input_join.c), and for --player the
 * players' view is taken of each run of levels joined by stairs (no
 * secret, no occupants, nothing behind a secret door).
 * Cost: linear in the files' sizes; each file is freed of its parse before
 * the next one is read. */
#include "app/input_set.h"

#include "app/input_join.h"

#include "model/doc.h"
#include "model/handout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The key entries of a level made into the players' view: only the rooms
 * still on the map, each pointing at its region's new id, and no one in
 * them, no fight, trap or treasure (who and what is where is the
 * referee's, as in a generated handout). */
static int key_follow_handout(struct level *lv, struct err *e)
{
	struct key *k = &lv->key;
	int *region_of = calloc((size_t)MAP_MAX_ROOMS + 1, sizeof *region_of);
	if (!region_of)
		return err_set(e, "out of memory for the players' map");
	for (int id = 1; id <= lv->map.nregions; id++)
		if (lv->map.regions[id].number > 0 && lv->map.regions[id].number <= MAP_MAX_ROOMS)
			region_of[lv->map.regions[id].number] = id;
	int kept = 0;
	for (int i = 0; i < k->n; i++) {
		struct key_entry en = k->entries[i];
		int region = en.number > 0 && en.number <= MAP_MAX_ROOMS ? region_of[en.number] : 0;
		if (!region) {
			free(en.exits);
			free(en.exit_list);
			for (int j = 0; j < en.nlines; j++)
				free(en.lines[j]);
			free(en.lines);
			continue;
		}
		en.region = region;
		en.noccupants = 0;
		memset(&en.encounter, 0, sizeof en.encounter);
		memset(&en.trap, 0, sizeof en.trap);
		en.treasure_gp = 0;
		k->entries[kept++] = en;
	}
	k->n = kept;
	free(region_of);
	/* the roster and the alarm are the referee's too */
	free(k->roster);
	free(k->alarm);
	for (int i = 0; i < k->nadversaries; i++)
		free(k->adversaries[i]);
	free(k->adversaries);
	k->roster = NULL;
	k->alarm = NULL;
	k->adversaries = NULL;
	k->nroster = k->nadversaries = 0;
	return 0;
}

/* Level lv moved by `offset` levels in the booklet: its depth, its stairs
 * and the key lines that name them (as key_build writes them). */
static int shift_level(struct level *lv, int offset, struct err *e)
{
	struct map *m = &lv->map;
	m->depth += offset;
	for (int i = 0; i < m->nstairs && offset != 0; i++) {
		struct stair *st = &m->stairs[i];
		if (st->to_level <= 0)
			continue;
		char before[200], after[200];
		key_stair_line(st, before, sizeof before);
		st->to_level += offset;
		key_stair_line(st, after, sizeof after);
		const struct key_entry *found = key_find(&lv->key, m->regions[map_at(m, st->x, st->y)].number);
		if (!found)
			continue;
		struct key_entry *en = &lv->key.entries[found - lv->key.entries];
		for (int j = 0; j < en->nlines; j++) {
			if (strcmp(en->lines[j], before) != 0)
				continue;
			char *line = strdup(after);
			if (!line)
				return err_set(e, "out of memory reading the maps");
			free(en->lines[j]);
			en->lines[j] = line;
		}
	}
	return 0;
}

/* Names in a warning each stairs of level lv, read as level `local` of
 * its file of `count` levels, that lead to a level the file does not
 * hold, and where they lead in the booklet (moved by offset). */
static void warn_stairs_out(const struct level *lv, int offset, int count, const char *path, int local,
			    struct log *log)
{
	const struct map *m = &lv->map;
	for (int i = 0; i < m->nstairs; i++) {
		const struct stair *st = &m->stairs[i];
		if (st->to_level > count)
			log_warn(log, "%s: levels[%d].stairs[%d]: the stairs %s lead to level %d, which the file does not "
				 "hold; in the booklet they lead to level %d", path, local, i,
				 st->dir == STAIR_UP ? "up" : "down", st->to_level, st->to_level + offset);
	}
}

/* Appends d's factions to out's; the occupants of d's levels then name
 * them at their place in out (moved by the factions before them). */
static int append_factions(struct read_json_doc *out, struct read_json_doc *d, const char *path, struct err *e)
{
	if (d->nfactions == 0)
		return 0;
	if (out->nfactions + d->nfactions > READ_JSON_MAX_FACTIONS)
		return err_usage(e, "%s: its %d faction%s would give the booklet %d, more than %d", path, d->nfactions,
				 d->nfactions == 1 ? "" : "s", out->nfactions + d->nfactions, READ_JSON_MAX_FACTIONS);
	struct faction *grown = realloc(out->factions, (size_t)(out->nfactions + d->nfactions) * sizeof *grown);
	if (!grown)
		return err_set(e, "out of memory reading %s", path);
	out->factions = grown;
	memcpy(out->factions + out->nfactions, d->factions, (size_t)d->nfactions * sizeof *d->factions);
	int offset = out->nfactions;
	out->nfactions += d->nfactions;
	if (offset == 0)
		return 0;
	for (int k = 0; k < d->nlevels; k++)
		for (int i = 0; i < d->levels[k].key.n; i++) {
			struct key_entry *en = &d->levels[k].key.entries[i];
			for (int j = 0; j < en->noccupants; j++)
				if (en->occupants[j].faction >= 0)
					en->occupants[j].faction += offset;
		}
	return 0;
}

/* Moves d's levels and factions to the end of out (d keeps its strings). */
static int append_levels(struct read_json_doc *out, struct read_json_doc *d, const char *path, struct log *log,
			 struct err *e)
{
	if (out->nlevels + d->nlevels > READ_JSON_MAX_LEVELS)
		return err_usage(e, "%s: its %d level%s would make the booklet %d levels long, more than %d", path,
				 d->nlevels, d->nlevels == 1 ? "" : "s", out->nlevels + d->nlevels, READ_JSON_MAX_LEVELS);
	if (append_factions(out, d, path, e) < 0)
		return -1;
	struct level *grown = realloc(out->levels, (size_t)(out->nlevels + d->nlevels) * sizeof *grown);
	if (!grown)
		return err_set(e, "out of memory reading %s", path);
	out->levels = grown;
	int offset = out->nlevels, count = d->nlevels;
	memcpy(out->levels + offset, d->levels, (size_t)count * sizeof *d->levels);
	free(d->levels);
	d->levels = NULL;
	d->nlevels = 0;
	out->nlevels += count;
	for (int k = 0; k < count; k++) {
		warn_stairs_out(&out->levels[offset + k], offset, count, path, k, log);
		if (shift_level(&out->levels[offset + k], offset, e) < 0)
			return -1;
	}
	return 0;
}

/* Reads file i into out. Its warnings are held back until it is read
 * whole: a file that is refused gives its one line of error alone. */
static int read_one(const char *const *paths, int i, const struct input_set_options *o, struct read_json_doc *out,
		    struct log *log, struct err *e)
{
	char *held = NULL;
	size_t nheld = 0;
	FILE *mem = log && log->warn ? open_memstream(&held, &nheld) : NULL;
	struct log quiet = { log && log->steps != log->warn ? log->steps : NULL, mem, 0 };
	struct log *l = mem ? &quiet : log;
	struct read_json_doc d;
	int rc = 0;
	if (read_map_file(paths[i], o->format, &d, l, e) < 0 || append_levels(out, &d, paths[i], l, e) < 0)
		rc = -1;
	if (rc == 0 && i == 0) {
		out->seed = d.seed;
		out->title = d.title;
		out->site = d.site;
		out->story = d.story;
		out->secret = d.secret;
		out->party = d.party;
		out->threads = d.threads;
		out->nthreads = d.nthreads;
		d.threads = NULL;
		d.nthreads = 0;
		d.seed = d.title = d.site = d.story = d.secret = NULL;
		d.party.credit = NULL;
	}
	read_json_doc_free(&d);
	if (mem) {
		if (fclose(mem) == 0 && rc == 0 && nheld)
			fwrite(held, 1, nheld, log->warn);
		log->warnings += quiet.warnings;
		free(held);
	}
	return rc;
}

/* The file of paths[0..n) that holds booklet level index k (first[f]:
 * the index of file f's first level). */
static int file_of(const int *first, int n, int k)
{
	int f = 0;
	while (f + 1 < n && first[f + 1] <= k)
		f++;
	return f;
}

/* Warns that the players' handout stops below level index k of the
 * booklet (its level `shown` once made), the stairs down behind a secret
 * door. */
static void warn_cut(const char *const *paths, const int *first, int n, int k, int shown, struct log *log)
{
	if (n == 1) {
		log_warn(log, "the players' handout ends at level %d: the stairs to level %d are behind a secret door "
			 "(--player-secret-rooms shows the levels below)", k + 1, k + 2);
		return;
	}
	int f = file_of(first, n, k);
	log_warn(log, "%s: the players' handout has nothing below the file's level %d (level %d of the handout): the "
		 "stairs down are behind a secret door (--player-secret-rooms shows the levels below)", paths[f],
		 k - first[f] + 1, shown);
}

/* The players' view of the booklet: run by run of levels joined by
 * stairs (a run starts at the first level and at each file not joined to
 * the one before), the levels players reach from the run's way in
 * (handout_levels); the others are left out and the later levels move up
 * to take their place. The secret goes. */
static int players_view(struct read_json_doc *out, const char *const *paths, const int *first, int n,
			const unsigned char *starts, const struct input_set_options *o, int *cut, struct log *log,
			struct err *e)
{
	free(out->secret);
	out->secret = NULL;
	int total = out->nlevels, kept = 0;
	for (int a = 0; a < total;) {
		int b = a + 1;
		while (b < total && !starts[b])
			b++;
		int shown = handout_levels(out->levels + a, b - a, o->keep_hidden, e);
		if (shown < 0)
			return -1;
		if (shown < b - a) {
			*cut = 1;
			if (o->warn_cut)
				warn_cut(paths, first, n, a + shown - 1, kept + shown, log);
			levels_free(out->levels + a + shown, b - a - shown);
			memset(out->levels + a + shown, 0, (size_t)(b - a - shown) * sizeof *out->levels);
		}
		for (int k = a; k < a + shown; k++, kept++) {
			int f = file_of(first, n, k);
			if (key_follow_handout(&out->levels[k], e) < 0 ||
			    read_json_derive_exits(&out->levels[k], 1, paths[f], k - first[f], NULL, e) < 0)
				return -1;
			if (kept == k)
				continue;
			out->levels[kept] = out->levels[k];
			memset(&out->levels[k], 0, sizeof out->levels[k]);
			if (shift_level(&out->levels[kept], kept - k, e) < 0)
				return -1;
		}
		a = b;
	}
	out->nlevels = kept;
	return 0;
}

int input_set_read(const char *const *paths, int n, const struct input_set_options *o, struct read_json_doc *out,
		   int *cut, struct log *log, struct err *e)
{
	memset(out, 0, sizeof *out);
	*cut = 0;
	int *first = calloc((size_t)n + 1, sizeof *first);
	unsigned char *starts = calloc((size_t)READ_JSON_MAX_LEVELS + 1, 1);
	int rc = first && starts ? 0 : err_set(e, "out of memory reading the maps");
	for (int i = 0; i < n && rc == 0; i++) {
		first[i] = out->nlevels;
		rc = read_one(paths, i, o, out, log, e);
	}
	if (rc == 0) {
		first[n] = out->nlevels;
		rc = input_join(out, paths, first, n, starts, log, e);
	}
	if (rc == 0 && o->player)
		rc = players_view(out, paths, first, n, starts, o, cut, log, e);
	free(first);
	free(starts);
	if (rc < 0)
		read_json_doc_free(out);
	return rc;
}

size_t input_set_estimate(const char *const *paths, int n)
{
	size_t most = 0;
	struct stat st;
	for (int i = 0; i < n; i++)
		if (strcmp(paths[i], "-") != 0 && stat(paths[i], &st) == 0 && S_ISREG(st.st_mode) &&
		    st.st_size <= READ_JSON_MAX_FILE && (size_t)st.st_size > most)
			most = (size_t)st.st_size;
	return most * 9;
}
