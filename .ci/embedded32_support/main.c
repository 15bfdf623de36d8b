// The driver of .ci/embedded32: reads files, hands their bytes to the Swift core built with
// Embedded Swift (Harness.swift), and prints one line per file. A trap in Swift raises SIGILL
// (or SIGTRAP); the handler names the input being read and exits with status 70.
//
//   harness inspect FILE...   one line per file: NAME, outcome, format, width, height,
//                             orientation, progressive, animated, bytes inspected,
//                             personal metadata (PersonalMetadata.rawValue)
//   harness hash FILE...      NAME, SHA-256 hex, XXH64 hex
//   harness sweep FILE...     every file again with each 32-bit word in its first 8 KiB
//                             replaced by values at and around 2^31 and 2^32, in both byte
//                             orders; one line for each input whose outcome differs from the
//                             unchanged file's (NAME@BYTE:VALUE:ORDER, then as inspect), and
//                             how many inputs gave each outcome
//   harness lru               LRUIndex with hashes at and above 2^31
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int32_t ak_inspect(const uint8_t *start, intptr_t count, int64_t *out);
int32_t ak_hash(const uint8_t *start, intptr_t count, uint8_t *out);
int32_t ak_lru_check(void);
int32_t ak_int_size(void);

static char current[1024] = "(starting)";

static void on_trap(int signal_number) {
    char message[1200];
    int length = snprintf(message, sizeof message, "TRAP (signal %d) while reading %s\n", signal_number, current);
    if (length > 0) { ssize_t ignored = write(2, message, (size_t)length); (void)ignored; }
    _exit(70);
}

static uint8_t *read_file(const char *path, long *count) {
    FILE *file = fopen(path, "rb");
    if (!file) { fprintf(stderr, "can't open %s\n", path); exit(2); }
    fseek(file, 0, SEEK_END);
    *count = ftell(file);
    fseek(file, 0, SEEK_SET);
    uint8_t *bytes = malloc(*count > 0 ? (size_t)*count : 1);
    if (*count > 0 && fread(bytes, 1, (size_t)*count, file) != (size_t)*count) { fprintf(stderr, "can't read %s\n", path); exit(2); }
    fclose(file);
    return bytes;
}

static const char *name_of(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static void put32(uint8_t *at, uint32_t value, int big_endian) {
    for (int index = 0; index < 4; index++) {
        int shift = big_endian ? 24 - 8 * index : 8 * index;
        at[index] = (uint8_t)(value >> shift);
    }
}

static void print_outcome(const char *label, int32_t outcome, const int64_t *out) {
    printf("%s\t%d", label, outcome);
    for (int index = 0; index < 8; index++) printf("\t%lld", (long long)out[index]);
    printf("\n");
}

int main(int argc, char **argv) {
    signal(SIGILL, on_trap);
    signal(SIGTRAP, on_trap);
    signal(SIGSEGV, on_trap);
    signal(SIGBUS, on_trap);
    signal(SIGFPE, on_trap);
    if (argc < 2) { fprintf(stderr, "usage: harness inspect|hash|sweep FILE... | lru\n"); return 2; }
    const char *mode = argv[1];
    printf("# Int is %d bytes\n", ak_int_size());
    if (strcmp(mode, "lru") == 0) {
        snprintf(current, sizeof current, "the LRU check");
        int32_t failed = ak_lru_check();
        printf("lru\t%s\t%d\n", failed ? "failed" : "ok", failed);
        return failed ? 1 : 0;
    }
    static const uint32_t values[] = {0x7FFFFFF0u, 0x7FFFFFF7u, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFF0u, 0xFFFFFFFFu};
    long sweep_counts[128] = {0};
    long sweep_total = 0;
    for (int argument = 2; argument < argc; argument++) {
        long count = 0;
        uint8_t *bytes = read_file(argv[argument], &count);
        const char *name = name_of(argv[argument]);
        snprintf(current, sizeof current, "%s", name);
        if (strcmp(mode, "inspect") == 0) {
            int64_t out[8] = {0};
            int32_t outcome = ak_inspect(bytes, count, out);
            print_outcome(name, outcome, out);
        } else if (strcmp(mode, "hash") == 0) {
            uint8_t out[40];
            if (ak_hash(bytes, count, out) != 0) { printf("%s\tpieces-disagree\n", name); free(bytes); continue; }
            printf("%s\t", name);
            for (int index = 0; index < 32; index++) printf("%02x", out[index]);
            printf("\t");
            for (int index = 32; index < 40; index++) printf("%02x", out[index]);
            printf("\n");
        } else if (strcmp(mode, "sweep") == 0) {
            long limit = count < 8192 ? count : 8192;
            int64_t original[8] = {0};
            int32_t original_outcome = ak_inspect(bytes, count, original);
            for (long at = 0; at + 4 <= limit; at++) {
                uint8_t saved[4];
                memcpy(saved, bytes + at, 4);
                for (size_t value = 0; value < sizeof values / sizeof values[0]; value++) {
                    for (int big_endian = 0; big_endian < 2; big_endian++) {
                        snprintf(current, sizeof current, "%s with 0x%08X (%s) at byte %ld", name, values[value],
                                 big_endian ? "big-endian" : "little-endian", at);
                        put32(bytes + at, values[value], big_endian);
                        int64_t out[8] = {0};
                        int32_t outcome = ak_inspect(bytes, count, out);
                        if (outcome != original_outcome || memcmp(out, original, sizeof out) != 0) {
                            char label[1200];
                            snprintf(label, sizeof label, "%s@%ld:%08X:%s", name, at, values[value],
                                     big_endian ? "be" : "le");
                            print_outcome(label, outcome, out);
                        }
                        sweep_counts[outcome & 127] += 1;
                        sweep_total += 1;
                    }
                }
                memcpy(bytes + at, saved, 4);
            }
        } else {
            fprintf(stderr, "unknown mode %s\n", mode);
            return 2;
        }
        free(bytes);
    }
    if (strcmp(mode, "sweep") == 0) {
        printf("sweep\t%ld inputs", sweep_total);
        for (int outcome = 0; outcome < 128; outcome++) {
            if (sweep_counts[outcome]) printf("\toutcome %d: %ld", outcome, sweep_counts[outcome]);
        }
        printf("\n");
    }
    return 0;
}
