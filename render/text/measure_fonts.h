/* measure_fonts.h: the fonts the quick way of setting text shapes and
 * draws with. Pango finds each family and weight once (its itemizer, so
 * the face is the one its layouts would use); every size of it is then
 * made from that face with Cairo and HarfBuzz directly, scaled as Pango
 * scales it, instead of one fontconfig search per size. */
#ifndef MAPSHEET_MEASURE_FONTS_H
#define MAPSHEET_MEASURE_FONTS_H

#include <cairo.h>
#include <hb.h>

/* The size, in points, at which Pango is asked for each family and
 * weight (font_set_has_family() too). */
#define MEASURE_FACE_SIZE 10

struct word_face;

/* A family at one size. */
struct word_font {
	char family[64];                /* as asked */
	double size;
	int bold;
	int face;                       /* index of its word_face */
	char actual[64];                /* the family of the face Pango chose */
	int actual_bold, actual_italic;
	cairo_scaled_font_t *scaled;    /* to draw with */
	hb_font_t *hb;                  /* to shape with, in Pango units */
	hb_shape_plan_t *plan;          /* HarfBuzz's plan for its script and language */
	hb_script_t script;             /* as Pango's itemizer sets them */
	hb_language_t language;
	int ascent, descent;            /* Pango units */
};

struct font_set {
	struct word_face *faces;
	int nfaces, capfaces;
	struct word_font *fonts;
	int nfonts, capfonts;
};

/* The index of family at size (bold or not) in fs, found or made with
 * Pango's context; -1 when it cannot be had (the caller sets the text
 * through Pango's layout). */
int font_set_get(struct font_set *fs, void *pango_context, const char *family, double size, int bold);
void font_set_free(struct font_set *fs);

/* Whether Pango's itemizer finds family itself (not a fallback) in
 * context: the lookup font_set_get() makes for the regular face, so that
 * fontconfig and Pango search for it once for both. */
int font_set_has_family(void *pango_context, const char *family);

#endif
