#ifndef UNDERSTUDY_FUZZER_DRIVER_H
#define UNDERSTUDY_FUZZER_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/*
 * libFuzzer's driver (libclang_rt.fuzzer), linked when the program is built
 * with -sanitize=fuzzer. Without it, the weak definition in driver.c runs
 * every input file named in argv (directories: every file in them) once.
 */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
