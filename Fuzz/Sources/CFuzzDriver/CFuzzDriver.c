// Only the header matters: LLVMFuzzerRunDriver comes from libclang_rt.fuzzer, which
// `-sanitize=fuzzer` links. SwiftPM needs a source file for a C target.
#include "CFuzzDriver.h"
