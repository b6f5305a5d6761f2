/* page_meta.c: a page's title and mark written into its SVG or PNG file
 * (see page_meta.h). Text is made valid UTF-8 first (a bad byte becomes
 * U+FFFD), so that the files stay valid whatever they were given. */
#include "page_meta.h"

#include "base/fileset.h"
#include "base/sbuf.h"
#include "base/utf8.h"

#include <stdint.h>
#include <string.h>

/* Appends text as valid UTF-8 without control characters; for XML, with
 * its special characters escaped. */
static void add_clean(struct sbuf *s, const char *text, int xml)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t n = strlen(text);
	for (size_t i = 0; i < n;) {
		int len = utf8_seq_len(p + i, n - i);
		if (len == 0) {
			sbuf_add(s, "\xef\xbf\xbd");
			i++;
			continue;
		}
		unsigned char c = p[i];
		if (len == 1 && (c < 0x20 || c == 0x7f))
			sbuf_addc(s, ' ');
		else if (xml && c == '&')
			sbuf_add(s, "&amp;");
		else if (xml && c == '<')
			sbuf_add(s, "&lt;");
		else if (xml && c == '>')
			sbuf_add(s, "&gt;");
		else
			sbuf_addn(s, text + i, (size_t)len);
		i += (size_t)len;
	}
}

int page_meta_write_svg(const char *svg, size_t len, const struct page_meta *meta, FILE *out, struct err *e)
{
	const char *tag = meta ? strstr(svg, "<svg") : NULL;
	const char *close = tag ? memchr(tag, '>', len - (size_t)(tag - svg)) : NULL;
	size_t head = close ? (size_t)(close - svg) + 1 : len;
	struct sbuf s;
	sbuf_init(&s);
	if (close) {
		if (meta->title) {
			sbuf_add(&s, "\n<title>");
			add_clean(&s, meta->title, 1);
			sbuf_add(&s, "</title>");
		}
		if (meta->about) {
			sbuf_add(&s, "\n<metadata id=\"" FILESET_MARK "\">mapsheet " MAPSHEET_VERSION ": ");
			add_clean(&s, meta->about, 1);
			sbuf_add(&s, "</metadata>");
		}
	}
	const char *extra = sbuf_cstr(&s);
	int rc = 0;
	if (!extra)
		rc = err_set(e, "out of memory while writing the SVG");
	else if (fwrite(svg, 1, head, out) != head || fputs(extra, out) == EOF ||
		 fwrite(svg + head, 1, len - head, out) != len - head)
		rc = err_set(e, "cannot write the SVG");
	sbuf_free(&s);
	return rc;
}

static uint32_t crc32_update(uint32_t crc, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		crc ^= p[i];
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
	}
	return crc;
}

static void put_be32(unsigned char *b, uint32_t v)
{
	b[0] = (unsigned char)(v >> 24);
	b[1] = (unsigned char)(v >> 16);
	b[2] = (unsigned char)(v >> 8);
	b[3] = (unsigned char)v;
}

/* Appends a text chunk: tEXt when the text is ASCII (every PNG reader
 * shows those), else iTXt, the UTF-8 one (no compression, no language). */
static void add_text_chunk(struct sbuf *s, const char *keyword, const char *prefix, const char *text)
{
	struct sbuf value, data;
	sbuf_init(&value);
	sbuf_init(&data);
	sbuf_add(&value, prefix);
	add_clean(&value, text, 0);
	int ascii = 1;
	for (size_t i = 0; i < value.len; i++)
		ascii = ascii && (unsigned char)value.data[i] < 0x80;
	sbuf_add(&data, ascii ? "tEXt" : "iTXt");
	sbuf_addn(&data, keyword, strlen(keyword) + 1);
	if (!ascii)
		sbuf_addn(&data, "\0\0\0\0", 4);   /* flag, method, language "", translated keyword "" */
	sbuf_addn(&data, value.data ? value.data : "", value.len);
	if (sbuf_failed(&value) || sbuf_failed(&data)) {
		sbuf_free(&value);
		sbuf_free(&data);
		s->failed = 1;
		return;
	}
	unsigned char word[4];
	put_be32(word, (uint32_t)(data.len - 4));
	sbuf_addn(s, (const char *)word, 4);
	sbuf_addn(s, data.data, data.len);
	put_be32(word, crc32_update(0xffffffffu, (const unsigned char *)data.data, data.len) ^ 0xffffffffu);
	sbuf_addn(s, (const char *)word, 4);
	sbuf_free(&value);
	sbuf_free(&data);
}

int page_meta_write_png(const unsigned char *png, size_t len, const struct page_meta *meta, FILE *out,
			struct err *e)
{
	/* the signature, then IHDR: 4 length, 4 type, 13 data, 4 CRC */
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	size_t head = 8 + 4 + 4 + 13 + 4;
	if (len < head || memcmp(png, sig, 8) != 0 || memcmp(png + 12, "IHDR", 4) != 0)
		return err_set(e, "internal error: Cairo's PNG has no header");
	/* a pHYs chunk right after IHDR stays there (png_phys.h): the text
	 * chunks go after it */
	if (len >= head + 21 && memcmp(png + head + 4, "pHYs", 4) == 0)
		head += 21;
	struct sbuf s;
	sbuf_init(&s);
	if (meta && meta->title)
		add_text_chunk(&s, "Title", "", meta->title);
	if (meta && meta->about) {
		add_text_chunk(&s, "Software", "", "mapsheet " MAPSHEET_VERSION);
		add_text_chunk(&s, FILESET_MARK, "mapsheet " MAPSHEET_VERSION ": ", meta->about);
	}
	int rc = 0;
	if (sbuf_failed(&s))
		rc = err_set(e, "out of memory while writing the PNG");
	else if (fwrite(png, 1, head, out) != head || (s.len && fwrite(s.data, 1, s.len, out) != s.len) ||
		 fwrite(png + head, 1, len - head, out) != len - head)
		rc = err_set(e, "cannot write the PNG");
	sbuf_free(&s);
	return rc;
}
