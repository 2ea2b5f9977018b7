/*
 * The x86 probe library: CPUID and XGETBV for io.cpufeatures.x86.probe.JniCpuid, through JNI, so that the first
 * answer needs no JNA. XGETBV is executed only when CPUID.1:ECX.OSXSAVE[27] says the OS enabled it (Intel SDM
 * vol. 2B, XGETBV: #UD if CR4.OSXSAVE = 0); otherwise 0 is returned, which no caller reads (they ask only when
 * OSXSAVE is set).
 */
#include "jni_min.h"

static void cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4]) {
    __asm__ volatile("cpuid" : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3]) : "a"(leaf), "c"(subleaf));
}

/* Writes EAX, EBX, ECX, EDX of CPUID(leaf, subleaf) to out[0..3]; out has at least four elements. */
CPF_EXPORT void CPF_CALL Java_io_cpufeatures_x86_probe_JniCpuid_read(JNIEnv *env, jclass cls, jint leaf,
                                                                      jint subleaf, jintArray out) {
    (void) cls;
    uint32_t r[4];
    cpuid((uint32_t) leaf, (uint32_t) subleaf, r);
    jint v[4] = {(jint) r[0], (jint) r[1], (jint) r[2], (jint) r[3]};
    (*env)->SetIntArrayRegion(env, out, 0, 4, v);
}

/* XCR0 (XGETBV with ECX = 0) when CPUID.1:ECX.OSXSAVE is set; 0 otherwise. */
CPF_EXPORT jlong CPF_CALL Java_io_cpufeatures_x86_probe_JniCpuid_xcr0(JNIEnv *env, jclass cls) {
    (void) env;
    (void) cls;
    uint32_t r[4];
    cpuid(0, 0, r);
    if (r[0] < 1) {
        return 0;
    }
    cpuid(1, 0, r);
    if (!(r[2] & (1u << 27))) {
        return 0;
    }
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (jlong) (((uint64_t) hi << 32) | lo);
}
