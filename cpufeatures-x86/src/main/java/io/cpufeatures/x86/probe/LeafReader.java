package io.cpufeatures.x86.probe;

import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.x86.CpuIdentity;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.X86Vendor;
import io.cpufeatures.x86.Xcr0Source;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads, once each, every CPUID leaf the decoder needs, bounded by the highest basic and extended
 * leaves, and XCR0 with XGETBV only when CPUID.1:ECX.OSXSAVE is set (otherwise XGETBV raises
 * #UD). The leaves: 0, 1, 7 up to its highest subleaf, 0xD.0, 0xD.1 and the subleaf of every
 * supported state component, 0x19, 0x1A, 0x24 when AVX10 is set, the hypervisor leaves when the
 * hypervisor bit is set, 0x80000000 to 0x80000008, 0x80000021, and the Centaur leaves on VIA and
 * Zhaoxin parts; for the caches, 2 and 4 up to its null subleaf (not on AMD and Hygon, where they
 * are reserved), and 0x8000001D up to its null subleaf on AMD and Hygon.
 */
final class LeafReader {

    /** Subleaves of leaf 7 beyond this are not defined by any CPU yet; a bound against garbage. */
    private static final int MAX_LEAF7_SUBLEAF = 3;
    private static final int MAX_HYPERVISOR_LEAVES = 0x10;
    /** Cache subleaves read at most: more than any part has levels and types; a bound against garbage. */
    private static final int MAX_CACHE_SUBLEAVES = 16;

    private final CpuidInstruction cpu;
    private final CpuidSnapshot.Builder builder;
    private final Map<Long, CpuidRegisters> read = new HashMap<>();

    private LeafReader(CpuidInstruction cpu, SnapshotSource source) {
        this.cpu = cpu;
        this.builder = CpuidSnapshot.builder(source);
    }

    /** The snapshot of the CPU {@code cpu} runs on. */
    static CpuidSnapshot read(CpuidInstruction cpu, SnapshotSource source) {
        return new LeafReader(cpu, source).readAll();
    }

    private CpuidSnapshot readAll() {
        CpuidRegisters l0 = get(0, 0);
        int maxBasic = l0.eax();
        CpuidRegisters l1 = basic(maxBasic, 1, 0);
        X86Vendor vendor = X86Vendor.of(CpuIdentity.vendorOf(l0));
        boolean amdLike = vendor == X86Vendor.AMD || vendor == X86Vendor.HYGON;
        if (!amdLike) {
            // the caches (X86Caches): leaf 4 until its null subleaf, leaf 2 for the parts without leaf 4
            basic(maxBasic, 2, 0);
            if (Integer.compareUnsigned(maxBasic, 4) >= 0) {
                untilNullCache(4);
            }
        }
        if (Integer.compareUnsigned(maxBasic, 7) >= 0) {
            int subleaves = Math.min(get(7, 0).eax(), MAX_LEAF7_SUBLEAF);
            for (int s = 1; s <= subleaves; s++) {
                get(7, s);
            }
        }
        if (Integer.compareUnsigned(maxBasic, 0xD) >= 0) {
            CpuidRegisters d0 = get(0xD, 0);
            CpuidRegisters d1 = get(0xD, 1);
            long supported = (d0.eax() & 0xffff_ffffL) | (long) d0.edx() << 32
                    | (d1.ecx() & 0xffff_ffffL) | (long) d1.edx() << 32;
            for (int c = 2; c < 64; c++) {
                if ((supported >>> c & 1) != 0) {
                    get(0xD, c);
                }
            }
        }
        basic(maxBasic, 0x19, 0);
        basic(maxBasic, 0x1A, 0);
        boolean avx10 = read.containsKey(key(7, 1))
                && get(7, 1).bit(X86Feature.AVX10.bit().register(), X86Feature.AVX10.bit().bit());
        if (avx10) {
            basic(maxBasic, 0x24, 0);
        }
        if (l1.bit(X86Feature.HYPERVISOR.bit().register(), X86Feature.HYPERVISOR.bit().bit())) {
            int max = get(0x4000_0000, 0).eax();
            int last = Integer.compareUnsigned(max, 0x4000_0000 + MAX_HYPERVISOR_LEAVES) > 0
                    || Integer.compareUnsigned(max, 0x4000_0000) < 0 ? 0x4000_0001 : max;
            for (int leaf = 0x4000_0001; Integer.compareUnsigned(leaf, last) <= 0; leaf++) {
                get(leaf, 0);
            }
        }
        int maxExt = get(0x8000_0000, 0).eax();
        if (Integer.compareUnsigned(maxExt, 0x8000_0000) > 0 && Integer.compareUnsigned(maxExt, 0x8000_ffff) <= 0) {
            int last = Integer.compareUnsigned(maxExt, 0x8000_0008) < 0 ? maxExt : 0x8000_0008;
            for (int leaf = 0x8000_0001; Integer.compareUnsigned(leaf, last) <= 0; leaf++) {
                get(leaf, 0);
            }
            if (amdLike && Integer.compareUnsigned(maxExt, 0x8000_001D) >= 0) {
                untilNullCache(0x8000_001D);
            }
            if (Integer.compareUnsigned(maxExt, 0x8000_0021) >= 0) {
                get(0x8000_0021, 0);
            }
        }
        if (vendor == X86Vendor.CENTAUR || vendor == X86Vendor.ZHAOXIN) {
            int maxCentaur = get(0xC000_0000, 0).eax();
            if (Integer.compareUnsigned(maxCentaur, 0xC000_0001) >= 0 && Integer.compareUnsigned(maxCentaur, 0xC000_ffff) <= 0) {
                get(0xC000_0001, 0);
            }
        }
        boolean osxsave = l1.bit(X86Feature.OSXSAVE.bit().register(), X86Feature.OSXSAVE.bit().bit());
        if (osxsave) {
            builder.xcr0(cpu.xgetbv0(), Xcr0Source.XGETBV);
        }
        return builder.build();
    }

    /** The subleaves of a cache leaf (4, 0x8000001D) up to the first of a null type, at most {@value #MAX_CACHE_SUBLEAVES}. */
    private void untilNullCache(int leaf) {
        for (int s = 0; s < MAX_CACHE_SUBLEAVES; s++) {
            if ((get(leaf, s).eax() & 0x1F) == 0) {
                return;
            }
        }
    }

    private CpuidRegisters basic(int maxBasic, int leaf, int subleaf) {
        return Integer.compareUnsigned(leaf, maxBasic) <= 0 ? get(leaf, subleaf) : CpuidRegisters.ZERO;
    }

    /** The registers of (leaf, subleaf), executing CPUID the first time only. */
    private CpuidRegisters get(int leaf, int subleaf) {
        long key = key(leaf, subleaf);
        CpuidRegisters r = read.get(key);
        if (r == null) {
            r = cpu.cpuid(leaf, subleaf);
            read.put(key, r);
            builder.put(leaf, subleaf, r);
        }
        return r;
    }

    private static long key(int leaf, int subleaf) {
        return (long) leaf << 32 | (subleaf & 0xffff_ffffL);
    }
}
