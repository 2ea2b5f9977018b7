package io.cpufeatures.x86.rules;

import io.cpufeatures.core.CpuCache.Type;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The cache descriptors of CPUID leaf 2, as data: what older Intel parts (before leaf 4, and Pentium
 * 4's trace cache) say of their caches, one byte per cache.
 *
 * <p>Source: Intel SDM Vol. 2A, CPUID, Table 3-12 "Encoding of CPUID Leaf 2 Descriptors": every row
 * whose type is a cache, except 0x6A-0x6D (typed "Cache" there, but TLBs). Linux's table
 * ({@code arch/x86/kernel/cpu/cacheinfo.c}, {@code cache_table[]}; {@code cpuid_0x2_table.c} from
 * 2025) agrees except where noted: it gives 0xDC, 0xDD and 0xDE as 2, 4 and 8 MiB where the SDM (and
 * QEMU's {@code cpuid2_cache_descriptors}) say 1.5, 3 and 6 MiB, and it has 0x39-0x3E (L2,
 * sectored, 64-byte lines), from older Intel documentation, which are kept here as Linux and libcpuid
 * give them. 0x49 is an L3 on the Xeon MP of family 0Fh model 06h and an L2 on every other part (the
 * SDM; Linux always reads it as L3, libcpuid as the SDM). 0x40 ("no L2, or no L3") and the markers
 * 0xFE/0xFF ("use leaf 18h/4") describe no cache.
 */
final class Leaf2Descriptors {

    /**
     * One descriptor.
     *
     * @param level   the cache level
     * @param type    data, instruction, unified, or a trace cache
     * @param kib     the size in KiB; for a trace cache, thousands of micro-operations
     * @param ways    the associativity
     * @param line    the line size in bytes, 0 for a trace cache (none given)
     */
    record Descriptor(int level, Type type, int kib, int ways, int line) {
    }

    /** The descriptor whose level depends on the part (0x49). */
    static final int XEON_MP_L3_OR_L2 = 0x49;

    private static final Map<Integer, Descriptor> TABLE = new HashMap<>();

    static {
        l1(0x06, Type.INSTRUCTION, 8, 4, 32);
        l1(0x08, Type.INSTRUCTION, 16, 4, 32);
        l1(0x09, Type.INSTRUCTION, 32, 4, 64);
        l1(0x0A, Type.DATA, 8, 2, 32);
        l1(0x0C, Type.DATA, 16, 4, 32);
        l1(0x0D, Type.DATA, 16, 4, 64);
        l1(0x0E, Type.DATA, 24, 6, 64);
        unified(0x1D, 2, 128, 2, 64);
        unified(0x21, 2, 256, 8, 64);
        unified(0x22, 3, 512, 4, 64);
        unified(0x23, 3, 1024, 8, 64);
        unified(0x24, 2, 1024, 16, 64);
        unified(0x25, 3, 2048, 8, 64);
        unified(0x29, 3, 4096, 8, 64);
        l1(0x2C, Type.DATA, 32, 8, 64);
        l1(0x30, Type.INSTRUCTION, 32, 8, 64);
        // 0x39-0x3E: in Linux's and libcpuid's tables, not in the SDM edition read (older Intel documentation).
        unified(0x39, 2, 128, 4, 64);
        unified(0x3A, 2, 192, 6, 64);
        unified(0x3B, 2, 128, 2, 64);
        unified(0x3C, 2, 256, 4, 64);
        unified(0x3D, 2, 384, 6, 64);
        unified(0x3E, 2, 512, 4, 64);
        unified(0x41, 2, 128, 4, 32);
        unified(0x42, 2, 256, 4, 32);
        unified(0x43, 2, 512, 4, 32);
        unified(0x44, 2, 1024, 4, 32);
        unified(0x45, 2, 2048, 4, 32);
        unified(0x46, 3, 4096, 4, 64);
        unified(0x47, 3, 8192, 8, 64);
        unified(0x48, 2, 3072, 12, 64);
        unified(XEON_MP_L3_OR_L2, 2, 4096, 16, 64);
        unified(0x4A, 3, 6144, 12, 64);
        unified(0x4B, 3, 8192, 16, 64);
        unified(0x4C, 3, 12288, 12, 64);
        unified(0x4D, 3, 16384, 16, 64);
        unified(0x4E, 2, 6144, 24, 64);
        l1(0x60, Type.DATA, 16, 8, 64);
        l1(0x66, Type.DATA, 8, 4, 64);
        l1(0x67, Type.DATA, 16, 4, 64);
        l1(0x68, Type.DATA, 32, 4, 64);
        l1(0x70, Type.TRACE, 12, 8, 0);
        l1(0x71, Type.TRACE, 16, 8, 0);
        l1(0x72, Type.TRACE, 32, 8, 0);
        l1(0x73, Type.TRACE, 64, 8, 0); // Linux's old table and libcpuid; not in the SDM edition read
        unified(0x78, 2, 1024, 4, 64);
        unified(0x79, 2, 128, 8, 64);
        unified(0x7A, 2, 256, 8, 64);
        unified(0x7B, 2, 512, 8, 64);
        unified(0x7C, 2, 1024, 8, 64);
        unified(0x7D, 2, 2048, 8, 64);
        unified(0x7F, 2, 512, 2, 64);
        unified(0x80, 2, 512, 8, 64);
        unified(0x82, 2, 256, 8, 32);
        unified(0x83, 2, 512, 8, 32);
        unified(0x84, 2, 1024, 8, 32);
        unified(0x85, 2, 2048, 8, 32);
        unified(0x86, 2, 512, 4, 64);
        unified(0x87, 2, 1024, 8, 64);
        unified(0xD0, 3, 512, 4, 64);
        unified(0xD1, 3, 1024, 4, 64);
        unified(0xD2, 3, 2048, 4, 64);
        unified(0xD6, 3, 1024, 8, 64);
        unified(0xD7, 3, 2048, 8, 64);
        unified(0xD8, 3, 4096, 8, 64);
        unified(0xDC, 3, 1536, 12, 64);
        unified(0xDD, 3, 3072, 12, 64);
        unified(0xDE, 3, 6144, 12, 64);
        unified(0xE2, 3, 2048, 16, 64);
        unified(0xE3, 3, 4096, 16, 64);
        unified(0xE4, 3, 8192, 16, 64);
        unified(0xEA, 3, 12288, 24, 64);
        unified(0xEB, 3, 18432, 24, 64);
        unified(0xEC, 3, 24576, 24, 64);
    }

    private Leaf2Descriptors() {
    }

    private static void l1(int b, Type type, int kib, int ways, int line) {
        TABLE.put(b, new Descriptor(1, type, kib, ways, line));
    }

    private static void unified(int b, int level, int kib, int ways, int line) {
        TABLE.put(b, new Descriptor(level, Type.UNIFIED, kib, ways, line));
    }

    /**
     * The cache descriptor byte {@code b} names on a part of {@code family} and {@code model}.
     *
     * @return the cache; empty for a byte that names no cache (a TLB, prefetch, a marker, null, or unknown)
     */
    static Optional<Descriptor> of(int b, int family, int model) {
        Descriptor d = TABLE.get(b);
        if (d != null && b == XEON_MP_L3_OR_L2 && family == 0x0F && model == 0x06) {
            return Optional.of(new Descriptor(3, d.type(), d.kib(), d.ways(), d.line()));
        }
        return Optional.ofNullable(d);
    }
}
