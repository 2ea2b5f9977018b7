package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.Xcr0Source;
import io.cpufeatures.x86.Xcr0State;

/**
 * The CPU as HotSpot's x86 start-up reads it, before any option touches it: its vendor, family, model and stepping
 * and the feature bits its flags depend on, each computed as HotSpot computes it from the same CPUID words and XCR0
 * ({@code VM_Version::feature_flags}, src/hotspot/cpu/x86/vm_version_x86.hpp in jdk17u-dev at 08112fa;
 * {@code VM_Version::CpuidInfo::feature_flags}, vm_version_x86.cpp in jdk25u at fd989e0). HotSpot's own CPUID reads
 * follow its stub: leaf 7 (and in JDK 25 its subleaf 1 and leaf 0x24) only when leaf 0 reaches 7, XCR0 only with
 * OSXSAVE and AVX set; a leaf the snapshot lacks reads as zeros, as the CPU answers an empty subleaf.
 *
 * @param vendor    leaf 0's EBX, the vendor string's first four bytes, which is all HotSpot compares
 * @param family    the extended family (base plus extended family, as HotSpot adds them for every vendor)
 * @param model     the extended model (extended model bits above the base model, for every family)
 * @param stepping  the stepping
 * @param sse       CPUID.1:EDX[25]
 * @param sse2      CPUID.1:EDX[26]
 * @param sse3      CPUID.1:ECX[0]
 * @param sse41     CPUID.1:ECX[19]
 * @param popcnt    CPUID.1:ECX[23]
 * @param aes       CPUID.1:ECX[25]
 * @param fma       CPUID.1:ECX[12] (HotSpot's {@code supports_fma} adds AVX)
 * @param avx       CPUID.1:ECX[28] with OSXSAVE (ECX[27]) and XCR0's SSE and YMM state
 * @param avx2      AVX and CPUID.7:EBX[5]
 * @param evex      AVX and CPUID.7:EBX[16] (AVX-512F) with XCR0's opmask and ZMM state; in JDK 25 on Intel also
 *                  AVX10 with 512-bit vectors (CPUID.(7,1):EDX[19], CPUID.0x24:EBX[18], version at least 1)
 * @param sha512    AVX and CPUID.(7,1):EAX[0], read by JDK 25
 * @param bmi1      CPUID.7:EBX[3]
 * @param bmi2      CPUID.7:EBX[8]
 * @param sha       CPUID.7:EBX[29]
 * @param lzcnt     CPUID.0x80000001:ECX[5]; in JDK 17 on AMD, Hygon, Intel and Zhaoxin only
 */
