#pragma once
#include <stddef.h>
#include <stdint.h>

// libFuzzer's documented entry for programs that have their own main (see LibFuzzer.rst,
// "Using libFuzzer as a library"). Defined in the fuzzer runtime linked by -sanitize=fuzzer.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
