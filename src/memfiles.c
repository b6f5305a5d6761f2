/* memfiles.c: an output's files kept in memory (see memfiles.h). */
#include "memfiles.h"

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

int memfiles_add(struct memfiles *mf, const char *name, char *data, size_t len, struct err *e)
{
	if (mf->max_bytes > 0 && len > mf->max_bytes - mf->bytes) {
		free(data);
		return err_usage(e, "the answer would be more than %zu MB; ask for fewer rooms or levels, or use the "
				 "command line", mf->max_bytes >> 20);
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
