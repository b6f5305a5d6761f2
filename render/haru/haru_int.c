/* haru_int.c: libharu's errors in the writer's state (see haru_int.h):
 * the handler records the first one, and each step checks it. */
#include "haru/haru_int.h"

void haru_on_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void *user)
{
	struct haru *h = user;
	if (h->error_no == 0) {
		h->error_no = error_no;
		h->detail_no = detail_no;
	}
}

int haru_check(struct haru *h, int bad, const char *what)
{
	if (h->error_no == 0 && !bad)
		return 0;
	return err_set(h->e, "libharu failed while %s (error 0x%04X, detail %u)", what, (unsigned)h->error_no,
		       (unsigned)h->detail_no);
}