record HotSpotX86Cpu(int vendor, int family, int model, int stepping, boolean sse, boolean sse2, boolean sse3,
        boolean sse41, boolean popcnt, boolean aes, boolean fma, boolean avx, boolean avx2, boolean evex, boolean sha512,
        boolean bmi1, boolean bmi2, boolean sha, boolean lzcnt) {

    /** Leaf 0's EBX of the vendors HotSpot names ({@code is_intel}, {@code is_amd}, {@code is_hygon}, {@code is_zx}). */
    static final int GENU = 0x756e6547;
    static final int AUTH = 0x68747541;
    static final int HYGO = 0x6F677948;
    static final int CENT = 0x746e6543;
    static final int SHANGHAI = 0x68532020;

    /** XCR0's SSE and YMM state, and its opmask, ZMM_Hi256 and Hi16_ZMM state. */
    private static final long XCR0_YMM = 0x6;
    private static final long XCR0_ZMM = 0xE0;

    /**
     * HotSpot's reading of {@code s}.
     *
     * @param s                  a snapshot of this machine, XCR0 read by XGETBV wherever AVX and OSXSAVE are set, or the
     *                           kernel's word ({@link Xcr0Source#KERNEL_CHECKED})
     * @param lzcntOfAnyVendor   whether the JDK takes LZCNT from any vendor's CPUID (JDK 25) or from four (JDK 17)
     * @param avx10IsEvex        whether the JDK takes AVX10 with 512-bit vectors as AVX-512 (JDK 25)
     * @return the reading
     */
    static HotSpotX86Cpu of(CpuidSnapshot s, boolean lzcntOfAnyVendor, boolean avx10IsEvex) {
        CpuidRegisters l0 = s.read(0);
        CpuidRegisters l1 = s.read(1);
        boolean leaf7 = Integer.compareUnsigned(l0.eax(), 7) >= 0;
        CpuidRegisters l7 = leaf7 ? s.read(7, 0) : CpuidRegisters.ZERO;
        CpuidRegisters l71 = leaf7 ? s.read(7, 1) : CpuidRegisters.ZERO;
        CpuidRegisters l24 = leaf7 ? s.read(0x24, 0) : CpuidRegisters.ZERO;
        CpuidRegisters e1 = s.read(0x8000_0001);
        int eax = l1.eax();
        int family = (eax >>> 8 & 0xF) + (eax >>> 20 & 0xFF);
        int model = (eax >>> 4 & 0xF) | (eax >>> 16 & 0xF) << 4;
        int vendor = l0.ebx();
        boolean intel = vendor == GENU;
        boolean osAvx = bit(l1.ecx(), 28) && bit(l1.ecx(), 27);
        long xcr0 = xcr0(s);
        boolean avx = osAvx && (xcr0 & XCR0_YMM) == XCR0_YMM;
        boolean zmm = (xcr0 & XCR0_ZMM) == XCR0_ZMM;
        boolean avx10 = avx10IsEvex && intel && bit(l71.edx(), 19) && bit(l24.ebx(), 18) && (l24.ebx() & 0xFF) >= 1;
        boolean lzcntVendor = lzcntOfAnyVendor || intel || vendor == AUTH || vendor == HYGO || vendor == CENT
                || vendor == SHANGHAI;
        return new HotSpotX86Cpu(vendor, family, model, eax & 0xF, bit(l1.edx(), 25), bit(l1.edx(), 26),
                bit(l1.ecx(), 0), bit(l1.ecx(), 19), bit(l1.ecx(), 23), bit(l1.ecx(), 25), bit(l1.ecx(), 12), avx,
                avx && bit(l7.ebx(), 5), avx && zmm && (bit(l7.ebx(), 16) || avx10), avx && bit(l71.eax(), 0),
                bit(l7.ebx(), 3), bit(l7.ebx(), 8), bit(l7.ebx(), 29), lzcntVendor && bit(e1.ecx(), 5));
    }

    /**
     * Why HotSpot's reading of XCR0 cannot be modelled for {@code s}, if it cannot: only where AVX and OSXSAVE are set
     * (HotSpot reads XCR0 only then) and XCR0 is neither read with XGETBV, nor the kernel's word, nor given by the
     * user, nor inferred from CPUID.(0xD,0).EBX as a dump's decoding infers it ({@link Xcr0Inference}) with the YMM and
     * ZMM components HotSpot tests determined. On macOS ({@link Xcr0Source#DARWIN}) the AVX-512 state is enabled on a
     * thread's first use, and HotSpot's reading there is not modelled.
     *
     * @param s a snapshot
     * @return the reason, or null where XCR0 is known as the model needs it
     */
    static String xcr0Unknown(CpuidSnapshot s) {
        CpuidRegisters l1 = s.read(1);
        if (!bit(l1.ecx(), 28) || !bit(l1.ecx(), 27)) {
            return null;
        }
        Xcr0Source x = s.xcr0Source();
        if (x == Xcr0Source.XGETBV || x == Xcr0Source.KERNEL_CHECKED || x == Xcr0Source.USER) {
            return null;
        }
        Xcr0State state = x == Xcr0Source.UNKNOWN ? Xcr0Inference.of(s) : null;
        if (state != null && state.value().isPresent() && (state.undetermined() & (XCR0_YMM | XCR0_ZMM)) == 0) {
            return null;
        }
        return "XCR0 is not known (" + (state == null ? x.id() : state.source().id()) + "); HotSpot reads it with"
                + " XGETBV and its AVX names depend on it";
    }

    /**
     * XCR0 as HotSpot's stub reads it: only with OSXSAVE and AVX set (zero otherwise); for the kernel's word, the state
     * it implies ({@link #kernelState}).
     *
     * @param s a snapshot as {@link #of} takes it
     * @return the value
     */
    static long xcr0(CpuidSnapshot s) {
        CpuidRegisters l1 = s.read(1);
        boolean osAvx = bit(l1.ecx(), 28) && bit(l1.ecx(), 27);
        if (!osAvx) {
            return 0;
        }
        boolean leaf7 = Integer.compareUnsigned(s.read(0).eax(), 7) >= 0;
        if (s.xcr0Source() == Xcr0Source.KERNEL_CHECKED) {
            return kernelState(l1, leaf7 ? s.read(7, 0) : CpuidRegisters.ZERO);
        }
        // a dump's XCR0 is the one its decoding infers from leaf 0xD
        return s.xcr0Source() == Xcr0Source.UNKNOWN ? Xcr0Inference.of(s).value().orElse(0) : s.xcr0().orElse(0);
    }

    /**
     * The state a kernel's word implies: Linux names {@code avx} only where XCR0 enables YMM state and
     * {@code avx512f} only where it enables the opmask and ZMM state (arch/x86/kernel/fpu/xstate.c and cpuid-deps.c
     * clear them otherwise), so the bits HotSpot tests are set exactly where those names are.
     */
    private static long kernelState(CpuidRegisters l1, CpuidRegisters l7) {
        return (bit(l1.ecx(), 28) ? XCR0_YMM : 0) | (bit(l7.ebx(), 16) ? XCR0_ZMM : 0);
    }

    private static boolean bit(int register, int bit) {
        return (register >>> bit & 1) != 0;
    }

    /** {@return whether this is an Intel CPU} */
    boolean intel() {
        return vendor == GENU;
    }

    /** {@return whether this is an AMD or Hygon CPU ({@code is_amd_family})} */
    boolean amdFamily() {
        return vendor == AUTH || vendor == HYGO;
    }

    /** {@return whether this is a Centaur or Zhaoxin CPU ({@code is_zx})} */
    boolean zx() {
        return vendor == CENT || vendor == SHANGHAI;
    }
}
