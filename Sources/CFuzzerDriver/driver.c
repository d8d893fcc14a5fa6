#include "fuzzer_driver.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Reads `path` whole and hands it to `callback`; returns 1 when it ran. */
static int c_fuzz_replay_file(const char *path, int (*callback)(const uint8_t *, size_t)) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) { fprintf(stderr, "replay: cannot open %s\n", path); return 0; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    uint8_t *data = malloc(size > 0 ? (size_t) size : 1);
    size_t read = size > 0 ? fread(data, 1, (size_t) size, file) : 0;
    fclose(file);
    callback(data, read);
    free(data);
    return 1;
}

/*
 * The stand-in used when libFuzzer is not linked: flags (-name=value) are
 * ignored, every other argument is a file or a folder of files, each run once
 * in name order. A crash ends the process, as it would under libFuzzer.
 */
__attribute__((weak)) int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t)) {
    int ran = 0;
    for (int index = 1; index < *argc; index++) {
        const char *path = (*argv)[index];
        if (path[0] == '-') continue;
        struct stat info;
        if (stat(path, &info) != 0) { fprintf(stderr, "replay: no such file or folder: %s\n", path); return 1; }
        if (!S_ISDIR(info.st_mode)) { ran += c_fuzz_replay_file(path, callback); continue; }
        struct dirent **entries;
        int count = scandir(path, &entries, NULL, alphasort);
        for (int entry = 0; entry < count; entry++) {
            if (entries[entry]->d_name[0] != '.') {
                char file[4096];
                snprintf(file, sizeof file, "%s/%s", path, entries[entry]->d_name);
                ran += c_fuzz_replay_file(file, callback);
            }
            free(entries[entry]);
        }
        free(entries);
    }
    fprintf(stderr, "replay: %d inputs ran without a crash (libFuzzer not linked: build with scripts/fuzz to fuzz)\n", ran);
    return 0;
}
