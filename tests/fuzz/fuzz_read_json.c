/* fuzz_read_json.c: libFuzzer harness for reading mapsheet's JSON: any
 * input is read or refused with a one-line message, never a crash; a map
 * that is read, written as JSON and read again gives the same bytes
 * (fuzz_reader.h). */
#include "fuzz_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_read_map(data, size, INPUT_MAPSHEET);
}
