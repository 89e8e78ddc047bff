// libFuzzer's entry point for a program that has its own main (SwiftPM gives every
// executable one): runs the fuzzing loop with the command line's libFuzzer flags.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));
