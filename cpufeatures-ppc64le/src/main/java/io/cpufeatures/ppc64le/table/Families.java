package io.cpufeatures.ppc64le.table;

import java.util.List;

/** The families the ppc64le feature table's rows name, in report order. Not exported. */
public final class Families {

    /** 32- and 64-bit modes, endianness, the MMU, integer select. */
    public static final String BASE = "base";
    /** The Power ISA versions the processor implements. */
    public static final String ISA = "ISA level";
    /** AltiVec (VMX), VSX, Matrix-Multiply Assist. */
    public static final String VECTOR = "vector";
    /** Binary, decimal and quad-precision floating point. */
    public static final String FLOATING_POINT = "floating point";
    /** Vector crypto, the random number instruction. */
    public static final String CRYPTO = "crypto";
    /** Hardware transactional memory and its variants. */
    public static final String TRANSACTIONS = "transactional memory";
    /** Facts of the kernel and the system: SMT, caches, DSCR, event-based branches, scv. */
    public static final String SYSTEM = "system";
    /** Bits of processors before POWER7 and of embedded PowerPC. */
    public static final String LEGACY = "legacy";
    /** The families in report order. */
    public static final List<String> ORDER = List.of(BASE, ISA, VECTOR, FLOATING_POINT, CRYPTO, TRANSACTIONS, SYSTEM, LEGACY);

    private Families() {
    }
}
