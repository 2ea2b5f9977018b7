package io.cpufeatures.x86.testing;

import io.cpufeatures.x86.feature.CpuidBit;
import io.cpufeatures.x86.feature.X86Feature;
import io.cpufeatures.x86.raw.CpuidRegisters;
import io.cpufeatures.x86.raw.CpuidSnapshot;
import io.cpufeatures.x86.raw.Register;
import io.cpufeatures.x86.raw.SnapshotSource;
import io.cpufeatures.x86.raw.Xcr0Source;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds hand-made snapshots for unit tests: a vendor and signature, feature bits by name, and
 * leaf 0xD laid out in Intel's standard XSAVE format for a supported and an enabled XCR0.
 */
public final class SyntheticCpu {

    /** Offset and size of each user state component in Intel's standard-format XSAVE area. */
    private static final Map<Integer, int[]> INTEL_LAYOUT = Map.of(
            2, new int[] {576, 256}, 3, new int[] {960, 64}, 4, new int[] {1024, 64}, 5, new int[] {1088, 64},
            6, new int[] {1152, 512}, 7, new int[] {1664, 1024}, 9, new int[] {2688, 8},
            17, new int[] {2752, 64}, 18, new int[] {2816, 8192}, 19, new int[] {960, 128});

    private final String vendor;
    private final int signature;
    private final Map<Long, int[]> regs = new TreeMap<>();
    private long supported = -1;
    private long enabled = -1;
    private boolean zeroSubleaves;
    private Long xcr0;
    private Xcr0Source xcr0Source;

    private SyntheticCpu(String vendor, int family, int model, int stepping) {
        this.vendor = vendor;
        int baseFamily = Math.min(family, 0xf);
        int extFamily = family >= 0xf ? family - 0xf : 0;
        this.signature = extFamily << 20 | (model >> 4) << 16 | baseFamily << 8 | (model & 0xf) << 4 | stepping;
    }

    /** An Intel CPU of this display family, model and stepping. */
    public static SyntheticCpu intel(int family, int model, int stepping) {
        return new SyntheticCpu("GenuineIntel", family, model, stepping);
    }

    /** An AMD CPU of this display family, model and stepping. */
    public static SyntheticCpu amd(int family, int model, int stepping) {
        return new SyntheticCpu("AuthenticAMD", family, model, stepping);
    }

    /** Sets the bits of the named features. */
    public SyntheticCpu with(X86Feature... features) {
        for (X86Feature f : features) {
            CpuidBit b = f.bit();
            int[] r = regs.computeIfAbsent(key(b.leaf(), b.subleaf()), k -> new int[4]);
            r[b.register().ordinal()] |= 1 << b.bit();
        }
        return this;
    }

    /** Fills leaf 0xD: {@code supported} user components, of which {@code enabled} are enabled. */
    public SyntheticCpu xsave(long supported, long enabled) {
        this.supported = supported;
        this.enabled = enabled;
        return this;
    }

    /** Leaves every component subleaf of 0xD reading zero (as Zen 2/3 do for PKRU). */
    public SyntheticCpu zeroXsaveSubleaves() {
        this.zeroSubleaves = true;
        return this;
    }

    /** Records XCR0 as if read by XGETBV. */
    public SyntheticCpu xgetbv(long value) {
        this.xcr0 = value;
        this.xcr0Source = Xcr0Source.XGETBV;
        return this;
    }

    /** Sets raw registers of a leaf. */
    public SyntheticCpu leaf(int leaf, int subleaf, int eax, int ebx, int ecx, int edx) {
        regs.put(key(leaf, subleaf), new int[] {eax, ebx, ecx, edx});
        return this;
    }

    /** The snapshot. */
    public CpuidSnapshot build() {
        CpuidSnapshot.Builder b = CpuidSnapshot.builder(SnapshotSource.synthetic("SyntheticCpu"));
        byte[] v = vendor.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int ebx = le(v, 0);
        int edx = le(v, 4);
        int ecx = le(v, 8);
        int maxSub7 = regs.containsKey(key(7, 1)) ? 1 : 0;
        Map<Long, int[]> all = new TreeMap<>(regs);
        int[] l1 = all.computeIfAbsent(key(1, 0), k -> new int[4]);
        l1[0] = signature;
        int[] l7 = all.computeIfAbsent(key(7, 0), k -> new int[4]);
        l7[0] = Math.max(l7[0], maxSub7);
        if (supported >= 0) {
            long maxEnd = 576;
            long enabledEnd = 576;
            for (int c = 2; c < 64; c++) {
                int[] layout = INTEL_LAYOUT.get(c);
                if ((supported >>> c & 1) == 0 || layout == null) {
                    continue;
                }
                long end = layout[0] + layout[1];
                maxEnd = Math.max(maxEnd, end);
                if ((enabled >>> c & 1) != 0) {
                    enabledEnd = Math.max(enabledEnd, end);
                }
                if (!zeroSubleaves) {
                    all.put(key(0xD, c), new int[] {layout[1], layout[0], 0, 0});
                }
            }
            all.put(key(0xD, 0), new int[] {(int) supported, (int) enabledEnd, (int) maxEnd, (int) (supported >>> 32)});
            all.putIfAbsent(key(0xD, 1), new int[4]);
        }
        int maxBasic = 0;
        int maxExt = 0x8000_0000;
        for (long k : all.keySet()) {
            int leaf = (int) (k >>> 32);
            if (Integer.compareUnsigned(leaf, 0x8000_0000) >= 0) {
                maxExt = Integer.compareUnsigned(leaf, maxExt) > 0 ? leaf : maxExt;
            } else if (leaf < 0x4000_0000) {
                maxBasic = Math.max(maxBasic, leaf);
            }
        }
        b.put(0, 0, maxBasic, ebx, ecx, edx);
        b.put(0x8000_0000, 0, maxExt, 0, 0, 0);
        all.forEach((k, r) -> b.put((int) (k >>> 32), (int) (long) k, new CpuidRegisters(r[0], r[1], r[2], r[3])));
        if (xcr0 != null) {
            b.xcr0(xcr0, xcr0Source);
        }
        return b.build();
    }

    private static long key(int leaf, int subleaf) {
        return (long) leaf << 32 | (subleaf & 0xffff_ffffL);
    }

    private static int le(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }

    /** The register of a feature, for assertions on raw values. */
    public static Register register(X86Feature f) {
        return f.bit().register();
    }
}
