/* fuzz_read_donjon.c: libFuzzer harness for reading donjon exports: read
 * or refused in one line, printed, and converted to mapsheet's JSON that
 * reads back to the same bytes (fuzz_reader.h). Seeds:
 * tests/fuzz/corpus/read_donjon/. */
#include "fuzz_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_read_map(data, size, INPUT_DONJON);
}
