/*
 * Runs the Windows x64 CPUID and XGETBV stubs (the code page the probe maps on Windows, written by the test
 * to argv[1]) on Linux, called through gcc's ms_abi function-pointer types, so the Windows x64 calling
 * convention (arguments in RCX, RDX, R8; RBX callee-saved) is the one used. The page is mapped read+write,
 * copied, then switched to read+execute (W^X), as the probe does. Each CPUID leaf the CPU reports (basic and
 * extended, subleaves 0 to 3) is compared with the compiler's own __cpuid_count on the same pinned CPU, and
 * XGETBV with _xgetbv-style inline assembly when OSXSAVE is set. Prints one line per leaf, then "ok N" or
 * "mismatch ..." and exits 1.
 */
#define _GNU_SOURCE
#include <cpuid.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

typedef void (__attribute__((ms_abi)) *cpuid_fn)(uint32_t leaf, uint32_t subleaf, uint32_t out[4]);
typedef uint64_t (__attribute__((ms_abi)) *xgetbv_fn)(void);

static int check(cpuid_fn stub, uint32_t leaf, uint32_t subleaf, int *count) {
    uint32_t got[4] = {0, 0, 0, 0};
    unsigned int a, b, c, d;
    __cpuid_count(leaf, subleaf, a, b, c, d);
    stub(leaf, subleaf, got);
    printf("%08x %u %08x %08x %08x %08x\n", leaf, subleaf, got[0], got[1], got[2], got[3]);
    (*count)++;
    if (got[0] != a || got[1] != b || got[2] != c || got[3] != d) {
        printf("mismatch at leaf %08x subleaf %u: stub %08x %08x %08x %08x, __cpuid_count %08x %08x %08x %08x\n",
               leaf, subleaf, got[0], got[1], got[2], got[3], a, b, c, d);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: harness PAGE_FILE XGETBV_OFFSET\n");
        return 2;
    }
    cpu_set_t one;
    CPU_ZERO(&one);
    if (sched_getaffinity(0, sizeof one, &one) == 0) {
        for (int i = 0; i < CPU_SETSIZE; i++) {
            if (CPU_ISSET(i, &one)) {
                CPU_ZERO(&one);
                CPU_SET(i, &one);
                sched_setaffinity(0, sizeof one, &one); /* APIC ids in leaves 1, 0xB, 0x1F are per CPU */
                break;
            }
        }
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    unsigned char code[4096];
    size_t n = fread(code, 1, sizeof code, f);
    fclose(f);
    void *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) {
        perror("mmap");
        return 2;
    }
    memcpy(page, code, n);
    if (mprotect(page, 4096, PROT_READ | PROT_EXEC) != 0) {
        perror("mprotect");
        return 2;
    }
    cpuid_fn stub = (cpuid_fn) page;
    int count = 0, bad = 0;
    unsigned int maxBasic = __get_cpuid_max(0, NULL), maxExt = __get_cpuid_max(0x80000000, NULL);
    for (uint32_t leaf = 0; leaf <= maxBasic && leaf < 0x40; leaf++) {
        for (uint32_t sub = 0; sub < 4; sub++) {
            bad |= check(stub, leaf, sub, &count);
        }
    }
    for (uint32_t leaf = 0x80000000; leaf <= maxExt && leaf < 0x80000040; leaf++) {
        bad |= check(stub, leaf, 0, &count);
    }
    unsigned int a, b, c, d;
    __cpuid(1, a, b, c, d);
    if (c & (1u << 27)) { /* OSXSAVE: XGETBV may run */
        long offset = 0;
        sscanf(argv[2], "%ld", &offset);
        xgetbv_fn xgetbv = (xgetbv_fn) ((unsigned char *) page + offset);
        uint32_t lo, hi;
        __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        uint64_t expected = ((uint64_t) hi << 32) | lo, got = xgetbv();
        printf("xcr0 %llx\n", (unsigned long long) got);
        if (got != expected) {
            printf("mismatch at xgetbv: stub %llx, inline %llx\n", (unsigned long long) got, (unsigned long long) expected);
            bad = 1;
        }
    }
    if (!bad) {
        printf("ok %d\n", count);
    }
    return bad;
}
