/* haru_font.c: the booklet's fonts: the file fontconfig gives for a run's
 * family, weight and slant, embedded once per document as TrueType with
 * UTF-8 codes, and two mends to what libharu 2.3.0 writes for it: a
 * ToUnicode map that readers accept, and the glyphs' widths as the font
 * has them. libharu cuts each width down to a whole thousandth of the
 * size, so a PDF reader would set every glyph up to 0.001 em short of
 * where Pango (and the Cairo backend) put it, and the text, drawn in parts
 * to follow Pango, would need a new part every few characters. With the
 * font's own widths (to 1/8000 em) a part is needed only where Pango
 * kerns. The same widths, kept per character code as the text is placed,
 * place the parts; the PDF's widths list the codes shown, not the
 * thousands the font maps. */
#include "haru/haru_font.h"

#include <fontconfig/fontconfig.h>
#include <hpdf_font.h>
#include <hpdf_fontdef.h>
#include <hpdf_objects.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The font file fontconfig gives for family at that weight and slant. */
static int font_file(const char *family, int bold, int italic, char *path, size_t size, int *index, struct err *e)
{
	FcPattern *pat = FcPatternCreate();
	if (!pat)
		return err_set(e, "out of memory looking up font '%s'", family);
	FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)family);
	FcPatternAddInteger(pat, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
	FcPatternAddInteger(pat, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
	FcConfigSubstitute(NULL, pat, FcMatchPattern);
	FcDefaultSubstitute(pat);
	FcResult res;
	FcPattern *match = FcFontMatch(NULL, pat, &res);
	FcPatternDestroy(pat);
	FcChar8 *file = NULL, *format = NULL;
	int rc = 0;
	if (!match || FcPatternGetString(match, FC_FILE, 0, &file) != FcResultMatch)
		rc = err_set(e, "fontconfig has no font for '%s'%s%s", family, bold ? " bold" : "", italic ? " italic" : "");
	else if (FcPatternGetString(match, FC_FONTFORMAT, 0, &format) == FcResultMatch &&
		 strcmp((const char *)format, "TrueType") != 0)
		rc = err_set(e, "font '%s' is %s (%s); the booklet embeds TrueType fonts only: choose a style whose "
			     "fonts are TrueType, or print with --format pdf-cairo", family, (const char *)format,
			     (const char *)file);
	else if (strlen((const char *)file) >= size)
		rc = err_set(e, "font file name too long: %s", (const char *)file);
	if (rc == 0) {
		snprintf(path, size, "%s", (const char *)file);
		if (FcPatternGetInteger(match, FC_INDEX, 0, index) != FcResultMatch)
			*index = 0;
	}
	if (match)
		FcPatternDestroy(match);
	return rc;
}

/* libharu 2.3.0 gives a UTF-8 font a ToUnicode map written as a CID range,
 * which readers reject ("Invalid 'begincidrange' operator in ToUnicode
 * CMap"), so copying and searching text may fail. Its codes are the
 * characters' own Unicode values, so the right map is the identity over
 * the Basic Multilingual Plane: this rewrites the stream to say that. */
static int fix_to_unicode(struct haru *h, HPDF_Font font)
{
	HPDF_Dict tu = HPDF_Dict_GetItem((HPDF_Dict)font, "ToUnicode", HPDF_OCLASS_DICT);
	if (!tu || !tu->stream) {
		/* no map to mend: the lookup's miss is no error (libharu would
		 * refuse every later call while it stands) */
		HPDF_ResetError(h->pdf);
		h->error_no = 0;
		return 0;
	}
	HPDF_MemStream_FreeData(tu->stream);
	HPDF_STATUS st = HPDF_Stream_WriteStr(tu->stream,
		"/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
		"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
		"/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
		"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
	int n = 0;
	char line[64];
	for (int hi = 0; hi < 256 && st == HPDF_OK; hi++) {
		if (hi >= 0xD8 && hi <= 0xDF)
			continue;   /* surrogates are no characters */
		if (n % 100 == 0) {
			int left = 248 - n;
			snprintf(line, sizeof line, "%d beginbfrange\n", left < 100 ? left : 100);
			st = HPDF_Stream_WriteStr(tu->stream, line);
		}
		snprintf(line, sizeof line, "<%02X00> <%02XFF> <%02X00>\n", hi, hi, hi);
		if (st == HPDF_OK)
			st = HPDF_Stream_WriteStr(tu->stream, line);
		if (++n % 100 == 0 || n == 248)
			st = st == HPDF_OK ? HPDF_Stream_WriteStr(tu->stream, "endbfrange\n") : st;
	}
	if (st == HPDF_OK)
		st = HPDF_Stream_WriteStr(tu->stream,
					  "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
	return haru_check(h, st != HPDF_OK, "writing a font's ToUnicode map");
}

/* The font's own advance of glyph gid, in thousandths of an em, to the
 * nearest eighth: a float libharu writes exactly in three decimals (what
 * the PDF's widths will say). */
static double glyph_advance(HPDF_FontDef def, HPDF_UINT16 gid)
{
	HPDF_TTFontDefAttr tt = def->attr;
	if (!tt->h_metric || tt->num_h_metric == 0 || tt->header.units_per_em == 0)
		return 0;
	/* glyphs past the last metric share its advance (TrueType's hmtx) */
	HPDF_UINT16 i = gid < tt->num_h_metric ? gid : (HPDF_UINT16)(tt->num_h_metric - 1);
	return round(tt->h_metric[i].advance_width * 8000.0 / tt->header.units_per_em) / 8;
}

/* f->advance with no code measured yet (a width is never negative). */
static int advances_new(struct haru *h, struct haru_font *f)
{
	f->advance = malloc(65536 * sizeof *f->advance);
	if (!f->advance)
		return err_set(h->e, "out of memory for a font's widths");
	for (int c = 0; c < 65536; c++)
		f->advance[c] = -1;
	return 0;
}

/* The exact advance of code c in f, measured on first use; a code is in the
 * W array (haru_fonts_finish) once it has been measured. */
static double code_advance(const struct haru_font *f, unsigned long c)
{
	if (f->advance[c] < 0) {
		HPDF_FontDef def = ((HPDF_FontAttr)f->font->attr)->fontdef;
		f->advance[c] = (float)glyph_advance(def, HPDF_TTFontDef_GetGlyphid(def, (HPDF_UINT16)c));
	}
	return f->advance[c];
}

/* Replaces the descendant font's W array (libharu's: every code the font
 * maps whose width is not the default, cut to thousandths) by runs `first
 * [w w ...]` of the codes the pages show, with their exact widths: the
 * widths a reader needs, as Pango placed the text. */
static int write_widths(struct haru *h, struct haru_font *f)
{
	HPDF_FontAttr attr = f->font->attr;
	HPDF_Dict desc = attr ? attr->descendant_font : NULL;
	HPDF_Array nw = desc ? HPDF_Array_New(h->pdf->mmgr) : NULL;
	if (!nw)
		return haru_check(h, 1, "writing a font's widths");
	HPDF_STATUS st = HPDF_OK;
	HPDF_Array run = NULL;
	for (int c = 0; c < 65536 && st == HPDF_OK; c++) {
		if (f->advance[c] < 0) {
			run = NULL;
			continue;
		}
		if (!run) {
			if (!(run = HPDF_Array_New(h->pdf->mmgr))) {
				st = HPDF_INVALID_OBJECT;
				break;
			}
			st = HPDF_Array_AddNumber(nw, c);
			if (st != HPDF_OK)
				HPDF_Array_Free(run);
			else
				st = HPDF_Array_Add(nw, run);  /* nw owns run from here (or freed it) */
		}
		if (st == HPDF_OK)
			st = HPDF_Array_AddReal(run, (HPDF_REAL)f->advance[c]);
	}
	if (st != HPDF_OK) {
		HPDF_Array_Free(nw);
		return haru_check(h, 1, "writing a font's widths");
	}
	/* the dictionary frees the array it held */
	if (HPDF_Dict_Add(desc, "W", nw) != HPDF_OK)
		return haru_check(h, 1, "writing a font's widths");
	return haru_check(h, 0, "writing a font's widths");
}

int haru_fonts_finish(struct haru *h)
{
	for (int i = 0; i < h->nfonts; i++)
		if (write_widths(h, &h->fonts[i]) < 0)
			return -1;
	return 0;
}

const struct haru_font *haru_font_get(struct haru *h, const char *family, int bold, int italic)
{
	for (int i = 0; i < h->nfonts; i++)
		if (h->fonts[i].bold == bold && h->fonts[i].italic == italic && strcmp(h->fonts[i].family, family) == 0)
			return &h->fonts[i];
	if (h->nfonts == HARU_MAX_FONTS) {
		err_set(h->e, "more than %d fonts on the pages", HARU_MAX_FONTS);
		return NULL;
	}
	char path[4096];
	int index = 0;
	if (font_file(family, bold, italic, path, sizeof path, &index, h->e) < 0)
		return NULL;
	size_t len = strlen(path);
	int collection = len > 4 && (strcmp(path + len - 4, ".ttc") == 0 || strcmp(path + len - 4, ".TTC") == 0);
	const char *name = collection ? HPDF_LoadTTFontFromFile2(h->pdf, path, (HPDF_UINT)index, HPDF_TRUE)
				      : HPDF_LoadTTFontFromFile(h->pdf, path, HPDF_TRUE);
	HPDF_Font font = name ? HPDF_GetFont(h->pdf, name, "UTF-8") : NULL;
	if (!font || h->error_no) {
		err_set(h->e, "cannot embed font %s (for '%s'): libharu error 0x%04X", path, family, (unsigned)h->error_no);
		return NULL;
	}
	struct haru_font *f = &h->fonts[h->nfonts];
	memset(f, 0, sizeof *f);
	snprintf(f->family, sizeof f->family, "%s", family);
	f->bold = bold;
	f->italic = italic;
	f->font = font;
	HPDF_FontAttr attr = font->attr;
	if (!attr || !attr->fontdef || !attr->descendant_font) {
		err_set(h->e, "cannot embed font %s (for '%s'): libharu made no CID font of it", path, family);
		return NULL;
	}
	if (fix_to_unicode(h, font) < 0 || advances_new(h, f) < 0) {
		free(f->advance);
		f->advance = NULL;
		return NULL;
	}
	h->nfonts++;
	return f;
}

/* The next character of UTF-8 s[*i..len) (advancing *i); a byte that
 * starts no character stands for itself. */
static unsigned long next_char(const unsigned char *s, size_t len, size_t *i)
{
	unsigned long c = s[(*i)++];
	int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
	if (more)
		c &= 0x3F >> more;
	for (; more > 0 && *i < len && (s[*i] & 0xC0) == 0x80; more--)
		c = (c << 6) | (s[(*i)++] & 0x3F);
	return c;
}

double haru_font_advance(const struct haru_font *f, const char *text, size_t len)
{
	double w = 0;
	for (size_t i = 0; i < len;) {
		unsigned long c = next_char((const unsigned char *)text, len, &i);
		if (c > 0xFFFF)
			/* outside the plane the codes cover: as libharu measures it */
			return HPDF_Font_TextWidth(f->font, (const HPDF_BYTE *)text, (HPDF_UINT)len).width;
		w += code_advance(f, c);
	}
	return w;
}

void haru_fonts_free(struct haru *h)
{
	for (int i = 0; i < h->nfonts; i++)
		free(h->fonts[i].advance);
	h->nfonts = 0;
}
