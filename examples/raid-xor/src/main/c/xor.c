/*
 * RAID xor in C, built once per CPU level (native-builds, by scripts/native-builds.sh) and chosen at run time by the raid.xor.native
 * dispatch point. One loop per source count, 1 to 4, as Linux's xor_blocks has do_2..do_5: the compiler
 * vectorises each for the level it is built for (-march=x86-64-v3 gives AVX2, -march=armv8-a+sve gives SVE).
 */
#include <stddef.h>
#include <stdint.h>

#ifndef CPF_VARIANT
#error "build with -DCPF_VARIANT=\"PLATFORM/VARIANT\" (scripts/native-builds.sh does)"
#endif

typedef uint8_t u8;

static void xor_n(u8 *restrict d, const u8 *restrict a, const u8 *restrict b, const u8 *restrict c,
                  const u8 *restrict e, int32_t n, size_t len, int32_t into) {
    if (into) {
        switch (n) {
        case 1: for (size_t i = 0; i < len; i++) d[i] ^= a[i]; break;
        case 2: for (size_t i = 0; i < len; i++) d[i] ^= a[i] ^ b[i]; break;
        case 3: for (size_t i = 0; i < len; i++) d[i] ^= a[i] ^ b[i] ^ c[i]; break;
        default: for (size_t i = 0; i < len; i++) d[i] ^= a[i] ^ b[i] ^ c[i] ^ e[i]; break;
        }
    } else {
        switch (n) {
        case 1: for (size_t i = 0; i < len; i++) d[i] = a[i]; break;
        case 2: for (size_t i = 0; i < len; i++) d[i] = a[i] ^ b[i]; break;
        case 3: for (size_t i = 0; i < len; i++) d[i] = a[i] ^ b[i] ^ c[i]; break;
        default: for (size_t i = 0; i < len; i++) d[i] = a[i] ^ b[i] ^ c[i] ^ e[i]; break;
        }
    }
}

/* d[doff..] (^)= a[soff..] ^ ... for n (1..4) arrays; unused ones are NULL. */
void cpf_xor_arrays(u8 *d, int32_t doff, const u8 *a, const u8 *b, const u8 *c, const u8 *e, int32_t soff,
                    int32_t n, int32_t len, int32_t into) {
    xor_n(d + doff, a + soff, b ? b + soff : NULL, c ? c + soff : NULL, e ? e + soff : NULL, n, (size_t) len, into);
}

/* The same on native addresses (direct buffers), offsets already added. */
void cpf_xor_addresses(int64_t d, int64_t a, int64_t b, int64_t c, int64_t e, int32_t n, int64_t len, int32_t into) {
    xor_n((u8 *) (intptr_t) d, (const u8 *) (intptr_t) a, (const u8 *) (intptr_t) b, (const u8 *) (intptr_t) c,
          (const u8 *) (intptr_t) e, n, (size_t) len, into);
}

/* Which build this is, so a test can tell which file the process runs. */
const char *cpf_xor_variant(void) {
    return CPF_VARIANT;
}
