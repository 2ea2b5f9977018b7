/*
 * A Windows x64 harness for the probe library's Windows build (cpufeatures-probe.dll), run under wine by
 * ProbeLibraryUnderWineTest: it loads the DLL with LoadLibraryA, calls its two JNI exports with a JNIEnv whose only
 * function is SetIntArrayRegion (slot 211, as jni_min.h lays it out), and compares every basic and extended leaf
 * (subleaves 0 and 1) and XCR0 with what it executes itself, its thread kept on one CPU. Prints key=value lines;
 * exits 0 when all agree.
 * Built at test time with mingw-w64 (x86_64-w64-mingw32-gcc).
 */
#include <windows.h>
#include <stdio.h>
#include <stdint.h>
#include <cpuid.h>

typedef int32_t jint;
typedef int64_t jlong;
typedef void (*set_region)(void *env, void *array, jint start, jint len, const jint *buf);
struct table { void *before[211]; set_region SetIntArrayRegion; };

static jint got[4];
static void set(void *env, void *array, jint start, jint len, const jint *buf) {
    (void) env; (void) array;
    for (jint i = 0; i < len; i++) got[start + i] = buf[i];
}

typedef void (__stdcall *read_fn)(void *env, void *cls, jint leaf, jint subleaf, void *out);
typedef jlong (__stdcall *xcr0_fn)(void *env, void *cls);

int main(int argc, char **argv) {
    HMODULE dll = LoadLibraryA(argv[1]);
    if (!dll) { printf("error=LoadLibrary failed: %lu\n", GetLastError()); return 1; }
    read_fn rd = (read_fn) GetProcAddress(dll, "Java_io_cpufeatures_x86_probe_JniCpuid_read");
    xcr0_fn x0 = (xcr0_fn) GetProcAddress(dll, "Java_io_cpufeatures_x86_probe_JniCpuid_xcr0");
    if (!rd || !x0) { printf("error=exports missing\n"); return 1; }
    /* one CPU for every comparison: a per-core leaf (0x1A's core type on a hybrid part, 0x8000001E's ids on AMD)
       differs between two cores, and the thread could move between the harness's CPUID and the library's */
    SetThreadAffinityMask(GetCurrentThread(), 1);
    struct table t = {0};
    t.SetIntArrayRegion = set;
    const struct table *tp = &t;
    void *env = &tp;
    unsigned maxBasic, b, c, d;
    __cpuid(0, maxBasic, b, c, d);
    unsigned maxExt, e1, e2, e3;
    __cpuid(0x80000000, maxExt, e1, e2, e3);
    int leaves = 0, differ = 0;
    unsigned list[64]; int n = 0;
    for (unsigned l = 0; l <= maxBasic && l < 0x20; l++) list[n++] = l;
    for (unsigned l = 0x80000000; l <= maxExt && l < 0x80000020; l++) list[n++] = l;
    for (int i = 0; i < n; i++) {
        for (unsigned sub = 0; sub < 2; sub++) {
            unsigned a, bb, cc, dd;
            __cpuid_count(list[i], sub, a, bb, cc, dd);
            got[0] = got[1] = got[2] = got[3] = 0x5a5a5a5a;
            rd(env, 0, (jint) list[i], (jint) sub, (void *) 1);
            /* leaf 1 EBX[31:24] and leaf 0xB/0x1F EDX are the APIC id of whichever CPU the thread is on */
            unsigned mb = list[i] == 1 ? 0x00ffffffu : 0xffffffffu;
            unsigned md = (list[i] == 0xb || list[i] == 0x1f) ? 0 : 0xffffffffu;
            if ((unsigned) got[0] != a || ((unsigned) got[1] & mb) != (bb & mb) || (unsigned) got[2] != cc
                    || ((unsigned) got[3] & md) != (dd & md)) {
                differ++;
                printf("differs=%x.%u\n", list[i], sub);
            }
            leaves++;
        }
    }
    unsigned long long mine = 0;
    unsigned a1, b1, c1, d1;
    __cpuid(1, a1, b1, c1, d1);
    if (c1 & (1u << 27)) {
        unsigned lo, hi;
        __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        mine = ((unsigned long long) hi << 32) | lo;
    }
    jlong theirs = x0(env, 0);
    printf("leaves=%d\ndiffer=%d\nxcr0.library=%llx\nxcr0.harness=%llx\n", leaves, differ, (unsigned long long) theirs, mine);
    return differ == 0 && (unsigned long long) theirs == mine ? 0 : 1;
}
