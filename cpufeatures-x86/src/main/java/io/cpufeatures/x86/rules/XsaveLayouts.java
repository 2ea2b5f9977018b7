package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.X86Vendor;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The standard-format XSAVE layouts vendors' CPUs report, to place a user state component whose
 * CPUID.(0xD,n) subleaf a dump lacks (old AIDA64 builds print only some subleaves, libcpuid's raw
 * format none) or reads zero.
 *
 * <p>The offsets are <em>not</em> architectural: "Each state component i (i &ge; 2) is located at the
 * byte offset ... enumerated in CPUID.(EAX=0DH,ECX=i):EBX" (Intel SDM Vol. 1, 13.4.3), and "XSTATE
 * components are architecturally independent. There is no rule requiring their offsets in the
 * non-compacted format to be strictly ascending or mutually non-overlapping" (Linux commit
 * 031b33ef1a6a, "x86/fpu/xstate: Remove xstate offset check", 2025). AMD's Zen 4 and Zen 5 put the
 * AVX-512 state where Intel's parts leave a gap. So a layout is chosen by vendor and family, and
 * {@link Xcr0Inference} uses it only when the CPU's own answers agree with it: every subleaf it does
 * report matches the layout, and the layout's end of the supported components equals
 * CPUID.(0xD,0).ECX, the size of the area for all of them.
 */
public final class XsaveLayouts {

    private static final List<XsaveLayout> TABLE = List.of(
            new XsaveLayout("Intel's standard layout", X86Vendor.INTEL, 6, 0xfff, List.of(
                    new XsaveArea(2, 576, 256), new XsaveArea(3, 960, 64), new XsaveArea(4, 1024, 64),
                    new XsaveArea(5, 1088, 64), new XsaveArea(6, 1152, 512), new XsaveArea(7, 1664, 1024),
                    new XsaveArea(9, 2688, 8), new XsaveArea(17, 2752, 64), new XsaveArea(18, 2816, 8192)),
                    "Intel SDM Vol. 1, 13.4-13.5 and CPUID leaf 0DH; the values every Intel CPU of the shared corpus"
                            + " reports (Knights Landing to Emerald Rapids and Arrow Lake, 25 to 41 dumps per component);"
                            + " GDB gdb/i387-tdep.c i387_guess_xsave_layout (\"Intel CPUs supporting PKRU\", 2696 bytes)"),
            new XsaveLayout("AMD's Zen 3 and later layout", X86Vendor.AMD, 0x19, 0xff, List.of(
                    new XsaveArea(2, 576, 256), new XsaveArea(5, 832, 64), new XsaveArea(6, 896, 512),
                    new XsaveArea(7, 1408, 1024), new XsaveArea(9, 2432, 8)),
                    "the values every AMD family 0x19 and 0x1A CPU of the shared corpus reports (AVX-512 state: Zen 4"
                            + " and Zen 5, 17 dumps; PKRU: Zen 3 to Zen 5, 27 dumps); GDB gdb/i387-tdep.c"
                            + " i387_guess_xsave_layout (\"AMD CPUs supporting PKRU\": 2440 bytes, k 832, zmm_h 896,"
                            + " zmm 1408, pkru 2432)"),
            new XsaveLayout("AMD's Zen 2 layout", X86Vendor.AMD, 0x17, 0x17, List.of(
                    new XsaveArea(2, 576, 256), new XsaveArea(9, 832, 64)),
                    "the values every AMD family 0x17 CPU of the shared corpus that enumerates PKRU reports (Zen 2,"
                            + " 14 dumps; CPUID.(0xD,0).ECX = 896)"));

    private XsaveLayouts() {
    }

    /** {@return every layout, in match order; immutable} */
    public static List<XsaveLayout> table() {
        return TABLE;
    }

    /**
     * The layout CPUs of this vendor and display family report, if one is known.
     *
     * @param vendor the CPU's vendor; not null
     * @param family the CPU's display family, e.g. {@code 0x19}
     * @return the first layout of the table that applies; empty if none does
     */
    public static Optional<XsaveLayout> of(X86Vendor vendor, int family) {
        Objects.requireNonNull(vendor, "vendor");
        for (XsaveLayout l : TABLE) {
            if (l.appliesTo(vendor, family)) {
                return Optional.of(l);
            }
        }
        return Optional.empty();
    }
}
