/* serve_zip.c: an output of several files (a sheet's SVG or PNG pages, the
 * Markdown key and its map, one tabletop file a level) as one download: a
 * zip archive of the files as the command line names them, stored without
 * compression, dated 1980-01-01 so that the same map gives the same bytes. */
#include "serve/serve_int.h"

#include "base/sbuf.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void put16(struct sbuf *s, unsigned v)
{
	sbuf_addc(s, (char)(v & 0xff));
	sbuf_addc(s, (char)((v >> 8) & 0xff));
}

static void put32(struct sbuf *s, unsigned long v)
{
	put16(s, (unsigned)(v & 0xffff));
	put16(s, (unsigned)((v >> 16) & 0xffff));
}

/* The fields a local header and a central directory entry share. */
static void put_common(struct sbuf *s, unsigned long crc, size_t len, size_t name_len)
{
	put16(s, 20);           /* version needed: 2.0 */
	put16(s, 0x0800);       /* names are UTF-8 */
	put16(s, 0);            /* stored */
	put16(s, 0);            /* time 00:00 */
	put16(s, 0x21);         /* date 1980-01-01 */
	put32(s, crc);
	put32(s, (unsigned long)len);
	put32(s, (unsigned long)len);
	put16(s, (unsigned)name_len);
	put16(s, 0);            /* no extra field */
}

static const char *last_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

char *serve_zip(const struct memfiles *mf, size_t *len)
{
	struct sbuf s, dir;
	sbuf_init(&s);
	sbuf_init(&dir);
	unsigned long *offsets = calloc((size_t)mf->n + 1, sizeof *offsets);
	for (int i = 0; offsets && i < mf->n; i++) {
		const struct memfile *f = &mf->v[i];
		const char *name = last_name(f->name);
		size_t nlen = strlen(name);
		unsigned long crc = crc32(0L, (const Bytef *)f->data, (uInt)f->len);
		offsets[i] = (unsigned long)s.len;
		put32(&s, 0x04034b50);
		put_common(&s, crc, f->len, nlen);
		sbuf_addn(&s, name, nlen);
		sbuf_addn(&s, f->data, f->len);
		put32(&dir, 0x02014b50);
		put16(&dir, 20);        /* made by: 2.0 */
		put_common(&dir, crc, f->len, nlen);
		put16(&dir, 0);         /* no comment */
		put16(&dir, 0);         /* disk 0 */
		put16(&dir, 0);         /* internal attributes */
		put32(&dir, 0);         /* external attributes */
		put32(&dir, offsets[i]);
		sbuf_addn(&dir, name, nlen);
	}
	unsigned long dir_at = (unsigned long)s.len;
	if (dir.len)
		sbuf_addn(&s, dir.data, dir.len);
	put32(&s, 0x06054b50);
	put16(&s, 0);
	put16(&s, 0);
	put16(&s, (unsigned)mf->n);
	put16(&s, (unsigned)mf->n);
	put32(&s, (unsigned long)dir.len);
	put32(&s, dir_at);
	put16(&s, 0);
	int failed = !offsets || sbuf_failed(&s) || sbuf_failed(&dir);
	free(offsets);
	sbuf_free(&dir);
	if (failed) {
		sbuf_free(&s);
		return NULL;
	}
	*len = s.len;
	return sbuf_take(&s);
}
