/* memfiles.c: an output's files kept in memory (see memfiles.h). */
#include "base/memfiles.h"

#include <stdlib.h>
#include <string.h>

void memfiles_init(struct memfiles *mf)
{
	memset(mf, 0, sizeof *mf);
}

void memfiles_free(struct memfiles *mf)
{
	for (int i = 0; i < mf->n; i++) {
		free(mf->v[i].name);
		free(mf->v[i].data);
	}
	free(mf->v);
	memset(mf, 0, sizeof *mf);
}

int memfiles_room(const struct memfiles *mf, size_t pending, struct err *e)
{
	if (!mf || mf->max_bytes == 0 || pending <= mf->max_bytes - mf->bytes)
		return 0;
	return err_usage(e, "the answer would be more than %zu MB; ask for fewer rooms or levels, or use the command "
			 "line", mf->max_bytes >> 20);
}

int memfiles_add(struct memfiles *mf, const char *name, char *data, size_t len, struct err *e)
{
	if (memfiles_room(mf, len, e) < 0) {
		free(data);
		return -1;
	}
	if (mf->n == mf->cap) {
		int cap = mf->cap ? mf->cap * 2 : 4;
		struct memfile *v = realloc(mf->v, (size_t)cap * sizeof *v);
		if (!v) {
			free(data);
			return err_set(e, "out of memory");
		}
		mf->v = v;
		mf->cap = cap;
	}
	char *copy = strdup(name);
	if (!copy) {
		free(data);
		return err_set(e, "out of memory");
	}
	mf->v[mf->n++] = (struct memfile){ copy, data, len };
	mf->bytes += len;
	return 0;
}
