// libFuzzer's entry point for programs that keep their own main (in libclang_rt.fuzzer, linked by
// -sanitize=fuzzer). The Swift targets call it from main.swift, so SwiftPM's usual executable
// linking works unchanged.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
